import { infiniteQueryOptions, useInfiniteQuery, useQueries, type QueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { CategoryIcon } from '../../components/CategoryIcon';
import { Dialog } from '../../components/Dialog';
import { api } from '../../lib/api';
import { useT } from '../../lib/i18n';
import {
  CATEGORY_GUIDES,
  CATEGORY_TILES,
  brandSearch,
  budgetSearch,
  extraFilterSearch,
  viewAllSearch,
  type CategoryGuide,
} from '../catalog/category-guides';
import { isAllIndia } from '../locations/all-india';
import { getSelectedLocation, useSelectedLocation } from '../locations/selected-location';
import { ListingCard } from './ListingCard';
import type { ProductsSearch } from '../../lib/search-params';
import { productsApiQuery } from './filters';
import { listingKeys, listingQueries, listingsLoadErrorMessage, type ListingFilters, type ListingsPage } from './queries';

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

/**
 * A sheet section that offers only the shortcuts leading to ads (a shortcut that opens an empty page
 * wastes a buyer's tap). Each count is a one-row /api/listings request, cached like any list; until
 * it answers the shortcut is shown.
 */
function GuideSection({ id, title, options, onClose }: { id: string; title: string; options: { label: string; search: ProductsSearch }[]; onClose: () => void }) {
  const counts = useQueries({
    queries: options.map((option) => ({ ...listingQueries.list({ ...productsApiQuery(option.search), page: 1, limit: 1 }), staleTime: 60_000 })),
  });
  const shown = options.filter((_, i) => {
    const total = counts[i]?.data?.pagination.total;
    return total === undefined || total > 0;
  });
  const t = useT();
  if (!shown.length) return null;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="location-heading">
        {t(title)}
      </h3>
      <ul className="guide__options">
        {shown.map((option) => (
          <li key={option.label}>
            <Link to="/products" search={option.search} className="guide__option" onClick={onClose}>
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CategoryGuideDialog({ initial, onClose }: { initial: CategoryGuide; onClose: () => void }) {
  const t = useT();
  const location = useSelectedLocation();
  const [guide, setGuide] = useState(initial);
  return (
    <Dialog open onClose={onClose} title={t(guide.name)} variant="fullscreen" className="guide-dialog">
      <div className="guide">
        <nav className="guide__list" aria-label="Categories">
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
          <Link to="/products" search={viewAllSearch(guide.target, location)} className="guide__view-all" onClick={onClose}>
            View All {guide.name} ›
          </Link>
          <GuideSection id="guide-budget" title="Budget" options={guide.budgets.map((range) => ({ label: range.label, search: budgetSearch(guide.target, range, location) }))} onClose={onClose} />
          <GuideSection id="guide-brands" title="Popular brands" options={guide.brands.map((brand) => ({ label: brand, search: brandSearch(guide.target, brand, location) }))} onClose={onClose} />
          <GuideSection id="guide-extras" title="More filters" options={guide.extras.map((filter) => ({ label: filter.label, search: extraFilterSearch(guide.target, filter, location) }))} onClose={onClose} />
        </div>
      </div>
    </Dialog>
  );
}

function CategoryGrid() {
  const t = useT();
  const location = useSelectedLocation();
  const [guide, setGuide] = useState<CategoryGuide | null>(null);
  return (
    <section className="category-grid" aria-labelledby="category-grid-title">
      <h2 id="category-grid-title" className="visually-hidden">
        Browse categories
      </h2>
      <ul className="category-grid__tiles">
        {CATEGORY_TILES.map((tile) => (
          <li key={tile.name}>
            {tile.guide ? (
              <button type="button" className="category-tile" aria-haspopup="dialog" onClick={() => setGuide(tile.guide ?? null)}>
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
          Loading listings...
        </p>
      ) : listings.isError && items.length === 0 ? (
        <div className="error-panel" role="alert">
          <p>{listingsLoadErrorMessage(listings.error)}</p>
          <button type="button" className="button button--primary" onClick={() => void listings.refetch()}>
            Try Again
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="muted">No listings in {location} yet. Be the first to post an ad here.</p>
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
                {listings.isFetchingNextPage ? 'Loading...' : t('Load More')}
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
