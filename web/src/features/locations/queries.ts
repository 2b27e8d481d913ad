import { queryOptions } from '@tanstack/react-query';
import type { Location } from '../../../../worker/schemas/catalog';
import { api } from '../../lib/api';

export type { Location };

const REFERENCE_STALE_MS = 10 * 60 * 1000;

export const locationKeys = {
  all: ['locations'] as const,
  list: (limit: number) => [...locationKeys.all, 'list', limit] as const,
  search: (q: string, limit: number) => [...locationKeys.all, 'search', q.toLowerCase(), limit] as const,
  states: () => [...locationKeys.all, 'states'] as const,
  cities: (state: string) => [...locationKeys.all, 'cities', state] as const,
  areas: (city: string, state: string | undefined) => [...locationKeys.all, 'areas', city, state ?? ''] as const,
};

export const locationQueries = {
  /** Cities with the most live listings first, with counts. */
  list: (limit: number) =>
    queryOptions({
      queryKey: locationKeys.list(limit),
      queryFn: ({ signal }) => api.get<Location[]>('/locations', { limit }, { signal }),
      staleTime: REFERENCE_STALE_MS,
    }),
  search: (q: string, limit: number) =>
    queryOptions({
      queryKey: locationKeys.search(q, limit),
      queryFn: ({ signal }) => api.get<Location[]>('/locations/search', { q, limit }, { signal }),
      staleTime: REFERENCE_STALE_MS,
    }),
  states: () =>
    queryOptions({
      queryKey: locationKeys.states(),
      queryFn: ({ signal }) => api.get<string[]>('/locations/states', undefined, { signal }),
      staleTime: REFERENCE_STALE_MS,
    }),
  cities: (state: string) =>
    queryOptions({
      queryKey: locationKeys.cities(state),
      queryFn: ({ signal }) => api.get<Location[]>(`/locations/cities/${encodeURIComponent(state)}`, undefined, { signal }),
      staleTime: REFERENCE_STALE_MS,
    }),
  areas: (city: string, state: string | undefined) =>
    queryOptions({
      queryKey: locationKeys.areas(city, state),
      queryFn: ({ signal }) => api.get<Location[]>('/locations/areas', { city, state }, { signal }),
      staleTime: REFERENCE_STALE_MS,
    }),
};

/** 'Andheri East, Mumbai', 'Pune, Maharashtra', 'Kerala': what a search result is called in a list. */
export function locationLabel(location: Pick<Location, 'kind' | 'name' | 'city' | 'state'>): string {
  if (location.kind === 'state') return location.name;
  if (location.kind === 'area') return [location.name, location.city].filter(Boolean).join(', ');
  return [location.name, location.state].filter(Boolean).join(', ');
}
