import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { carAd } from '../factories/car-ad';
import { createUserWithToken } from '../factories';
import { BOOKMARK_HEADER } from '../../worker/db/session';
import { bookmarkParts } from '../../worker/schemas/bookmark';

/**
 * Listings over four D1 databases (decision 033): posting writes an ad into the database of its
 * state's group, its id names that group, and reads by id or slug go to that database alone.
 */
const listingsDbs = [env.LISTINGS_0!, env.LISTINGS_1!, env.LISTINGS_2!, env.LISTINGS_3!];

/** state, city → the database its group lives in with four (worker/schemas/listing-shards-data.ts) */
const PLACES = [
  { state: 'Karnataka', city: 'Bengaluru', neighbourhood: 'Indiranagar', group: 4, database: 0 },
  { state: 'Maharashtra', city: 'Mumbai', neighbourhood: 'Andheri West', group: 0, database: 0 },
  { state: 'Delhi', city: 'Delhi', neighbourhood: 'Alaknanda', group: 8, database: 1 },
  { state: 'Gujarat', city: 'Ahmedabad', neighbourhood: 'Ambawadi', group: 3, database: 2 },
  { state: 'Tamil Nadu', city: 'Chennai', neighbourhood: 'Adyar', group: 2, database: 3 },
] as const;

type Posted = { id: string; slug: string; title: string; place: (typeof PLACES)[number]; sellerId: string; auth: Record<string, string> };
const posted: Posted[] = [];

const post = async (place: (typeof PLACES)[number], i: number): Promise<Posted> => {
  // one seller per ad: each posts their first, free ad
  const seller = await createUserWithToken({ isVerified: true, firstName: `Seller${i}`, businessName: i === 0 ? 'Sharma Motors' : null });
  const body = await carAd(seller, { state: place.state, city: place.city, neighbourhood: place.neighbourhood, title: `Hyundai i20 Asta 2019 number ${i} in ${place.city}`, price: 400000 + ((i * 7) % 10) * 10000 });
  const res = await call('/api/listings', { method: 'POST', headers: { ...seller.auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data.id, slug: res.body.data.slug, title: res.body.data.title, place, sellerId: seller.id, auth: seller.auth };
};

beforeAll(async () => {
  // two rounds over the five places: ten ads, every database holding some, prices all different
  for (let i = 0; i < 10; i++) posted.push(await post(PLACES[i % PLACES.length]!, i));
});

describe('posting into four listings databases', () => {
  it("writes each ad into its state's database only, with an id that names the group", async () => {
    for (const ad of posted) {
      expect(ad.id).toMatch(new RegExp(`^[0-9a-z]{26}${ad.place.group}$`));
      expect(ad.slug.endsWith(`iid-${ad.id}`)).toBe(true);
      const where = await Promise.all(listingsDbs.map((db) => db.prepare('SELECT status FROM listings WHERE id = ?').bind(ad.id).first<{ status: string }>()));
      expect(where.map((r) => r?.status ?? null), ad.place.state).toEqual(listingsDbs.map((_, i) => (i === ad.place.database ? 'APPROVED' : null)));
      // nothing of the ad in the core database except its photo and posting record
      expect(await env.DB.prepare('SELECT 1 FROM listings WHERE id = ?').bind(ad.id).first()).toBeNull();
      expect(await env.DB.prepare('SELECT 1 FROM ad_postings WHERE listing_id = ?').bind(ad.id).first()).not.toBeNull();
      // the search index of its database has it (the triggers run there as in one database)
      const home = listingsDbs[ad.place.database]!;
      expect(await home.prepare(`SELECT rowid FROM listings_fts WHERE listings_fts MATCH '"asta"' AND rowid = (SELECT num FROM listings WHERE id = ?)`).bind(ad.id).first()).not.toBeNull();
    }
  });

  it("copies the seller's public card, never their e-mail, phone or password", async () => {
    const ad = posted[0]!;
    const card = await listingsDbs[ad.place.database]!.prepare('SELECT first_name, business_name, is_verified, email, phone, password_hash, live_ads FROM users WHERE id = ?').bind(ad.sellerId).first();
    expect(card).toEqual({ first_name: 'Seller0', business_name: 'Sharma Motors', is_verified: 1, email: null, phone: null, password_hash: null, live_ads: 1 });
    for (const [i, db] of listingsDbs.entries()) if (i !== ad.place.database) expect(await db.prepare('SELECT 1 FROM users WHERE id = ?').bind(ad.sellerId).first()).toBeNull();
  });
});

describe('reading an ad from its own database', () => {
  it('by id and by slug, with its seller and photos, touching only that database', async () => {
    for (const ad of posted) {
      for (const path of [`/api/listings/${ad.id}`, `/api/listings/slug/${ad.slug}`]) {
        const res = await call(path);
        expect(res.status, path).toBe(200);
        expect(res.body.data.id).toBe(ad.id);
        expect(res.body.data.city).toBe(ad.place.city);
        expect(res.body.data.user.id).toBe(ad.sellerId);
        expect(res.body.data.user.firstName).toMatch(/^Seller\d$/);
        expect(res.body.data.images).toHaveLength(1);
        // the compound bookmark: core, then one part per listings database; only the ad's own was read
        const parts = bookmarkParts(res.headers.get(BOOKMARK_HEADER));
        expect(parts).toHaveLength(5);
        expect(parts.slice(1).map(Boolean), path).toEqual(listingsDbs.map((_, i) => i === ad.place.database));
      }
    }
  });

  it("related ads come from the ad's own database", async () => {
    const ad = posted[1]!; // Mumbai: database 0 also holds Bengaluru's cars
    const related = await call(`/api/listings/${ad.id}/related?limit=10`);
    expect(related.status, JSON.stringify(related.body)).toBe(200);
    const expected = posted.filter((a) => a.place.database === ad.place.database && a.id !== ad.id).map((a) => a.id);
    expect(new Set(related.body.data.map((l: { id: string }) => l.id))).toEqual(new Set(expected));
  });

  it('a stale slug still finds the ad by the id after iid-, and an unknown id is a 404', async () => {
    const ad = posted[2]!;
    const res = await call(`/api/listings/slug/vehicles-cars-c84-old-title-in-delhi-iid-${ad.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(ad.id);
    // the right shape, in a database that does not have it
    const missing = await call(`/api/listings/${ad.id.slice(0, 26)}5`);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('LISTING_NOT_FOUND');
  });
});

describe('searching four databases', () => {
  const ids = (res: { body: { data: { listings: { id: string }[] } } }) => res.body.data.listings.map((l) => l.id);
  const pages = async (params: string, limit: number, count: number) => {
    const out: string[] = [];
    for (let page = 1; page <= count; page++) {
      const res = await call(`/api/listings?${params}&limit=${limit}&page=${page}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.pagination).toMatchObject({ page, limit, total: posted.length, pages: Math.ceil(posted.length / limit), totalCapped: false });
      out.push(...ids(res));
    }
    return out;
  };
  const byPrice = async () => {
    const prices = new Map<string, number>();
    for (const ad of posted) prices.set(ad.id, (await call(`/api/listings/${ad.id}`)).body.data.price as number);
    return prices;
  };

  it('all-India, newest first: every database asked in one go, pages 1–3 exactly as one database would page them', async () => {
    const first = await call('/api/listings?limit=4&page=1');
    expect(bookmarkParts(first.headers.get(BOOKMARK_HEADER)).slice(1).every(Boolean)).toBe(true);
    // posted one after the other: newest first is the posting order reversed
    expect(await pages('sortBy=createdAt', 4, 3)).toEqual(posted.map((a) => a.id).reverse());
  });

  it('all-India by price, both ways, across pages', async () => {
    const prices = await byPrice();
    const cheapest = [...posted].sort((a, b) => prices.get(a.id)! - prices.get(b.id)!).map((a) => a.id);
    expect(await pages('sortBy=price&sortOrder=asc', 3, 4)).toEqual(cheapest);
    expect(await pages('sortBy=price&sortOrder=desc', 4, 3)).toEqual([...cheapest].reverse());
  });

  it('a text search merges every database by relevance, with totals summed', async () => {
    const res = await call('/api/listings?q=asta&limit=20');
    expect(res.status).toBe(200);
    expect(res.body.data.pagination.total).toBe(posted.length);
    expect(new Set(ids(res))).toEqual(new Set(posted.map((a) => a.id)));
  });

  it("a state or a city asks only its own group's database", async () => {
    for (const [location, place] of [['Karnataka', PLACES[0]], ['Chennai', PLACES[4]], ['Delhi', PLACES[2]]] as const) {
      const res = await call(`/api/listings?location=${location}&limit=20`);
      expect(res.status).toBe(200);
      const expected = posted.filter((a) => a.place === place).map((a) => a.id).reverse();
      expect(ids(res), location).toEqual(expected);
      expect(res.body.data.pagination.total).toBe(expected.length);
      expect(bookmarkParts(res.headers.get(BOOKMARK_HEADER)).slice(1).map(Boolean), location).toEqual(listingsDbs.map((_, i) => i === place.database));
    }
  });
});

describe('My Ads over four databases', () => {
  it("a seller's ads in two groups of states come back as one list, newest first, counted once each", async () => {
    const ad = posted[0]!;
    const home = listingsDbs[ad.place.database]!;
    const chennai = listingsDbs[PLACES[4].database]!;
    // the same seller's second ad, in Tamil Nadu: written straight into that database with its card
    const row = await home.prepare('SELECT * FROM listings WHERE id = ?').bind(ad.id).first<Record<string, unknown>>();
    const card = await home.prepare('SELECT id, username, first_name, last_name, is_verified, created_at, updated_at FROM users WHERE id = ?').bind(ad.sellerId).first<Record<string, unknown>>();
    const place = await env.DB.prepare(`SELECT c.id AS city_id, c.parent_id AS state_id FROM locations c WHERE c.kind = 'city' AND c.name = 'Chennai'`).first<{ city_id: number; state_id: number }>();
    const secondId = `${ad.id.slice(0, 25)}z2`;
    await chennai.batch([
      chennai.prepare(`INSERT INTO users (${Object.keys(card!).join(', ')}) VALUES (${Object.keys(card!).map(() => '?').join(', ')})`).bind(...Object.values(card!)),
      chennai
        .prepare(
          `INSERT INTO listings (id, slug, user_id, title, description, price_minor, currency, condition, category_id, subcategory_id, location, state_id, city_id, features, status, created_at, updated_at)
           VALUES (?, ?, ?, 'Second car in Chennai', ?, ?, ?, ?, ?, ?, 'Chennai', ?, ?, ?, 'SOLD', ?, ?)`,
        )
        .bind(secondId, `cars-c84-second-in-chennai-iid-${secondId}`, ad.sellerId, row!.description, row!.price_minor, row!.currency, row!.condition, row!.category_id, row!.subcategory_id, place!.state_id, place!.city_id, row!.features, Number(row!.created_at) + 1, Number(row!.created_at) + 1),
    ]);
    const seen: string[] = [];
    for (const page of [1, 2]) {
      const res = await call(`/api/listings/user/my-listings?limit=1&page=${page}`, { headers: ad.auth });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.pagination).toMatchObject({ page, limit: 1, total: 2, pages: 2 });
      expect(res.body.data.counts).toMatchObject({ all: 2, approved: 1, sold: 1 });
      seen.push(...res.body.data.listings.map((l: { id: string }) => l.id));
    }
    expect(seen).toEqual([secondId, ad.id]);
  });
});

describe('favourites over four databases', () => {
  it("a buyer's favourites come from their ads' own databases, newest favourite first; a removed ad leaves the list", async () => {
    const buyer = await createUserWithToken();
    const gone = `${posted[3]!.id.slice(0, 26)}5`; // the right shape, in a database that does not have it
    const picks = [posted[2]!.id, gone, posted[4]!.id, posted[0]!.id];
    // favourited one after the other (setFavorite itself is not sharded yet, decision 033)
    await env.DB.batch(picks.map((id, i) => env.DB.prepare('INSERT INTO favorites (user_id, listing_id, created_at) VALUES (?, ?, ?)').bind(buyer.id, id, 1_700_000_000_000 + i)));
    const seen: string[] = [];
    for (const page of [1, 2]) {
      const res = await call(`/api/listings/user/favorites?limit=2&page=${page}`, { headers: buyer.auth });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.pagination).toMatchObject({ page, limit: 2, total: 3, pages: 2 });
      for (const l of res.body.data.listings) expect(l.isFavorite).toBe(true);
      seen.push(...res.body.data.listings.map((l: { id: string }) => l.id));
    }
    expect(seen).toEqual([posted[0]!.id, posted[4]!.id, posted[2]!.id]);
  });
});
