/**
 * /wishlist (part 1 §2 Wishlist, part 2 §4 Favourite): the ads the user liked, searchable, as a grid
 * or a list; the heart removes an ad from here (with the green toast), not just toggles it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState, type MouseEvent } from 'react';
import type { ListingsPage } from '../../../../worker/schemas/listings';
import { api } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { usePageTitle } from '../../lib/page-title';
import { toast } from '../../lib/toast';
import { favoriteKeys, type FavoriteIds } from '../listings/favorites';
import { ListingCard } from '../listings/ListingCard';
import type { Listing } from '../listings/queries';
import { WISHLIST_LIMIT, WISHLIST_REMOVED, WISHLIST_TOAST_MS, filterWishlist, wishlistCountText, wishlistKeys } from './wishlist';
import './wishlist.css';

const wishlistQuery = {
  queryKey: wishlistKeys.list(),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<ListingsPage>('/listings/user/favorites', { page: 1, limit: WISHLIST_LIMIT }, { signal }),
  staleTime: 0,
};

export function WishlistPage() {
  const { t, tn } = useI18n();
  usePageTitle(t('Wishlist - SEL'));
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');
  const searchId = useId();
  const wishlist = useQuery(wishlistQuery);

  // the hearts on the cards read the shared favourite ids: make sure everything shown here is in them
  useEffect(() => {
    const listings = wishlist.data?.listings;
    if (!listings?.length) return;
    queryClient.setQueryData<FavoriteIds>(favoriteKeys.ids(), (old) => {
      if (!old) return old; // not fetched yet: the cards' own query brings it
      const missing = listings.filter((l) => !old.ids.has(l.id));
      if (!missing.length) return old;
      const ids = new Set(old.ids);
      for (const l of missing) ids.add(l.id);
      return { ...old, ids, total: Math.max(old.total, ids.size) };
    });
  }, [wishlist.data, queryClient]);

  const removal = useMutation({
    mutationFn: (id: string) => api.post<{ isFavorite: boolean }>(`/listings/${encodeURIComponent(id)}/favorite`, { isFavorite: false }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: wishlistKeys.list() });
      const before = queryClient.getQueryData<ListingsPage>(wishlistKeys.list());
      queryClient.setQueryData<ListingsPage>(wishlistKeys.list(), (old) =>
        old ? { ...old, listings: old.listings.filter((l) => l.id !== id), pagination: { ...old.pagination, total: Math.max(0, old.pagination.total - 1) } } : old,
      );
      queryClient.setQueryData<number>(wishlistKeys.count(), (n) => (typeof n === 'number' ? Math.max(0, n - 1) : n));
      queryClient.setQueryData<FavoriteIds>(favoriteKeys.ids(), (old) => {
        if (!old?.ids.has(id)) return old;
        const ids = new Set(old.ids);
        ids.delete(id);
        return { ...old, ids, total: Math.max(0, old.total - 1) };
      });
      return { before };
    },
    onSuccess: () => {
      toast.success(WISHLIST_REMOVED, WISHLIST_TOAST_MS);
    },
    onError: (error, _id, context) => {
      // spec part 2 §8: a failed removal is only logged; the item comes back
      console.warn('Removing from the wishlist failed', error);
      if (context?.before) queryClient.setQueryData(wishlistKeys.list(), context.before);
      void queryClient.invalidateQueries({ queryKey: favoriteKeys.ids() });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: wishlistKeys.count() }),
  });

  const all = wishlist.data?.listings ?? [];
  const shown = filterWishlist(all, search);
  const total = wishlist.data?.pagination.total ?? 0;

  /** The card's own heart toggles; here it removes, so its click is taken over. */
  const onCardClick = (listing: Listing) => (event: MouseEvent<HTMLElement>) => {
    const heart = (event.target as Element).closest('.favorite-button');
    if (!heart || !event.currentTarget.contains(heart)) return;
    event.preventDefault();
    event.stopPropagation();
    removal.mutate(listing.id);
  };

  return (
    <div className="wl">
      <div className="wl__main">
        <div className="wl__head">
          <div>
            <h1 className="wl__title">{t('WISHLIST')}</h1>
            {wishlist.isSuccess && <p className="muted wl__count">{wishlistCountText(total, tn)}</p>}
          </div>
          <div className="wl__layout" role="group" aria-label={t('Show as')}>
            <button type="button" className="wl__layout-btn" aria-pressed={layout === 'grid'} aria-label={t('Grid view')} title={t('Grid view')} onClick={() => setLayout('grid')}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path fill="currentColor" d="M3 3h8v8H3V3Zm10 0h8v8h-8V3ZM3 13h8v8H3v-8Zm10 0h8v8h-8v-8Z" />
              </svg>
            </button>
            <button type="button" className="wl__layout-btn" aria-pressed={layout === 'list'} aria-label={t('List view')} title={t('List view')} onClick={() => setLayout('list')}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path fill="currentColor" d="M3 4h18v4H3V4Zm0 6h18v4H3v-4Zm0 6h18v4H3v-4Z" />
              </svg>
            </button>
          </div>
        </div>

        <div className="wl__search">
          <label htmlFor={searchId} className="visually-hidden">
            {t('Search your wishlist')}
          </label>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path fill="currentColor" d="M15.5 14h-.8l-.3-.3A6.5 6.5 0 1 0 14 15.5l.3.3v.8l5 5 1.5-1.5-5-5Zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Z" />
          </svg>
          <input
            id={searchId}
            type="search"
            className="text-input wl__search-input"
            placeholder={t('Search your wishlist...')}
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>

        {wishlist.isPending ? (
          <p className="status-text" role="status">
            {t('Loading your wishlist...')}
          </p>
        ) : wishlist.isError ? (
          <div className="error-panel" role="alert">
            <p className="wl__error-title">{t('Error loading wishlist')}</p>
            <p>{t('Failed to fetch wishlist items')}</p>
            <button type="button" className="button button--outline" onClick={() => void wishlist.refetch()}>
              {t('Try Again')}
            </button>
          </div>
        ) : all.length === 0 ? (
          <div className="empty-state">
            <svg viewBox="0 0 24 24" width="56" height="56" aria-hidden="true" className="wl__empty-heart">
              <path
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
                d="M12 20.5s-7.5-4.6-9.2-9.3C1.7 8 3.8 4.5 7.3 4.5c2 0 3.5 1.1 4.7 2.7 1.2-1.6 2.7-2.7 4.7-2.7 3.5 0 5.6 3.5 4.5 6.7-1.7 4.7-9.2 9.3-9.2 9.3Z"
              />
            </svg>
            <p className="empty-state__title">{t("You haven't liked any ads yet")}</p>
            <p className="muted">{t('Like ads and share them with the world')}</p>
            <Link to="/products" className="button button--primary">
              {t('Discover')}
            </Link>
          </div>
        ) : shown.length === 0 ? (
          <div className="empty-state">
            <p className="empty-state__title">{t('No items found')}</p>
            <p className="muted">{t('Try adjusting your search terms')}</p>
          </div>
        ) : (
          <ul className={`wl__items wl__items--${layout}`} aria-label={t('Your favourite ads')}>
            {shown.map((listing, index) => (
              <li key={listing.id} className="wl__item" onClickCapture={onCardClick(listing)}>
                <ListingCard listing={listing} priority={index < 4} />
              </li>
            ))}
          </ul>
        )}
      </div>

      <aside className="wl__promo" aria-labelledby="wl-promo-title">
        <p id="wl-promo-title" className="wl__promo-title">
          {t('Want to see your stuff here?')}
        </p>
        <p className="muted">{t("Make some extra cash by selling things in your community. Go on, it's quick and easy.")}</p>
        <Link to="/en-in/post" className="button button--primary">
          {t('Start selling')}
        </Link>
      </aside>
    </div>
  );
}
