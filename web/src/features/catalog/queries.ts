import { queryOptions } from '@tanstack/react-query';
import type { BannerAd, Category, PopularSearch } from '../../../../worker/schemas/catalog';
import { api } from '../../lib/api';

export type { BannerAd, Category, PopularSearch };

/** Reference data changes rarely; counts may lag a few minutes, which is fine for a sidebar. */
const REFERENCE_STALE_MS = 10 * 60 * 1000;

export const catalogKeys = {
  all: ['catalog'] as const,
  categories: () => [...catalogKeys.all, 'categories'] as const,
  popularSearches: (category: string | undefined) => [...catalogKeys.all, 'popular-searches', category ?? ''] as const,
  bannerAds: () => [...catalogKeys.all, 'banner-ads'] as const,
};

export const catalogQueries = {
  categories: () =>
    queryOptions({
      queryKey: catalogKeys.categories(),
      queryFn: ({ signal }) => api.get<Category[]>('/categories', undefined, { signal }),
      staleTime: REFERENCE_STALE_MS,
    }),
  popularSearches: (category: string | undefined) =>
    queryOptions({
      queryKey: catalogKeys.popularSearches(category),
      queryFn: ({ signal }) => api.get<PopularSearch[]>('/popular-searches', { category }, { signal }),
      staleTime: REFERENCE_STALE_MS,
    }),
  bannerAds: () =>
    queryOptions({
      queryKey: catalogKeys.bannerAds(),
      queryFn: ({ signal }) => api.get<BannerAd[]>('/banner-ads', undefined, { signal }),
      staleTime: REFERENCE_STALE_MS,
    }),
};

function same(a: string | undefined, b: string): boolean {
  return (a ?? '').trim().toLowerCase() === b.toLowerCase();
}

/** The category the URL names, by name, id or slug (the URL may carry any of them). */
export function findCategory(categories: readonly Category[], name: string | undefined): Category | undefined {
  if (!name) return undefined;
  return categories.find((c) => same(name, c.name) || same(name, c.id) || same(name, c.slug));
}

export function findSubcategory(category: Category | undefined, name: string | undefined): Category['subcategories'][number] | undefined {
  if (!category || !name) return undefined;
  return category.subcategories.find((s) => same(name, s.name) || same(name, s.id) || same(name, s.slug));
}
