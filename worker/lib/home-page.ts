/**
 * The home page's first screen as plain HTML (decision 011): on a phone the category tiles and the
 * first page of fresh recommendations (MobileHome.tsx), on a wider screen the fresh
 * recommendations grid with its promo card (FreshRecommendations.tsx) — the same cards from the
 * same API answer the app renders first, with its class names, so React's first render replaces
 * them without anything moving. Every value is escaped (listingCardHtml). Pure functions: no
 * worker-only imports.
 */
import type { ListingsPage } from '../schemas/listings';
import { HOME_TILES, categoryGlyph } from '../schemas/category-tiles';
import { escapeHtml, listingCardHtml, productsHref } from './browse-page';

/** The phone's list shows its first page (six); the desktop grid eleven and a promo card after seven. */
const DESKTOP_CARDS = 11;
const PROMO_AFTER = 7;
/** Above the fold, as the app's `priority` cards: two on a phone, a row of four on a wide screen. */
const EAGER = { phone: 2, wide: 4 } as const;

const tiles = () =>
  '<section class="category-grid" aria-labelledby="category-grid-title"><h2 id="category-grid-title" class="visually-hidden">Browse categories</h2><ul class="category-grid__tiles">' +
  HOME_TILES.map(
    (t) =>
      // the app opens a guide sheet for most tiles; without it, each leads to all its ads
      `<li><a class="category-tile" href="${escapeHtml(productsHref({ category: t.target.category, subcategory: t.target.subcategory }))}">` +
      `<span class="category-tile__icon" aria-hidden="true"><svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true"><path fill="currentColor" d="${categoryGlyph(t.name)}"/></svg></span>` +
      `<span class="category-tile__name">${escapeHtml(t.name)}</span></a></li>`,
  ).join('') +
  '</ul></section>';

const PROMO =
  '<aside class="promo-card" aria-labelledby="promo-card-title"><h3 id="promo-card-title">Want to see your stuff here?</h3>' +
  "<p>Make some extra cash by selling things in your community. Go on, it's quick and easy.</p>" +
  '<a href="/en-in/post" class="button button--primary">Start selling</a></aside>';

export interface HomeMarkupInput {
  origin: string;
  /** which layout the app will render: a phone's (< 768 px) or a wider screen's */
  layout: 'phone' | 'wide';
  /** the API's answer for that layout's list (HOME_BOOT_KEYS in worker/lib/page-boot.ts) */
  results: ListingsPage;
}

export const homeMarkup = ({ origin, layout, results }: HomeMarkupInput) => {
  const shown = layout === 'phone' ? results.listings : results.listings.slice(0, DESKTOP_CARDS);
  const cards = shown.map((l, i) => listingCardHtml(l, origin, i < EAGER[layout]));
  if (layout === 'wide') cards.splice(Math.min(PROMO_AFTER, cards.length), 0, PROMO);
  const more = '<div class="home-section__more"><a href="/products" class="button button--outline">Browse All Listings</a></div>';
  // as the app: the desktop grid always (its promo card at least), the phone's list or its empty line
  // and, where the app offers Load More, a link to every ad
  const body =
    layout === 'wide'
      ? `${shown.length ? '' : '<p class="muted">No listings yet. Be the first to post an ad in your area.</p>'}<div class="listing-grid">${cards.join('')}</div>${more}`
      : shown.length
        ? `<div class="listing-grid">${cards.join('')}</div>${results.pagination.pages > 1 ? more : ''}`
        : '<p class="muted">No listings in India yet. Be the first to post an ad here.</p>';
  const headingId = layout === 'phone' ? 'mobile-fresh' : 'fresh-recommendations';
  const section = `<section class="home-section" aria-labelledby="${headingId}"><h2 id="${headingId}" class="section-title">Fresh recommendations</h2>${body}</section>`;
  return `<main id="main" class="site-main">${layout === 'phone' ? `<div class="mobile-home">${tiles()}${section}</div>` : section}</main>`;
};
