import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { call } from './helpers';
import { accountsDbs, createListing, createUser, createUserWithToken, listingDb, listingDbs } from '../factories';
import { buildListingQuery } from '../../worker/services/listings/listings';
import { getDb } from '../../worker/db/client';
import { PINNED_PER_PAGE, PIN_CANDIDATES, choosePinned, choosePinnedSql, indiaDay, pinHash, pinParams } from '../../worker/services/commerce/featured';
import { listingsQuery, type ListingsQuery } from '../../worker/schemas/listings';
import { ulid } from '../../worker/lib/ulid';

/** Decision 014: featured ads pinned on page 1 of their category; Boost sorts by bumped_at. */
const DAY = 86_400_000;
const HOUR = 3_600_000;

const feature = (id: string, until: number | null) => listingDb(id).prepare('UPDATE listings SET is_featured = 1, featured_until = ? WHERE id = ?').bind(until, id).run();

type Card = { id: string; title: string; isFeatured: boolean; pinned?: boolean; featuredUntil: string | null; bumpedAt: string | null; badges: string[] };
const page = async (qs: string) => {
  const res = await call(`/api/listings?${qs}`);
  expect(res.status).toBe(200);
  return res.body.data as { listings: Card[]; pagination: { total: number; pages: number } };
};

describe('featured pinning on a category page', () => {
  it('pins at most three live featured ads that match every filter on page 1, the rest stay in place', async () => {
    const seller = await createUser();
    const now = Date.now();
    const plain: { id: string }[] = [];
    for (let i = 0; i < 6; i++) plain.push(await createListing(seller, { title: `Plain car ${i}`, price: 300_000 + i, createdAt: now - i * HOUR }));
    const featured: { id: string }[] = [];
    for (let i = 0; i < 5; i++) {
      const ad = await createListing(seller, { title: `Featured car ${i}`, price: i < 4 ? 400_000 : 900_000, createdAt: now - (10 + i) * DAY });
      await feature(ad.id, now + 5 * DAY);
      featured.push(ad);
    }
    const ended = await createListing(seller, { title: 'Feature ended car', createdAt: now - 30 * DAY });
    await feature(ended.id, now - HOUR);
    const bike = await createListing(seller, { title: 'Featured bike', subcategoryId: 'vehicles-motorcycles', createdAt: now - 40 * DAY });
    await feature(bike.id, now + 5 * DAY);

    const first = await page('category=Vehicles&subcategory=Cars&limit=4&page=1');
    const pinned = first.listings.filter((l) => l.pinned);
    expect(pinned).toHaveLength(PINNED_PER_PAGE);
    // pinned ads lead, carry the badge and the end of their feature, and are Cars ads that are still featured
    expect(first.listings.slice(0, PINNED_PER_PAGE).every((l) => l.pinned && l.isFeatured && l.badges.includes('FEATURED'))).toBe(true);
    for (const p of pinned) {
      expect(featured.map((f) => f.id)).toContain(p.id);
      expect(p.featuredUntil).toBe(new Date(now + 5 * DAY).toISOString());
    }
    // then the plain newest-first run (the pinned are not repeated on this page)
    expect(first.listings.slice(PINNED_PER_PAGE).map((l) => l.title)).toEqual(['Plain car 0', 'Plain car 1', 'Plain car 2', 'Plain car 3']);
    expect(first.pagination.total).toBe(12);
    // the ended feature is a plain ad again, even before the cron runs
    const all: Card[] = [];
    for (let p = 1; p <= first.pagination.pages; p++) all.push(...(await page(`category=Vehicles&subcategory=Cars&limit=4&page=${p}`)).listings);
    const endedCard = all.find((l) => l.id === ended.id)!;
    expect(endedCard).toMatchObject({ isFeatured: false, featuredUntil: null });
    expect(endedCard.badges).not.toContain('FEATURED');
    // no pins past page 1; every ad is still reachable (the unpinned featured in their normal place)
    expect(all.slice(first.listings.length).some((l) => l.pinned)).toBe(false);
    for (const ad of [...plain, ...featured, ended]) expect(all.map((l) => l.id)).toContain(ad.id);
    expect(all.map((l) => l.id)).not.toContain(bike.id);

    // featured ads never hide the query: a price filter pins only featured ads within it
    const cheap = await page('category=Vehicles&subcategory=Cars&maxPrice=500000&limit=4');
    expect(cheap.listings.filter((l) => l.pinned).every((l) => featured.slice(0, 4).some((f) => f.id === l.id))).toBe(true);
    const dear = await page('category=Vehicles&subcategory=Cars&minPrice=800000&limit=4');
    expect(dear.listings.map((l) => l.id)).toEqual([featured[4]!.id]);
    expect(dear.listings[0]!.pinned).toBe(true);

    // an explicit sort is obeyed as asked: no pins
    const byPrice = await page('category=Vehicles&subcategory=Cars&sortBy=price&sortOrder=asc&limit=4');
    expect(byPrice.listings.some((l) => l.pinned)).toBe(false);
    expect(byPrice.listings.map((l) => l.title)).toEqual(['Feature ended car', 'Plain car 0', 'Plain car 1', 'Plain car 2']);
    // the same page twice on one day: the same pins (stable for the visitor and the guest cache)
    const again = await page('category=Vehicles&subcategory=Cars&limit=4&page=1');
    expect(again.listings.map((l) => l.id)).toEqual(first.listings.map((l) => l.id));
    // the home list (featuredFirst) pins at most three too, and then the newest
    const home = await page('featuredFirst=true&sortBy=createdAt&sortOrder=desc&limit=6');
    expect(home.listings.filter((l) => l.pinned)).toHaveLength(PINNED_PER_PAGE);
    expect(home.listings.filter((l) => !l.pinned)[0]!.title).toBe('Plain car 0');
    // the plain /api/listings (no category, no featuredFirst) is newest first as ever
    expect((await page('limit=3')).listings.map((l) => l.title)).toEqual(['Plain car 0', 'Plain car 1', 'Plain car 2']);
  });

  it('rotates fairly: a daily shuffle gives every featured ad of a busy category its days on top', () => {
    const candidates = Array.from({ length: 9 }, (_, i) => ({ id: `01j${i}featured` }));
    const start = Date.UTC(2026, 10, 1, 6);
    const topDays = new Map<string, number>();
    for (let d = 0; d < 60; d++) {
      const at = start + d * DAY;
      const chosen = choosePinned(candidates, 'cars', at);
      expect(chosen).toHaveLength(PINNED_PER_PAGE);
      expect(choosePinned(candidates, 'cars', at + HOUR)).toEqual(indiaDay(at) === indiaDay(at + HOUR) ? chosen : expect.anything());
      for (const c of chosen) topDays.set(c.id, (topDays.get(c.id) ?? 0) + 1);
    }
    // 60 days × 3 pins over 9 ads = 20 each on average: nobody is starved, nobody owns the top
    for (const c of candidates) {
      expect(topDays.get(c.id) ?? 0).toBeGreaterThanOrEqual(8);
      expect(topDays.get(c.id) ?? 0).toBeLessThanOrEqual(35);
    }
    expect(indiaDay(Date.UTC(2026, 10, 1, 18, 45))).toBe('2026-11-02');
  });

  it('reads the featured candidates through the subcategory\u2019s featured index, never a walk of the category', async () => {
    const q = { page: 1, limit: 60, sortBy: 'createdAt', sortOrder: 'desc', category: 'Vehicles', subcategory: 'Cars', minPrice: 1000 } as ListingsQuery;
    const built = await buildListingQuery(getDb(env.DB), q, { featuredOnly: Date.now() });
    const plan = (await listingDbs()[0]!.prepare(`EXPLAIN QUERY PLAN ${built.sql}`).bind(...built.params).all<{ detail: string }>()).results.map((r) => r.detail).join('\n');
    expect(plan).toContain('listings_featured_sub');
    // choosing the candidates needs no sort (the outer sort of the chosen rows is fine)
    expect(plan.slice(0, plan.indexOf('SCAN p'))).not.toContain('TEMP B-TREE FOR ORDER BY');
  });
});

describe('the day\u2019s pins chosen by the database (decision 023, fourth addendum)', () => {
  it('chooses in SQL exactly what choosePinned chooses, for any number of candidates and any ids', async () => {
    const day = 86_400_000;
    for (let t = 0; t < 21; t++) {
      const n = [0, 1, 2, 3, 4, 17, PIN_CANDIDATES][t % 7]!;
      // ULIDs as the database holds them, shorter ids, and longer ones alike in their first PIN_ID_CHARS (the tie-break on the id)
      const ids = Array.from({ length: n }, (_, i) =>
        t % 3 === 1 ? `${i}x${'q'.repeat(i % 5)}${ulid().toLowerCase().slice(0, 5 + (i % 9))}` : t % 3 === 2 ? `${ulid(Date.UTC(2026, 0, 1)).toLowerCase().slice(0, 20)}${'0'.repeat(6)}-${i}` : ulid(Date.UTC(2026, 0, 1) + i * 7919 * (t + 1)).toLowerCase(),
      );
      const seed = `SELECT count(*) AS total FROM (SELECT 1 FROM listings l WHERE l.status = 'APPROVED') ["x${t}", ${t}] मुंबई`;
      const now = Date.UTC(2026, 10, 1, 20) + t * day;
      const sql = `WITH p AS MATERIALIZED (SELECT key AS num, value AS id FROM json_each(?)) SELECT id FROM ${choosePinnedSql('p')}`;
      const { results } = await env.DB.prepare(sql).bind(JSON.stringify(ids), ...pinParams(pinHash(seed, now))).all<{ id: string }>();
      const chosen = results.map((r) => r.id);
      expect(chosen, `${n} candidates, set ${t}`).toEqual(choosePinned(ids.map((id) => ({ id })), seed, now).map((c) => c.id));
    }
  });

  it('a pinned page reads its featured candidates\u2019 ids, not their whole rows, and pins what choosePinned picks from them', async () => {
    const seller = await createUser();
    const now = Date.now();
    const furniture = { categoryId: 'home-and-garden', subcategoryId: 'home-and-garden-furniture' };
    // more featured ads than candidates, each with three photos (the whole rows' photo keys are rows read too)
    const wardrobes: { id: string }[] = [];
    for (let i = 0; i < PIN_CANDIDATES + 4; i++) {
      wardrobes[i] = await createListing(seller, { ...furniture, title: `Teak wardrobe ${i}`, isFeatured: true, createdAt: now - (i + 1) * 60_000, images: [1, 2, 3].map((p) => `listings/w${i}-${p}.jpg`) });
    }
    for (let i = 0; i < 4; i++) await createListing(seller, { ...furniture, title: `Plain sofa ${i}`, createdAt: now - i * 1000 });
    const qs = 'category=home-and-garden&subcategory=home-and-garden-furniture&limit=2';
    const res = await call(`/api/listings?${qs}`);
    const pinned = (res.body.data.listings as Card[]).filter((l) => l.pinned).map((l) => l.id);
    // the same page in the other order has no pins: its rows read are the page's and the count's alone
    const unpinned = await call(`/api/listings?${qs}&sortBy=createdAt&sortOrder=asc`);
    expect((unpinned.body.data.listings as Card[]).some((l) => l.pinned)).toBe(false);

    // the pins are the day's choice among the newest PIN_CANDIDATES featured ads, seeded by the search's count statement
    const query = listingsQuery.parse(Object.fromEntries(new URLSearchParams(qs)));
    const db = getDb(env.DB);
    const built = await buildListingQuery(db, query);
    const candidates = await buildListingQuery(db, { ...query, limit: PIN_CANDIDATES, sortBy: 'createdAt', sortOrder: 'desc' }, { featuredOnly: Date.now() });
    // every ad of one seller in one city: one database holds them all, with one database and with several
    const whole = await listingDb(wardrobes[0]!.id).prepare(candidates.sql).bind(...candidates.params).all<{ id: string }>();
    expect(whole.results).toHaveLength(PIN_CANDIDATES);
    expect(pinned).toEqual(choosePinned(whole.results, built.countSql + JSON.stringify(built.countParams), Date.now()).map((r) => r.id));
    expect(pinned).toHaveLength(PINNED_PER_PAGE);

    // D1's own count (over every database the search asked): reading the candidates whole costs every
    // candidate's seller, places and photos
    const rowsRead = (r: { headers: Headers }) => Number(r.headers.get('x-d1-rows-read'));
    const forPins = rowsRead(res) - rowsRead(unpinned);
    expect(rowsRead(unpinned)).toBeGreaterThan(0);
    expect(forPins, `pins ${forPins} rows, the candidates whole ${whole.meta.rows_read}`).toBeLessThan(whole.meta.rows_read / 2);
  });

  it('a category\u2019s and a subcategory\u2019s pins read their own featured ads, not every newer featured ad of the country', async () => {
    const seller = await createUser();
    const now = Date.now();
    // the country's newest featured ads are all of another category; this one's few are older
    const others = 80;
    for (let i = 0; i < others; i++) {
      await createListing(seller, { categoryId: 'vehicles', subcategoryId: 'vehicles-cars', title: `Featured car ${i}`, isFeatured: true, createdAt: now - i * 1000 });
    }
    for (let i = 0; i < 5; i++) {
      await createListing(seller, { categoryId: 'pets', subcategoryId: 'pets-pet-supplies', title: `Featured leash ${i}`, isFeatured: true, createdAt: now - (others + i) * 1000 });
    }
    for (const qs of ['category=pets&limit=2', 'category=pets&subcategory=pets-pet-supplies&limit=2']) {
      const res = await call(`/api/listings?${qs}`);
      expect((res.body.data.listings as Card[]).filter((l) => l.pinned)).toHaveLength(PINNED_PER_PAGE);
      const unpinned = await call(`/api/listings?${qs}&sortBy=createdAt&sortOrder=asc`);
      expect((unpinned.body.data.listings as Card[]).some((l) => l.pinned)).toBe(false);
      // D1's own count: walking the country's featured ads newest first read every one of the 80 cars
      // before the first of this category (107 rows for the pins in all); its own index holds 5 (27 rows
      // for the pins: those 5 and the chosen 3 whole)
      const rowsRead = (r: { headers: Headers }) => Number(r.headers.get('x-d1-rows-read'));
      const forPins = rowsRead(res) - rowsRead(unpinned);
      expect(forPins, `${qs}: pins ${forPins} rows`).toBeLessThan(50);
    }
  });
});

describe('boost', () => {
  it('puts the ad on top of newest first by its bump time, keeps its posting time, and the newest-first plan still uses an index', async () => {
    const seller = await createUserWithToken();
    const now = Date.now();
    const old = await createListing(seller, { title: 'Old Honda Amaze', subcategoryId: 'vehicles-commercial-vehicles', createdAt: now - 20 * DAY });
    for (let i = 0; i < 3; i++) await createListing(seller, { title: `Newer truck ${i}`, subcategoryId: 'vehicles-commercial-vehicles', createdAt: now - i * HOUR });
    const before = await page('category=Vehicles&subcategory=Commercial%20Vehicles&limit=4');
    expect(before.listings.at(-1)!.id).toBe(old.id);
    await listingDb(old.id).prepare('UPDATE listings SET bumped_at = ? WHERE id = ?').bind(now + 1000, old.id).run();
    const after = await page('category=Vehicles&subcategory=Commercial%20Vehicles&limit=4');
    expect(after.listings[0]).toMatchObject({ id: old.id, bumpedAt: new Date(now + 1000).toISOString() });
    expect((after.listings[0] as unknown as { createdAt: string }).createdAt).toBe(new Date(now - 20 * DAY).toISOString());
    expect(after.listings[1]!.bumpedAt).toBeNull();
    const q = { page: 1, limit: 20, sortBy: 'createdAt', sortOrder: 'desc', category: 'Vehicles', subcategory: 'Cars' } as ListingsQuery;
    const built = await buildListingQuery(getDb(env.DB), q);
    const plan = (await listingDbs()[0]!.prepare(`EXPLAIN QUERY PLAN ${built.sql}`).bind(...built.params).all<{ detail: string }>()).results.map((r) => r.detail).join('\n');
    expect(plan).toContain('listings_sub_created');
    expect(plan.slice(0, plan.indexOf('SCAN p'))).not.toContain('TEMP B-TREE FOR ORDER BY');
  });
});

describe('POST /api/business/quote (the cart)', () => {
  it('prices like an order (subtotal + 18 % GST), ignores client prices, stores nothing, and refuses bad input readably', async () => {
    // the orders live in their sellers' accounts databases (decision 034; `DB` alone with one)
    const orders = async () => (await Promise.all(accountsDbs().map((db) => db.prepare('SELECT count(*) AS n FROM business_orders').first<{ n: number }>()))).reduce((n, r) => n + r!.n, 0);
    const before = await orders();
    const body = { items: [{ packageId: 'featured-7d-vehicles-cars', quantity: 2, price: 1 }, { packageId: 'boost-1-vehicles-cars', quantity: 1 }, { packageId: 'featured-7d-vehicles-cars', quantity: 1 }] };
    const res = await call('/api/business/quote', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    // 3 × 699 + 199 = 2,296; GST 413.28; total 2,709.28
    expect(res.body.data).toMatchObject({ subtotal: 2296, gst: 413.28, total: 2709.28, currency: 'INR' });
    expect(res.body.data.items).toEqual([
      expect.objectContaining({ packageId: 'featured-7d-vehicles-cars', quantity: 3, unitPrice: 699, amount: 2097 }),
      expect.objectContaining({ packageId: 'boost-1-vehicles-cars', quantity: 1, unitPrice: 199, amount: 199 }),
    ]);
    const seller = await createUserWithToken();
    const order = await call('/api/business/orders', { method: 'POST', headers: { 'content-type': 'application/json', ...seller.auth }, body: JSON.stringify(body) });
    expect(order.body.data).toMatchObject({ subtotal: 2296, gst: 413.28, total: 2709.28 });
    for (const [bad, message] of [
      [{ items: [{ packageId: 'gold-plan', quantity: 1 }] }, 'There is no package called "gold-plan"'],
      [{ items: [] }, 'Choose at least one package'],
      [{ items: [{ packageId: 'boost-1-vehicles-cars', quantity: 21 }] }, undefined],
    ] as const) {
      const r = await call('/api/business/quote', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(bad) });
      expect(r.status).toBe(400);
      expect(r.body.success).toBe(false);
      if (message) expect(r.body.error).toBe(message);
      else expect(typeof r.body.error).toBe('string');
    }
    expect(await orders()).toBe(before + 1);
  });
});
