/** The listing and home pages' first screens as markup (listing-page.ts, home-page.ts): what the cards and facts say. */
import { describe, expect, it } from 'vitest';
import type { Listing } from '../schemas/listings';
import { listingMarkup } from './listing-page';
import { homeMarkup } from './home-page';

const listing = (over: Partial<Listing> = {}): Listing => ({
  id: 'l1',
  slug: 'vehicles-scooters-c84-activa-in-pune-iid-l1',
  title: 'Honda Activa 6G',
  description: 'One owner.\nServiced.',
  price: 72_500,
  currency: 'INR',
  condition: 'USED',
  location: 'Kothrud, Pune, Maharashtra',
  state: 'Maharashtra',
  city: 'Pune',
  neighbourhood: 'Kothrud',
  latitude: null,
  longitude: null,
  images: ['https://sel.example/api/media/a.jpg'],
  thumbnails: ['https://sel.example/api/media/a.jpg?w=320'],
  features: {},
  category: { id: 'vehicles', name: 'Vehicles' },
  subcategory: null,
  user: { id: 'u1', firstName: 'Asha', lastName: 'Rao', businessName: null, avatar: null, isVerified: false, userCreatedAt: '2024-01-01T00:00:00.000Z', totalListings: 1 },
  views: 1,
  status: 'APPROVED',
  isFeatured: false,
  featuredUntil: null,
  bumpedAt: null,
  badges: [],
  verified: false,
  createdAt: '2026-11-25T19:00:00.000Z',
  updatedAt: '2026-11-25T19:00:00.000Z',
  date: '2026-11-25T19:00:00.000Z',
  breadcrumbs: [],
  ...over,
});

describe('listing first screen markup', () => {
  it('writes the facts as the app does: one view, the posting day in India, no badges, a crumb trail even without the API one', () => {
    const html = listingMarkup({ listing: listing(), pageUrl: 'https://sel.example/item/x' });
    expect(html).toContain('<span>Used</span><span aria-hidden="true"> · </span><span>1 view</span>');
    // 19:00 UTC is 00:30 the next day in India
    expect(html).toContain('<dt>Posted</dt><dd>26 Nov 2026</dd>');
    expect(html).toContain('<div class="listing-detail__badges"></div>');
    expect(html).toContain('<li><a href="/">Home</a></li><li><span aria-current="page">Honda Activa 6G</span></li>');
    // one photo: no thumbnail strip, the large variant in the stage
    expect(html).not.toContain('carousel__thumbs');
    expect(html).toContain('<img src="https://sel.example/api/media/a.jpg?w=800" alt="Honda Activa 6G, photo 1 of 1"');
    // the share message as the app builds it, with the page's address
    expect(html).toContain(`href="https://wa.me/?text=${encodeURIComponent('Honda Activa 6G – ₹ 72,500\nhttps://sel.example/item/x')}"`);
  });

  it('an empty description says so; a stored place is marked not to be translated', () => {
    const html = listingMarkup({ listing: listing({ description: '  ' }), pageUrl: 'https://sel.example/item/x' });
    expect(html).toContain('<p class="listing-detail__description">No description provided</p>');
    expect(html).toContain('<dd translate="no">Kothrud, Pune, Maharashtra</dd>');
  });
});

describe('home first screen markup', () => {
  const page = (n: number) => ({
    listings: Array.from({ length: n }, (_, i) => listing({ id: `l${i}`, slug: `s${i}`, title: `Ad ${i}` })),
    pagination: { page: 1, limit: 12, total: n, pages: 1 },
  });

  it('a wide screen shows eleven cards with the promo card in the eighth slot; a phone all of its first page under the tiles', () => {
    const wide = homeMarkup({ origin: 'https://sel.example', layout: 'wide', results: page(12) });
    expect(wide.match(/<article /g)).toHaveLength(11);
    expect(wide.indexOf('promo-card')).toBeGreaterThan(wide.indexOf('Ad 6<'));
    expect(wide.indexOf('promo-card')).toBeLessThan(wide.indexOf('Ad 7<'));
    expect(wide).not.toContain('category-grid');
    const phone = homeMarkup({ origin: 'https://sel.example', layout: 'phone', results: page(9) });
    expect(phone.match(/<article /g)).toHaveLength(9);
    expect(phone.match(/loading="eager"/g)).toHaveLength(2);
    expect(phone.indexOf('category-grid')).toBeLessThan(phone.indexOf('<article '));
  });

  it('no ads yet: the empty line as each layout words it; the desktop grid keeps its promo card', () => {
    const wide = homeMarkup({ origin: 'https://sel.example', layout: 'wide', results: page(0) });
    expect(wide).toContain('No listings yet. Be the first to post an ad in your area.');
    expect(wide).toContain('<div class="listing-grid"><aside class="promo-card"');
    const phone = homeMarkup({ origin: 'https://sel.example', layout: 'phone', results: page(0) });
    expect(phone).toContain('No listings in India yet. Be the first to post an ad here.');
    expect(phone).not.toContain('listing-grid');
    // one page only: nothing more to load, so no link either
    expect(homeMarkup({ origin: 'https://sel.example', layout: 'phone', results: page(6) })).not.toContain('home-section__more');
  });
});
