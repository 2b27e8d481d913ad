/**
 * URL state of the selling routes, for `validateSearch`. The small validator of lib/search-schema
 * (not zod) because route options land in the entry chunk. Bad input falls back to undefined, so a hand-edited URL never breaks a page.
 */
import { optionalText, searchObject } from '../../lib/search-schema';

/** /en-in/post/attributes?category=vehicles&subcategory=vehicles-cars (ids or names). */
export const postAttributesSearchSchema = searchObject({
  category: optionalText(100),
  subcategory: optionalText(100),
});

/** /en-in/payments/packages/consume/free/success?slug=...: which ad Preview Ad opens. */
export const adPostedSearchSchema = searchObject({
  slug: optionalText(400),
  /** which allowance the post used (free ad or paid slot) and in which limit group */
  slot: (value: unknown): 'free' | 'paid' | undefined => (value === 'free' || value === 'paid' ? value : undefined),
  group: optionalText(100),
});

/** `archived`: ads moved to the archive (decision 021), read from there rather than filtered by status */
export const MY_ADS_FILTERS = ['all', 'active', 'rejected', 'sold', 'inactive', 'expired', 'archived'] as const;
export type MyAdsFilter = (typeof MY_ADS_FILTERS)[number];

/** /en-in/myads?status=sold&q=swift */
export const myAdsSearchSchema = searchObject({
  status: (value: unknown): MyAdsFilter | undefined => {
    const v = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
    return v && (MY_ADS_FILTERS as readonly string[]).includes(v) && v !== 'all' ? (v as MyAdsFilter) : undefined;
  },
  q: optionalText(100),
});
