/**
 * /listings was a second browse page with its own design: it now sends the buyer to the
 * equivalent /products URL, keeping every filter. /listings speaks the API's sortBy/sortOrder and
 * NEW/USED conditions; /products speaks one sort word and the page number the same way.
 */
import { PRODUCT_SORTS, type ListingFiltersSearch, type ProductsSearch } from './search-params';

type ProductSortWord = (typeof PRODUCT_SORTS)[number];

export function listingsToProductsSearch(search: ListingFiltersSearch): Partial<ProductsSearch> {
  const { sortBy, sortOrder, limit: _limit, page, ...filters } = search;
  const word = sortBy ? `${sortBy}-${sortOrder ?? (sortBy === 'price' || sortBy === 'title' ? 'asc' : 'desc')}` : undefined;
  const sort = (PRODUCT_SORTS as readonly string[]).includes(word ?? '') ? (word as ProductSortWord) : undefined;
  const next: Partial<ProductsSearch> = { ...filters, ...(sort ? { sort } : {}), ...(page && page > 1 ? { page } : {}) };
  // drop the keys left undefined, so the new URL carries only what the old one said
  return Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) as Partial<ProductsSearch>;
}
