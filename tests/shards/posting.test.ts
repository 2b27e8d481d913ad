import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { carAd } from '../factories/car-ad';
import { createUserWithToken } from '../factories';
import { ROUND_TRIP_BUDGET } from '../../worker/db/round-trip-budget';
import { roundTripCounting } from './round-trip-counting';

/**
 * Posting with the listings over four databases (decision 033): the core's batch (the posting record
 * settling the free-ad limit, the photos attached) and the ad database's batch run side by side, so
 * posting waits on no more round trips than with one database; a post that lost the limit's race
 * leaves nothing behind in any database.
 */
const listingsDbs = [env.LISTINGS_0!, env.LISTINGS_1!, env.LISTINGS_2!, env.LISTINGS_3!];
const counted = roundTripCounting();

const count = async (db: D1Database, sql: string, ...params: unknown[]) => (await db.prepare(sql).bind(...params).first<{ n: number }>())?.n ?? 0;

describe('posting into four listings databases', () => {
  it('waits on at most the write budget: the core batch and the ad database batch side by side', async () => {
    // a warm isolate: the category tree and the places are kept in memory after their first read
    expect((await call('/api/listings?category=Vehicles&location=Delhi')).status).toBe(200);
    const seller = await createUserWithToken({ isVerified: true });
    const body = await carAd(seller, { state: 'Delhi', city: 'Delhi', neighbourhood: 'Alaknanda', title: 'Honda City ZX 2012 petrol' });
    const posted = await counted('/api/listings', { method: 'POST', headers: { ...seller.auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(posted.status, JSON.stringify(posted.body).slice(0, 300)).toBe(201);
    expect(posted.roundTrips, posted.trace).toBeLessThanOrEqual(ROUND_TRIP_BUDGET.write);
    // the answer is the ad as stored in its own database (Delhi: database 1), with its photo and seller
    expect(posted.body.data.images).toHaveLength(1);
    expect(posted.body.data.user.id).toBe(seller.id);
    expect(await count(env.LISTINGS_1!, 'SELECT count(*) AS n FROM media WHERE listing_id = ?', posted.body.data.id)).toBe(1);
    expect(await count(env.DB, 'SELECT count(*) AS n FROM media WHERE listing_id = ?', posted.body.data.id)).toBe(1);
  });

  it('parallel posts over the limit: the ads that lost the race are removed from their database again', async () => {
    // one free Cars ad a year: of three posted at once, one goes live and the others answer 402
    const seller = await createUserWithToken({ isVerified: true });
    const places = [
      { state: 'Maharashtra', city: 'Mumbai', neighbourhood: 'Andheri West' },
      { state: 'Delhi', city: 'Delhi', neighbourhood: 'Alaknanda' },
      { state: 'Tamil Nadu', city: 'Chennai', neighbourhood: 'Adyar' },
    ];
    const bodies = await Promise.all(places.map((place, i) => carAd(seller, { ...place, title: `Maruti Baleno Zeta 201${i}` })));
    const results = await Promise.all(bodies.map((b) => call('/api/listings', { method: 'POST', headers: { ...seller.auth, 'content-type': 'application/json' }, body: JSON.stringify(b) })));
    expect(results.map((r) => r.status).sort(), JSON.stringify(results.map((r) => r.body?.error ?? r.body?.data?.id))).toEqual([201, 402, 402]);
    const live = results.find((r) => r.status === 201)!.body.data.id as string;
    const everywhere = async (sql: string) => (await Promise.all(listingsDbs.map((db) => count(db, sql, seller.id)))).reduce((a, b) => a + b, 0);
    expect(await everywhere('SELECT count(*) AS n FROM listings WHERE user_id = ?')).toBe(1);
    expect(await everywhere('SELECT count(*) AS n FROM media WHERE owner_id = ? AND listing_id IS NOT NULL')).toBe(1);
    expect(await count(env.DB, 'SELECT count(*) AS n FROM ad_postings WHERE user_id = ?', seller.id)).toBe(1);
    expect(await count(env.DB, 'SELECT count(*) AS n FROM media WHERE owner_id = ? AND listing_id IS NOT NULL', seller.id)).toBe(1);
    // the seller's card counts one live ad where it is kept; a search finds that one ad
    const found = await call(`/api/listings?q=${encodeURIComponent('Baleno')}&limit=20`);
    expect(found.body.data.listings.filter((l: { user: { id: string } }) => l.user.id === seller.id).map((l: { id: string }) => l.id)).toEqual([live]);
  });
});
