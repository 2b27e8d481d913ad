/**
 * URL state of the selling routes, for `validateSearch`. zod/mini because route options land in the
 * entry chunk. Bad input falls back to undefined, so a hand-edited URL never breaks a page.
 */
import * as z from 'zod/mini';

const optionalText = (max: number) =>
  z.optional(
    z.catch(
      z.pipe(
        z.optional(z.union([z.string(), z.number()])),
        z.transform((value) => {
          const text = value === undefined ? '' : String(value).trim();
          return text ? text.slice(0, max) : undefined;
        }),
      ),
      undefined,
    ),
  );

/** /en-in/post/attributes?category=vehicles&subcategory=vehicles-cars (ids or names). */
export const postAttributesSearchSchema = z.object({
  category: optionalText(100),
  subcategory: optionalText(100),
});

/** /en-in/payments/packages/consume/free/success?slug=...: which ad Preview Ad opens. */
export const adPostedSearchSchema = z.object({
  slug: optionalText(400),
});

export const MY_ADS_FILTERS = ['all', 'active', 'rejected', 'sold', 'inactive'] as const;
export type MyAdsFilter = (typeof MY_ADS_FILTERS)[number];

/** /en-in/myads?status=sold&q=swift */
export const myAdsSearchSchema = z.object({
  status: z.optional(
    z.catch(
      z.pipe(
        z.optional(z.string()),
        z.transform((value): MyAdsFilter | undefined => {
          const v = value?.trim().toLowerCase();
          return v && (MY_ADS_FILTERS as readonly string[]).includes(v) && v !== 'all' ? (v as MyAdsFilter) : undefined;
        }),
      ),
      undefined,
    ),
  ),
  q: optionalText(100),
});
