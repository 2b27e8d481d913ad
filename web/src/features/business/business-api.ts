import type { z } from 'zod';
import type { AdLimit, BusinessOrder, CreatedOrder, OrderQuote, PackageType, SellerPackage, accountResult } from '../../../../worker/schemas/business';
import { GST_PERCENT } from '../../../../worker/schemas/business-rules';
import { api } from '../../lib/api';
import { LOCALES, type Language } from '../../lib/locale';
import type { CheckoutPayment } from '../premium/premium-api';

export type { AdLimit, BusinessOrder, CreatedOrder, OrderQuote, PackageType, SellerPackage };
export type BusinessAccount = z.infer<typeof accountResult>;
export { GST_PERCENT };

export const businessApi = {
  packages: (q: { category?: string; subcategory?: string; type?: PackageType }, signal?: AbortSignal) =>
    api.get<{ packages: SellerPackage[]; limit: AdLimit | null }>('/business/packages', q, { signal }),
  account: (signal?: AbortSignal) => api.get<BusinessAccount>('/business/account', undefined, { signal }),
  orders: (signal?: AbortSignal) => api.get<{ orders: BusinessOrder[] }>('/business/orders', undefined, { signal }),
  createOrder: (items: { packageId: string; quantity: number }[]) => api.post<CreatedOrder>('/business/orders', { items }),
  /** an unpaid order's checkout again (My Orders' Pay) */
  resume: (orderId: string) => api.post<CreatedOrder>(`/business/orders/${encodeURIComponent(orderId)}/resume`),
  /** an unpaid order off My Orders */
  removeOrder: (orderId: string) => api.delete<{ removed: boolean; id: string }>(`/business/orders/${encodeURIComponent(orderId)}`),
  localCheckout: (orderId: string) => api.post<CheckoutPayment>(`/business/orders/${encodeURIComponent(orderId)}/local-checkout`),
  promote: (listingId: string, type: 'FEATURED' | 'BOOST') =>
    api.post<{ listingId: string; type: string; isFeatured: boolean; featuredUntil: string | null; bumpedAt: string | null; remaining: number }>(
      `/listings/${encodeURIComponent(listingId)}/promote`,
      { type },
    ),
  quote: (items: { packageId: string; quantity: number }[]) => api.post<OrderQuote>('/business/quote', { items }),
  verify: (orderId: string, payment: CheckoutPayment) =>
    api.post<{ verified: boolean; credited: boolean; order: BusinessOrder }>(`/business/orders/${encodeURIComponent(orderId)}/verify`, payment),
};

/** Everything seller-package related sits under ['business']: a payment invalidates it by prefix. */
export const businessKeys = {
  all: ['business'] as const,
  packages: (q: { category?: string; subcategory?: string; type?: PackageType }) => [...businessKeys.all, 'packages', q] as const,
  account: () => [...businessKeys.all, 'account'] as const,
  orders: () => [...businessKeys.all, 'orders'] as const,
};

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2, minimumFractionDigits: 0 });
/** ₹399 / ₹1,117.46 */
export const rupees = (amount: number) => inr.format(amount);

/** What the buyer pays for one package at its list price: price + 18 % GST, rounded to the paisa. */
export const priceWithGst = (price: number) => Math.round(price * (100 + GST_PERCENT)) / 100;

export const formatDate = (iso: string, language: Language = 'en') =>
  new Date(iso).toLocaleDateString(LOCALES[language], { day: 'numeric', month: 'short', year: 'numeric' });
