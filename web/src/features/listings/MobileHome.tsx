import { infiniteQueryOptions, useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { CategoryIcon } from '../../components/CategoryIcon';
import { Dialog } from '../../components/Dialog';
import { api } from '../../lib/api';
import { msg, useT } from '../../lib/i18n';
import { CATEGORY_GUIDES, CATEGORY_TILES, shortcutSearch, viewAllSearch, type CategoryGuide, type Shortcut, type ShortcutKind } from '../catalog/category-guides';
import { offeredShortcuts, shortcutQueries } from '../catalog/shortcuts';
import { isAllIndia } from '../locations/all-india';
import { getSelectedLocation, useSelectedLocation } from '../locations/selected-location';
import { ListingCard } from './ListingCard';
import { listingKeys, listingsLoadErrorMessage, type ListingFilters, type ListingsPage } from './queries';

/** Spec part 1 §7: six per page on the mobile home, featured ads first. */
const MOBILE_PAGE_SIZE = 6;

/** The phone home's list: featured first, then newest (worker/lib/page-boot.ts inlines its first page). */
export const MOBILE_HOME_FILTERS = { limit: MOBILE_PAGE_SIZE, featuredFirst: true, sortBy: 'createdAt', sortOrder: 'desc' } as const satisfies ListingFilters;

/** The phone list for a place: the place is part of the key, so choosing another starts again from page 1. */
const mobileListingsQuery = (location: string) => {
  const filters: ListingFilters = { ...MOBILE_HOME_FILTERS, ...(isAllIndia(location) ? {} : { location }) };
  return infiniteQueryOptions({
    queryKey: [...listingKeys.lists(), 'mobile-home', filters],
    queryFn: ({ pageParam, signal }) => api.get<ListingsPage>('/listings', { ...filters, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined),
  });
};

/**
 * The home route's loader on a phone: the list's first page before the first render (a guest's is
 * inlined in the page), so React replaces the worker's cards with the same cards, not a loading line.
 */
export const prefetchMobileHome = (queryClient: QueryClient) => queryClient.prefetchInfiniteQuery(mobileListingsQuery(getSelectedLocation()));

const TileIcon = CategoryIcon;

/** The sheet's sections, in order; "View All" stands above them. */
const SECTIONS: { id: string; title: string; kind: ShortcutKind }[] = [
  { id: 'guide-budget', title: msg('Budget'), kind: 'budget' },
  { id: 'guide-brands', title: msg('Popular brands'), kind: 'brand' },
  { id: 'guide-extras', title: msg('More filters'), kind: 'extra' },
];

function GuideSection({ id, title, guide, shortcuts, onClose }: { id: string; title: string; guide: CategoryGuide; shortcuts: Shortcut[]; onClose: () => void }) {
  const t = useT();
  const location = useSelectedLocation();
  if (!shortcuts.length) return null;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="location-heading">
        {t(title)}
      </h3>
      <ul className="guide__options">
        {shortcuts.map((shortcut) => (
          <li key={shortcut.label}>
            <Link to="/products" search={shortcutSearch(guide.target, shortcut, location)} className="guide__option" onClick={onClose}>
              {/* brands are names: they stay as written in every language */}
              {shortcut.kind === 'brand' ? <span translate="no">{shortcut.label}</span> : t(shortcut.label)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A category's sheet offers only the shortcuts that lead to ads in the chosen place. One request
 * answers for every sheet (GET /api/listings/shortcuts, fetched as a tile is touched), so moving
 * between sheets asks nothing more.
 */
function CategoryGuideDialog({ initial, onClose }: { initial: CategoryGuide; onClose: () => void }) {
  const t = useT();
  const location = useSelectedLocation();
  const [guide, setGuide] = useState(initial);
  const sheets = useQuery(shortcutQueries.home(location));
  const offered = offeredShortcuts(guide, sheets.data, sheets.isError);
  return (
    <Dialog open onClose={onClose} title={t(guide.name)} variant="fullscreen" className="guide-dialog">
      <div className="guide">
        <nav className="guide__list" aria-label={t('Categories')}>
          <ul>
            {CATEGORY_GUIDES.map((item) => (
              <li key={item.name}>
                <button
                  type="button"
                  className={item.name === guide.name ? 'guide__tab is-current' : 'guide__tab'}
                  aria-current={item.name === guide.name ? 'true' : undefined}
                  onClick={() => setGuide(item)}
                >
                  <TileIcon name={item.name} size={22} />
                  {t(item.name)}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="guide__body">
          {!offered ? (
            <p className="status-text" role="status">
              {t('Loading...')}
            </p>
          ) : offered.length === 0 ? (
            <p className="muted">{t('No ads in {category} here yet.', { category: t(guide.name) })}</p>
          ) : (
            <>
              {offered.some((shortcut) => shortcut.kind === 'all') && (
                <Link to="/products" search={viewAllSearch(guide.target, location)} className="guide__view-all" onClick={onClose}>
                  {t('View All {category}', { category: t(guide.name) })} ›
                </Link>
              )}
              {SECTIONS.map((section) => (
                <GuideSection
                  key={section.id}
                  id={section.id}
                  title={section.title}
                  guide={guide}
                  shortcuts={offered.filter((shortcut) => shortcut.kind === section.kind)}
                  onClose={onClose}
                />
              ))}
            </>
          )}
        </div>
      </div>
    </Dialog>
  );
}

function CategoryGrid() {
  const t = useT();
  const location = useSelectedLocation();
  const queryClient = useQueryClient();
  const [guide, setGuide] = useState<CategoryGuide | null>(null);
  // the sheets' answer is on its way while the finger is still down
  const prefetchShortcuts = () => void queryClient.prefetchQuery(shortcutQueries.home(location));
  return (
    <section className="category-grid" aria-labelledby="category-grid-title">
      <h2 id="category-grid-title" className="visually-hidden">
        {t('Browse categories')}
      </h2>
      <ul className="category-grid__tiles">
        {CATEGORY_TILES.map((tile) => (
          <li key={tile.name}>
            {tile.guide ? (
              <button type="button" className="category-tile" aria-haspopup="dialog" onPointerDown={prefetchShortcuts} onClick={() => setGuide(tile.guide ?? null)}>
                <span className="category-tile__icon" aria-hidden="true">
                  <TileIcon name={tile.name} />
                </span>
                <span className="category-tile__name">{t(tile.name)}</span>
              </button>
            ) : (
              <Link to="/products" search={viewAllSearch(tile.target, location)} className="category-tile">
                <span className="category-tile__icon" aria-hidden="true">
                  <TileIcon name={tile.name} />
                </span>
                <span className="category-tile__name">{t(tile.name)}</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
      {guide && <CategoryGuideDialog initial={guide} onClose={() => setGuide(null)} />}
    </section>
  );
}

function MobileListings() {
  const t = useT();
  const location = useSelectedLocation();
  const listings = useInfiniteQuery(mobileListingsQuery(location));
  const now = new Date();
  const items = listings.data?.pages.flatMap((page) => page.listings) ?? [];

  return (
    <section className="home-section" aria-labelledby="mobile-fresh">
      <h2 id="mobile-fresh" className="section-title">
        {t('Fresh recommendations')}
      </h2>
      {listings.isPending ? (
        <p className="status-text" role="status">
          {t('Loading listings...')}
        </p>
      ) : listings.isError && items.length === 0 ? (
        <div className="error-panel" role="alert">
          <p>{listingsLoadErrorMessage(listings.error)}</p>
          <button type="button" className="button button--primary" onClick={() => void listings.refetch()}>
            {t('Try Again')}
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="muted">{t('No listings in {location} yet. Be the first to post an ad here.', { location })}</p>
      ) : (
        <>
          <div className="listing-grid">
            {items.map((listing, index) => (
              <ListingCard key={listing.id} listing={listing} priority={index < 2} now={now} />
            ))}
          </div>
          {listings.hasNextPage && (
            <div className="home-section__more">
              <button
                type="button"
                className="button button--outline"
                onClick={() => void listings.fetchNextPage()}
                disabled={listings.isFetchingNextPage}
              >
                {listings.isFetchingNextPage ? t('Loading...') : t('Load More')}
              </button>
            </div>
          )}
          {listings.isFetchNextPageError && (
            <p className="field-error" role="alert">
              {listingsLoadErrorMessage(listings.error)}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** The phone home page (spec part 1 §2): category tiles, then a paged list with Load More. */
export function MobileHome() {
  return (
    <div className="mobile-home">
      <CategoryGrid />
      <MobileListings />
    </div>
  );
}
