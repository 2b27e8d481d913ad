import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Suggestion } from '../../../../worker/schemas/search';
import { api } from '../../lib/api';

export type { Suggestion };

export const SUGGEST_LIMIT = 8;

export const searchQueries = {
  /** Suggestions for what is typed so far (GET /api/search/suggest); the server caches them too. */
  suggest: (q: string) =>
    queryOptions({
      queryKey: ['search', 'suggest', q.trim().toLowerCase()] as const,
      queryFn: ({ signal }) => api.get<{ suggestions: Suggestion[] }>('/search/suggest', { q: q.trim(), limit: SUGGEST_LIMIT }, { signal }),
      staleTime: 5 * 60_000,
      placeholderData: keepPreviousData,
      enabled: q.trim() !== '',
    }),
};
