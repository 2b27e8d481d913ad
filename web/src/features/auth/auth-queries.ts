import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';
import type { AuthUser } from './auth-api';

/** The session's queries: who is signed in (every page asks) and whether the dev outbox is on. */
export const authKeys = {
  all: ['auth'] as const,
  profiles: () => [...authKeys.all, 'profile'] as const,
  /**
   * Keyed by the token's tail (the JWT signature), so a token swapped in another tab or by a new
   * sign-in can never be answered from the previous user's cache entry.
   */
  profile: (token: string | null) => [...authKeys.profiles(), token ? token.slice(-16) : 'none'] as const,
  devOutbox: () => [...authKeys.all, 'dev-outbox'] as const,
};

export const authQueries = {
  profile: (token: string | null) =>
    queryOptions({
      queryKey: authKeys.profile(token),
      queryFn: ({ signal }) => api.get<AuthUser>('/auth/profile', undefined, { signal }),
      enabled: token !== null,
      staleTime: 5 * 60 * 1000,
      // A 401 is final (the token is gone); other failures get the default single retry.
      retry: (failureCount, error) => failureCount < 1 && !(error instanceof ApiError && error.status === 401),
    }),
  /** Whether the server runs with the dev outbox (local dev): a 200 from GET /api/dev/outbox. */
  devOutboxAvailable: () =>
    queryOptions({
      queryKey: authKeys.devOutbox(),
      queryFn: async ({ signal }) => {
        try {
          await api.get<unknown>('/dev/outbox', undefined, { signal });
          return true;
        } catch {
          return false;
        }
      },
      staleTime: Infinity,
      gcTime: Infinity,
      retry: false,
    }),
};
