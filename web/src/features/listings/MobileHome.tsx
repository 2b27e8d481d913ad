import { useInfiniteQuery } from '@tanstack/react-query';
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
import { listingKeys, listingsLoadErrorMessage, type ListingFilters, type ListingsPage } from './queries';

/** Spec part 1 §7: six per page on the mobile home, featured ads first. */
const MOBILE_PAGE_SIZE = 6;

const TILE_ICONS: Record<string, string> = {
  Cars: '🚗',
  Properties: '🏠',
  Mobiles: '📱',
  Jobs: '💼',
  Fashion: '👗',
  'Books Sports & Hobbies': '📚',
  Bikes: '🏍️',
  'Electronics & Appliances': '💻',
  'Commercial Vehicles': '🚚',
  Furniture: '🛋️',
  Pets: '🐾',
  Service: '🛠️',
};

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
                  <span aria-hidden="true">{TILE_ICONS[item.name]}</span>
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
          <section aria-labelledby="guide-budget">
            <h3 id="guide-budget" className="location-heading">
              Budget
            </h3>
            <ul className="guide__options">
              {guide.budgets.map((range) => (
                <li key={range.label}>
                  <Link to="/products" search={budgetSearch(guide.target, range, location)} className="guide__option" onClick={onClose}>
                    {range.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          {guide.brands.length > 0 && (
            <section aria-labelledby="guide-brands">
              <h3 id="guide-brands" className="location-heading">
                Popular brands
              </h3>
              <ul className="guide__options">
                {guide.brands.map((brand) => (
                  <li key={brand}>
                    <Link to="/products" search={brandSearch(guide.target, brand, location)} className="guide__option" onClick={onClose}>
                      {brand}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {guide.extras.length > 0 && (
            <section aria-labelledby="guide-extras">
              <h3 id="guide-extras" className="location-heading">
                More filters
              </h3>
              <ul className="guide__options">
                {guide.extras.map((filter) => (
                  <li key={filter.label}>
                    <Link to="/products" search={extraFilterSearch(guide.target, filter, location)} className="guide__option" onClick={onClose}>
                      {filter.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
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
      <ul>
        {CATEGORY_TILES.map((tile) => (
          <li key={tile.name}>
            {tile.guide ? (
              <button type="button" className="category-tile" aria-haspopup="dialog" onClick={() => setGuide(tile.guide ?? null)}>
                <span className="category-tile__icon" aria-hidden="true">
                  {TILE_ICONS[tile.name]}
                </span>
                <span className="category-tile__name">{t(tile.name)}</span>
              </button>
            ) : (
              <Link to="/products" search={viewAllSearch(tile.target, location)} className="category-tile">
                <span className="category-tile__icon" aria-hidden="true">
                  {TILE_ICONS[tile.name]}
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
  const filters: ListingFilters = {
    limit: MOBILE_PAGE_SIZE,
    featuredFirst: true,
    sortBy: 'createdAt',
    sortOrder: 'desc',
    ...(isAllIndia(location) ? {} : { location }),
  };
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
