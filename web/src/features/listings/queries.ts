import { queryOptions, type EnsureQueryDataOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import type { Listing, ListingsPage } from '../../../../worker/schemas/listings';
import type { ListingFacets } from '../../../../worker/schemas/facets';
import { api, compactQuery, isApiError } from '../../lib/api';
import type { FeatureFilterKey, SORT_KEYS } from '../../lib/search-params';

export type { Listing, ListingsPage };

/** Query parameters of GET /api/listings (spec part 1 §7, plus feature filters and featuredFirst). */
export type ListingFilters = {
  q?: string;
  category?: string;
  subcategory?: string;
  location?: string;
  brand?: string;
  minPrice?: number;
  maxPrice?: number;
  /** One condition, or several as a comma list. */
  condition?: string;
  page?: number;
  limit?: number;
  sortBy?: (typeof SORT_KEYS)[number];
  sortOrder?: 'asc' | 'desc';
  featuredFirst?: boolean;
  exact?: boolean;
  lat?: number;
  lng?: number;
  radiusKm?: number;
  /** only ads that went live after this ISO moment (a saved search's "only the new ads") */
  since?: string;
} & { [K in FeatureFilterKey]?: string };

export const RELATED_LIMIT = 4;

/** Newest first, 12 fetched and 11 shown beside the promo card (spec part 1 §7). */
export const HOME_FILTERS = { limit: 12, sortBy: 'createdAt', sortOrder: 'desc' } as const satisfies ListingFilters;

export const listingKeys = {
  all: ['listings'] as const,
  lists: () => [...listingKeys.all, 'list'] as const,
  // Empty values are dropped so `{ q: '' }` and `{}` share one cache entry, as they share one request.
  list: (filters: ListingFilters) => [...listingKeys.lists(), compactQuery(filters)] as const,
  details: () => [...listingKeys.all, 'detail'] as const,
  detail: (id: string) => [...listingKeys.details(), id] as const,
  slug: (slug: string) => [...listingKeys.all, 'slug', slug] as const,
  related: (id: string) => [...listingKeys.all, 'related', id] as const,
  facets: (filters: ListingFilters) => [...listingKeys.all, 'facets', compactQuery(filters)] as const,
};

export const listingQueries = {
  list: (filters: ListingFilters) =>
    queryOptions({
      queryKey: listingKeys.list(filters),
      queryFn: ({ signal }) => api.get<ListingsPage>('/listings', filters, { signal }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: listingKeys.detail(id),
      queryFn: ({ signal }) => api.get<Listing>(`/listings/${encodeURIComponent(id)}`, undefined, { signal }),
    }),
  slug: (slug: string) =>
    queryOptions({
      queryKey: listingKeys.slug(slug),
      queryFn: ({ signal }) => api.get<Listing>(`/listings/slug/${encodeURIComponent(slug)}`, undefined, { signal }),
    }),
  /** the filter's category counts for a search (pass facetQuery(...) of the page's query) */
  facets: (filters: ListingFilters) =>
    queryOptions({
      queryKey: listingKeys.facets(filters),
      queryFn: ({ signal }) => api.get<ListingFacets>('/listings/facets', filters, { signal }),
      staleTime: 60_000,
    }),
  related: (id: string) =>
    queryOptions({
      queryKey: listingKeys.related(id),
      queryFn: ({ signal }) =>
        api.get<Listing[]>(`/listings/${encodeURIComponent(id)}/related`, { limit: RELATED_LIMIT }, { signal }),
    }),
};

/** Loader helper: a 404 from the API becomes the route's not-found view instead of its error view. */
export async function ensureListingOrNotFound<TKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<Listing, Error, Listing, TKey>,
): Promise<Listing> {
  try {
    return await queryClient.ensureQueryData(options);
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw notFound();
    throw error;
  }
}

/** The home/browse error texts of spec part 1 §8 (Listings and data). */
export function listingsLoadErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'NETWORK' || error.code === 'TIMEOUT') {
      return 'Unable to connect to server. Please check your internet connection.';
    }
    if (error.status >= 500) return 'Server error. Please try again later.';
    if (error.status === 404) return 'Service temporarily unavailable.';
  }
  return 'Failed to load listings. Please try again.';
}
