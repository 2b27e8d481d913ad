import { useInfiniteQuery, useQueries } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
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
import { useSelectedLocation } from '../locations/selected-location';
import { ListingCard } from './ListingCard';
import type { ProductsSearch } from '../../lib/search-params';
import { productsApiQuery } from './filters';
import { listingKeys, listingQueries, listingsLoadErrorMessage, type ListingFilters, type ListingsPage } from './queries';

/** Spec part 1 §7: six per page on the mobile home, featured ads first. */
const MOBILE_PAGE_SIZE = 6;

/** The phone home's list: featured first, then newest (worker/lib/page-boot.ts inlines its first page). */
export const MOBILE_HOME_FILTERS = { limit: MOBILE_PAGE_SIZE, featuredFirst: true, sortBy: 'createdAt', sortOrder: 'desc' } as const satisfies ListingFilters;

/** Simple 24×24 glyphs for the tiles (emoji would depend on the phone's fonts). */
const TILE_ICON_PATHS: Record<string, string> = {
  Cars: 'M5 11l1.5-4.5A2 2 0 0 1 8.4 5h7.2a2 2 0 0 1 1.9 1.5L19 11v7h-2v-2H7v2H5v-7Zm2.2-1h9.6l-1-3H8.2l-1 3ZM7.5 14a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Zm9 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z',
  Properties: 'M12 3l9 8h-3v9h-5v-6h-2v6H6v-9H3l9-8Z',
  Mobiles: 'M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm0 3v13h10V5H7Zm4 14v1h2v-1h-2Z',
  Jobs: 'M9 3h6a2 2 0 0 1 2 2v2h3a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2h3V5a2 2 0 0 1 2-2Zm0 4h6V5H9v2Z',
  Fashion: 'M8 3l4 2 4-2 6 4-3 4-2-1v11H7V10l-2 1-3-4 6-4Z',
  'Books Sports & Hobbies': 'M6 2h13v16H6a1 1 0 0 0 0 2h13v2H6a3 3 0 0 1-3-3V5a3 3 0 0 1 3-3Zm2 3v2h8V5H8Z',
  Bikes: 'M5 19a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Zm0-2a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Zm14 2a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Zm0-2a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM8 8h4l2 3h2.5L15 7h3l1.5 4-2 1h-5L11 10H7l1-2Z',
  'Electronics & Appliances': 'M4 5h16v10H4V5Zm2 2v6h12V7H6ZM2 17h20v2H2v-2Z',
  'Commercial Vehicles': 'M2 6h12v3h4l4 4v4h-2a2.5 2.5 0 0 1-5 0H9a2.5 2.5 0 0 1-5 0H2V6Zm12 5v2h6l-2-2h-4ZM6.5 18.5a1 1 0 1 0 0-2 1 1 0 0 0 0 2Zm11 0a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z',
  Furniture: 'M5 8V6a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v2a2 2 0 0 1 2 2v6h-1v3h-2v-3H6v3H4v-3H3v-6a2 2 0 0 1 2-2Zm2 0a2 2 0 0 1 2 2v2h6v-2a2 2 0 0 1 2-2V6H7v2Z',
  Pets: 'M12 12c3 0 6 3 6 6 0 1.5-1 2-2.5 2S13 19 12 19s-2 1-3.5 1S6 19.5 6 18c0-3 3-6 6-6ZM5 8a2 2 0 1 1 0 4 2 2 0 0 1 0-4Zm14 0a2 2 0 1 1 0 4 2 2 0 0 1 0-4ZM9 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4Zm6 0a2 2 0 1 1 0 4 2 2 0 0 1 0-4Z',
  Service: 'M21 6.5a5.5 5.5 0 0 1-7.3 5.2L7 18.4A2 2 0 1 1 4.6 16l6.7-6.7A5.5 5.5 0 0 1 17.5 2l-3 3 1 3.5 3.5 1 2-3Z',
};

function TileIcon({ name, size = 28 }: { name: string; size?: number }) {
  const path = TILE_ICON_PATHS[name] ?? TILE_ICON_PATHS.Service;
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path fill="currentColor" d={path} />
    </svg>
  );
}

/**
 * A sheet section that offers only the shortcuts leading to ads (issue 19: a quarter opened an empty
 * page). Each count is a one-row /api/listings request, cached like any list; until it answers the
 * shortcut is shown.
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
  const filters: ListingFilters = { ...MOBILE_HOME_FILTERS, ...(isAllIndia(location) ? {} : { location }) };
  // The location is part of the key: choosing another place starts the list again from page 1.
  const listings = useInfiniteQuery({
    queryKey: [...listingKeys.lists(), 'mobile-home', filters],
    queryFn: ({ pageParam, signal }) => api.get<ListingsPage>('/listings', { ...filters, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined),
  });
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
