import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useAuth } from '../auth/use-auth';
import { api } from '../../lib/api';
import type { ListingsPage } from './queries';
import { EMPTY_FAVORITES, favoriteKeys, type FavoriteIds } from './favorite-ids';

export { EMPTY_FAVORITES, favoriteKeys, type FavoriteIds };

/** Up to 100 favourites are enough to paint hearts on any page (spec part 1 §7: limit 100 for detail checks). */
const FAVORITES_CHECK_LIMIT = 100;

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
        return EMPTY_FAVORITES;
      }
    },
  });

/** The signed-in user's favourite ids (empty for guests and while auth is loading). */
export function useFavoriteIds(): FavoriteIds {
  const { status } = useAuth();
  const { data } = useQuery({ ...favoriteIdsQuery(), enabled: status === 'authenticated' });
  return status === 'authenticated' && data ? data : EMPTY_FAVORITES;
}

// Saving a heart (the request and its optimistic update) is code for a later tap, not for showing a
// list: its chunk is fetched once someone is signed in (the home page's JavaScript budget, decision 011).
const loadFavoriteSaving = () => import('./favorite-saving');

/**
 * Heart toggling: guests go to the login modal (spec part 1 §4); signed-in users flip the heart at
 * once and the server's `isFavorite` answer settles it. Failures put the heart back quietly (§8).
 */
export function useToggleFavorite() {
  const { status } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = status === 'authenticated';
  useEffect(() => {
    if (signedIn) void loadFavoriteSaving().catch(() => undefined); // a tap asks again
  }, [signedIn]);

  // An explicit target (not a bare toggle) makes a double click or a retry harmless.
  const save = (id: string, favorite: boolean) =>
    void loadFavoriteSaving().then(
      ({ saveFavorite }) => saveFavorite(queryClient, id, favorite),
      (error: unknown) => console.warn('Favourite toggle failed', error),
    );

  const toggle = (id: string, currentlyFavorite: boolean) => {
    if (status === 'guest') {
      // only adding is worth keeping: a guest has no favourite to remove (written while the login modal opens)
      if (!currentlyFavorite)
        void import('../auth/pending-intent').then(
          ({ rememberIntent }) => rememberIntent('favorite', id),
          () => undefined, // offline: the user taps again after signing in
        );
      void navigate({ to: '/', search: { showLoginModal: true, redirect: window.location.pathname + window.location.search } });
      return;
    }
    save(id, !currentlyFavorite);
  };
  /** After signing in: the heart the guest tapped becomes a favourite (an explicit target, so never a removal). */
  toggle.resume = (id: string) => save(id, true);
  return toggle;
}

/** Completes a heart tapped as a guest, once the user is back signed in. */
export function useResumeFavorite(id: string, toggleFavorite: ReturnType<typeof useToggleFavorite>): void {
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const latest = useRef(toggleFavorite);
  latest.current = toggleFavorite;
  useEffect(() => {
    // the intent's code comes with the signed-in user's heart code, not with the first screen
    if (signedIn)
      void loadFavoriteSaving().then(
        ({ takeFavoriteIntent }) => {
          if (takeFavoriteIntent(id)) latest.current.resume(id);
        },
        () => undefined, // offline: the heart stays as it is, the user can tap it
      );
  }, [id, signedIn]);
}
