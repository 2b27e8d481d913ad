/**
 * The filter's category counts follow the search (issue #19): the catalogue gives the categories
 * (names, order, ids), GET /api/listings/facets gives how many ads the buyer's words and filters
 * find in each. Categories the search finds nothing in are left out, except the one chosen.
 */
import type { Category } from '../../../../worker/schemas/catalog';
import type { ListingFacets } from '../../../../worker/schemas/facets';
import type { ListingFilters } from './queries';

/** The facets request: the page's query without paging and order (they change no count). */
export function facetQuery(query: ListingFilters): ListingFilters {
  const { page: _page, limit: _limit, sortBy: _sortBy, sortOrder: _sortOrder, featuredFirst: _featured, ...rest } = query;
  return rest;
}

export function withFacetCounts(categories: readonly Category[], facets: ListingFacets, chosen: { categoryId?: string; subcategoryId?: string } = {}): Category[] {
  const byId = new Map(facets.categories.map((c) => [c.id, c]));
  return categories
    .map((category) => {
      const found = byId.get(category.id);
      const subCounts = new Map(found?.subcategories.map((s) => [s.id, s.count]));
      return {
        ...category,
        count: found?.count ?? 0,
        subcategories: category.subcategories
          .map((sub) => ({ ...sub, count: subCounts.get(sub.id) ?? 0 }))
          .filter((sub) => sub.count > 0 || sub.id === chosen.subcategoryId),
      };
    })
    .filter((category) => category.count > 0 || category.id === chosen.categoryId);
}
