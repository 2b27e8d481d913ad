import { z } from 'zod';
import { queryInt } from './common';
import { listingSchema } from './listings';
import { pagination } from './common';
import { SELLER_PAGE_RULES, SELLER_SORTS } from './seller-page-data';

/** A seller as their public page shows them: nothing private (no phone, e-mail, role, status). */
export const sellerProfileSchema = z.object({
  id: z.string(),
  /** the readable address of the page, `/sellers/<name>-<id>` */
  path: z.string(),
  /** business name, else first and last name */
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  businessName: z.string().nullable(),
  avatar: z.string().nullable(),
  memberSince: z.string(),
  /** what the seller proved: a phone by OTP, an e-mail by code (never the number or address) */
  phoneVerified: z.boolean(),
  emailVerified: z.boolean(),
  liveAds: z.number().int(),
  /**
   * Median time to the first answer over the seller's most recent answered conversations; null
   * until there are enough of them (decision 026).
   */
  replyTime: z.object({ medianMinutes: z.number().int(), conversations: z.number().int() }).nullable(),
});
export type SellerProfile = z.infer<typeof sellerProfileSchema>;

export const sellerParam = z.object({ id: z.string().trim().min(1, 'id is required').max(64, 'id is too long') });

export const sellerListingsQuery = z.object({
  page: queryInt('page', { min: 1, max: 1_000, fallback: 1 }),
  limit: queryInt('limit', { min: 1, max: SELLER_PAGE_RULES.maxPageSize, fallback: SELLER_PAGE_RULES.pageSize }),
  sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(SELLER_SORTS, { error: `sort must be one of ${SELLER_SORTS.join(', ')}` }).default('newest')),
});
export type SellerListingsQuery = z.infer<typeof sellerListingsQuery>;

export const sellerListingsPage = z.object({ listings: z.array(listingSchema), pagination });
