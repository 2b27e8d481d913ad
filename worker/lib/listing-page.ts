/**
 * A listing page's first screen as plain HTML (decision 011): breadcrumbs, the first photo (the page's
 * largest paint), badges, price, title, condition, views and place, the chat button, description
 * and details — what a crawler, a link preview or a phone whose JavaScript has not run yet sees
 * inside #root. Same elements and class names as the app's ListingDetail.tsx and
 * ImageCarousel.tsx, so the built stylesheet lays it out as the app will and React's first render
 * replaces it without anything moving. Every value is escaped; a guest's view (no owner tools).
 * Pure functions: no worker-only imports.
 */
import type { Listing } from '../schemas/listings';
import { largeVariant } from '../schemas/media';
import { escapeHtml, formatPrice } from './browse-page';

const CONDITIONS: Record<string, string> = { NEW: 'New', USED: 'Used', REFURBISHED: 'Refurbished' };
const count = new Intl.NumberFormat('en-IN');
// the app writes dates in the viewer's zone; the server's readers are in India's
const postedDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

const HEART = '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" d="M12 20.5s-7.5-4.6-9.2-9.3C1.7 8 3.8 4.5 7.3 4.5c2 0 3.5 1.1 4.7 2.7 1.2-1.6 2.7-2.7 4.7-2.7 3.5 0 5.6 3.5 4.5 6.7-1.7 4.7-9.2 9.3-9.2 9.3Z"/></svg>';
const SHARE = '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path fill="currentColor" d="M18 16a3 3 0 0 0-2.4 1.2l-6.7-3.4a3 3 0 0 0 0-1.6l6.7-3.4A3 3 0 1 0 15 7l-6.7 3.4a3 3 0 1 0 0 3.2L15 17a3 3 0 1 0 3-1Z"/></svg>';
const WHATSAPP =
  '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path fill="currentColor" d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2c-1.5 0-3-.4-4.3-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.2-.2-.5-.3Z"/></svg>';

/**
 * Buttons that only the app can run are there (the layout is the app's) but say they do nothing
 * yet; the app's own replace them on its first render (browser tests wait for those).
 */
const NEEDS_APP = 'aria-disabled="true"';

/** The carousel as the app first shows it: photo 1, its counter and the thumbnail strip. */
const carousel = (l: Listing) => {
  const total = l.images.length;
  if (total === 0) return '<div class="carousel"><div class="carousel__stage carousel__stage--empty"><p>No images available</p></div></div>';
  const large = l.images.map(largeVariant);
  // the same URL and size the app shows (and the head preloads), so the photo downloads once;
  // without scripts, the photo and each thumbnail link to the photo itself
  const stage =
    '<div class="carousel__stage">' +
    `<a class="carousel__open" href="${escapeHtml(large[0]!)}"><img src="${escapeHtml(large[0]!)}" alt="${escapeHtml(`${l.title}, photo 1 of ${total}`)}" width="800" height="600" decoding="async" fetchpriority="high"></a>` +
    `<p class="carousel__counter">1 / ${total}</p></div>`;
  const thumbs =
    total > 1
      ? `<ul class="carousel__thumbs">${large
          .map(
            (src, i) =>
              `<li><a class="${i === 0 ? 'carousel__thumb is-current' : 'carousel__thumb'}" href="${escapeHtml(src)}" aria-label="Show photo ${i + 1} of ${total}"${i === 0 ? ' aria-current="true"' : ''}>` +
              `<img src="${escapeHtml(l.thumbnails[i] ?? src)}" alt="" width="96" height="72" loading="lazy" decoding="async"></a></li>`,
          )
          .join('')}</ul>`
      : '';
  return `<section class="carousel" aria-roledescription="carousel" aria-label="${escapeHtml(`Photos of ${l.title}`)}">${stage}${thumbs}</section>`;
};

const fact = (term: string, value: string, noTranslate = false) =>
  `<div class="detail-facts__row"><dt>${term}</dt><dd${noTranslate ? ' translate="no"' : ''}>${escapeHtml(value)}</dd></div>`;

export interface ListingMarkupInput {
  listing: Listing;
  /** the page's canonical address, for the WhatsApp share link */
  pageUrl: string;
}

/** The page inside <main>, as ListingDetailView lays it out for a guest. */
export const listingMarkup = ({ listing: l, pageUrl }: ListingMarkupInput) => {
  const crumbs = l.breadcrumbs.length ? l.breadcrumbs : [{ name: 'Home', url: '/' }, { name: l.title, url: '' }];
  const breadcrumbs =
    '<nav aria-label="Breadcrumb" class="breadcrumbs"><ol>' +
    crumbs
      .map((c, i) => (i === crumbs.length - 1 ? `<li><span aria-current="page">${escapeHtml(c.name)}</span></li>` : `<li><a href="${escapeHtml(c.url)}">${escapeHtml(c.name)}</a></li>`))
      .join('') +
    '</ol></nav>';
  const price = formatPrice(l.price, l.currency);
  const badges = [
    ...(l.isFeatured ? ['<span class="badge badge--inline badge--featured-inline">FEATURED</span>'] : []),
    ...(l.user.isVerified ? ['<span class="badge badge--inline badge--verified">VERIFIED SELLER</span>'] : []),
    ...(l.status === 'SOLD' ? ['<span class="badge badge--inline badge--sold">SOLD</span>'] : []),
    ...(l.status === 'EXPIRED' ? ['<span class="badge badge--inline badge--sold">EXPIRED</span>'] : []),
  ].join('');
  const message = `${l.title} – ${price}`; // shareMessage in web/src/features/listings/share.ts
  const summary =
    '<section class="detail-card listing-detail__summary detail-order-2">' +
    `<div class="listing-detail__badges">${badges}</div>` +
    `<p class="listing-detail__price">${escapeHtml(price)}</p>` +
    `<h1 class="listing-detail__title">${escapeHtml(l.title)}</h1>` +
    `<p class="listing-detail__meta muted"><span>${escapeHtml(CONDITIONS[l.condition] ?? l.condition)}</span><span aria-hidden="true"> · </span>` +
    `<span>${count.format(l.views)} ${l.views === 1 ? 'view' : 'views'}</span><span aria-hidden="true"> · </span><span translate="no">${escapeHtml(l.location)}</span></p>` +
    '<div class="listing-detail__actions">' +
    `<button type="button" class="button button--outline button--small" aria-pressed="false" ${NEEDS_APP}>${HEART}Add to Favorites</button>` +
    `<button type="button" class="button button--outline button--small" ${NEEDS_APP}>${SHARE}Share</button>` +
    `<a class="button button--outline button--small button--whatsapp" href="${escapeHtml(`https://wa.me/?text=${encodeURIComponent(`${message}\n${pageUrl}`)}`)}" target="_blank" rel="noopener noreferrer" aria-label="Share on WhatsApp">${WHATSAPP}WhatsApp</a>` +
    '</div></section>';
  const similar = `/products?${new URLSearchParams({ category: l.category.name, ...(l.subcategory ? { subcategory: l.subcategory.name } : {}) }).toString()}`;
  const next =
    l.status === 'SOLD'
      ? `<p class="detail-card listing-detail__sold detail-order-3" role="status"><strong>This item has been sold.</strong> <a href="${escapeHtml(similar)}">See similar ads</a></p>`
      : l.status === 'EXPIRED'
        ? `<p class="detail-card listing-detail__sold detail-order-3" role="status"><strong>This ad has expired.</strong> <a href="${escapeHtml(similar)}">See similar ads</a></p>`
      : `<button type="button" class="button button--primary button--block listing-detail__chat detail-order-3" ${NEEDS_APP}>Chat with seller</button>`;
  const posted = Number.isNaN(Date.parse(l.createdAt)) ? 'Unknown' : postedDate.format(new Date(l.createdAt));
  const details =
    '<section class="detail-card detail-order-6" aria-labelledby="details-heading"><h2 id="details-heading" class="detail-card__title">Listing Details</h2><dl class="detail-facts">' +
    fact('Category', l.category.name) +
    (l.subcategory ? fact('Subcategory', l.subcategory.name) : '') +
    fact('Location', l.location || 'Not specified', !!l.location) +
    fact('Posted', posted) +
    '</dl></section>';
  return (
    `<main id="main" class="site-main"><article class="listing-detail">${breadcrumbs}<div class="listing-detail__layout">` +
    `<aside class="listing-detail__side">${summary}${next}</aside>` +
    `<div class="listing-detail__main"><div class="detail-order-1">${carousel(l)}</div>` +
    `<section class="detail-card detail-order-4" aria-labelledby="description-heading"><h2 id="description-heading" class="detail-card__title">Description</h2>` +
    `<p class="listing-detail__description">${escapeHtml(l.description.trim() || 'No description provided')}</p></section>` +
    `${details}</div></div></article></main>`
  );
};
