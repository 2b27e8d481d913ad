import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { carAd } from '../factories/car-ad';
import { createUserWithToken } from '../factories';
import { notificationsOfType } from '../support/inbox-notifications';
import { processEvent } from '../../worker/services/alerts/consumer';
import { listingsDbs } from './shard-factory';

/**
 * The outbox events of an ad's later changes with the ads over four databases (decision 033): a
 * lower price, a rejected ad going live after an edit, an ad back on sale. Each is written in the
 * same batch as the change in the ad's own database (so it exists exactly when the change does),
 * and the saved-search alerts and price-drop notices fire from it.
 */
type User = Awaited<ReturnType<typeof createUserWithToken>>;
const json = (auth: Record<string, string>, method: string, path: string, body?: unknown) =>
  call(path, { method, headers: { 'content-type': 'application/json', ...auth }, body: body === undefined ? undefined : JSON.stringify(body) });

/** Tamil Nadu's group lives in database 3 of four */
const CHENNAI = { state: 'Tamil Nadu', city: 'Chennai', neighbourhood: 'Adyar' };
const home = listingsDbs[3]!;
type Event = { id: string; kind: string; old_price_minor: number | null };
const eventsIn = async (db: D1Database, listingId: string) =>
  (await db.prepare('SELECT id, kind, old_price_minor FROM listing_events WHERE listing_id = ? ORDER BY created_at, id').bind(listingId).all<Event>()).results;
/** The events of the ad in its database beyond `known`, after checking no other database holds any. */
const newEvents = async (listingId: string, known: number) => {
  for (const db of [env.DB, ...listingsDbs.slice(0, 3)]) expect(await eventsIn(db, listingId)).toEqual([]);
  return (await eventsIn(home, listingId)).slice(known);
};
const alertedAbout = async (user: User) => (await notificationsOfType(user.id, 'SYSTEM')).map((n) => JSON.parse(n.data).listingId as string);
const saveSearch = async (user: User, query: Record<string, unknown>) => {
  const res = await json(user.auth, 'POST', '/api/saved-searches', { query, alert: 'instant' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};

let seller: User;
const postCreta = async (title: string, price: number) => {
  const res = await json(seller.auth, 'POST', '/api/listings', { ...(await carAd(seller, { ...CHENNAI, title })), price });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string };
};

beforeAll(async () => {
  seller = await createUserWithToken({ isVerified: true, firstName: 'Selvi' });
  // room for several car ads this period
  await env.DB.prepare('UPDATE free_ad_limits SET free_ads = 20').run();
});

describe("an ad's later changes write their outbox events in its own database", () => {
  it('a lower price: the event carries the old price, and a saved search within the new price and a favouriter hear of it', async () => {
    const budget = await createUserWithToken();
    await saveSearch(budget, { q: 'creta', maxPrice: 900_000 });
    const fan = await createUserWithToken();
    const ad = await postCreta('Hyundai Creta SX 2019 diesel', 1_000_000);
    expect((await json(fan.auth, 'POST', `/api/listings/${ad.id}/favorite`)).status).toBe(200);
    const before = (await eventsIn(home, ad.id)).length;
    const edit = await json(seller.auth, 'PUT', `/api/listings/${ad.id}`, { price: 850_000 });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const [event, ...more] = await newEvents(ad.id, before);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ kind: 'price_lowered', old_price_minor: 100_000_000 });
    expect(event!.id).toMatch(/^evt_[0-9a-z]{26}2$/);
    await processEvent(env, event!.id);
    expect(await alertedAbout(budget)).toEqual([ad.id]);
    const drops = await notificationsOfType(fan.id, 'FAVORITE');
    expect(drops.map((n) => JSON.parse(n.data))).toEqual([expect.objectContaining({ kind: 'PRICE_DROP', listingId: ad.id })]);
    // a higher price is no news
    expect((await json(seller.auth, 'PUT', `/api/listings/${ad.id}`, { price: 870_000 })).status).toBe(200);
    expect(await newEvents(ad.id, before + 1)).toEqual([]);
  });

  it('a rejected ad that an edit puts live: an approved event, and the saved search hears of it', async () => {
    const ad = await postCreta('Hyundai Creta EX 2018 petrol', 700_000);
    // a moderator's rejection, in the ad's database
    await home.prepare(`UPDATE listings SET status = 'REJECTED', reject_reason = 'Photos unclear' WHERE id = ?`).bind(ad.id).run();
    const buyer = await createUserWithToken();
    await saveSearch(buyer, { q: 'creta petrol' });
    const before = (await eventsIn(home, ad.id)).length;
    const edit = await json(seller.auth, 'PUT', `/api/listings/${ad.id}`, { title: 'Hyundai Creta EX 2018 petrol, clear photos' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.data.status).toBe('APPROVED');
    const events = await newEvents(ad.id, before);
    expect(events.map((e) => e.kind)).toEqual(['approved']);
    await processEvent(env, events[0]!.id);
    expect(await alertedAbout(buyer)).toEqual([ad.id]);
  });

  it('back on sale: a reactivated event in the same batch as the change, and the saved search hears of it', async () => {
    const ad = await postCreta('Hyundai Creta SX(O) 2021 turbo', 1_500_000);
    expect((await json(seller.auth, 'POST', `/api/listings/${ad.id}/status`, { status: 'INACTIVE' })).status).toBe(200);
    const buyer = await createUserWithToken();
    await saveSearch(buyer, { q: 'creta turbo' });
    const before = (await eventsIn(home, ad.id)).length;
    const back = await json(seller.auth, 'POST', `/api/listings/${ad.id}/status`, { status: 'APPROVED' });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const events = await newEvents(ad.id, before);
    expect(events.map((e) => e.kind)).toEqual(['reactivated']);
    await processEvent(env, events[0]!.id);
    expect(await alertedAbout(buyer)).toEqual([ad.id]);
    // a change that does not apply writes no event: back on sale again is no change at all
    expect((await json(seller.auth, 'POST', `/api/listings/${ad.id}/status`, { status: 'APPROVED' })).status).toBe(200);
    expect(await newEvents(ad.id, before + 1)).toEqual([]);
  });
});
