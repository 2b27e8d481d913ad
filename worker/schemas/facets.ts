import { z } from 'zod';

/**
 * GET /api/listings/facets: how many live ads the search would find in each category and
 * subcategory — the same words, place, price, condition and features as the page, without its
 * category choice, so the filter can say "Cars (12)" for the words the buyer typed.
 */
export const subcategoryFacetSchema = z.object({ id: z.string(), name: z.string(), count: z.number().int() });
export const categoryFacetSchema = z.object({
  id: z.string(),
  name: z.string(),
  count: z.number().int(),
  subcategories: z.array(subcategoryFacetSchema),
});
export const listingFacetsSchema = z.object({
  /** live matches over all categories */
  total: z.number().int(),
  /** only categories with matches, most first */
  categories: z.array(categoryFacetSchema),
});
export type ListingFacets = z.infer<typeof listingFacetsSchema>;
