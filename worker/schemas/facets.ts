import { z } from 'zod';

/**
 * GET /api/listings/facets: how many live ads the search would find in each category and
 * subcategory — the same words, place, price, condition and features as the page, without its
 * category choice, so the filter can say "Cars (12)" for the words the buyer typed — and in each
 * place of the level under the chosen place (without the place choice, with the category kept).
 */
export const subcategoryFacetSchema = z.object({ id: z.string(), name: z.string(), count: z.number().int() });
export const categoryFacetSchema = z.object({
  id: z.string(),
  name: z.string(),
  count: z.number().int(),
  subcategories: z.array(subcategoryFacetSchema),
});

/**
 * The places one level under the place searched, with the same words and filters (category kept):
 * cities across India when no place is chosen, the cities of a chosen state, the areas of a chosen
 * city (or of the chosen area's city), so the filter can say "Kothrud (3)" for what the buyer typed.
 */
export const locationFacetSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['city', 'area']),
  name: z.string(),
  state: z.string(),
  city: z.string().nullable(),
  count: z.number().int(),
});
export const locationFacetsSchema = z.object({
  /** the place the list sits in (a state or a city); null for all of India */
  within: z.object({ id: z.number().int(), kind: z.enum(['state', 'city']), name: z.string(), state: z.string(), count: z.number().int() }).nullable(),
  /** places with matches, most first (at most 30), plus the chosen place even without matches */
  places: z.array(locationFacetSchema),
});
export type LocationFacets = z.infer<typeof locationFacetsSchema>;

export const listingFacetsSchema = z.object({
  /** live matches over all categories */
  total: z.number().int(),
  /** only categories with matches, most first */
  categories: z.array(categoryFacetSchema),
  locations: locationFacetsSchema,
});
export type ListingFacets = z.infer<typeof listingFacetsSchema>;
