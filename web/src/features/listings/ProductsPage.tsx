import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { Link, getRouteApi } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { InternalLink } from '../../components/InternalLink';
import { Pagination } from '../../components/Pagination';
import { usePageTitle } from '../../lib/page-title';
import { formatTotal } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { withNames } from '../../lib/with-names';
import { useIsMobile } from '../../lib/use-media-query';
import { type ProductsSearch } from '../../lib/search-params';
import { catalogQueries, findCategory, findSubcategory } from '../catalog/queries';
import { locationQueries } from '../locations/queries';
import { syncSelectedLocation } from '../locations/selected-location';
import {
  SORT_LABELS,
  budgetChip,
  clearedFilters,
  effectiveSort,
  filterChips,
  isAllIndia,
  productsApiQuery,
  productsHeading,
  productsPageTitle,
  sortChoices,
  DEFAULT_RADIUS_KM,
  RADIUS_CHOICES,
  withFilters,
  type FilterChip,
  type PriceDraftError,
  type ProductSort,
} from './filters';
import { ListingCard } from './ListingCard';
import { FilterPanel } from './ProductFilters';
import { listingQueries } from './queries';
import { AfterFirstPaint } from '../../components/AfterFirstPaint';
import { SearchNotice } from '../search/SearchNotice';
import { SaveSearchButton } from '../saved-searches/SaveSearchButton';
import { useOpenedFromAlert } from '../saved-searches/opened-from-alert';

const route = getRouteApi('/products');
const SIDEBAR_LOCATIONS = 15;
const EAGER_CARDS = 4;
/** Cards rendered with the page; the others follow right after the first paint. */
const FIRST_SCREEN_CARDS = 6;

/** `placeFromWords`: the place the search read from the words ("iphone in pune"), when the URL names none. */
function Breadcrumbs({ search, placeFromWords }: { search: ProductsSearch; placeFromWords?: string }) {
  const { t } = useI18n();
  const shownPlace = search.location ?? placeFromWords;
  const place = isAllIndia(shownPlace) ? t('India') : (shownPlace ?? '');
  const crumbs: { label: string; search?: ProductsSearch }[] = [];
  if (search.category) crumbs.push({ label: t(search.category), search: { category: search.category } });
  crumbs.push({
    label: t('Items in {place}', { place }),
    search: { category: search.category, location: isAllIndia(shownPlace) ? undefined : shownPlace },
  });
  if (search.subcategory) {
    crumbs.push({
      label: t(search.subcategory),
      search: { category: search.category, subcategory: search.subcategory, location: search.location },
    });
  }
  if (search.q) crumbs.push({ label: t('Search "{q}"', { q: search.q }) });
  // The last crumb is the page itself.
  const last = crumbs.length - 1;
  return (
    <nav aria-label={t('Breadcrumb')} className="breadcrumbs">
      <ol>
        <li>
          <Link to="/">{t('Home')}</Link>
        </li>
        {crumbs.map((crumb, index) => (
          <li key={crumb.label}>
            {index === last || !crumb.search ? (
              <span aria-current={index === last ? 'page' : undefined}>{withNames(crumb.label, [isAllIndia(shownPlace) ? undefined : shownPlace, search.q])}</span>
            ) : (
              <Link to="/products" search={crumb.search}>
                {withNames(crumb.label, [isAllIndia(shownPlace) ? undefined : shownPlace, search.q])}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function PopularSearches({ search }: { search: ProductsSearch }) {
  const { data, isPending } = useQuery(catalogQueries.popularSearches(search.category));
  const { t } = useI18n();
  if (isPending) return <div className="popular-searches" aria-hidden="true" />;
  if (!data?.length) return null;
  return (
    <nav className="popular-searches" aria-label={t('Popular searches')}>
      <span className="popular-searches__label">{t('Popular searches:')}</span>
      <ul>
        {data.map((item) => (
          <li key={item.id}>
            <Link
              to="/products"
              search={withFilters(search, { q: item.term })}
              className={search.q?.toLowerCase() === item.term.toLowerCase() ? 'popular-searches__term is-active' : 'popular-searches__term'}
            >
              {/* the stored term is what is searched; the reader sees it in their language (catalog-hi.ts) */}
              {t(item.term)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function BannerAd() {
  const { data, isPending } = useQuery(catalogQueries.bannerAds());
  const ad = data?.[0];
  const { t } = useI18n();
  if (isPending) return <div className="banner-ad banner-ad--pending" aria-hidden="true" />;
  if (!ad) return null;
  return (
    <aside className="banner-ad" aria-label={t('Advertisement')}>
      <img className="banner-ad__logo" src={ad.logo} alt="" width={48} height={48} loading="lazy" />
      <div className="banner-ad__text">
        <p className="banner-ad__title">{t(ad.title)}</p>
        <p className="banner-ad__subtitle">{t(ad.subtitle)}</p>
      </div>
      <InternalLink href={ad.link} className="button button--primary banner-ad__button">
        {t(ad.buttonText)}
      </InternalLink>
    </aside>
  );
}

function FilterChips({ chips, onClearAll }: { chips: FilterChip[]; onClearAll: () => void }) {
  const { t } = useI18n();
  if (chips.length === 0) return null;
  return (
    <div className="filter-chips" role="group" aria-label={t('Active filters')}>
      <ul>
        {chips.map((chip) => (
          <li key={chip.key} className="chip">
            {/* the buyer's words and place are kept as written */}
            <span translate={chip.key === 'q' || chip.key === 'location' ? 'no' : undefined}>{chip.label}</span>
            <Link to="/products" search={chip.next} resetScroll={false} className="chip__remove" aria-label={t('Remove filter {name}', { name: chip.label })}>
              ×
            </Link>
          </li>
        ))}
      </ul>
      <button type="button" className="link-button" onClick={onClearAll}>
        {t('Clear All')}
      </button>
    </div>
  );
}

function SortSelect({ search, onSort }: { search: ProductsSearch; onSort: (sort: ProductSort) => void }) {
  const { t } = useI18n();
  return (
    <label className="sort-select">
      <span className="sort-select__label">{t('Sort by:')}</span>
      <select value={effectiveSort(search)} onChange={(e) => onSort(e.target.value as ProductSort)}>
        {sortChoices(search).map((sort) => (
          <option key={sort} value={sort}>
            {t(SORT_LABELS[sort])}
          </option>
        ))}
      </select>
    </label>
  );
}

function ResultsSkeleton() {
  return (
    <div className="listing-grid listing-grid--products" aria-hidden="true">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="skeleton-card">
          <div className="skeleton-card__media" />
          <div className="skeleton-card__line" />
          <div className="skeleton-card__line skeleton-card__line--short" />
        </div>
      ))}
    </div>
  );
}

/** No answer at all (offline, or the network dropped): not the server's fault, and worth trying again once online. */
const isNetworkError = (error: unknown) => (isApiError(error) && error.status === 0) || (typeof navigator !== 'undefined' && navigator.onLine === false);

export function ProductsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const i18n = useI18n();
  const { t, tn } = i18n;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [draft, setDraft] = useState<ProductsSearch>(search);
  const [draftResets, setDraftResets] = useState(0);
  // the drawer's price inputs when they cannot be applied (min above max): Apply says so instead of dropping them
  const [draftPriceError, setDraftPriceError] = useState<PriceDraftError | null>(null);
  const [applyRefused, setApplyRefused] = useState(false);
  const resetDraft = (next: ProductsSearch) => {
    setDraft(next);
    setDraftResets((n) => n + 1);
    setDraftPriceError(null);
    setApplyRefused(false);
  };
  usePageTitle(productsPageTitle(search, i18n));
  useOpenedFromAlert(search.savedSearch, () => void navigate({ search: (s) => ({ ...s, savedSearch: undefined }), replace: true }));
  // The URL's place is the selected place (spec part 1 §2): the header and later searches follow it.
  // (near me keeps the detected place's name as the label)
  const near = search.lat !== undefined;
  const listings = useQuery({ ...listingQueries.list(productsApiQuery(search)), placeholderData: keepPreviousData });
  // A place read from the words ("iphone in pune") is where the search looks: the location picker
  // and the breadcrumb show it, as if it had been picked (the notice above the results offers all
  // of India instead). Only this URL's own answer counts, not the previous page kept on screen.
  const placeFromWords = !near && !search.location && !listings.isPlaceholderData ? listings.data?.search?.interpretedAs.location : undefined;
  // words that may name a place: the picker waits for the answer instead of flashing "India" first
  const placeUnknownYet = !near && !search.location && Boolean(search.q) && (!listings.data || listings.isPlaceholderData);
  useEffect(() => {
    if (!near && !placeUnknownYet) syncSelectedLocation(search.location !== undefined ? (isAllIndia(search.location) ? undefined : search.location) : placeFromWords);
  }, [search.location, near, placeFromWords, placeUnknownYet]);

  // a search that failed for want of a network runs again by itself once the network is back
  const refetchListings = listings.refetch;
  const failedOffline = listings.isError && isNetworkError(listings.error);
  useEffect(() => {
    if (!failedOffline) return;
    const retry = () => void refetchListings();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failedOffline, refetchListings]);
  const categories = useQuery(catalogQueries.categories());
  const locations = useQuery(locationQueries.list(SIDEBAR_LOCATIONS));

  const apply = (next: ProductsSearch, resetScroll = false) => void navigate({ search: next, resetScroll });
  const listingsSearch = listings.data?.search;
  // the answer's budget from the words, once it is the answer to this URL (not the previous page kept on screen)
  const budget = listings.isPlaceholderData ? undefined : budgetChip(search, listingsSearch, i18n);
  const chips = budget ? [...filterChips(search, i18n), budget] : filterChips(search, i18n);
  const clearAll = () => apply(clearedFilters(search));

  const openDrawer = () => {
    resetDraft(search);
    setDrawerOpen(true);
  };

  const page = listings.data?.pagination;
  const isMobile = useIsMobile();
  const now = new Date();
  const category = findCategory(categories.data ?? [], search.category);
  const subcategory = findSubcategory(category, search.subcategory);
  // Use the catalogue's spelling when the URL used an id or a different case.
  const heading = productsHeading({ ...search, category: category?.name ?? search.category, subcategory: subcategory?.name ?? search.subcategory }, i18n, listings.data?.search);
  const headingNames = [isAllIndia(search.location) ? undefined : search.location, search.q, listings.data?.search?.interpretedAs.location, listings.data?.search?.widenedTo, listings.data?.search?.interpretedAs.q];

  return (
    <div className="products-page">
      <Breadcrumbs search={search} placeFromWords={placeFromWords} />
      <div className="products-head">
        <h1 className="page-title">{withNames(heading, headingNames)}</h1>
        {page && (
          <p className="muted products-head__count" aria-live="polite">
            {tn(page.totalCapped ? 2 : page.total, '{n} ad', '{n} ads', { n: formatTotal(page, i18n.language) })}
          </p>
        )}
        <SaveSearchButton search={search} />
      </div>
      <PopularSearches search={search} />
      <BannerAd />

      <div className="products-layout">
        {/* phones filter in the drawer instead: the hidden sidebar is not rendered at all there */}
        {!isMobile && (
          <aside className="products-sidebar" aria-labelledby="products-filters-heading">
            <h2 id="products-filters-heading" className="visually-hidden">
              {t('Filters')}
            </h2>
            <FilterPanel search={search} onChange={(next) => apply(next)} categories={categories.data} locations={locations.data} mode="live" />
          </aside>
        )}

        <section className="products-results" aria-labelledby="products-results-heading" aria-busy={listings.isFetching}>
          <h2 id="products-results-heading" className="visually-hidden">
            {t('Results')}
          </h2>
          <div className="products-toolbar">
            <button type="button" className="button button--outline button--small filters-button" onClick={openDrawer} aria-haspopup="dialog">
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path fill="currentColor" d="M3 5h18v2H3V5Zm4 6h10v2H7v-2Zm3 6h4v2h-4v-2Z" />
              </svg>
              {t('Filters')}{chips.length > 0 ? ` (${chips.length})` : ''}
            </button>
            {near && (
              <label className="sort-select">
                <span className="sort-select__label">{t('Within:')}</span>
                <select value={search.radius ?? DEFAULT_RADIUS_KM} onChange={(e) => apply(withFilters(search, { radius: Number(e.target.value) }))}>
                  {RADIUS_CHOICES.map((km) => (
                    <option key={km} value={km}>
                      {t('{km} km', { km })}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <SortSelect search={search} onSort={(sort) => apply(withFilters(search, { sort }))} />
          </div>
          <FilterChips chips={chips} onClearAll={clearAll} />
          {listings.data?.search && <SearchNotice info={listings.data.search} search={search} />}

          {listings.isError && !listings.data ? (
            <div className="error-panel" role="alert">
              <p>{isNetworkError(listings.error) ? t('You are offline, and these results are not saved on this phone. They appear when you are back online.') : t('Failed to fetch data')}</p>
              <button type="button" className="button button--primary" onClick={() => void listings.refetch()}>
                {t('Try Again')}
              </button>
            </div>
          ) : !listings.data ? (
            <ResultsSkeleton />
          ) : listings.data.listings.length === 0 ? (
            <div className="empty-state">
              <h2 className="empty-state__title">{t('No products found')}</h2>
              <p className="muted">{t('Try another search or fewer filters.')}</p>
              <button type="button" className="button button--primary" onClick={clearAll}>
                {t('Clear All Filters')}
              </button>
            </div>
          ) : (
            <>
              {listings.isError && (
                <p className="field-error" role="alert">
                  {t('Failed to fetch data')}
                </p>
              )}
              <div className={listings.isPlaceholderData ? 'listing-grid listing-grid--products is-stale' : 'listing-grid listing-grid--products'}>
                {listings.data.listings.slice(0, FIRST_SCREEN_CARDS).map((listing, index) => (
                  <ListingCard key={listing.id} listing={listing} priority={index < EAGER_CARDS} now={now} />
                ))}
                {/* the rest are below the fold on a phone: they render once the first screen is up */}
                <AfterFirstPaint>
                  {listings.data.listings.slice(FIRST_SCREEN_CARDS).map((listing) => (
                    <ListingCard key={listing.id} listing={listing} now={now} />
                  ))}
                </AfterFirstPaint>
              </div>
              {page && (
                <Pagination
                  page={page.page}
                  pages={page.pages}
                  renderLink={(n, props) => <Link to="/products" search={{ ...search, page: n === 1 ? undefined : n }} {...props} />}
                />
              )}
            </>
          )}
        </section>
      </div>

      <Dialog
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        title={t('Filters')}
        variant="drawer-right"
        footer={
          <>
          {applyRefused && draftPriceError && (
            <p className="field-error drawer-actions__error" role="alert">
              {t('Check the price before applying: {error}', { error: draftPriceError.error })}
            </p>
          )}
          <div className="drawer-actions">
            <button type="button" className="button button--outline" onClick={() => resetDraft(clearedFilters(draft))}>
              {t('Clear All')}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                // a price the inputs cannot apply is never dropped quietly: the buyer fixes or swaps it first
                if (draftPriceError) {
                  setApplyRefused(true);
                  document.querySelector<HTMLElement>('.dialog--drawer-right .price-filter input[aria-invalid]')?.focus();
                  return;
                }
                setDrawerOpen(false);
                apply(draft, true);
              }}
            >
              {t('Apply Filters')}
            </button>
          </div>
          </>
        }
      >
        <section className="drawer-current" aria-label={t('Current Filters')}>
          <h3 className="filter-section__title">{t('Current Filters')}</h3>
          {filterChips(draft, i18n).length === 0 ? (
            <p className="muted">{t('No filters applied')}</p>
          ) : (
            <ul className="filter-chips__list">
              {filterChips(draft, i18n).map((chip) => (
                <li key={chip.key} className="chip">
                  {/* the buyer's words and place are kept as written */}
            <span translate={chip.key === 'q' || chip.key === 'location' ? 'no' : undefined}>{chip.label}</span>
                  <button type="button" className="chip__remove" aria-label={t('Remove filter {name}', { name: chip.label })} onClick={() => resetDraft(chip.next)}>
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <FilterPanel
          search={draft}
          onChange={setDraft}
          categories={categories.data}
          locations={locations.data}
          mode="draft"
          resetToken={draftResets}
          onPriceError={(error) => {
            setDraftPriceError(error);
            if (!error) setApplyRefused(false);
          }}
        />
      </Dialog>
    </div>
  );
}
