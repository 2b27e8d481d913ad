/**
 * The filter's category counts follow the search: the catalogue gives the categories
 * (names, order, ids), GET /api/listings/facets gives how many ads the buyer's words and filters
 * find in each. Categories the search finds nothing in are left out, except the one chosen.
 */
import type { Category } from '../../../../worker/schemas/catalog';
import type { ListingFacets, LocationFacets } from '../../../../worker/schemas/facets';
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

/** One place of the location filter: its name, the URL's `location` for it and its count. */
export interface PlaceChoice {
  id: number;
  name: string;
  /** what the URL's location becomes: a city by name, an area with its city ("Baner, Pune") */
  value: string;
  count: number;
}

/**
 * The location filter from the facets: the state or city the list sits in (null for all of India)
 * and the places under it, most ads first, as the server ordered them.
 */
export function placeChoices(locations: LocationFacets): { within: PlaceChoice | null; places: PlaceChoice[] } {
  const within = locations.within ? { id: locations.within.id, name: locations.within.name, value: locations.within.name, count: locations.within.count } : null;
  const places = locations.places.map((p) => ({ id: p.id, name: p.name, value: p.kind === 'area' && p.city ? `${p.name}, ${p.city}` : p.name, count: p.count }));
  return { within, places };
}
