import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { carAd, uploadPhoto } from '../factories/car-ad';
import { createUserWithToken } from '../factories';
import { render } from '../../worker/schemas/notification-texts';

/**
 * A seller's and a buyer's writes on an ad whose row lives in a listings database of its own
 * (decision 033): edits, status changes, renewal, deletion and favourites reach that database, and
 * the core keeps only what is the account's (photos, posting records, favourites).
 */
const listingsDbs = [env.LISTINGS_0!, env.LISTINGS_1!, env.LISTINGS_2!, env.LISTINGS_3!];
/** Delhi's group lives in database 1 with four (worker/schemas/listing-shards-data.ts) */
const DELHI = { state: 'Delhi', city: 'Delhi', neighbourhood: 'Alaknanda' };
const home = listingsDbs[1]!;

type Seller = Awaited<ReturnType<typeof createUserWithToken>>;
const json = (auth: Record<string, string>, method: string, path: string, body?: unknown) =>
  call(path, { method, headers: { ...auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

let seller: Seller;
const postAd = async (title: string) => {
  const res = await json(seller.auth, 'POST', '/api/listings', await carAd(seller, { ...DELHI, title }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; slug: string };
};
const stored = (id: string) => home.prepare('SELECT title, price_minor, status, expires_at, renewals FROM listings WHERE id = ?').bind(id).first<{ title: string; price_minor: number; status: string; expires_at: number; renewals: number }>();

beforeAll(async () => {
  seller = await createUserWithToken({ isVerified: true, firstName: 'Kavita' });
  // room for several ads in one group this period
  await env.DB.prepare(`UPDATE free_ad_limits SET free_ads = 20`).run();
});

describe("a seller's writes go to the ad's own database", () => {
  it('an edit of text, price and photos changes the row and its photo copies there, and search sees it', async () => {
    const ad = await postAd('Honda City ZX 2017 sunroof');
    const second = await uploadPhoto(seller);
    const first = (await call(`/api/listings/${ad.id}`)).body.data.images[0] as string;
    const res = await json(seller.auth, 'PUT', `/api/listings/${ad.id}`, { title: 'Honda City ZX 2017 sunroof, new tyres', price: 610000, images: [second, first] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.title).toBe('Honda City ZX 2017 sunroof, new tyres');
    expect(await stored(ad.id)).toMatchObject({ title: 'Honda City ZX 2017 sunroof, new tyres', price_minor: 61_000_000 });
    // the read shows the new photos in the new order, from the copies beside the ad
    const read = await call(`/api/listings/${ad.id}`);
    expect(read.body.data.images).toEqual([second, first]);
    expect((await home.prepare('SELECT count(*) AS n FROM media WHERE listing_id = ?').bind(ad.id).first<{ n: number }>())?.n).toBe(2);
    // the core's photo rows follow
    expect((await env.DB.prepare('SELECT count(*) AS n FROM media WHERE listing_id = ?').bind(ad.id).first<{ n: number }>())?.n).toBe(2);
    const found = await call('/api/listings?q=tyres&location=Delhi');
    expect(found.body.data.listings.map((l: { id: string }) => l.id)).toEqual([ad.id]);
    // a move to a state of another group gives the ad a new id in that group's database
    // (tests/shards/move.test.ts); the old id still finds it
    const moved = await json(seller.auth, 'PUT', `/api/listings/${ad.id}`, { state: 'Tamil Nadu', city: 'Chennai', neighbourhood: 'Adyar' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ id: `${ad.id.slice(0, 26)}2`, title: 'Honda City ZX 2017 sunroof, new tyres', state: 'Tamil Nadu' });
    expect(await stored(ad.id)).toBeNull();
    // a second seller cannot edit it at all
    const other = await createUserWithToken();
    expect((await json(other.auth, 'PUT', `/api/listings/${ad.id}`, { price: 1000 })).status).toBe(403);
  });

  it('marking sold and back on sale, deactivating: the status changes in its database', async () => {
    const ad = await postAd('Tata Nexon XZ 2020 diesel');
    for (const status of ['SOLD', 'APPROVED', 'INACTIVE'] as const) {
      const res = await json(seller.auth, 'POST', `/api/listings/${ad.id}/status`, { status });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.status).toBe(status);
      expect((await stored(ad.id))?.status).toBe(status);
    }
    const refused = await json(seller.auth, 'POST', `/api/listings/${ad.id}/status`, { status: 'INACTIVE' });
    expect(refused.status).toBe(200);
  });

  it('renewing an expired ad puts it back live in its database', async () => {
    const ad = await postAd('Mahindra XUV300 W8 2021');
    await home.prepare(`UPDATE listings SET status = 'EXPIRED', expires_at = ? WHERE id = ?`).bind(Date.now() - 1000, ad.id).run();
    const res = await json(seller.auth, 'POST', `/api/listings/${ad.id}/renew`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await stored(ad.id);
    expect(row).toMatchObject({ status: 'APPROVED', renewals: 1 });
    expect(row!.expires_at).toBeGreaterThan(Date.now());
  });

  it('deleting an ad removes it and its photo copies from its database, and the core rows of it', async () => {
    const ad = await postAd('Kia Seltos HTX 2022');
    const buyer = await createUserWithToken();
    expect((await json(buyer.auth, 'POST', `/api/listings/${ad.id}/favorite`, { isFavorite: true })).status).toBe(200);
    const res = await json(seller.auth, 'DELETE', `/api/listings/${ad.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await stored(ad.id)).toBeNull();
    expect(await home.prepare('SELECT 1 FROM media WHERE listing_id = ?').bind(ad.id).first()).toBeNull();
    expect(await env.DB.prepare('SELECT 1 FROM favorites WHERE listing_id = ?').bind(ad.id).first()).toBeNull();
    expect((await call(`/api/listings/${ad.id}`)).status).not.toBe(200);
    // still in the seller's archive
    const archived = await call('/api/listings/user/archived', { headers: seller.auth });
    expect(JSON.stringify(archived.body)).toContain(ad.id);
  });
});

describe('favourites of an ad in its own database', () => {
  it('set, idempotent, toggled off; the seller is told once, in their language', async () => {
    const ad = await postAd('Hyundai Creta SX 2019 automatic');
    await env.DB.prepare(`UPDATE users SET language = 'hi' WHERE id = ?`).bind(seller.id).run();
    const buyer = await createUserWithToken();
    for (const want of [true, true]) {
      const res = await json(buyer.auth, 'POST', `/api/listings/${ad.id}/favorite`, { isFavorite: want });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toEqual({ isFavorite: true, listingId: ad.id });
    }
    expect(await env.DB.prepare('SELECT 1 FROM favorites WHERE user_id = ? AND listing_id = ?').bind(buyer.id, ad.id).first()).not.toBeNull();
    expect((await call(`/api/listings/${ad.id}`, { headers: buyer.auth })).body.data.isFavorite).toBe(true);
    const notes = (await call('/api/notifications', { headers: seller.auth })).body.data.notifications as { type: string; title: string; data?: { listingId?: string } }[];
    expect(notes.filter((n) => n.type === 'FAVORITE' && n.data?.listingId === ad.id).map((n) => n.title)).toEqual([render('hi', 'favouriteTitle')]);
    // toggled (no body) → off
    const off = await call(`/api/listings/${ad.id}/favorite`, { method: 'POST', headers: buyer.auth });
    expect(off.body.data.isFavorite).toBe(false);
    // own ad, and an ad that does not exist in its database
    expect((await json(seller.auth, 'POST', `/api/listings/${ad.id}/favorite`, { isFavorite: true })).body.code).toBe('OWN_LISTING');
    expect((await json(buyer.auth, 'POST', `/api/listings/${ad.id.slice(0, 26)}5/favorite`, { isFavorite: true })).status).toBe(404);
    await env.DB.prepare(`UPDATE users SET language = 'en' WHERE id = ?`).bind(seller.id).run();
  });

  it('a blocked buyer favourites quietly', async () => {
    const ad = await postAd('Maruti Baleno Alpha 2020');
    const buyer = await createUserWithToken();
    await env.DB.prepare('INSERT INTO user_blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)').bind(seller.id, buyer.id, Date.now()).run();
    const before = ((await call('/api/notifications', { headers: seller.auth })).body.data.notifications as unknown[]).length;
    expect((await json(buyer.auth, 'POST', `/api/listings/${ad.id}/favorite`, { isFavorite: true })).status).toBe(200);
    expect(((await call('/api/notifications', { headers: seller.auth })).body.data.notifications as unknown[]).length).toBe(before);
  });
});
