import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Listing } from '../../../../worker/schemas/listings';
import type { Pagination } from '../../../../worker/schemas/common';
import { api, compactQuery } from '../../lib/api';
import type { ListingPayload } from './post-rules';
import type { ArchivedAd, ArchivedAdsPage } from '../../../../worker/schemas/archive';

/** A listing as its owner sees it: with the moderation note when it was held back, and its expiry (decision 019). */
export type OwnListing = Listing & { rejectReason?: string | null };

export interface StatusCounts {
  all: number;
  approved: number;
  rejected: number;
  sold: number;
  inactive: number;
  expired: number;
}

export interface MyListingsPage {
  listings: OwnListing[];
  pagination: Pagination;
  counts: StatusCounts;
}

export type MyListingsFilters = {
  status?: 'APPROVED' | 'REJECTED' | 'SOLD' | 'INACTIVE' | 'EXPIRED';
  q?: string;
};

export type ListingStatusChange = 'APPROVED' | 'SOLD' | 'INACTIVE';

/** Everything here sits under ['listings'], so one invalidation of that prefix refreshes it all. */
export const sellingKeys = {
  mine: () => ['listings', 'mine'] as const,
  mineList: (filters: MyListingsFilters) => [...sellingKeys.mine(), 'list', compactQuery(filters)] as const,
  options: (path: string) => ['selling', 'options', path] as const,
  archived: () => [...sellingKeys.mine(), 'archived'] as const,
  archivedAd: (id: string) => [...sellingKeys.archived(), 'ad', id] as const,
};

/** The alternate create form sends one location text instead of state, city and neighbourhood. */
export type TextLocationPayload = Omit<ListingPayload, 'state' | 'city' | 'neighbourhood' | 'subcategoryId'> & { location: string; subcategoryId?: string };

export const sellingApi = {
  create: (payload: ListingPayload | TextLocationPayload) => api.post<OwnListing>('/listings', payload),
  update: (id: string, change: Partial<ListingPayload>) => api.put<OwnListing>(`/listings/${encodeURIComponent(id)}`, change),
  remove: (id: string) => api.delete<{ deleted: boolean; id: string }>(`/listings/${encodeURIComponent(id)}`),
  changeStatus: (id: string, status: ListingStatusChange) => api.post<OwnListing>(`/listings/${encodeURIComponent(id)}/status`, { status }),
  renew: (id: string) => api.post<OwnListing>(`/listings/${encodeURIComponent(id)}/renew`),
  archived: (query: { cursor?: string; limit: number }, signal?: AbortSignal) => api.get<ArchivedAdsPage>('/listings/user/archived', query, { signal }),
  archivedAd: (id: string, signal?: AbortSignal) => api.get<ArchivedAd>(`/listings/user/archived/${encodeURIComponent(id)}`, undefined, { signal }),
  repost: (id: string) => api.post<OwnListing>(`/listings/user/archived/${encodeURIComponent(id)}/repost`),
  myListings: (filters: MyListingsFilters & { page: number; limit: number }, signal?: AbortSignal) =>
    api.get<MyListingsPage>('/listings/user/my-listings', filters, { signal }),
};

/**
 * A form option list from the API (part 2 §7), or the built-in list when the call fails, so a
 * flaky connection never leaves a required select empty.
 */
export const optionListQuery = (path: string, fallback: readonly string[]) =>
  queryOptions({
    queryKey: sellingKeys.options(path),
    queryFn: async ({ signal }) => {
      try {
        const list = await api.get<string[]>(path, undefined, { signal });
        return Array.isArray(list) && list.length ? list : [...fallback];
      } catch (error) {
        if (signal.aborted) throw error;
        return [...fallback];
      }
    },
    staleTime: Infinity,
    gcTime: 30 * 60 * 1000,
  });

/** The list (the fallback while it loads, so the select is usable at once). */
export function useOptionList(path: string | null, fallback: readonly string[]): readonly string[] {
  const { data } = useQuery({ ...optionListQuery(path ?? '', fallback), enabled: path !== null });
  return data ?? fallback;
}
