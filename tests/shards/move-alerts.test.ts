import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { createUserWithToken } from '../factories';
import { carAd } from '../factories/car-ad';
import { notificationsOfType } from '../support/inbox-notifications';
import { processEvent } from '../../worker/services/alerts/consumer';
import { listingsDbs } from './support';

/**
 * An ad moved into another group of states (decision 033) is news for the saved searches of its new
 * place, as a new ad there (decision 009): the move writes a `moved` outbox event in the new
 * database when the ad takes its status there. Buyers already told about the ad in its old place
 * are not told again, and the old place's searches it no longer fits stop counting it.
 */
type User = Awaited<ReturnType<typeof createUserWithToken>>;
const json = (auth: Record<string, string>, method: string, body?: unknown) => ({
  method,
  headers: { 'content-type': 'application/json', ...auth },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
/** with four databases: Delhi (group 8) lives in database 1, Tamil Nadu (group 2) in database 3 */
const [, delhiDb, , chennaiDb] = listingsDbs as [D1Database, D1Database, D1Database, D1Database];
const DELHI = { state: 'Delhi', city: 'Delhi', neighbourhood: 'Alaknanda' };
const CHENNAI = { state: 'Tamil Nadu', city: 'Chennai', neighbourhood: 'Adyar' };

const eventsIn = async (db: D1Database, listingId: string) =>
  (await db.prepare('SELECT id, kind FROM listing_events WHERE listing_id = ? ORDER BY created_at').bind(listingId).all<{ id: string; kind: string }>()).results;
const alertsOf = async (user: User) => (await notificationsOfType(user.id, 'SYSTEM')).map((n) => JSON.parse(n.data).listingId as string);
const newCounts = async (user: User) => ((await call('/api/saved-searches', { headers: user.auth })).body.data as { newCount: number }[]).map((s) => s.newCount);
const save = async (user: User, query: Record<string, string>, alert = 'instant') => {
  const res = await call('/api/saved-searches', json(user.auth, 'POST', { query, alert }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};

let seller: User;
/** saved "gharial in Delhi": fits the ad where it was posted only */
let delhiBuyer: User;
/** saved "gharial" anywhere: fits it before and after the move */
let anywhereBuyer: User;
/** saved "gharial in Chennai": fits it only once moved */
let chennaiBuyer: User;
/** saved both "gharial" anywhere and "gharial in Chennai": told once, when it was posted */
let bothBuyer: User;
let ad: { id: string; slug: string };
let newId: string;
let movedAt: number;

beforeAll(async () => {
  seller = await createUserWithToken({ isVerified: true });
  [delhiBuyer, anywhereBuyer, chennaiBuyer, bothBuyer] = await Promise.all([createUserWithToken(), createUserWithToken(), createUserWithToken(), createUserWithToken()]);
  await save(delhiBuyer, { q: 'gharial', location: 'Delhi' });
  await save(anywhereBuyer, { q: 'gharial' });
  await save(chennaiBuyer, { q: 'gharial', location: 'Chennai' });
  await save(bothBuyer, { q: 'gharial' });
  await save(bothBuyer, { q: 'gharial', location: 'Chennai' });
  const posted = await call('/api/listings', json(seller.auth, 'POST', await carAd(seller, { ...DELHI, title: 'Maruti Swift VXi 2019 gharial' })));
  expect(posted.status, JSON.stringify(posted.body)).toBe(201);
  ad = posted.body.data;
  const [event] = await eventsIn(delhiDb, ad.id);
  await processEvent(env, event!.id);
});

describe('a moved ad and the saved searches', () => {
  it('before the move: the searches of its first place were told', async () => {
    expect(await alertsOf(delhiBuyer)).toEqual([ad.id]);
    expect(await alertsOf(anywhereBuyer)).toEqual([ad.id]);
    expect(await alertsOf(bothBuyer)).toEqual([ad.id]);
    expect(await alertsOf(chennaiBuyer)).toEqual([]);
  });

  it("the move writes a 'moved' event in the new database, in the batch that puts the ad live there", async () => {
    movedAt = Date.now();
    const res = await call(`/api/listings/${ad.id}`, json(seller.auth, 'PUT', CHENNAI));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    newId = res.body.data.id;
    expect(newId).toBe(`${ad.id.slice(0, 26)}2`);
    const events = await eventsIn(chennaiDb, newId);
    expect(events.map((e) => e.kind)).toEqual(['moved']);
    expect(events[0]!.id).toMatch(/^evt_[0-9a-z]{26}2$/);
  });

  it("the new place's searches are told as for a new ad there; nobody is told twice", async () => {
    const [event] = await eventsIn(chennaiDb, newId);
    await processEvent(env, event!.id);
    expect(await alertsOf(chennaiBuyer)).toEqual([newId]);
    // already told about this ad (under its old id): not again, whichever of their searches fits now
    expect(await alertsOf(anywhereBuyer)).toEqual([ad.id]);
    expect(await alertsOf(bothBuyer)).toEqual([ad.id]);
    expect(await alertsOf(delhiBuyer)).toEqual([ad.id]);
    // a redelivery adds nothing
    await processEvent(env, event!.id);
    expect(await alertsOf(chennaiBuyer)).toEqual([newId]);
  });

  it("the old place's search no longer counts it; the new place's counts it, and its 'new since' link finds it", async () => {
    expect(await newCounts(delhiBuyer)).toEqual([0]);
    expect(await newCounts(chennaiBuyer)).toEqual([1]);
    expect(await newCounts(anywhereBuyer)).toEqual([1]);
    const matched = await env.DB.prepare('SELECT s.user_id, m.live_at FROM saved_query_matches m JOIN saved_searches s ON s.matcher_id = m.matcher_id WHERE m.listing_id = ?')
      .bind(newId)
      .all<{ user_id: string; live_at: number }>();
    const at = new Map(matched.results.map((r) => [r.user_id, r.live_at]));
    expect(at.has(delhiBuyer.id)).toBe(false);
    // the anywhere search keeps its first moment; the Chennai search's is the move's
    expect(at.get(anywhereBuyer.id)).toBeLessThan(movedAt);
    expect(at.get(chennaiBuyer.id)).toBeGreaterThanOrEqual(movedAt);
    const since = await call(`/api/listings?q=gharial&location=Chennai&since=${new Date(movedAt - 1).toISOString()}`);
    expect(since.status, JSON.stringify(since.body)).toBe(200);
    expect(since.body.data.listings.map((l: { id: string }) => l.id)).toEqual([newId]);
  });

  it('an edit of the moved ad in its new place writes no second move event', async () => {
    const res = await call(`/api/listings/${newId}`, json(seller.auth, 'PUT', { title: 'Maruti Swift VXi 2019 gharial, one owner' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await eventsIn(chennaiDb, newId)).map((e) => e.kind)).toEqual(['moved']);
  });
});
