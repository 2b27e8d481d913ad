import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from '../api/helpers';
import { createUserWithToken } from '../factories';
import { carAd } from '../factories/car-ad';
import { notificationsOfType } from '../support/inbox-notifications';
import { processEvent } from '../../worker/services/alerts/consumer';
import { relayOutbox } from '../../worker/services/alerts/events';
import { sendDailyDigests } from '../../worker/services/alerts/digest';
import { listingsDbs } from './shard-factory';

/**
 * Saved-search alerts with the ads over four databases (decision 033): posting writes its outbox
 * event in the ad's own database's batch, the relay reads every database's outbox, and the
 * consumer reads the event with its ad from there while the saved searches and their matches stay
 * in the core.
 */
type User = Awaited<ReturnType<typeof createUserWithToken>>;
const json = (auth: Record<string, string>, method: string, body?: unknown) => ({
  method,
  headers: { 'content-type': 'application/json', ...auth },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

const eventsIn = async (db: D1Database, listingId: string) =>
  (await db.prepare('SELECT id, kind, sent_at, done_at FROM listing_events WHERE listing_id = ?').bind(listingId).all<{ id: string; kind: string; sent_at: number | null; done_at: number | null }>()).results;

let buyer: User;
let daily: User;
let seller: User;
let ad: { id: string };
let savedAt: number;

beforeAll(async () => {
  buyer = await createUserWithToken();
  seller = await createUserWithToken({ isVerified: true });
  const saved = await call('/api/saved-searches', json(buyer.auth, 'POST', { query: { q: 'verna', location: 'Chennai' }, alert: 'instant' }));
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  daily = await createUserWithToken();
  const dailySaved = await call('/api/saved-searches', json(daily.auth, 'POST', { query: { q: 'verna' }, alert: 'daily' }));
  expect(dailySaved.status, JSON.stringify(dailySaved.body)).toBe(201);
  savedAt = Date.now();
  // Tamil Nadu: database 3, never the core's or database 0's
  const body = await carAd(seller, { title: 'Hyundai Verna SX 2020 diesel', state: 'Tamil Nadu', city: 'Chennai', neighbourhood: 'Adyar' });
  const res = await call('/api/listings', json(seller.auth, 'POST', body));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  ad = res.body.data;
});

describe('saved-search alerts over four databases', () => {
  it("posting writes the 'posted' event with the ad, in the ad's own database only", async () => {
    const events = await eventsIn(listingsDbs[3]!, ad.id);
    expect(events.map((e) => e.kind)).toEqual(['posted']);
    expect(events[0]!.id).toMatch(/^evt_[0-9a-z]{26}2$/); // Tamil Nadu is group 2: the event names it as the ad's id does
    for (const db of [env.DB, ...listingsDbs.slice(0, 3)]) expect(await eventsIn(db, ad.id)).toEqual([]);
    // handed to the queue just after the answer
    await vi.waitFor(async () => expect((await eventsIn(listingsDbs[3]!, ad.id))[0]!.sent_at).not.toBeNull(), { timeout: 5000 });
  });

  it('the consumer reads the event and its ad from their database and tells the buyer', async () => {
    const [event] = await eventsIn(listingsDbs[3]!, ad.id);
    await processEvent(env, event!.id);
    const alerts = await notificationsOfType(buyer.id, 'SYSTEM');
    expect(alerts.map((n) => JSON.parse(n.data).listingId)).toEqual([ad.id]);
    expect(alerts[0]!.title).toContain('verna');
    expect((await eventsIn(listingsDbs[3]!, ad.id))[0]!.done_at).not.toBeNull();
    // told once: a redelivery adds nothing
    await processEvent(env, event!.id);
    expect(await notificationsOfType(buyer.id, 'SYSTEM')).toHaveLength(1);
    // the seller is never told about their own ad
    expect(await notificationsOfType(seller.id, 'SYSTEM')).toEqual([]);
  });

  it("the saved search counts the new ad, and its 'new since' link finds it", async () => {
    const list = await call('/api/saved-searches', { headers: buyer.auth });
    expect(list.status).toBe(200);
    expect(list.body.data[0].newCount).toBe(1);
    const since = await call(`/api/listings?q=verna&location=Chennai&since=${new Date(savedAt - 1000).toISOString()}`);
    expect(since.status, JSON.stringify(since.body)).toBe(200);
    expect(since.body.data.listings.map((l: { id: string }) => l.id)).toEqual([ad.id]);
  });

  it("the daily digest lists the ad, read from its own database", async () => {
    expect(await sendDailyDigests(env)).toBe(1);
    const [digest] = await notificationsOfType(daily.id, 'SYSTEM');
    expect(JSON.parse(digest!.data).kind).toBe('SAVED_SEARCH_DIGEST');
    expect(digest!.body).toContain('verna');
    // sent once
    expect(await sendDailyDigests(env)).toBe(0);
  });

  it("the relay sends what a failed send left behind in any database's outbox", async () => {
    await listingsDbs[3]!.prepare('UPDATE listing_events SET sent_at = NULL, created_at = created_at - 60000 WHERE listing_id = ?').bind(ad.id).run();
    expect(await relayOutbox(env)).toBeGreaterThanOrEqual(1);
    expect((await eventsIn(listingsDbs[3]!, ad.id))[0]!.sent_at).not.toBeNull();
  });
});
