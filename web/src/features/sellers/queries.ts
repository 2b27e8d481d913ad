import { queryOptions } from '@tanstack/react-query';
import type { SellerProfile } from '../../../../worker/schemas/sellers';
import type { ListingsPage } from '../../../../worker/schemas/listings';
import type { SellerSort } from '../../../../worker/schemas/seller-page-data';
import { api } from '../../lib/api';

export type { SellerProfile };

export const sellerKeys = {
  all: ['sellers'] as const,
  profile: (id: string) => [...sellerKeys.all, 'profile', id] as const,
  listings: (id: string, sort: SellerSort, page: number) => [...sellerKeys.all, 'listings', id, sort, page] as const,
};

/** The listings request's query, in the order the worker's inlined key has it. */
export const sellerListingsParams = (sort: SellerSort, page: number) => ({ sort, page });

/** The same request keys the worker inlines for a guest (worker/lib/page-boot.ts sellerBootKeys): `{ sort, page }` in that order. */
export const sellerQueries = {
  profile: (id: string) =>
    queryOptions({
      queryKey: sellerKeys.profile(id),
      queryFn: ({ signal }) => api.get<SellerProfile>(`/sellers/${encodeURIComponent(id)}`, undefined, { signal }),
      staleTime: 60_000,
    }),
  listings: (id: string, sort: SellerSort, page: number) =>
    queryOptions({
      queryKey: sellerKeys.listings(id, sort, page),
      queryFn: ({ signal }) => api.get<ListingsPage>(`/sellers/${encodeURIComponent(id)}/listings`, sellerListingsParams(sort, page), { signal }),
      staleTime: 60_000,
    }),
};
