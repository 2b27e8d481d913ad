/**
 * A seller's page as plain HTML (decisions 011 and 026): what a crawler, a link preview or a phone
 * whose JavaScript has not run yet sees inside #root. The app's SellerPage.tsx uses the same
 * elements and class names, so its first render replaces this without the page moving. Every
 * value is escaped. Only the public profile is used (the API's answer holds no phone or e-mail).
 * Pure functions: no worker-only imports.
 */
import type { ListingsPage } from '../schemas/listings';
import type { SellerProfile } from '../schemas/sellers';
import { replyTimeLabel, type SellerSort } from '../schemas/seller-page-data';
import { escapeHtml, listingCardHtml } from './browse-page';

const monthYear = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });
const SORT_LABELS: Record<SellerSort, string> = { newest: 'Newest first', 'price-low': 'Price: low to high', 'price-high': 'Price: high to low' };

export interface SellerMarkupInput {
  origin: string;
  seller: SellerProfile;
  results: ListingsPage | undefined;
  sort: SellerSort;
}

const pageHref = (seller: SellerProfile, sort: SellerSort, page: number) => {
  const params = new URLSearchParams();
  if (sort !== 'newest') params.set('order', sort);
  if (page > 1) params.set('page', String(page));
  const q = params.toString();
  return `${seller.path}${q ? `?${q}` : ''}`;
};

export const sellerMarkup = ({ origin, seller, results, sort }: SellerMarkupInput) => {
  const initial = escapeHtml(seller.name.trim().charAt(0).toUpperCase() || 'S');
  const avatar = seller.avatar ? `<img src="${escapeHtml(seller.avatar)}" alt="" width="72" height="72">` : initial;
  const badges = [
    seller.phoneVerified ? '<li class="badge badge--verified">Phone verified</li>' : '',
    seller.emailVerified ? '<li class="badge badge--verified">E-mail verified</li>' : '',
  ].join('');
  const facts = [
    `<li>Member since ${escapeHtml(monthYear.format(new Date(seller.memberSince)))}</li>`,
    `<li>${seller.liveAds.toLocaleString('en-IN')} ${seller.liveAds === 1 ? 'ad' : 'ads'} live</li>`,
    seller.replyTime ? `<li class="seller-page__reply">${escapeHtml(replyTimeLabel(seller.replyTime.medianMinutes))}</li>` : '',
  ].join('');
  const sorts = (Object.keys(SORT_LABELS) as SellerSort[])
    .map((s) => `<option value="${s}"${s === sort ? ' selected' : ''}>${SORT_LABELS[s]}</option>`)
    .join('');
  const listings = results?.listings ?? [];
  const page = results?.pagination.page ?? 1;
  const pages = results?.pagination.pages ?? 1;
  const pager =
    pages > 1
      ? '<nav class="pagination" aria-label="Pagination">' +
        (page > 1 ? `<a class="pagination__step" href="${escapeHtml(pageHref(seller, sort, page - 1))}">‹ Previous</a>` : '<span class="pagination__step pagination__step--disabled" aria-hidden="true">‹ Previous</span>') +
        `<span class="pagination__status">Page ${page} of ${pages}</span>` +
        (page < pages ? `<a class="pagination__step" href="${escapeHtml(pageHref(seller, sort, page + 1))}">Next ›</a>` : '<span class="pagination__step pagination__step--disabled" aria-hidden="true">Next ›</span>') +
        '</nav>'
      : '';
  const grid = listings.length
    ? `<div class="listing-grid listing-grid--products">${listings.map((l, i) => listingCardHtml(l, origin, i < 2)).join('')}</div>${pager}`
    : '<div class="empty-state"><h2 class="empty-state__title">No live ads right now</h2></div>';
  return (
    '<main id="main" class="site-main"><div class="seller-page">' +
    `<section class="seller-page__head detail-card"><span class="seller-page__avatar" aria-hidden="true">${avatar}</span>` +
    `<div class="seller-page__who"><h1 class="seller-page__name">${escapeHtml(seller.name)}</h1>` +
    (badges ? `<ul class="seller-page__badges">${badges}</ul>` : '') +
    `<ul class="seller-page__facts muted">${facts}</ul></div></section>` +
    '<section class="seller-page__ads" aria-labelledby="seller-ads-heading">' +
    `<div class="seller-page__toolbar"><h2 id="seller-ads-heading" class="seller-page__ads-title">Ads by ${escapeHtml(seller.name)}</h2>` +
    `<form method="get" class="seller-page__sort"><label>Sort <select name="order">${sorts}</select></label><noscript><button type="submit" class="button">Sort</button></noscript></form></div>` +
    `${grid}</section></div></main>`
  );
};

/** schema.org: the seller as a Person or an Organization, with their ads as offers. */
export const sellerJsonLd = ({ origin, seller, results }: Pick<SellerMarkupInput, 'origin' | 'seller' | 'results'>) => ({
  '@context': 'https://schema.org',
  '@type': 'ProfilePage',
  url: `${origin}${seller.path}`,
  dateCreated: seller.memberSince,
  mainEntity: {
    '@type': seller.businessName ? 'Organization' : 'Person',
    name: seller.name,
    url: `${origin}${seller.path}`,
    ...(seller.avatar ? { image: seller.avatar } : {}),
    makesOffer: (results?.listings ?? []).map((l) => ({
      '@type': 'Offer',
      url: `${origin}/item/${l.slug}`,
      name: l.title,
      price: l.price.toFixed(2),
      priceCurrency: l.currency,
    })),
  },
});
