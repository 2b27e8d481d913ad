import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ListingsPage } from '../../../../worker/schemas/listings';
import type {
  PremiumPackage,
  PremiumStatus,
  accessPhoneResult,
  orderSchema,
  transactionsPage,
} from '../../../../worker/schemas/premium';
import { api } from '../../lib/api';
import { useAuth } from '../auth/use-auth';

export type { PremiumPackage, PremiumStatus };
export type PremiumOrder = z.infer<typeof orderSchema>;
export type PremiumTransactionsPage = z.infer<typeof transactionsPage>;
export type PremiumTransaction = PremiumTransactionsPage['transactions'][number];
export type PhoneAccess = z.infer<typeof accessPhoneResult>;
export type PremiumSubscription = NonNullable<PremiumStatus['subscription']>;

/** What the provider's checkout (Razorpay, or our local test checkout) hands back after paying. */
export interface CheckoutPayment {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface VerifyResult {
  verified: boolean;
  activated: boolean;
  status: PremiumStatus;
}

/** Leads shown on the premium page (the API's default page is 20; the page shows a short row). */
export const CURATED_PREVIEW_LIMIT = 8;
export const TRANSACTIONS_PAGE_SIZE = 10;

const userPath = (base: string, userId: string) => `/premium/${base}/${encodeURIComponent(userId)}`;

export const premiumApi = {
  packages: (signal?: AbortSignal) => api.get<PremiumPackage[]>('/premium/packages', undefined, { signal }),
  status: (userId: string, signal?: AbortSignal) => api.get<PremiumStatus>(userPath('status', userId), undefined, { signal }),
  transactions: (userId: string, page: number, signal?: AbortSignal) =>
    api.get<PremiumTransactionsPage>(userPath('transactions', userId), { page, limit: TRANSACTIONS_PAGE_SIZE }, { signal }),
  curated: (userId: string, limit: number, signal?: AbortSignal) =>
    api.get<ListingsPage>(userPath('curated-listings', userId), { page: 1, limit }, { signal }),
  createOrder: (packageId: string, userId: string) => api.post<PremiumOrder>('/premium/create-order', { packageId, userId }),
  completeLocalCheckout: (orderId: string) => api.post<CheckoutPayment>('/premium/local-checkout/complete', { orderId }),
  verifyPayment: (payment: CheckoutPayment, subscriptionId: string) =>
    api.post<VerifyResult>('/premium/verify-payment', { ...payment, subscriptionId }),
  accessPhone: (userId: string, listingId: string) => api.post<PhoneAccess>(userPath('access-phone', userId), { listingId }),
};

/** Everything premium sits under ['premium']: a paid plan invalidates the lot by that prefix. */
export const premiumKeys = {
  all: ['premium'] as const,
  packages: () => [...premiumKeys.all, 'packages'] as const,
  status: (userId: string) => [...premiumKeys.all, 'status', userId] as const,
  transactions: (userId: string, page: number) => [...premiumKeys.all, 'transactions', userId, page] as const,
  curated: (userId: string, limit: number) => [...premiumKeys.all, 'curated', userId, limit] as const,
};

export const premiumQueries = {
  packages: () =>
    queryOptions({
      queryKey: premiumKeys.packages(),
      queryFn: ({ signal }) => premiumApi.packages(signal),
      staleTime: 10 * 60 * 1000,
    }),
  status: (userId: string) =>
    queryOptions({
      queryKey: premiumKeys.status(userId),
      queryFn: ({ signal }) => premiumApi.status(userId, signal),
    }),
  transactions: (userId: string, page = 1) =>
    queryOptions({
      queryKey: premiumKeys.transactions(userId, page),
      queryFn: ({ signal }) => premiumApi.transactions(userId, page, signal),
    }),
  curated: (userId: string, limit = CURATED_PREVIEW_LIMIT) =>
    queryOptions({
      queryKey: premiumKeys.curated(userId, limit),
      queryFn: ({ signal }) => premiumApi.curated(userId, limit, signal),
    }),
};

/**
 * The signed-in user's premium status (`['premium', 'status', userId]`); idle for guests and while
 * the session is being checked. Other features use it to show Pro-only actions.
 */
export function usePremiumStatus() {
  const { status, user } = useAuth();
  const userId = user?.id ?? '';
  return useQuery({ ...premiumQueries.status(userId), enabled: status === 'authenticated' && userId !== '' });
}
