import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';

/** Client errors (bad input, missing, forbidden) answer the same the second time; don't retry them. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return error.status === 408;
  return true;
}

// Spec part 1 §9: one retry, no refetch on focus, 2 min stale time, 5 min cache time.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: shouldRetry,
      refetchOnWindowFocus: false,
      staleTime: 2 * 60 * 1000,
      gcTime: 5 * 60 * 1000,
      // Ask even while the browser says it is offline: the service worker may answer from what this
      // phone kept (decision 025). The default would leave such a screen loading until the network returns.
      networkMode: 'offlineFirst',
    },
    // A change made offline fails at once and says so, rather than waiting unseen in the mutation
    // cache while the screen looks as if it had been saved (decision 025).
    mutations: { networkMode: 'always' },
  },
});
