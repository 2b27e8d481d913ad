import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingsPage } from '../../../../worker/schemas/listings';
import { api } from '../../lib/api';
import { useAuth } from '../auth/use-auth';
import { badgeText, wishlistKeys } from './wishlist-keys';

const REFRESH_MS = 10_000;

export const wishlistCountQuery = () =>
  queryOptions({
    queryKey: wishlistKeys.count(),
    queryFn: async ({ signal }) => (await api.get<ListingsPage>('/listings/user/favorites', { page: 1, limit: 1 }, { signal })).pagination.total,
    staleTime: REFRESH_MS / 2,
  });

/**
 * How many ads the signed-in user has favourited, for the header's heart badge (part 1 §2: 99+ cap).
 * Polls every 10 s while the tab is visible and refetches when the window regains focus or the tab
 * becomes visible again (TanStack Query's focus manager listens to both). Guests: 0, no requests.
 */
export function useWishlistCount(): { count: number; badge: string | null } {
  const { status } = useAuth();
  const { data } = useQuery({
    ...wishlistCountQuery(),
    enabled: status === 'authenticated',
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
  });
  const count = status === 'authenticated' ? (data ?? 0) : 0;
  return { count, badge: badgeText(count) };
}
