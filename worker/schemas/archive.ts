/**
 * The archive's API shapes (decision 021): the seller's Archived tab in My Ads, one archived ad, and
 * the query of a page. Shared with the web client; imports nothing server-side.
 */
import { z } from 'zod';
import { ARCHIVE_MAX_PAGE_SIZE, ARCHIVE_PAGE_SIZE } from './archive-data';

/** One card of the Archived tab: what the R2 listing index carries, no document read needed. */
export const archivedAdCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  price: z.number(),
  currency: z.string(),
  /** the state the ad ended in: SOLD | INACTIVE | DELETED (| EXPIRED when ads expire) */
  finalStatus: z.string(),
  image: z.string().nullable(),
  createdAt: z.string(),
  archivedAt: z.string(),
});
export type ArchivedAdCard = z.infer<typeof archivedAdCardSchema>;

export const archivedAdsPageSchema = z.object({
  ads: z.array(archivedAdCardSchema),
  /** pass as `cursor` for the next page; null on the last page */
  nextCursor: z.string().nullable(),
});
export type ArchivedAdsPage = z.infer<typeof archivedAdsPageSchema>;

/** The whole archived ad as its seller opens it. */
export const archivedAdSchema = archivedAdCardSchema.extend({
  description: z.string(),
  condition: z.string(),
  category: z.object({ id: z.string(), name: z.string() }),
  subcategory: z.object({ id: z.string(), name: z.string() }).nullable(),
  location: z.string(),
  features: z.record(z.string(), z.unknown()),
  images: z.array(z.string()),
  /** photos the ad had that were not kept (decision 021: the cover is kept) */
  photosRemoved: z.number().int(),
  stats: z.object({ views: z.number().int(), favourites: z.number().int(), chats: z.number().int() }),
  endedAt: z.string(),
});
export type ArchivedAd = z.infer<typeof archivedAdSchema>;

export const archivedAdsQuery = z.object({
  cursor: z.string().trim().max(1024, 'cursor is too long').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(ARCHIVE_MAX_PAGE_SIZE, `limit must be at most ${ARCHIVE_MAX_PAGE_SIZE}`)
    .default(ARCHIVE_PAGE_SIZE),
});
