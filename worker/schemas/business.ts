import { z } from 'zod';
import { MAX_CART_LINES, MAX_PACKAGE_QUANTITY, PACKAGE_TYPES } from './business-rules';
import { queryText } from './common';

/** Seller packages (decision 007): the API's shapes. Plain constants live in business-rules.ts (no zod for the client). */
export { GST_PERCENT, MAX_CART_LINES, MAX_PACKAGE_QUANTITY, PACKAGE_TYPES, type PackageType } from './business-rules';

export const sellerPackageSchema = z.object({
  id: z.string(),
  type: z.enum(PACKAGE_TYPES),
  name: z.string(),
  description: z.string(),
  /** rupees, before GST */
  price: z.number(),
  currency: z.literal('INR'),
  validityDays: z.number().int(),
  quantity: z.number().int(),
  useWithinDays: z.number().int(),
  categoryId: z.string().optional(),
  subcategoryId: z.string().optional(),
});
export type SellerPackage = z.infer<typeof sellerPackageSchema>;

export const adLimitSchema = z.object({
  categoryId: z.string(),
  subcategoryId: z.string().optional(),
  /** the limit group's name, e.g. "Cars" or "Home & Garden" */
  name: z.string(),
  freeAds: z.number().int(),
  periodDays: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  /** when the oldest free ad of the period stops counting (null while none is used) */
  resetsAt: z.string().nullable(),
  /** paid slots left for this group */
  paidSlots: z.number().int(),
  /** a new ad here can be posted now (free or with a paid slot) */
  canPost: z.boolean(),
});
export type AdLimit = z.infer<typeof adLimitSchema>;

export const creditSchema = z.object({
  id: z.string(),
  type: z.enum(PACKAGE_TYPES),
  packageId: z.string(),
  name: z.string(),
  categoryId: z.string().optional(),
  subcategoryId: z.string().optional(),
  quantity: z.number().int(),
  remaining: z.number().int(),
  validityDays: z.number().int(),
  expiresAt: z.string(),
});

export const packagesQuery = z.object({
  category: queryText('category', 100),
  subcategory: queryText('subcategory', 100),
  type: z.enum(PACKAGE_TYPES, { error: 'type must be FEATURED, BOOST or AD_SLOTS' }).optional(),
});

export const accountQuery = z.object({
  category: queryText('category', 100),
  subcategory: queryText('subcategory', 100),
});

export const packagesResult = z.object({ packages: z.array(sellerPackageSchema), limit: adLimitSchema.nullable() });
export const accountResult = z.object({ limits: z.array(adLimitSchema), credits: z.array(creditSchema) });

const packageIdField = z.string({ error: 'packageId is required' }).trim().min(1, 'packageId is required').max(80, 'packageId is too long');
const quantityField = z
  .number({ error: `quantity must be a whole number from 1 to ${MAX_PACKAGE_QUANTITY}` })
  .int(`quantity must be a whole number from 1 to ${MAX_PACKAGE_QUANTITY}`)
  .min(1, 'quantity must be at least 1')
  .max(MAX_PACKAGE_QUANTITY, `quantity must be at most ${MAX_PACKAGE_QUANTITY}`);

/** Only package ids and quantities: whatever a client says about prices is not read. */
export const createOrderBody = z.object({
  items: z
    .array(z.object({ packageId: packageIdField, quantity: quantityField.default(1) }), { error: 'items must be a list of {packageId, quantity}' })
    .min(1, 'Choose at least one package')
    .max(MAX_CART_LINES, `At most ${MAX_CART_LINES} packages per order`),
});

// ── the cart (decision 014, addendum): the account's, on the server ──

/** A package id as the path names it (the same rule as in an order's items). */
export const cartPackageParam = z.object({ packageId: packageIdField });
/** Add to the cart: one package, how many more (1 when left out). */
export const cartAddBody = z.object({ packageId: packageIdField, quantity: quantityField.default(1) });
/** Set how many of a package the cart holds. */
export const cartQuantityBody = z.object({ quantity: quantityField });
/** A device's own cart (kept before the cart followed the account) joining the account's. */
export const cartMergeBody = z.object({
  items: z
    .array(z.object({ packageId: packageIdField, quantity: quantityField.default(1) }), { error: 'items must be a list of {packageId, quantity}' })
    .max(MAX_CART_LINES, `At most ${MAX_CART_LINES} packages in a cart`),
});
export const cartLineSchema = z.object({ packageId: z.string(), quantity: z.number().int().min(1).max(MAX_PACKAGE_QUANTITY) });
export const cartSchema = z.object({
  /** oldest first; only packages still on sale */
  items: z.array(cartLineSchema),
});
export type Cart = z.infer<typeof cartSchema>;

export const orderIdParam = z.object({ id: z.string().trim().min(1, 'id is required').max(64, 'id is too long') });

export const providerTriple = z.object({
  razorpay_order_id: z.string({ error: 'razorpay_order_id is required' }).trim().min(1, 'razorpay_order_id is required').max(100),
  razorpay_payment_id: z.string({ error: 'razorpay_payment_id is required' }).trim().min(1, 'razorpay_payment_id is required').max(100),
  razorpay_signature: z.string({ error: 'razorpay_signature is required' }).trim().min(1, 'razorpay_signature is required').max(200),
});

export const orderItemSchema = z.object({
  packageId: z.string(),
  name: z.string(),
  type: z.enum(PACKAGE_TYPES),
  quantity: z.number().int(),
  unitPrice: z.number(),
  amount: z.number(),
});

export const businessOrderSchema = z.object({
  id: z.string(),
  /** REMOVED: an unpaid order its buyer took off My Orders (decision 024) */
  status: z.enum(['CREATED', 'PAID', 'REMOVED']),
  items: z.array(orderItemSchema),
  subtotal: z.number(),
  gst: z.number(),
  total: z.number(),
  currency: z.literal('INR'),
  provider: z.enum(['razorpay', 'local']),
  providerOrderId: z.string(),
  invoiceNumber: z.string().optional(),
  createdAt: z.string(),
  paidAt: z.string().optional(),
});
export type BusinessOrder = z.infer<typeof businessOrderSchema>;

export const createdOrderSchema = z.object({
  orderId: z.string(),
  providerOrderId: z.string(),
  key: z.string(),
  /** paise, for the provider */
  amount: z.number().int(),
  currency: z.literal('INR'),
  provider: z.enum(['razorpay', 'local']),
  items: z.array(orderItemSchema),
  subtotal: z.number(),
  gst: z.number(),
  total: z.number(),
});
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

/** The cart (decision 014): what a set of packages costs, priced by the server exactly as an order would be (nothing stored). */
export const orderQuoteSchema = z.object({
  items: z.array(orderItemSchema),
  subtotal: z.number(),
  gst: z.number(),
  total: z.number(),
  currency: z.literal('INR'),
});
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

export const verifiedOrderSchema = z.object({ verified: z.boolean(), credited: z.boolean(), order: businessOrderSchema });

export const promoteBody = z.object({ type: z.enum(['FEATURED', 'BOOST'], { error: 'type must be FEATURED or BOOST' }) });
export const promotionResult = z.object({
  listingId: z.string(),
  type: z.enum(['FEATURED', 'BOOST']),
  isFeatured: z.boolean(),
  featuredUntil: z.string().nullable(),
  bumpedAt: z.string().nullable(),
  creditId: z.string(),
  remaining: z.number().int(),
});
