/**
 * The first page of a browse page's results as plain HTML (decision 011): what a crawler, a link
 * preview or a phone whose JavaScript has not run yet sees inside #root. The markup uses the app's
 * own class names (web/src/features/listings/ListingCard.tsx, ProductsPage.tsx), so the built
 * stylesheet lays it out as the app will, and React replaces it on its first render without the
 * results moving. Every value from the data is escaped here; nothing in this file trusts a title.
 * Pure functions: no worker-only imports.
 */
import type { ListingsPage } from '../schemas/listings';
import type { SearchInfo } from '../schemas/search';
import { understoodSubject } from '../schemas/search-subject';

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

const inrNumber = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const westernNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const CURRENCY_SYMBOLS: Record<string, string> = { INR: '₹', EUR: '€', GBP: '£' };

/** The client's formatPrice (web/src/lib/format.ts), so the server's cards read the same. */
export const formatPrice = (price: number, currency: string | null | undefined = 'INR') => {
  const code = (currency || 'INR').trim().toUpperCase();
  const amount = Number.isFinite(price) ? price : 0;
  if (code === 'INR') return `₹ ${inrNumber.format(amount)}`;
  return `${CURRENCY_SYMBOLS[code] ?? '$'} ${westernNumber.format(amount)}`;
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/**
 * The card date as the app writes it (formatListingDate in web/src/lib/format.ts), in India's time
 * zone: the server cannot know the viewer's, and the app re-renders it in theirs on takeover.
 */
export const formatListingDateIst = (iso: string, now = new Date()) => {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '';
  const date = new Date(at + IST_OFFSET_MS);
  const today = new Date(now.getTime() + IST_OFFSET_MS);
  const days = Math.round((Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())) / DAY_MS);
  if (days <= 0) return 'Today';
  if (days === 1) return 'YESTERDAY';
  if (days < 7) return `${days} DAYS AGO`;
  const monthDay = `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
  return date.getUTCFullYear() === today.getUTCFullYear() ? monthDay : `${monthDay}, ${date.getUTCFullYear()}`;
};

const VERIFIED_ICON =
  '<svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true"><path fill="currentColor" d="M8 0 10 2h3v3l2 3-2 3v3h-3l-2 2-2-2H3v-3L1 8l2-3V2h3Zm-1 11 5-5-1-1-4 4-2-2-1 1Z"/></svg>';

/** What the page is about, in the catalogue's spelling (resolved by the caller). */
export interface BrowseSubject {
  q?: string;
  category?: string;
  subcategory?: string;
  /** undefined = all of India */
  location?: string;
}

/** The products page's URL state a link keeps (the rest is dropped from page links). */
const LINK_PARAMS = ['q', 'category', 'subcategory', 'location', 'brand', 'minPrice', 'maxPrice', 'condition', 'sort'];

export const productsHref = (params: Record<string, string | undefined>) => {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) out.set(k, v);
  const query = out.toString();
  return `/products${query ? `?${query}` : ''}`;
};

/** Same crumbs as the app's Breadcrumbs (ProductsPage.tsx): Home › category › Items in place › subcategory › search. */
export const browseCrumbs = (s: BrowseSubject): { label: string; href?: string }[] => {
  const place = s.location ?? 'India';
  const crumbs: { label: string; href?: string }[] = [{ label: 'Home', href: '/' }];
  if (s.category) crumbs.push({ label: s.category, href: productsHref({ category: s.category }) });
  crumbs.push({ label: `Items in ${place}`, href: productsHref({ category: s.category, location: s.location }) });
  if (s.subcategory) crumbs.push({ label: s.subcategory, href: productsHref({ category: s.category, subcategory: s.subcategory, location: s.location }) });
  if (s.q) crumbs.push({ label: `Search "${s.q}"` });
  return crumbs;
};

/** The results' heading, as the app's productsHeading says it in English (after the search's understanding of the words). */
export const browseHeading = (s: BrowseSubject, info?: SearchInfo): string => {
  const understood = understoodSubject(s, info);
  if (understood) return browseHeading({ ...understood, subcategory: undefined });
  const place = s.location ?? 'India';
  return s.q ? `"${s.q}" in ${place}` : `${s.subcategory ?? s.category ?? 'Items'} in ${place}`;
};

/** 1 … 4 5 [6] 7 8 … 20, as web/src/components/pagination.ts. */
const pageItems = (current: number, total: number): (number | 'gap')[] => {
  if (total <= 1) return total === 1 ? [1] : [];
  const start = Math.max(2, current - 2);
  const end = Math.min(total - 1, current + 2);
  const items: (number | 'gap')[] = [1];
  if (start > 2) items.push(start === 3 ? 2 : 'gap');
  for (let n = start; n <= end; n++) items.push(n);
  if (end < total - 1) items.push(end === total - 2 ? total - 1 : 'gap');
  items.push(total);
  return items;
};

/**
 * One listing card as ListingCard renders it (without the heart, which needs the app). `eager`:
 * above the fold, loaded at once with high priority, as the app's `priority` cards.
 */
export const listingCardHtml = (l: ListingsPage['listings'][number], origin: string, eager: boolean) => {
  const image = l.thumbnails[0] ?? l.images[0];
  const date = formatListingDateIst(l.createdAt);
  const media = image
    ? `<img src="${escapeHtml(image)}" alt="${escapeHtml(l.title)}" width="400" height="300" loading="${eager ? 'eager' : 'lazy'}"${eager ? ' fetchpriority="high"' : ''} decoding="async">`
    : `<div class="listing-card__placeholder" role="img" aria-label="${escapeHtml(`${l.title}: no photo available`)}"><span aria-hidden="true">${escapeHtml(l.category.name)}</span></div>`;
  return (
    `<article class="${l.isFeatured ? 'listing-card listing-card--featured' : 'listing-card'}">` +
    `<a href="${escapeHtml(`${origin}/item/${encodeURIComponent(l.slug)}`)}" class="listing-card__link">` +
    `<div class="listing-card__media">${media}${l.isFeatured ? '<span class="badge badge--featured">FEATURED</span>' : ''}</div>` +
    `<div class="listing-card__body"><p class="listing-card__price">${escapeHtml(formatPrice(l.price, l.currency))}</p>` +
    `<h3 class="listing-card__title">${escapeHtml(l.title)}</h3>` +
    `<div class="listing-card__meta"><span class="listing-card__location">${escapeHtml(l.location)}</span>${date ? `<time class="listing-card__date" datetime="${escapeHtml(l.createdAt)}">${date}</time>` : ''}</div>` +
    `${l.verified ? `<span class="listing-card__verified">${VERIFIED_ICON}Verified</span>` : ''}</div>` +
    `</a></article>`
  );
};

export interface BrowseMarkupInput {
  origin: string;
  subject: BrowseSubject;
  /** the request's own parameters: page links keep its filters and sort */
  search: URLSearchParams;
  results: ListingsPage;
  popular?: { term: string }[];
}

const SORTS: [string, string][] = [
  ['createdAt-desc', 'Date Published'],
  ['price-asc', 'Price: Low to High'],
  ['price-desc', 'Price: High to Low'],
];

/** The app's price chip label (priceRangeLabel in web/src/features/listings/filters.ts), in English. */
export const budgetLabel = (minPrice: number | undefined, maxPrice: number | undefined) => {
  if (minPrice !== undefined && maxPrice !== undefined) return `${formatPrice(minPrice)} - ${formatPrice(maxPrice)}`;
  if (minPrice !== undefined) return `Above ${formatPrice(minPrice)}`;
  return maxPrice !== undefined ? `Under ${formatPrice(maxPrice)}` : undefined;
};

/**
 * Filters and sort as the app shows them, working without JavaScript: each active filter is a
 * link that drops it, the sort is a GET form (its button only shows when scripts are off).
 */
const toolbar = (subject: BrowseSubject, keep: Record<string, string | undefined>, info?: SearchInfo) => {
  const without = (...keys: string[]) => productsHref({ ...keep, ...Object.fromEntries(keys.map((k) => [k, undefined])) });
  const chips: { label: string; href: string }[] = [];
  if (subject.q) chips.push({ label: `"${subject.q}"`, href: without('q') });
  if (subject.category) chips.push({ label: subject.category, href: without('category', 'subcategory') });
  if (subject.subcategory) chips.push({ label: subject.subcategory, href: without('subcategory') });
  if (subject.location) chips.push({ label: subject.location, href: without('location') });
  if (keep.brand) chips.push({ label: `Brand: ${keep.brand}`, href: without('brand') });
  if (keep.minPrice || keep.maxPrice) chips.push({ label: `Price: ${keep.minPrice ? formatPrice(Number(keep.minPrice)) : '₹ 0'} - ${keep.maxPrice ? formatPrice(Number(keep.maxPrice)) : 'any'}`, href: without('minPrice', 'maxPrice') });
  // a budget read from the words: removing it searches the words without it (as the app's chip)
  const budget = info?.withoutBudget !== undefined ? budgetLabel(info.interpretedAs.minPrice, info.interpretedAs.maxPrice) : undefined;
  if (budget) chips.push({ label: budget, href: productsHref({ ...keep, q: info!.withoutBudget || undefined }) });
  const sort = keep.sort && SORTS.some(([v]) => v === keep.sort) ? keep.sort : keep.q ? 'relevance-desc' : 'createdAt-desc';
  const choices: [string, string][] = keep.q ? [['relevance-desc', 'Relevance'], ...SORTS] : SORTS;
  const hidden = Object.entries(keep)
    .filter(([k, v]) => v && k !== 'sort')
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v!)}">`)
    .join('');
  return (
    '<div class="products-toolbar">' +
    `<a class="button button--outline button--small filters-button" href="${escapeHtml(productsHref(keep))}">Filters${chips.length ? ` (${chips.length})` : ''}</a>` +
    `<form class="sort-select" method="get" action="/products">${hidden}<label><span class="sort-select__label">Sort by:</span> <select name="sort">${choices
      .map(([v, label]) => `<option value="${v}"${v === sort ? ' selected' : ''}>${label}</option>`)
      .join('')}</select></label><noscript><button type="submit" class="button button--outline button--small">Sort</button></noscript></form>` +
    '</div>' +
    (chips.length
      ? `<div class="filter-chips" role="group" aria-label="Active filters"><ul>${chips
          .map((c) => `<li class="chip"><span>${escapeHtml(c.label)}</span><a href="${escapeHtml(c.href)}" class="chip__remove" aria-label="${escapeHtml(`Remove filter ${c.label}`)}">×</a></li>`)
          .join('')}</ul><a class="link-button" href="/products">Clear All</a></div>`
      : '')
  );
};

/** The page inside <main>, as ProductsPage lays it out (the sidebar's room is kept on wide screens). */
export const browseMarkup = ({ origin, subject, search, results, popular }: BrowseMarkupInput) => {
  // a place read from the words ("iphone in pune") is where the search looks: the crumbs say so, as the app's do
  const placeFromWords = search.get('location') === null && search.get('lat') === null ? results.search?.interpretedAs.location : undefined;
  const crumbs = browseCrumbs({ ...subject, location: subject.location ?? placeFromWords });
  const last = crumbs.length - 1;
  const breadcrumbs =
    '<nav aria-label="Breadcrumb" class="breadcrumbs"><ol>' +
    crumbs
      .map((c, i) =>
        i === last || !c.href ? `<li><span${i === last ? ' aria-current="page"' : ''}>${escapeHtml(c.label)}</span></li>` : `<li><a href="${escapeHtml(c.href)}">${escapeHtml(c.label)}</a></li>`,
      )
      .join('') +
    '</ol></nav>';
  const { total, totalCapped } = results.pagination as { total: number; totalCapped?: boolean };
  const count = `${total.toLocaleString('en-IN')}${totalCapped ? '+' : ''} ${total === 1 && !totalCapped ? 'ad' : 'ads'}`;
  const keep: Record<string, string | undefined> = {};
  for (const k of LINK_PARAMS) keep[k] = search.get(k) ?? undefined;
  const popularHtml = popular?.length
    ? `<nav class="popular-searches" aria-label="Popular searches"><span class="popular-searches__label">Popular searches:</span><ul>${popular
        .map((p) => `<li><a class="popular-searches__term" href="${escapeHtml(productsHref({ q: p.term, category: subject.category }))}">${escapeHtml(p.term)}</a></li>`)
        .join('')}</ul></nav>`
    : '<div class="popular-searches" aria-hidden="true"></div>';
  const { page, pages } = results.pagination;
  const pageLink = (n: number, cls: string, label: string, text: string, current = false) =>
    `<a href="${escapeHtml(productsHref({ ...keep, page: n === 1 ? undefined : String(n) }))}" class="${cls}" aria-label="${label}"${current ? ' aria-current="page"' : ''}>${text}</a>`;
  const pagination =
    pages > 1
      ? '<nav class="pagination" aria-label="Pagination">' +
        (page > 1 ? pageLink(page - 1, 'pagination__step', 'Previous page', '‹ Previous') : '<span class="pagination__step pagination__step--disabled" aria-hidden="true">‹ Previous</span>') +
        '<ul class="pagination__pages">' +
        pageItems(Math.min(page, pages), pages)
          .map((item) =>
            item === 'gap'
              ? '<li class="pagination__gap" aria-hidden="true">…</li>'
              : `<li>${pageLink(item, item === page ? 'pagination__page pagination__page--current' : 'pagination__page', `Page ${item}`, String(item), item === page)}</li>`,
          )
          .join('') +
        '</ul>' +
        (page < pages ? pageLink(page + 1, 'pagination__step', 'Next page', 'Next ›') : '<span class="pagination__step pagination__step--disabled" aria-hidden="true">Next ›</span>') +
        '</nav>'
      : '';
  const grid = results.listings.length
    ? `<div class="listing-grid listing-grid--products">${results.listings.map((l, i) => listingCardHtml(l, origin, i < 4)).join('')}</div>${pagination}`
    : '<div class="empty-state"><h2 class="empty-state__title">No products found</h2><p class="muted">Try another search or fewer filters.</p></div>';
  return (
    `<main id="main" class="site-main"><div class="products-page">${breadcrumbs}` +
    `<div class="products-head"><h1 class="page-title">${escapeHtml(browseHeading(subject, results.search))}</h1><p class="muted products-head__count">${escapeHtml(count)}</p></div>` +
    popularHtml +
    '<div class="banner-ad banner-ad--pending" aria-hidden="true"></div>' +
    '<div class="products-layout"><aside class="products-sidebar" aria-hidden="true"></aside>' +
    `<section class="products-results" aria-label="Results">${toolbar(subject, keep, results.search)}${grid}</section></div></div></main>`
  );
};

/** schema.org ItemList of the page's ads plus its BreadcrumbList. */
export const browseJsonLd = ({ origin, subject, results }: Pick<BrowseMarkupInput, 'origin' | 'subject' | 'results'>) => {
  const offset = (results.pagination.page - 1) * results.pagination.limit;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: browseHeading(subject, results.search),
      numberOfItems: results.listings.length,
      itemListElement: results.listings.map((l, i) => ({
        '@type': 'ListItem',
        position: offset + i + 1,
        url: `${origin}/item/${encodeURIComponent(l.slug)}`,
        name: l.title,
        ...(l.thumbnails[0] ?? l.images[0] ? { image: l.thumbnails[0] ?? l.images[0] } : {}),
      })),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: browseCrumbs(subject).map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.label, ...(c.href ? { item: `${origin}${c.href}` } : {}) })),
    },
  ];
};
