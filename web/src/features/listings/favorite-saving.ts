import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api';
import { msg } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { takeIntent } from '../auth/pending-intent';
import { EMPTY_FAVORITES, favoriteKeys, type FavoriteIds } from './favorite-ids';

const NOT_SAVED_OFFLINE = msg('You are offline, so this was not saved. Tap the heart again when you are back online.');

/** Puts one heart in the cached favourites list, remembering that this session touched it. */
function setFavorite(queryClient: QueryClient, id: string, favorite: boolean) {
  queryClient.setQueryData<FavoriteIds>(favoriteKeys.ids(), (old = EMPTY_FAVORITES) => {
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
}

/**
 * Makes an ad a favourite or not (POST /listings/{id}/favorite) as a TanStack Query mutation, so it
 * follows the client's mutation rules (paused while offline, in the mutation cache): the heart flips
 * at once, the server's `isFavorite` settles it, a failure puts it back (spec part 1 §4, §8).
 * Loaded by features/listings/favorites.ts when someone is signed in.
 */
export function saveFavorite(queryClient: QueryClient, id: string, favorite: boolean): void {
  // Offline the heart does not pretend: it stays as it was, and says why (decision 025).
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    toast.error(NOT_SAVED_OFFLINE);
    return;
  }
  const mutation = new MutationObserver(queryClient, {
    mutationFn: (target: { id: string; favorite: boolean }) =>
      api.post<{ isFavorite: boolean }>(`/listings/${encodeURIComponent(target.id)}/favorite`, { isFavorite: target.favorite }),
    onMutate: async (target) => {
      await queryClient.cancelQueries({ queryKey: favoriteKeys.ids() });
      setFavorite(queryClient, target.id, target.favorite);
      // The caller asked to flip what it showed, so what it showed is the opposite.
      return { wasFavorite: !target.favorite };
    },
    onSuccess: (result, target) => {
      if (result && typeof result.isFavorite === 'boolean') setFavorite(queryClient, target.id, result.isFavorite);
      // the first favourite is the moment that explains push notifications
      // (loaded on demand: the push code stays out of the home page's first JavaScript, decision 011)
      if (target.favorite) void import('../auth/push-moment').then((m) => m.offerPushNotifications('favourite'));
      // The toggle may have cancelled the first load of the list: fetch it now, after the change.
      if (!queryClient.getQueryData<FavoriteIds>(favoriteKeys.ids())?.loaded) {
        void queryClient.invalidateQueries({ queryKey: favoriteKeys.ids() });
      }
      // the wishlist page and the header's count
      void queryClient.invalidateQueries({ queryKey: ['listings', 'favorites'] });
    },
    onError: (error, target, context) => {
      console.warn('Favourite toggle failed', error);
      if (isApiError(error) && error.status === 0) toast.error(NOT_SAVED_OFFLINE);
      if (context) setFavorite(queryClient, target.id, context.wasFavorite);
    },
  });
  mutation
    .mutate({ id, favorite })
    .catch(() => undefined) // onError above has dealt with it
    .finally(() => mutation.reset()); // settled: the mutation cache may let it go
}

/** True (once) when a guest tapped this heart before signing in: the tap is completed. */
export function takeFavoriteIntent(id: string): boolean {
  return takeIntent('favorite', id);
}
