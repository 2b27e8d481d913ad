import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { currentUser, requireAuth } from '../lib/auth';
import { docs } from '../lib/openapi';
import { validate } from '../lib/validate';
import { listingsPage } from '../schemas/listings';
import {
  accessPhoneBody,
  accessPhoneResult,
  createOrderBody,
  curatedQuery,
  localCheckoutBody,
  orderSchema,
  packageSchema,
  statusSchema,
  transactionsPage,
  transactionsQuery,
  userParam,
  verifyPaymentBody,
} from '../schemas/premium';
import {
  accessPhone,
  assertSelf,
  completeLocalCheckout,
  createOrder,
  curatedListings,
  handleWebhook,
  listPackages,
  listTransactions,
  premiumStatus,
  readPhoneAdEarly,
  readsPhoneAdApart,
  verifyPayment,
} from '../services/commerce/premium';
import { forbidden } from '../lib/errors';

const self = (c: { req: { valid: (t: 'param') => { userId: string } } }, callerId: string) => {
  const { userId } = c.req.valid('param');
  assertSelf(callerId, userId);
  return userId;
};

/**
 * With the ad and its seller's row in different databases (`readsPhoneAdApart`: the listings in their
 * own databases, or `users` in the accounts databases) a phone number needs the ad before its seller's
 * row can be asked for: three waits after the buyer's account check. So the ad, public data, is read
 * beside that check: the body's listing id is read here, before requireAuth, and the read starts only
 * once the token's signature has named the caller, who asks for their own path; the handler looks at it
 * only after the check has passed. A body the validator will refuse starts nothing. With one database
 * nothing changes (the ad and its seller are one read there).
 */
const phoneAdBesideAccountCheck = createMiddleware<AppEnv>(async (c, next) => {
  // a plain JSON body only: any other is left to the validator unread (and answered without the early read)
  if (readsPhoneAdApart(c.env) && c.req.header('Authorization') && /^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
    const body = accessPhoneBody.safeParse(await c.req.json().catch(() => undefined));
    const asked = userParam.safeParse(c.req.param());
    if (body.success && asked.success) {
      c.set('besideAccountCheck', (userId) => {
        if (userId === asked.data.userId) c.set('phoneAd', readPhoneAdEarly(c.env, body.data.listingId));
      });
    }
  }
  await next();
});

export const premiumRoutes = new Hono<AppEnv>()
  .get('/packages', docs({ tags: ['Premium'], summary: 'The premium buyer plans', data: z.array(packageSchema), errors: [] }), async (c) =>
    c.json({ success: true as const, data: await listPackages(c.env) }),
  )
  .post(
    '/webhook',
    docs({
      tags: ['Premium'],
      summary: 'Razorpay webhook (X-Razorpay-Signature over the raw body); activates on payment.captured / order.paid',
      data: z.object({ received: z.boolean(), duplicate: z.boolean(), activated: z.boolean() }),
      errors: [400, 404],
    }),
    async (c) => {
      const raw = await c.req.text();
      return c.json({ success: true as const, data: await handleWebhook(c.env, raw, c.req.header('X-Razorpay-Signature'), c.req.header('X-Razorpay-Event-Id')) });
    },
  )
  .use('/access-phone/:userId', phoneAdBesideAccountCheck)
  .use(requireAuth)
  .get(
    '/status/:userId',
    docs({ tags: ['Premium'], summary: 'Premium status of the signed-in user', data: statusSchema, auth: true, errors: [401, 403] }),
    validate('param', userParam),
    async (c) => c.json({ success: true as const, data: await premiumStatus(c.env, self(c, currentUser(c).id)) }),
  )
  .get(
    '/subscription/:userId',
    docs({ tags: ['Premium'], summary: 'The current subscription (null when none)', data: statusSchema.shape.subscription, auth: true, errors: [401, 403] }),
    validate('param', userParam),
    async (c) => c.json({ success: true as const, data: (await premiumStatus(c.env, self(c, currentUser(c).id))).subscription }),
  )
  .get(
    '/transactions/:userId',
    docs({ tags: ['Premium'], summary: 'My payments, newest first', data: transactionsPage, auth: true, errors: [400, 401, 403] }),
    validate('param', userParam),
    validate('query', transactionsQuery),
    async (c) => c.json({ success: true as const, data: await listTransactions(c.env, self(c, currentUser(c).id), c.req.valid('query')) }),
  )
  .post(
    '/create-order',
    docs({
      tags: ['Premium'],
      summary: 'Create a payment order for a plan; the amount comes from the server’s plan table',
      data: orderSchema,
      auth: true,
      errors: [400, 401, 403, 404, 409, 503],
    }),
    validate('json', createOrderBody),
    async (c) => {
      const user = currentUser(c);
      const body = c.req.valid('json');
      if (body.userId && body.userId !== user.id) throw forbidden('You do not have permission to perform this action', 'NOT_YOUR_ACCOUNT');
      return c.json({ success: true as const, data: await createOrder(c.env, user.id, body.packageId) }, 201);
    },
  )
  .post(
    '/verify-payment',
    docs({
      tags: ['Premium'],
      summary: 'Verify the checkout’s signature (HMAC-SHA256 of order_id|payment_id) and activate the plan once',
      data: z.object({ verified: z.boolean(), activated: z.boolean(), status: statusSchema }),
      auth: true,
      errors: [400, 401, 404, 409, 503],
    }),
    validate('json', verifyPaymentBody),
    async (c) => c.json({ success: true as const, data: await verifyPayment(c.env, currentUser(c).id, c.req.valid('json')) }),
  )
  .post(
    '/local-checkout/complete',
    docs({
      tags: ['Premium'],
      summary: 'Local test checkout (only without Razorpay keys and with PAYMENTS_LOCAL_CHECKOUT=1; else 503): completes and signs the payment like the provider would',
      data: z.object({ razorpay_order_id: z.string(), razorpay_payment_id: z.string(), razorpay_signature: z.string() }),
      auth: true,
      errors: [400, 401, 404, 503],
    }),
    validate('json', localCheckoutBody),
    async (c) => c.json({ success: true as const, data: await completeLocalCheckout(c.env, currentUser(c).id, c.req.valid('json').orderId) }),
  )
  .post(
    '/access-phone/:userId',
    docs({
      tags: ['Premium'],
      summary: 'Pro: a seller’s phone number (each listing counts once; 50 per plan period)',
      data: accessPhoneResult,
      auth: true,
      errors: [400, 401, 403, 404, 429],
    }),
    validate('param', userParam),
    validate('json', accessPhoneBody),
    async (c) => c.json({ success: true as const, data: await accessPhone(c.env, self(c, currentUser(c).id), c.req.valid('json').listingId, c.get('phoneAd')) }),
  )
  .get(
    '/curated-listings/:userId',
    docs({ tags: ['Premium'], summary: 'Pro: curated seller leads (verified sellers, your categories)', data: listingsPage, auth: true, errors: [400, 401, 403] }),
    validate('param', userParam),
    validate('query', curatedQuery),
    async (c) =>
      c.json({
        success: true as const,
        data: await curatedListings(c.env, getDb(c.env.DB), new URL(c.req.url).origin, self(c, currentUser(c).id), c.req.valid('query')),
      }),
  );
