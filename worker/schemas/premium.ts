import { z } from 'zod';
import { pagination, queryInt, queryText } from './common';

export const packageSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['BASIC', 'PRO']),
  description: z.string(),
  price: z.number(),
  currency: z.string(),
  validityDays: z.number().int(),
  features: z.array(z.string()),
  phoneNumbersLimit: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PremiumPackage = z.infer<typeof packageSchema>;

export const subscriptionSchema = z.object({
  id: z.string(),
  packageId: z.string(),
  packageType: z.enum(['BASIC', 'PRO']),
  packageName: z.string(),
  status: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  remainingDays: z.number().int(),
  phoneNumbersLimit: z.number().int(),
  phoneNumbersUsed: z.number().int(),
});

export const statusSchema = z.object({ isPremium: z.boolean(), subscription: subscriptionSchema.nullable() });
export type PremiumStatus = z.infer<typeof statusSchema>;

export const userParam = z.object({ userId: z.string().trim().min(1).max(64, 'userId is too long') });

export const createOrderBody = z.object({
  packageId: z.string({ error: 'packageId is required' }).trim().min(1, 'packageId is required').max(40),
  /** accepted for compatibility with the spec's client; must be the caller if sent */
  userId: z.string().max(64).optional(),
});

export const orderSchema = z.object({
  key: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  orderId: z.string(),
  subscriptionId: z.string(),
  provider: z.enum(['razorpay', 'local']),
  packageName: z.string(),
});

const providerId = (label: string) => z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(100, `${label} is too long`);
export const verifyPaymentBody = z.object({
  razorpay_order_id: providerId('razorpay_order_id'),
  razorpay_payment_id: providerId('razorpay_payment_id'),
  razorpay_signature: z.string({ error: 'razorpay_signature is required' }).trim().regex(/^[0-9a-f]{64}$/i, 'Payment verification failed'),
  subscriptionId: z.string().max(64).optional(),
});

export const localCheckoutBody = z.object({ orderId: providerId('orderId') });

export const transactionsQuery = z.object({
  page: queryInt('page', { min: 1, max: 10_000, fallback: 1 }),
  limit: queryInt('limit', { min: 1, max: 100, fallback: 10 }),
});

export const transactionSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  paymentId: z.string().nullable(),
  packageId: z.string(),
  packageName: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  provider: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export const transactionsPage = z.object({ transactions: z.array(transactionSchema), pagination });

export const accessPhoneBody = z.object({ listingId: z.string({ error: 'listingId is required' }).trim().min(1, 'listingId is required').max(64) });
export const accessPhoneResult = z.object({ phone: z.string(), sellerName: z.string(), phoneNumbersUsed: z.number().int(), phoneNumbersLimit: z.number().int(), remaining: z.number().int() });

export const curatedQuery = z.object({
  page: queryInt('page', { min: 1, max: 1000, fallback: 1 }),
  limit: queryInt('limit', { min: 1, max: 50, fallback: 20 }),
  category: queryText('category', 100),
  location: queryText('location', 150),
});
