import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { currentUser, optionalAuth, requireAuth } from '../lib/auth';
import { docs } from '../lib/openapi';
import { validate } from '../lib/validate';
import { z } from 'zod';
import { MAX_CART_LINES, MAX_PACKAGE_QUANTITY } from '../schemas/business-rules';
import {
  accountQuery,
  accountResult,
  businessOrderSchema,
  cartAddBody,
  cartMergeBody,
  cartPackageParam,
  cartQuantityBody,
  cartSchema,
  createOrderBody,
  createdOrderSchema,
  orderQuoteSchema,
  orderIdParam,
  packagesQuery,
  packagesResult,
  providerTriple,
  verifiedOrderSchema,
} from '../schemas/business';
import {
  createBusinessOrder,
  getBusinessOrder,
  quoteBusinessOrder,
  listBusinessOrders,
  localCheckoutBusinessOrder,
  removeBusinessOrder,
  resumeBusinessOrder,
  verifyBusinessOrder,
} from '../services/commerce/business-orders';
import { businessAccount, limitStatus, listSellerPackages, resolveLimitGroup } from '../services/commerce/business';
import { addToCart, clearCart, getCart, mergeCart, removeFromCart, setCartQuantity } from '../services/commerce/cart';

/** Seller packages, free-ad limits, cart and orders (decisions 007 and 014). */
export const businessRoutes = new Hono<AppEnv>()
  .get(
    '/packages',
    docs({
      tags: ['Business packages'],
      summary: 'Seller packages (FEATURED, BOOST, AD_SLOTS) for a category or subcategory; prices in rupees before 18 % GST',
      description:
        'With `category` (and optionally `subcategory`, by id or name) the packages of that limit group only; signed in, `data.limit` is where the caller stands against its free-ad limit (null signed out or without a category).',
      data: packagesResult,
      errors: [400],
    }),
    optionalAuth,
    validate('query', packagesQuery),
    async (c) => {
      const db = getDb(c.env.DB);
      const { packages, group } = await listSellerPackages(c.env, db, c.req.valid('query'));
      const user = c.get('user');
      return c.json({ success: true as const, data: { packages, limit: user && group ? await limitStatus(c.env, user.id, group) : null } });
    },
  )
  .post(
    '/quote',
    docs({
      tags: ['Business packages'],
      summary: 'Price a cart of packages (subtotal + 18 % GST = total, rupees) exactly as an order would be; nothing is stored',
      description: 'Only package ids and quantities are read. Unknown package or quantity outside 1–20 → 400.',
      data: orderQuoteSchema,
      errors: [400],
    }),
    validate('json', createOrderBody),
    async (c) => c.json({ success: true as const, data: await quoteBusinessOrder(c.env, c.req.valid('json').items) }),
  )
  .use(requireAuth)
  .get(
    '/account',
    docs({
      tags: ['Business packages'],
      summary: 'My free-ad limits per category (used, remaining, reset date) and my unused paid credits',
      description: 'With `category` (and `subcategory`) only that limit group is listed: what the post form asks when a category is picked.',
      data: accountResult,
      auth: true,
      errors: [400, 401],
    }),
    validate('query', accountQuery),
    async (c) => {
      const db = getDb(c.env.DB);
      const userId = currentUser(c).id;
      const q = c.req.valid('query');
      const account = await businessAccount(c.env, db, userId);
      if (!q.category) return c.json({ success: true as const, data: account });
      const group = await resolveLimitGroup(c.env, db, q.category, q.subcategory);
      return c.json({ success: true as const, data: { ...account, limits: [await limitStatus(c.env, userId, group)] } });
    },
  )
  // ── the cart: the account's own, the same on every device (decision 014, addendum) ──
  .get(
    '/cart',
    docs({
      tags: ['Business packages'],
      summary: 'My cart of packages: ids and quantities, oldest first (prices come from POST /business/quote)',
      description: 'Packages no longer on sale are left out. Paying for an order takes the packages it bought out of the cart.',
      data: cartSchema,
      auth: true,
      errors: [401],
    }),
    async (c) => c.json({ success: true as const, data: await getCart(c.env, currentUser(c).id) }),
  )
  .post(
    '/cart/items',
    docs({
      tags: ['Business packages'],
      summary: 'Add a package to my cart (quantity more of it, 1 by default); answers the whole cart',
      description: `A line holds at most ${MAX_PACKAGE_QUANTITY} of a package: adding more is capped there. Unknown package or quantity outside 1–${MAX_PACKAGE_QUANTITY} → 400; a new package when the cart already holds ${MAX_CART_LINES} → 409 CART_FULL.`,
      data: cartSchema,
      auth: true,
      errors: [400, 401, 409],
    }),
    validate('json', cartAddBody),
    async (c) => c.json({ success: true as const, data: await addToCart(c.env, currentUser(c).id, c.req.valid('json')) }),
  )
  .put(
    '/cart/items/:packageId',
    docs({
      tags: ['Business packages'],
      summary: 'Set how many of a package my cart holds (adds the line if missing); answers the whole cart',
      description: `Unknown package or quantity outside 1–${MAX_PACKAGE_QUANTITY} → 400; a new package when the cart already holds ${MAX_CART_LINES} → 409 CART_FULL.`,
      data: cartSchema,
      auth: true,
      errors: [400, 401, 409],
    }),
    validate('param', cartPackageParam),
    validate('json', cartQuantityBody),
    async (c) => c.json({ success: true as const, data: await setCartQuantity(c.env, currentUser(c).id, c.req.valid('param').packageId, c.req.valid('json').quantity) }),
  )
  .delete(
    '/cart/items/:packageId',
    docs({ tags: ['Business packages'], summary: 'Take a package out of my cart (not there: nothing to do); answers the whole cart', data: cartSchema, auth: true, errors: [400, 401] }),
    validate('param', cartPackageParam),
    async (c) => c.json({ success: true as const, data: await removeFromCart(c.env, currentUser(c).id, c.req.valid('param').packageId) }),
  )
  .delete(
    '/cart',
    docs({ tags: ['Business packages'], summary: 'Empty my cart', data: cartSchema, auth: true, errors: [401] }),
    async (c) => c.json({ success: true as const, data: await clearCart(c.env, currentUser(c).id) }),
  )
  .post(
    '/cart/merge',
    docs({
      tags: ['Business packages'],
      summary: 'Join a cart kept on this device to my account’s cart (each package: the larger quantity); answers the whole cart',
      description: 'Sending the same cart twice changes nothing. Packages no longer on sale, and lines beyond the cart’s limit, are left out and listed in `dropped`.',
      data: cartSchema.extend({ dropped: z.array(z.string()) }),
      auth: true,
      errors: [400, 401],
    }),
    validate('json', cartMergeBody),
    async (c) => c.json({ success: true as const, data: await mergeCart(c.env, currentUser(c).id, c.req.valid('json').items) }),
  )
  .post(
    '/orders',
    docs({
      tags: ['Business packages'],
      summary: 'Order packages: priced by the server (subtotal + 18 % GST = total, rupees; amount in paise for the provider)',
      description: 'Only package ids and quantities are read; a price sent by the client is ignored. Unknown package or quantity outside 1–20 → 400 and nothing stored.',
      data: createdOrderSchema,
      auth: true,
      errors: [400, 401, 503],
    }),
    validate('json', createOrderBody),
    async (c) => c.json({ success: true as const, data: await createBusinessOrder(c.env, currentUser(c).id, c.req.valid('json').items) }, 201),
  )
  .get(
    '/orders',
    docs({ tags: ['Business packages'], summary: 'My package orders, newest first (never anyone else’s)', data: z.object({ orders: z.array(businessOrderSchema) }), auth: true, errors: [401] }),
    async (c) => c.json({ success: true as const, data: await listBusinessOrders(c.env, currentUser(c).id) }),
  )
  .get(
    '/orders/:id',
    docs({ tags: ['Business packages'], summary: 'One of my orders (404 for anyone else’s)', data: businessOrderSchema, auth: true, errors: [400, 401, 404] }),
    validate('param', orderIdParam),
    async (c) => c.json({ success: true as const, data: await getBusinessOrder(c.env, currentUser(c).id, c.req.valid('param').id) }),
  )
  .delete(
    '/orders/:id',
    docs({
      tags: ['Business packages'],
      summary: 'Remove one of my unpaid orders from My Orders (a paid one → 409; nothing was granted, so nothing is undone)',
      description: 'The order is hidden, not erased: a payment already under way still finds it, and it then shows as paid with its credits.',
      data: z.object({ removed: z.boolean(), id: z.string() }),
      auth: true,
      errors: [400, 401, 404, 409],
    }),
    validate('param', orderIdParam),
    async (c) => c.json({ success: true as const, data: await removeBusinessOrder(c.env, currentUser(c).id, c.req.valid('param').id) }),
  )
  .post(
    '/orders/:id/resume',
    docs({
      tags: ['Business packages'],
      summary: 'Pay one of my unpaid orders later: the checkout details of the same order and amount (paid → 409, removed → 404)',
      data: createdOrderSchema,
      auth: true,
      errors: [400, 401, 404, 409, 503],
    }),
    validate('param', orderIdParam),
    async (c) => c.json({ success: true as const, data: await resumeBusinessOrder(c.env, currentUser(c).id, c.req.valid('param').id) }),
  )
  .post(
    '/orders/:id/local-checkout',
    docs({
      tags: ['Business packages'],
      summary: 'Local test checkout (only without Razorpay keys and with PAYMENTS_LOCAL_CHECKOUT=1): signs the payment like the provider would',
      data: providerTriple,
      auth: true,
      errors: [400, 401, 404, 503],
    }),
    validate('param', orderIdParam),
    async (c) => c.json({ success: true as const, data: await localCheckoutBusinessOrder(c.env, currentUser(c).id, c.req.valid('param').id) }),
  )
  .post(
    '/orders/:id/verify',
    docs({
      tags: ['Business packages'],
      summary: 'Verify the checkout’s signature and grant the order’s credits exactly once (forged → 400)',
      data: verifiedOrderSchema,
      auth: true,
      errors: [400, 401, 404, 409, 503],
    }),
    validate('param', orderIdParam),
    validate('json', providerTriple),
    async (c) => c.json({ success: true as const, data: await verifyBusinessOrder(c.env, currentUser(c).id, c.req.valid('param').id, c.req.valid('json')) }),
  );
