import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { rememberIntent, useResumeIntent } from '../auth/pending-intent';
import { useAuth } from '../auth/use-auth';
import { api } from '../../lib/api';
import type { ListingsPage } from './queries';

/** Up to 100 favourites are enough to paint hearts on any page (spec part 1 §7: limit 100 for detail checks). */
const FAVORITES_CHECK_LIMIT = 100;

export const favoriteKeys = {
  all: ['favorites'] as const,
  ids: () => [...favoriteKeys.all, 'ids'] as const,
};

export interface FavoriteIds {
  ids: ReadonlySet<string>;
  total: number;
  /** False until the signed-in user's list has arrived (then a missing id really means "not favourite"). */
  loaded: boolean;
  /** Ids toggled in this session: their state in `ids` is known even before the list has arrived. */
  touched: ReadonlySet<string>;
}

const EMPTY: FavoriteIds = { ids: new Set(), total: 0, loaded: false, touched: new Set() };

/** Whether an ad is a favourite, when the list may not have arrived yet (`fallback`: what the ad itself says). */
export function isFavoriteIn(favorites: FavoriteIds, id: string, fallback = false): boolean {
  return favorites.loaded || favorites.touched.has(id) ? favorites.ids.has(id) : fallback;
}

export const favoriteIdsQuery = () =>
  queryOptions({
    queryKey: favoriteKeys.ids(),
    queryFn: async ({ signal }): Promise<FavoriteIds> => {
      try {
        const page = await api.get<ListingsPage>('/listings/user/favorites', { limit: FAVORITES_CHECK_LIMIT }, { signal });
        return { ids: new Set(page.listings.map((l) => l.id)), total: page.pagination.total, loaded: true, touched: new Set() };
      } catch (error) {
        if (signal.aborted) throw error;
        // Hearts are decoration: a failed check shows empty hearts, never an error.
        return EMPTY;
      }
    },
  });

/** The signed-in user's favourite ids (empty for guests and while auth is loading). */
export function useFavoriteIds(): FavoriteIds {
  const { status } = useAuth();
  const { data } = useQuery({ ...favoriteIdsQuery(), enabled: status === 'authenticated' });
  return status === 'authenticated' && data ? data : EMPTY;
}

/**
 * Heart toggling: guests go to the login modal (spec part 1 §4); signed-in users flip the heart at
 * once and the server's `isFavorite` answer settles it. Failures put the heart back quietly (§8).
 */
export function useToggleFavorite() {
  const { status } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const setFavorite = (id: string, favorite: boolean) =>
    queryClient.setQueryData<FavoriteIds>(favoriteKeys.ids(), (old = EMPTY) => {
      if (old.ids.has(id) === favorite && old.touched.has(id)) return old;
      const ids = new Set(old.ids);
      if (favorite) ids.add(id);
      else ids.delete(id);
      const changed = old.ids.has(id) !== favorite;
      return {
        ids,
        total: Math.max(0, old.total + (changed ? (favorite ? 1 : -1) : 0)),
        loaded: old.loaded,
        touched: new Set(old.touched).add(id),
      };
    });

  const mutation = useMutation({
    // An explicit target (not a bare toggle) makes a double click or a retry harmless.
    mutationFn: ({ id, favorite }: { id: string; favorite: boolean }) =>
      api.post<{ isFavorite: boolean }>(`/listings/${encodeURIComponent(id)}/favorite`, { isFavorite: favorite }),
    onMutate: async ({ id, favorite }) => {
      await queryClient.cancelQueries({ queryKey: favoriteKeys.ids() });
      setFavorite(id, favorite);
      // The caller asked to flip what it showed, so what it showed is the opposite.
      return { wasFavorite: !favorite };
    },
    onSuccess: (result, { id, favorite }) => {
      if (result && typeof result.isFavorite === 'boolean') setFavorite(id, result.isFavorite);
      // issue 19: the first favourite is the moment that explains push notifications
      // (loaded on demand: the push code stays out of the home page's first JavaScript, issue 22)
      if (favorite) void import('../auth/push-moment').then((m) => m.offerPushNotifications('favourite'));
      // The toggle may have cancelled the first load of the list: fetch it now, after the change.
      if (!queryClient.getQueryData<FavoriteIds>(favoriteKeys.ids())?.loaded) {
        void queryClient.invalidateQueries({ queryKey: favoriteKeys.ids() });
      }
      // the wishlist page and the header's count
      void queryClient.invalidateQueries({ queryKey: ['listings', 'favorites'] });
    },
    onError: (error, { id }, context) => {
      console.warn('Favourite toggle failed', error);
      if (context) setFavorite(id, context.wasFavorite);
    },
  });

  const toggle = (id: string, currentlyFavorite: boolean) => {
    if (status === 'guest') {
      // only adding is worth keeping: a guest has no favourite to remove
      if (!currentlyFavorite) rememberIntent('favorite', id);
      void navigate({ to: '/', search: { showLoginModal: true, redirect: window.location.pathname + window.location.search } });
      return;
    }
    mutation.mutate({ id, favorite: !currentlyFavorite });
  };
  /** After signing in: the heart the guest tapped becomes a favourite (an explicit target, so never a removal). */
  toggle.resume = (id: string) => mutation.mutate({ id, favorite: true });
  return toggle;
}

/** Completes a heart tapped as a guest, once the user is back signed in (issue 19). */
export function useResumeFavorite(id: string, toggleFavorite: ReturnType<typeof useToggleFavorite>): void {
  const { status } = useAuth();
  useResumeIntent('favorite', id, status === 'authenticated', () => toggleFavorite.resume(id));
}
