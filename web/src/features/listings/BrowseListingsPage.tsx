import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { Pagination } from '../../components/Pagination';
import { buildListingSlug, formatPrice, formatTotal } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { CONDITIONS, type ListingFiltersSearch } from '../../lib/search-params';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { catalogQueries } from '../catalog/queries';
import { locationQueries } from '../locations/queries';
import { CONDITION_LABELS, parsePriceDraft } from './filters';
import { listingQueries, type Listing, type ListingFilters } from './queries';

const route = getRouteApi('/listings');

/** Spec part 1 §9: browse shows 12 a page; typing settles for 500 ms before the URL (and the request) follow. */
export const BROWSE_PAGE_SIZE = 12;
const TYPING_DEBOUNCE_MS = 500;
const LOCATION_CHOICES = 50;

export const BROWSE_SORTS = [
  { label: 'Newest First', sortBy: 'createdAt', sortOrder: 'desc' },
  { label: 'Price: Low to High', sortBy: 'price', sortOrder: 'asc' },
  { label: 'Name: A to Z', sortBy: 'title', sortOrder: 'asc' },
  { label: 'Most Popular', sortBy: 'views', sortOrder: 'desc' },
] as const;

/** The request for a browse URL: 12 a page, newest first unless a sort is chosen. */
export function browseApiQuery(search: ListingFiltersSearch): ListingFilters {
  return {
    q: search.q,
    category: search.category,
    location: search.location,
    condition: search.condition,
    minPrice: search.minPrice,
    maxPrice: search.maxPrice,
    page: search.page ?? 1,
    limit: search.limit ?? BROWSE_PAGE_SIZE,
    sortBy: search.sortBy ?? 'createdAt',
    sortOrder: search.sortOrder ?? (search.sortBy === 'price' || search.sortBy === 'title' ? 'asc' : 'desc'),
  };
}

function BrowseCard({ listing }: { listing: Listing }) {
  const [failed, setFailed] = useState(false);
  const image = listing.images[0];
  const slug = listing.slug || buildListingSlug(listing);
  return (
    <article className="browse-card">
      <div className="browse-card__media">
        {image && !failed ? (
          <img src={image} alt={listing.title} width={400} height={300} loading="lazy" decoding="async" onError={() => setFailed(true)} />
        ) : (
          <div className="listing-card__placeholder" role="img" aria-label="Not available">
            <span aria-hidden="true">{listing.category.name}</span>
          </div>
        )}
        <span className={`badge badge--condition badge--${listing.condition.toLowerCase()}`}>{CONDITION_LABELS[listing.condition]}</span>
      </div>
      <div className="browse-card__body">
        <h2 className="browse-card__title">{listing.title}</h2>
        <p className="browse-card__description">{listing.description.trim() || 'No description provided'}</p>
        <p className="browse-card__price">{formatPrice(listing.price, listing.currency)}</p>
        <p className="browse-card__location muted">{listing.location}</p>
        <Link to="/item/$slug" params={{ slug }} className="button button--outline button--small browse-card__cta">
          View Details<span className="visually-hidden">: {listing.title}</span>
        </Link>
      </div>
    </article>
  );
}

/** Text inputs whose value reaches the URL after a pause; the URL changing elsewhere resets them. */
function useDebouncedField(urlValue: string, commit: (value: string) => void) {
  const [text, setText] = useState(urlValue);
  const settled = useDebouncedValue(text, TYPING_DEBOUNCE_MS);
  useEffect(() => setText(urlValue), [urlValue]);
  useEffect(() => {
    if (settled !== urlValue) commit(settled);
    // Only a settled edit commits; urlValue changes alone must not echo back.
  }, [settled]);
  return [text, setText] as const;
}

export function BrowseListingsPage() {
  usePageTitle('Browse Listings');
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const ids = { q: useId(), category: useId(), location: useId(), condition: useId(), min: useId(), max: useId() };

  const update = (patch: Partial<ListingFiltersSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch, page: undefined }), resetScroll: false, replace: true });

  const [q, setQ] = useDebouncedField(String(search.q ?? ''), (value) => update({ q: value.trim() || undefined }));
  const [minText, setMinText] = useDebouncedField(search.minPrice === undefined ? '' : String(search.minPrice), (value) => {
    const parsed = parsePriceDraft({ min: value, max: '' });
    if (!('error' in parsed)) update({ minPrice: parsed.minPrice });
  });
  const [maxText, setMaxText] = useDebouncedField(search.maxPrice === undefined ? '' : String(search.maxPrice), (value) => {
    const parsed = parsePriceDraft({ min: '', max: value });
    if (!('error' in parsed)) update({ maxPrice: parsed.maxPrice });
  });
  const priceError = (() => {
    const parsed = parsePriceDraft({ min: minText, max: maxText });
    return 'error' in parsed ? parsed.error : null;
  })();

  const query = browseApiQuery(search);
  const listings = useQuery({ ...listingQueries.list(query), placeholderData: keepPreviousData });
  const categories = useQuery(catalogQueries.categories());
  const locations = useQuery(locationQueries.list(LOCATION_CHOICES));
  const activeSort = BROWSE_SORTS.find((s) => s.sortBy === query.sortBy && s.sortOrder === query.sortOrder);
  const page = listings.data?.pagination;

  return (
    <section className="browse-page">
      <h1 className="page-title">Browse Listings</h1>

      <form className="browse-filters" role="search" aria-label="Filter listings" onSubmit={(e) => e.preventDefault()}>
        <div className="browse-filters__field browse-filters__field--wide">
          <label htmlFor={ids.q}>Search</label>
          <input id={ids.q} className="text-input" type="search" placeholder="Search listings..." value={q} onChange={(e) => setQ(e.target.value)} maxLength={200} />
        </div>
        <div className="browse-filters__field">
          <label htmlFor={ids.category}>Category</label>
          <select id={ids.category} className="text-input" value={search.category ?? ''} onChange={(e) => update({ category: e.target.value || undefined })}>
            <option value="">All Categories</option>
            {categories.data?.map((category) => (
              <option key={category.id} value={category.name}>
                {category.name}
              </option>
            ))}
            {search.category && !categories.data?.some((c) => c.name === search.category) && <option value={search.category}>{search.category}</option>}
          </select>
        </div>
        <div className="browse-filters__field">
          <label htmlFor={ids.location}>Location</label>
          <select id={ids.location} className="text-input" value={search.location ?? ''} onChange={(e) => update({ location: e.target.value || undefined })}>
            <option value="">All Locations</option>
            {locations.data?.map((location) => (
              <option key={location.id} value={location.name}>
                {location.name}
              </option>
            ))}
            {search.location && !locations.data?.some((l) => l.name === search.location) && <option value={search.location}>{search.location}</option>}
          </select>
        </div>
        <div className="browse-filters__field">
          <label htmlFor={ids.condition}>Condition</label>
          <select
            id={ids.condition}
            className="text-input"
            value={search.condition ?? ''}
            onChange={(e) => update({ condition: (e.target.value || undefined) as ListingFiltersSearch['condition'] })}
          >
            <option value="">All Conditions</option>
            {CONDITIONS.map((condition) => (
              <option key={condition} value={condition}>
                {CONDITION_LABELS[condition]}
              </option>
            ))}
          </select>
        </div>
        <div className="browse-filters__field browse-filters__field--price">
          <label htmlFor={ids.min}>Min price (₹)</label>
          <input id={ids.min} className="text-input" inputMode="numeric" placeholder="0" value={minText} onChange={(e) => setMinText(e.target.value)} maxLength={12} />
        </div>
        <div className="browse-filters__field browse-filters__field--price">
          <label htmlFor={ids.max}>Max price (₹)</label>
          <input id={ids.max} className="text-input" inputMode="numeric" placeholder="Any" value={maxText} onChange={(e) => setMaxText(e.target.value)} maxLength={12} />
        </div>
        {priceError && (
          <p className="field-error browse-filters__error" role="alert">
            {priceError}
          </p>
        )}
        <div className="browse-sorts" role="group" aria-label="Sort by">
          {BROWSE_SORTS.map((sort) => (
            <button
              key={sort.label}
              type="button"
              className={activeSort === sort ? 'sort-chip is-active' : 'sort-chip'}
              aria-pressed={activeSort === sort}
              onClick={() => update({ sortBy: sort.sortBy, sortOrder: sort.sortOrder })}
            >
              {sort.label}
            </button>
          ))}
        </div>
      </form>

      {listings.isPending ? (
        <p className="status-text" role="status">
          Loading listings...
        </p>
      ) : listings.isError && !listings.data ? (
        <div className="error-panel" role="alert">
          <p>
            <strong>Error loading listings</strong>
          </p>
          <p>Please try again later.</p>
          <button type="button" className="button button--primary" onClick={() => void listings.refetch()}>
            Try Again
          </button>
        </div>
      ) : listings.data.listings.length === 0 ? (
        <div className="empty-state">
          <h2 className="empty-state__title">No listings found</h2>
          <p className="muted">Try adjusting your search criteria</p>
        </div>
      ) : (
        <>
          <p className="muted" aria-live="polite">
            Showing {listings.data.listings.length} of {formatTotal(listings.data.pagination)} listings
          </p>
          <div className={listings.isPlaceholderData ? 'browse-grid is-stale' : 'browse-grid'}>
            {listings.data.listings.map((listing) => (
              <BrowseCard key={listing.id} listing={listing} />
            ))}
          </div>
          {page && (
            <Pagination
              page={page.page}
              pages={page.pages}
              renderLink={(n, props) => <Link to="/listings" search={{ ...search, page: n === 1 ? undefined : n }} {...props} />}
            />
          )}
        </>
      )}
    </section>
  );
}
