import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { createUserWithToken } from '../factories';
import { getDb } from '../../worker/db/client';
import { LISTING_COLUMNS, LISTING_JOINS, hydrate, type ListingRow } from '../../worker/services/listings/listings';
import type { Env } from '../../worker/env';
import { createShardListing } from './shard-factory';

/**
 * Reads of listings.ts and the Pro curated feed with the ads over four databases (decision 033):
 * nearest first merged by each city's distance over the databases of the nearby cities, photos read
 * from the ad's own database, and the curated feed merged from every database.
 */
type User = Awaited<ReturnType<typeof createUserWithToken>>;
const HOUR = 3_600_000;
const titles = (body: { data: { listings: { title: string }[] } }) => body.data.listings.map((l) => l.title);

describe('nearest first over the databases of the nearby cities', () => {
  // from Chennai's centre: Chennai 0 km and Puducherry ~136 km (Tamil Nadu's and Puducherry's group,
  // database 3); Tirupati ~110 km and Nellore ~154 km (Andhra Pradesh, database 0)
  const CHENNAI = 'lat=13.0827&lng=80.2707&radiusKm=200';
  beforeAll(async () => {
    const seller = await createUserWithToken();
    const now = Date.now();
    // newest first would be: Tirupati, Nellore, Chennai new, Puducherry, Chennai old
    const furniture = { categoryId: 'home-and-garden', subcategoryId: 'home-and-garden-furniture' };
    for (const [title, city, hoursAgo] of [
      ['Teak sofa Tirupati', 'Tirupati', 1],
      ['Teak sofa Nellore', 'Nellore', 2],
      ['Teak sofa Chennai new', 'Chennai', 3],
      ['Teak sofa Puducherry', 'Puducherry', 4],
      ['Teak sofa Chennai old', 'Chennai', 5],
    ] as const) {
      await createShardListing(seller, { ...furniture, title, city, createdAt: now - hoursAgo * HOUR });
    }
  });

  it('orders by the city’s distance, then newest first, across pages', async () => {
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const res = await call(`/api/listings?${CHENNAI}&category=home-and-garden&sortBy=distance&limit=2&page=${page}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.pagination).toMatchObject({ total: 5, pages: 3 });
      seen.push(...titles(res.body));
    }
    expect(seen).toEqual(['Teak sofa Chennai new', 'Teak sofa Chennai old', 'Teak sofa Tirupati', 'Teak sofa Puducherry', 'Teak sofa Nellore']);
  });

  it('without sortBy=distance a near-me search stays newest first', async () => {
    const res = await call(`/api/listings?${CHENNAI}&category=home-and-garden&limit=5`);
    expect(titles(res.body)).toEqual(['Teak sofa Tirupati', 'Teak sofa Nellore', 'Teak sofa Chennai new', 'Teak sofa Puducherry', 'Teak sofa Chennai old']);
  });
});

describe('photos of rows read without them', () => {
  it("come from the photo copies in each ad's own database", async () => {
    const seller = await createUserWithToken();
    const ads = [
      await createShardListing(seller, { city: 'Pune', images: ['listings/near-pune-1.jpg', 'listings/near-pune-2.jpg'] }),
      await createShardListing(seller, { city: 'Delhi', images: ['listings/near-delhi-1.jpg'] }),
    ];
    const rows: ListingRow[] = [];
    for (const ad of ads) {
      const row = await ad.db.prepare(`SELECT ${LISTING_COLUMNS} FROM listings l ${LISTING_JOINS} WHERE l.id = ?`).bind(ad.id).first<ListingRow>();
      // as a read that does not select the photos hands them over
      rows.push({ ...row!, image_keys: undefined });
    }
    const listings = await hydrate(getDb(env.DB), env as unknown as Env, 'http://sel.test', rows);
    expect(listings.map((l) => l.images.map((u) => new URL(u).pathname))).toEqual([
      ['/api/media/listings/near-pune-1.jpg', '/api/media/listings/near-pune-2.jpg'],
      ['/api/media/listings/near-delhi-1.jpg'],
    ]);
  });
});

describe('the Pro curated feed over four databases', () => {
  let pro: User;
  const feed = async (query = '') => {
    const res = await call(`/api/premium/curated-listings/${pro.id}?${query}`, { headers: pro.auth });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { listings: { title: string }[]; pagination: { total: number; pages: number } };
  };

  beforeAll(async () => {
    pro = await createUserWithToken();
    const now = Date.now();
    await env.DB.prepare(`INSERT INTO subscriptions (id, user_id, package_id, status, start_date, end_date, created_at, updated_at) VALUES (?, ?, 'pro', 'ACTIVE', ?, ?, ?, ?)`)
      .bind(`sub_${pro.id}`, pro.id, now - 1000, now + 86_400_000, now, now)
      .run();
    const verified = await createUserWithToken({ isVerified: true });
    const unverified = await createUserWithToken();
    const phones = { categoryId: 'electronics', subcategoryId: 'electronics-mobile-phones' };
    // verified sellers' live ads in four databases; featured first, then newest first
    await createShardListing(verified, { title: 'Curated car Pune', city: 'Pune', createdAt: now - 1 * HOUR });
    await createShardListing(verified, { title: 'Curated car Delhi', city: 'Delhi', createdAt: now - 2 * HOUR, isFeatured: true });
    await createShardListing(verified, { ...phones, title: 'Curated phone Chennai', city: 'Chennai', createdAt: now - 3 * HOUR });
    await createShardListing(verified, { ...phones, title: 'Curated phone Ahmedabad', city: 'Ahmedabad', createdAt: now - 4 * HOUR });
    // never listed: an unverified seller's, a sold one, the buyer's own
    await createShardListing(unverified, { title: 'Curated unverified', city: 'Pune', createdAt: now });
    await createShardListing(verified, { title: 'Curated sold', city: 'Delhi', status: 'SOLD', createdAt: now });
    await createShardListing(pro, { title: 'Curated own', city: 'Chennai', createdAt: now });
  });

  it('merges every database: featured first, then newest first, across pages; the total summed', async () => {
    const pages = [await feed('limit=3&page=1'), await feed('limit=3&page=2')];
    expect(pages[0]!.pagination).toMatchObject({ total: 4, pages: 2 });
    expect(pages.flatMap((p) => titles({ data: p }))).toEqual(['Curated car Delhi', 'Curated car Pune', 'Curated phone Chennai', 'Curated phone Ahmedabad']);
  });

  it('narrows to a category and a place (its database alone)', async () => {
    expect(titles({ data: await feed('category=electronics') })).toEqual(['Curated phone Chennai', 'Curated phone Ahmedabad']);
    expect(titles({ data: await feed('category=vehicles&location=Pune') })).toEqual(['Curated car Pune']);
    expect(titles({ data: await feed('location=Nowhere%20Town') })).toEqual([]);
  });

  it("follows the buyer's interests: the categories of the ads they favourited, read from those ads' databases", async () => {
    const seller = await createUserWithToken({ isVerified: true });
    const liked = await createShardListing(seller, { categoryId: 'electronics', subcategoryId: 'electronics-mobile-phones', title: 'A phone they liked', city: 'Chennai', status: 'SOLD' });
    await env.DB.prepare('INSERT INTO favorites (user_id, listing_id, created_at) VALUES (?, ?, ?)').bind(pro.id, liked.id, Date.now()).run();
    const interested = await feed();
    expect(titles({ data: interested })).toEqual(['Curated phone Chennai', 'Curated phone Ahmedabad']);
    expect(interested.pagination.total).toBe(2);
  });
});
