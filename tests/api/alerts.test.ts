import { clearNotifications, notificationRows, notificationRowsOldestFirst, notificationsOfType } from '../support/inbox-notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from 'cloudflare:workers';
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { call } from './helpers';
import { accountsDb, accountsDbs, createListing, createUserWithToken, listingDb, onAccountsDbs, onListingDbs, sharded, userRowsDb } from '../factories';
import { groupOfListingId, LISTINGS_BINDINGS, listingDatabaseCount } from '../../worker/db/shards';
import { ACCOUNTS_BINDINGS } from '../../worker/db/accounts';
import { usersWithAccounts } from '../../worker/db/users';
import { ulid } from '../../worker/lib/ulid';
import { jpegBytes } from '../factories/images';
import { connect } from '../durable-objects/socket';
import { handleAlertBatch, processEvent, setAlertFault } from '../../worker/services/alerts/consumer';
import { relayOutbox } from '../../worker/services/alerts/events';
import { sendDailyDigests } from '../../worker/services/alerts/digest';

type User = Awaited<ReturnType<typeof createUserWithToken>>;

const json = (auth: Record<string, string>, method: string, body?: unknown) => ({
  method,
  headers: { 'content-type': 'application/json', ...auth },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

const SCOOTER = { brand: 'Honda', year: 2022, fuel: 'Petrol', transmission: 'Automatic', kmDriven: 8000, noOfOwners: '1st' };

const photo = async (seller: User) => {
  const form = new FormData();
  form.append('image', new File([jpegBytes()], 'photo.jpg', { type: 'image/jpeg' }));
  const res = await call('/api/upload/image', { method: 'POST', headers: seller.auth, body: form });
  expect(res.status).toBe(201);
  return res.body.data.url as string;
};

const post = async (seller: User, o: { title: string; city: string; price: number; subcategoryId?: string }) => {
  const image = await photo(seller);
  const res = await call(
    '/api/listings',
    json(seller.auth, 'POST', {
      title: o.title,
      description: 'Well kept, all papers clear, single owner, serviced on time.',
      price: o.price,
      categoryId: 'Vehicles',
      subcategoryId: o.subcategoryId ?? 'Scooters',
      location: o.city,
      images: [image],
      features: SCOOTER,
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; status: string };
};

const save = async (buyer: User, query: Record<string, unknown>, alert = 'instant') => {
  const res = await call('/api/saved-searches', json(buyer.auth, 'POST', { query, alert }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
};

/**
 * A saved search's shared query, named with its accounts database ("2:17"): each accounts database
 * numbers its own (decision 034; "0:17" with one).
 */
const queryOf = async (userId: string, searchId: string) =>
  `${accountsDbs().indexOf(accountsDb(userId))}:${await accountsDb(userId).prepare('SELECT matcher_id FROM saved_searches WHERE id = ?').bind(searchId).first<number>('matcher_id')}`;
/** The shared queries an ad's matches are recorded for, in every accounts database, named as `queryOf` names them. */
const matchesOfAd = async (listingId: string) =>
  (
    await Promise.all(
      accountsDbs().map(async (db, i) =>
        (await db.prepare('SELECT matcher_id FROM saved_query_matches WHERE listing_id = ? ORDER BY matcher_id').bind(listingId).all<{ matcher_id: number }>()).results.map((r) => `${i}:${r.matcher_id}`),
      ),
    )
  ).flat();
const removeMatchesOf = (...listingIds: string[]) =>
  Promise.all(accountsDbs().map((db) => db.prepare(`DELETE FROM saved_query_matches WHERE listing_id IN (SELECT value FROM json_each(?))`).bind(JSON.stringify(listingIds)).run()));

/** The ad's outbox: its events live in the ad's own database (decision 033). */
const eventsOf = async (listingId: string) =>
  (await listingDb(listingId).prepare('SELECT id, kind, old_price_minor, sent_at, done_at FROM listing_events WHERE listing_id = ? ORDER BY created_at, id').bind(listingId).all<{
    id: string;
    kind: string;
    old_price_minor: number | null;
    sent_at: number | null;
    done_at: number | null;
  }>()).results;

const notificationsOf = async (userId: string) =>
  (await notificationRowsOldestFirst(userId)).map(({ title, body, type, data }) => ({ title, body, type, data }));

/** Runs every event of the ad through the consumer, as the queue would (and may already have). */
const drain = async (listingId: string) => {
  for (const e of await eventsOf(listingId)) await processEvent(env, e.id);
};

afterEach(() => setAlertFault(undefined));

describe('outbox: events are written with the change', () => {
  it('posting a live ad writes a "posted" event in the same batch and hands it to the queue', async () => {
    const seller = await createUserWithToken();
    const ad = await post(seller, { title: 'Honda Activa 6G', city: 'Pune', price: 38000 });
    // written with the ad; handed to the queue just after the answer (the seller does not wait on it)
    expect(await eventsOf(ad.id)).toEqual([expect.objectContaining({ kind: 'posted' })]);
    await vi.waitFor(async () => expect(await eventsOf(ad.id)).toEqual([expect.objectContaining({ kind: 'posted', sent_at: expect.any(Number) })]), { timeout: 5000 });
  });

  it('a held-back ad writes no event; re-submitting it fixed writes "approved"', async () => {
    const seller = await createUserWithToken();
    const ad = await post(seller, { title: 'Activa with ganja', city: 'Pune', price: 38000 });
    expect(ad.status).toBe('REJECTED');
    expect(await eventsOf(ad.id)).toEqual([]);
    const fixed = await call(`/api/listings/${ad.id}`, json(seller.auth, 'PUT', { title: 'Honda Activa 5G' }));
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect((await eventsOf(ad.id)).map((e) => e.kind)).toEqual(['approved']);
  });

  it('lowering the price writes "price_lowered" with the old price; raising it or other edits write nothing', async () => {
    const seller = await createUserWithToken();
    const ad = await post(seller, { title: 'Honda Activa 6G', city: 'Pune', price: 42000 });
    expect((await call(`/api/listings/${ad.id}`, json(seller.auth, 'PUT', { price: 45000 }))).status).toBe(200);
    expect((await call(`/api/listings/${ad.id}`, json(seller.auth, 'PUT', { title: 'Honda Activa 6G DLX' }))).status).toBe(200);
    expect((await call(`/api/listings/${ad.id}`, json(seller.auth, 'PUT', { price: 38500 }))).status).toBe(200);
    expect((await eventsOf(ad.id)).map((e) => [e.kind, e.old_price_minor])).toEqual([
      ['posted', null],
      ['price_lowered', 4_500_000],
    ]);
  });

  it('reactivating an inactive ad writes "reactivated"; deactivating writes nothing', async () => {
    const seller = await createUserWithToken();
    const ad = await post(seller, { title: 'Honda Activa 6G', city: 'Pune', price: 38000 });
    expect((await call(`/api/listings/${ad.id}/status`, json(seller.auth, 'POST', { status: 'INACTIVE' }))).status).toBe(200);
    expect((await call(`/api/listings/${ad.id}/status`, json(seller.auth, 'POST', { status: 'APPROVED' }))).status).toBe(200);
    expect((await eventsOf(ad.id)).map((e) => e.kind)).toEqual(['posted', 'reactivated']);
  });

  it('the relay sends events a failed send left behind', async () => {
    const seller = await createUserWithToken();
    const ad = await post(seller, { title: 'Honda Activa 6G', city: 'Pune', price: 38000 });
    await listingDb(ad.id).prepare('UPDATE listing_events SET sent_at = NULL, created_at = created_at - 60000 WHERE listing_id = ?').bind(ad.id).run();
    expect(await relayOutbox(env)).toBeGreaterThanOrEqual(1);
    expect((await eventsOf(ad.id))[0]!.sent_at).not.toBeNull();
  });
});

describe('matching saved searches', () => {
  it('a saved "activa pune" matches "Honda Activa 6G" in Pune, and nothing in Mumbai or a Honda Shine', async () => {
    const buyer = await createUserWithToken();
    const seller = await createUserWithToken();
    await save(buyer, { q: 'activa pune' });
    const hit = await post(seller, { title: 'Honda Activa 6G', city: 'Pune', price: 38000 });
    const elsewhere = await post(seller, { title: 'Honda Activa 6G', city: 'Mumbai', price: 38000 });
    const other = await post(seller, { title: 'Honda Shine 125', city: 'Pune', price: 38000, subcategoryId: 'Motorcycles' });
    for (const ad of [hit, elsewhere, other]) await drain(ad.id);
    const got = await notificationsOf(buyer.id);
    expect(got, JSON.stringify(got)).toHaveLength(1);
    expect(got[0]).toMatchObject({ title: 'New ad for "activa pune"', body: expect.stringContaining('Honda Activa 6G · ₹38,000') });
    expect(JSON.parse(got[0]!.data)).toMatchObject({ kind: 'SAVED_SEARCH', listingId: hit.id, url: expect.stringMatching(/^\/products\?q=activa\+pune&since=[^&]+&savedSearch=ss_/) });
    // the saved search counts it as new
    const list = await call('/api/saved-searches', { headers: buyer.auth });
    expect(list.body.data[0].newCount).toBe(1);
  });

  it('price range, condition and category filters are applied; the seller is never alerted about their own ad', async () => {
    const buyer = await createUserWithToken();
    const seller = await createUserWithToken();
    await save(buyer, { category: 'Vehicles', subcategory: 'Scooters', maxPrice: 40000, location: 'Pune' });
    await save(seller, { q: 'activa' });
    const cheap = await post(seller, { title: 'Honda Activa 6G', city: 'Pune', price: 38000 });
    const dear = await post(seller, { title: 'Honda Activa 125', city: 'Pune', price: 52000 });
    await drain(cheap.id);
    await drain(dear.id);
    expect((await notificationsOf(buyer.id)).map((n) => JSON.parse(n.data).listingId)).toEqual([cheap.id]);
    expect(await notificationsOf(seller.id)).toEqual([]);
  });

  it('daily and off searches record the match without an instant notification; one buyer with two matching searches gets one notification', async () => {
    const buyer = await createUserWithToken();
    const quiet = await createUserWithToken();
    const seller = await createUserWithToken();
    await save(buyer, { q: 'activa' });
    await save(buyer, { q: 'honda scooter', location: 'Pune' });
    const daily = await save(quiet, { q: 'activa' }, 'daily');
    const off = await save(quiet, { q: 'activa 6g' }, 'off');
    const ad = await post(seller, { title: 'Honda Activa 6G scooter', city: 'Pune', price: 38000 });
    await drain(ad.id);
    expect(await notificationsOf(buyer.id)).toHaveLength(1);
    expect(await notificationsOf(quiet.id)).toEqual([]);
    const counts = (await call('/api/saved-searches', { headers: quiet.auth })).body.data.map((s: { id: string; newCount: number }) => [s.id, s.newCount]);
    expect(counts.sort()).toEqual([[daily, 1], [off, 1]].sort());
  });
});

describe('one query saved by many buyers', () => {
  it('is stored once, checked once per ad, and every buyer who saved it is told; unused queries are removed', async () => {
    const seller = await createUserWithToken();
    const buyers = await Promise.all(Array.from({ length: 25 }, () => createUserWithToken()));
    // the same filters in another order, and one buyer with other filters
    for (const [i, b] of buyers.entries()) await save(b, i % 2 ? { location: 'Nagpur', q: 'ather 450x' } : { q: 'ather 450x', location: 'Nagpur' });
    const other = await createUserWithToken();
    const otherId = await save(other, { q: 'ather 450x', location: 'Nagpur', maxPrice: 20000 });
    // once per accounts database that holds some of these buyers (decision 034: one with one)
    const holding = new Set(buyers.map((b) => accountsDb(b.id))).size;
    const shared = await onAccountsDbs<{ queries: number; searches: number }>(
      `SELECT count(DISTINCT s.matcher_id) AS queries, count(*) AS searches FROM saved_searches s WHERE s.user_id IN (SELECT value FROM json_each(?))`,
      JSON.stringify(buyers.map((b) => b.id)),
    );
    expect({ queries: shared.reduce((n, r) => n + r.queries, 0), searches: shared.reduce((n, r) => n + r.searches, 0) }).toEqual({ queries: holding, searches: 25 });

    const ad = await post(seller, { title: 'Ather 450X Gen 3', city: 'Nagpur', price: 98000 });
    await drain(ad.id); // (the queue may have got there first: the same outcome)
    for (const b of buyers) expect(await notificationsOf(b.id)).toHaveLength(1);
    expect(await notificationsOf(other.id)).toEqual([]); // over their price limit
    // the match is recorded once for each shared query, not once per buyer; each buyer's newCount reads it
    expect(await matchesOfAd(ad.id)).toHaveLength(holding);
    for (const b of buyers.slice(0, 3)) expect((await call('/api/saved-searches', { headers: b.auth })).body.data[0].newCount).toBe(1);
    expect((await call('/api/saved-searches', { headers: other.auth })).body.data[0].newCount).toBe(0);

    // the same ad again (an event nobody has handled): candidates are the distinct queries of its
    // category and place — the shared one and the other buyer's — not 26 searches; all already told
    // (an event id names the ad's group as the ad's id does, so the consumer finds its outbox)
    const replay = `evt_${ulid().toLowerCase()}${groupOfListingId(ad.id) ?? ''}`;
    await listingDb(ad.id).prepare(`INSERT INTO listing_events (id, listing_id, kind, created_at) VALUES (?, ?, 'posted', ?)`).bind(replay, ad.id, Date.now()).run();
    const stats = await processEvent(env, replay);
    // the ad from its own database, the saved queries and searches from every accounts database
    const l = (await listingDb(ad.id).prepare('SELECT category_id, subcategory_id, state_id, city_id, area_id FROM listings WHERE id = ?').bind(ad.id).first<Record<string, string | number | null>>())!;
    const inScope = async (table: string) =>
      (
        await onAccountsDbs<{ n: number }>(
          `SELECT count(*) AS n FROM ${table} x WHERE x.scope IN ('', ?, coalesce(?, '')) AND x.place_id IN (0, coalesce(?, -1), coalesce(?, -1), coalesce(?, -1))`,
          l.category_id, l.subcategory_id, l.state_id, l.city_id, l.area_id,
        )
      ).reduce((n, r) => n + r.n, 0);
    const [queries, searches] = [await inScope('saved_search_matchers'), await inScope('saved_searches')];
    expect(stats.candidates).toBe(queries);
    // (other tests of this file saved searches too) the 25 identical ones count once per database
    expect(queries).toBeLessThanOrEqual(searches - (25 - holding));
    expect(stats.matched).toBeGreaterThanOrEqual(1); // the shared query fits again…
    expect(stats.notified).toBe(0); // …and nobody is told twice

    // the other buyer deletes theirs: its query is no longer used and goes at the hourly cleanup
    expect((await call(`/api/saved-searches/${otherId}`, json(other.auth, 'DELETE'))).status).toBe(200);
    const { removeUnusedMatchers } = await import('../../worker/services/alerts/saved-searches');
    expect(await removeUnusedMatchers(env)).toBeGreaterThanOrEqual(1);
    const ather = async () => (await onAccountsDbs<{ n: number }>(`SELECT count(*) AS n FROM saved_search_matchers WHERE matcher LIKE '%ather%'`)).reduce((n, r) => n + r.n, 0);
    expect(await ather()).toBe(holding);
    // a new save of the removed filters makes the row again
    await save(other, { q: 'ather 450x', location: 'Nagpur', maxPrice: 20000 });
    expect(await ather()).toBe(holding + 1);
  });
});

describe('delivery: idempotent, retried, nothing lost', () => {
  it('an event delivered twice notifies once', async () => {
    const buyer = await createUserWithToken();
    const seller = await createUserWithToken();
    await save(buyer, { q: 'activa' });
    const ad = await post(seller, { title: 'Honda Activa 6G', city: 'Pune', price: 38000 });
    const [event] = await eventsOf(ad.id);
    await processEvent(env, event!.id);
    await listingDb(ad.id).prepare('UPDATE listing_events SET done_at = NULL WHERE id = ?').bind(event!.id).run(); // as if the ack was lost
    await processEvent(env, event!.id);
    const batch = createMessageBatch('sel-alerts', [
      { id: 'm1', timestamp: new Date(), attempts: 1, body: { eventId: event!.id } },
      { id: 'm2', timestamp: new Date(), attempts: 1, body: { eventId: event!.id } },
    ]);
    const ctx = createExecutionContext();
    await handleAlertBatch(batch as MessageBatch<{ eventId: string }>, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(['m1', 'm2']);
    expect(await notificationsOf(buyer.id)).toHaveLength(1);
  });

  it('a consumer killed mid-batch loses nothing: the redelivered batch notifies every buyer exactly once', async () => {
    const seller = await createUserWithToken();
    const buyers = [await createUserWithToken(), await createUserWithToken(), await createUserWithToken()];
    for (const b of buyers) await save(b, { q: 'activa' });
    const ads = [
      await post(seller, { title: 'Honda Activa 6G', city: 'Pune', price: 38000 }),
      await post(seller, { title: 'Honda Activa 5G', city: 'Delhi', price: 30000 }),
      await post(seller, { title: 'Honda Activa 125', city: 'Chennai', price: 45000 }),
    ];
    const eventIds = (await Promise.all(ads.map((a) => eventsOf(a.id)))).map((e) => e[0]!.id);
    for (const [i, a] of ads.entries()) await listingDb(a.id).prepare('UPDATE listing_events SET done_at = NULL WHERE id = ?').bind(eventIds[i]).run();
    await clearNotifications(...buyers.map((b) => b.id));
    await removeMatchesOf(...ads.map((a) => a.id));
    const messages = eventIds.map((eventId, i) => ({ id: `k${i}`, timestamp: new Date(), attempts: 1, body: { eventId } }));

    // the isolate dies while handling the second event, after its writes, before the buyers are told live
    setAlertFault((point, id) => {
      if (point === 'after-store' && id === eventIds[1]) throw new Error('isolate killed');
    });
    const first = createMessageBatch('sel-alerts', messages);
    await handleAlertBatch(first as MessageBatch<{ eventId: string }>, env);
    const r1 = await getQueueResult(first, createExecutionContext());
    expect(r1.explicitAcks.sort()).toEqual(['k0', 'k2']);
    expect(r1.retryMessages.map((m) => m.msgId)).toEqual(['k1']);

    // redelivered (here: the whole batch, as after a crash), with the fault gone
    setAlertFault(undefined);
    const again = createMessageBatch('sel-alerts', messages.map((m) => ({ ...m, attempts: 2 })));
    await handleAlertBatch(again as MessageBatch<{ eventId: string }>, env);
    expect((await getQueueResult(again, createExecutionContext())).explicitAcks.sort()).toEqual(['k0', 'k1', 'k2']);

    for (const b of buyers) {
      const got = (await notificationsOf(b.id)).map((n) => JSON.parse(n.data).listingId).sort();
      expect(got).toEqual(ads.map((a) => a.id).sort());
    }
    const done = await onListingDbs(`SELECT id FROM listing_events WHERE id IN (?, ?, ?) AND done_at IS NOT NULL`, ...eventIds);
    expect(done).toHaveLength(3);
  });

  it('the queue itself delivers: a posted ad reaches the buyer without calling the consumer by hand', async () => {
    const buyer = await createUserWithToken();
    const seller = await createUserWithToken();
    await save(buyer, { q: 'scooty activa' });
    await post(seller, { title: 'Honda Activa 6G', city: 'Pune', price: 38000 });
    const until = Date.now() + 10_000;
    let got = await notificationsOf(buyer.id);
    while (!got.length && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      got = await notificationsOf(buyer.id);
    }
    expect(got).toHaveLength(1);
  });
});

describe('price drops and digests', () => {
  it('lowering the price notifies everyone who favourited it, once per ad per day', async () => {
    const seller = await createUserWithToken();
    const fans = [await createUserWithToken(), await createUserWithToken()];
    const ad = await post(seller, { title: 'Honda Activa 6G', city: 'Pune', price: 42000 });
    for (const f of fans) expect((await call(`/api/listings/${ad.id}/favorite`, json(f.auth, 'POST', { isFavorite: true }))).status).toBe(200);
    expect((await call(`/api/listings/${ad.id}`, json(seller.auth, 'PUT', { price: 38500 }))).status).toBe(200);
    await drain(ad.id);
    expect((await call(`/api/listings/${ad.id}`, json(seller.auth, 'PUT', { price: 36000 }))).status).toBe(200);
    await drain(ad.id);
    for (const f of fans) {
      const got = (await notificationsOf(f.id)).filter((n) => JSON.parse(n.data).kind === 'PRICE_DROP');
      expect(got).toEqual([expect.objectContaining({ title: 'Price dropped to ₹38,500', body: 'Honda Activa 6G: was ₹42,000' })]);
    }
    // the seller hears of the wishlists, never of their own price drop
    expect((await notificationsOf(seller.id)).filter((n) => JSON.parse(n.data).kind === 'PRICE_DROP')).toEqual([]);
  });

  it('the daily digest e-mails each buyer their daily matches once (dev outbox), and a rerun sends nothing', async () => {
    const buyer = await createUserWithToken();
    const seller = await createUserWithToken();
    await save(buyer, { q: 'activa', location: 'Pune' }, 'daily');
    const ad = await post(seller, { title: 'Honda Activa 6G', city: 'Pune', price: 38000 });
    await drain(ad.id);
    expect(await sendDailyDigests(env)).toBeGreaterThanOrEqual(1);
    const mail = await env.DB.prepare(`SELECT body FROM dev_outbox WHERE channel = 'email' AND recipient = ?`).bind(buyer.email).all<{ body: string }>();
    expect(mail.results).toHaveLength(1);
    expect(mail.results[0]!.body).toContain('1 new ad matches your saved searches');
    expect(mail.results[0]!.body).toContain('Honda Activa 6G — ₹38,000');
    await sendDailyDigests(env);
    expect((await env.DB.prepare(`SELECT count(*) AS n FROM dev_outbox WHERE channel = 'email' AND recipient = ?`).bind(buyer.email).first<{ n: number }>())?.n).toBe(1);
  });
});

describe('matches are per shared query: price drops into a range, digests after a switch', () => {
  it('a price lowered into a saved price range is news: the buyer is told once and the link and newCount show the ad', async () => {
    const buyer = await createUserWithToken();
    const seller = await createUserWithToken();
    const word = `zq${Date.now().toString(36)}`.replace(/[0-9]/g, 'x');
    const savedId = await save(buyer, { q: word, maxPrice: 40000 });
    const ad = await post(seller, { title: `Honda Activa ${word}`, city: 'Pune', price: 45000 });
    await drain(ad.id);
    expect(await notificationsOf(buyer.id)).toEqual([]);
    expect((await call('/api/saved-searches', { headers: buyer.auth })).body.data[0].newCount).toBe(0);
    expect((await call(`/api/listings/${ad.id}`, json(seller.auth, 'PUT', { price: 38000 }))).status).toBe(200);
    await drain(ad.id);
    const got = await notificationsOf(buyer.id);
    expect(got).toHaveLength(1);
    const data = JSON.parse(got[0]!.data);
    expect(data).toMatchObject({ kind: 'SAVED_SEARCH', listingId: ad.id, savedSearchId: savedId });
    const link = new URL(data.url, 'http://sel.test');
    const page = await call(`/api/listings?q=${word}&maxPrice=40000&since=${encodeURIComponent(link.searchParams.get('since')!)}`);
    expect((page.body.data.listings as { id: string }[]).map((l) => l.id)).toEqual([ad.id]);
    expect((await call('/api/saved-searches', { headers: buyer.auth })).body.data[0].newCount).toBe(1);
    // lowered again: still the same one piece of news
    expect((await call(`/api/listings/${ad.id}`, json(seller.auth, 'PUT', { price: 36000 }))).status).toBe(200);
    await drain(ad.id);
    expect(await notificationsOf(buyer.id)).toHaveLength(1);
    expect((await call('/api/saved-searches', { headers: buyer.auth })).body.data[0].newCount).toBe(1);
  });

  it('the database writes the alert: in the buyer’s language, the same link the app builds, and searches saved before links existed open the Saved searches page until the hourly fill', async () => {
    const seller = await createUserWithToken();
    const hindi = await createUserWithToken();
    const english = await createUserWithToken();
    const old = await createUserWithToken();
    await userRowsDb(hindi.id).prepare(`UPDATE users SET language = 'hi' WHERE id = ?`).bind(hindi.id).run();
    const word = `zq${Date.now().toString(36)}`.replace(/[0-9]/g, 'x');
    const query = { q: `${word} pune`, maxPrice: '40000', sortBy: 'price', sortOrder: 'asc' };
    const [hiId, enId, oldId] = [await save(hindi, query), await save(english, query), await save(old, query)];
    await accountsDb(old.id).prepare('UPDATE saved_searches SET href = NULL WHERE id = ?').bind(oldId).run();
    const ad = await post(seller, { title: `Honda Activa ${word}`, city: 'Pune', price: 38000 });
    await drain(ad.id);
    const { name } = (await accountsDb(hindi.id).prepare('SELECT name FROM saved_searches WHERE id = ?').bind(hiId).first<{ name: string }>())!;
    expect(name).toBe(`${word} pune, under ₹40,000`);
    const [hi] = await notificationsOf(hindi.id);
    expect([hi?.title, hi?.body]).toEqual([`"${name}" के लिए नया विज्ञापन`, `Honda Activa ${word} · ₹ 38,000 · Pune, Maharashtra`]);
    const [en] = await notificationsOf(english.id);
    expect([en?.title, en?.body]).toEqual([`New ad for "${name}"`, `Honda Activa ${word} · ₹38,000 · Pune, Maharashtra`]);
    const { savedSearchHref } = await import('../../worker/schemas/saved-search-links');
    const event = await listingDb(ad.id).prepare('SELECT created_at FROM listing_events WHERE listing_id = ?').bind(ad.id).first<{ created_at: number }>();
    for (const [n, id, who] of [[hi, hiId, hindi], [en, enId, english]] as const) {
      const seen = (await accountsDb(who.id).prepare('SELECT last_seen_at FROM saved_searches WHERE id = ?').bind(id).first<{ last_seen_at: number }>())!.last_seen_at;
      expect(JSON.parse(n!.data)).toEqual({ kind: 'SAVED_SEARCH', listingId: ad.id, savedSearchId: id, url: savedSearchHref(query, id, Math.min(seen, event!.created_at - 1)) });
    }
    expect(JSON.parse((await notificationsOf(old.id))[0]!.data)).toMatchObject({ savedSearchId: oldId, url: '/saved-searches' });
    const { fillSavedSearchLinks } = await import('../../worker/services/alerts/saved-searches');
    expect(await fillSavedSearchLinks(env)).toBeGreaterThanOrEqual(1);
    const filled = await accountsDb(old.id).prepare('SELECT href FROM saved_searches WHERE id = ?').bind(oldId).first<{ href: string }>();
    expect(filled?.href).toBe(savedSearchHref(query));
  });

  it('a buyer with the app open sees the alert live (once, even when the event is handled again); the others find it stored', async () => {
    const seller = await createUserWithToken();
    const online = await createUserWithToken();
    const offline = await createUserWithToken();
    const word = `zq${Date.now().toString(36)}`.replace(/[0-9]/g, 'x');
    for (const b of [online, offline]) await save(b, { q: word });
    const tab = await connect(`/parties/user-inbox/${online.id}?token=${online.token}`);
    await tab.waitFor((e) => e.type === 'unread_count');
    const ad = await post(seller, { title: `Honda Activa ${word}`, city: 'Pune', price: 38000 });
    const live = await tab.waitFor((e) => e.type === 'notification');
    expect(live.notification).toMatchObject({ title: expect.stringContaining(word), isRead: false, data: { kind: 'SAVED_SEARCH', listingId: ad.id } });
    await drain(ad.id);
    expect(await notificationsOf(offline.id)).toEqual([expect.objectContaining({ title: expect.stringContaining(word) })]);
    // handled again (a redelivery): nothing new stored, nothing pushed again
    const [event] = await eventsOf(ad.id);
    await listingDb(ad.id).prepare('UPDATE listing_events SET done_at = NULL WHERE id = ?').bind(event!.id).run();
    expect((await processEvent(env, event!.id)).notified).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(tab.events.filter((e) => e.type === 'notification')).toHaveLength(1);
    expect(await notificationsOf(online.id)).toHaveLength(1);
    tab.close();
  });

  it('a search switched to daily gets in its first digest only what matched after the switch, then only what came since', async () => {
    const buyer = await createUserWithToken();
    const seller = await createUserWithToken();
    const word = `zq${Date.now().toString(36)}`.replace(/[0-9]/g, 'x');
    const savedId = await save(buyer, { q: word });
    const mailsTo = async () =>
      (await env.DB.prepare(`SELECT body FROM dev_outbox WHERE channel = 'email' AND recipient = ? ORDER BY created_at, id`).bind(buyer.email).all<{ body: string }>()).results.map((r) => r.body);
    const first = await post(seller, { title: `Honda Activa first ${word}`, city: 'Pune', price: 30000 });
    await drain(first.id);
    expect(await notificationsOf(buyer.id)).toHaveLength(1); // told at once while instant
    expect((await call(`/api/saved-searches/${savedId}`, json(buyer.auth, 'PUT', { alert: 'daily' }))).status).toBe(200);
    const second = await post(seller, { title: `Honda Activa second ${word}`, city: 'Pune', price: 31000 });
    await drain(second.id);
    expect(await notificationsOf(buyer.id)).toHaveLength(1); // daily: nothing at once
    await sendDailyDigests(env);
    let mails = await mailsTo();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`second ${word}`);
    expect(mails[0]).not.toContain(`first ${word}`);
    await sendDailyDigests(env);
    expect(await mailsTo()).toHaveLength(1); // a rerun sends nothing
    const third = await post(seller, { title: `Honda Activa third ${word}`, city: 'Pune', price: 32000 });
    await drain(third.id);
    await sendDailyDigests(env);
    mails = await mailsTo();
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain(`third ${word}`);
    expect(mails[1]).not.toContain(`second ${word}`);
  });
});

// ---------------------------------------------------------------- saved searches: only the new ads, moderator approval, crashes at every step

const withRole = async (role: 'MODERATOR' | 'ADMIN') => {
  const u = await createUserWithToken({ firstName: 'Mod' });
  await userRowsDb(u.id).prepare('UPDATE users SET role = ? WHERE id = ?').bind(role, u.id).run();
  return u;
};
/** a word no other ad of this file carries, so a search for it sees only this test's ads */
const uniqueWord = () => `zq${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.replace(/[0-9]/g, 'x');
/** an ad that went live hours ago and is now held for a moderator (reported) */
const heldAd = async (seller: User, title: string) => {
  const ad = await createListing(seller, { title, city: 'Pune', status: 'PENDING', createdAt: Date.now() - 5 * 3_600_000 });
  await listingDb(ad.id).prepare(`UPDATE listings SET held_reason = 'REPORTED', held_at = ? WHERE id = ?`).bind(Date.now() - 3_600_000, ad.id).run();
  return ad;
};
const idsOf = (res: { body: any }) => (res.body.data.listings as { id: string }[]).map((l) => l.id).sort();
const waitDone = async (listingId: string) => {
  const until = Date.now() + 10_000;
  while (Date.now() < until && (await eventsOf(listingId)).some((e) => e.done_at === null)) await new Promise((r) => setTimeout(r, 50));
};

describe('only the new ads: GET /api/listings?since=', () => {
  it('returns only ads that went live after it: posted after, or approved by a moderator after (however old the ad)', async () => {
    const seller = await createUserWithToken();
    const mod = await withRole('MODERATOR');
    const word = uniqueWord();
    const old = await createListing(seller, { title: `${word} Activa old`, city: 'Pune', createdAt: Date.now() - 3 * 3_600_000 });
    const held = await heldAd(seller, `${word} Activa held`);
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const fresh = await post(seller, { title: `${word} Activa new`, city: 'Pune', price: 38000 });
    expect((await call(`/api/admin/listings/${held.id}/decision`, json(mod.auth, 'POST', { action: 'APPROVE', reason: 'Checked, genuine' }))).status).toBe(200);
    const all = await call(`/api/listings?q=${word}`);
    expect(idsOf(all)).toEqual([old.id, held.id, fresh.id].sort());
    const onlyNew = await call(`/api/listings?q=${word}&since=${encodeURIComponent(since)}`);
    expect(onlyNew.status).toBe(200);
    expect(idsOf(onlyNew)).toEqual([held.id, fresh.id].sort());
    expect(onlyNew.body.data.pagination.total).toBe(2);
    // the same through the browse path (no words: the filter alone), in an offset zone, and as a date
    const browse = await call(`/api/listings?location=Pune&since=${encodeURIComponent(since.replace('Z', '+00:00'))}&limit=100`);
    expect(idsOf(browse)).toEqual(expect.arrayContaining([held.id, fresh.id]));
    expect(idsOf(browse)).not.toContain(old.id);
    const later = new Date(Date.now() + 60_000).toISOString();
    expect(idsOf(await call(`/api/listings?q=${word}&since=${later}`))).toEqual([]);
  });

  it('a bad since is a 400 with a readable message, never a 500; a saved search cannot keep one', async () => {
    for (const [value, message] of [
      ['yesterday', /since must be a date and time like 2026-11-25T09:30:00Z/],
      ['2026-13-01T00:00:00Z', /not a real date|since must be/],
      ['1999-01-01', /between 2020 and today/],
      ['2100-01-01T00:00:00Z', /between 2020 and today/],
      ['2026-11-25T09:30:00Z%00', /since must be/],
      ['x'.repeat(500), /since must be/],
    ] as const) {
      const res = await call(`/api/listings?since=${encodeURIComponent(value)}`);
      expect(res.status, value).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(JSON.stringify(res.body)).toMatch(message);
    }
    const buyer = await createUserWithToken();
    const res = await call('/api/saved-searches', json(buyer.auth, 'POST', { query: { q: 'activa', since: '2026-11-25T09:30:00Z' }, alert: 'instant' }));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/Unknown search filter: since/);
  });

  it('the OpenAPI document lists since on GET /listings', async () => {
    const doc = (await call('/api/openapi.json')).body;
    const params = doc.paths['/listings'].get.parameters as { name: string; in: string }[];
    expect(params).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'since', in: 'query' })]));
  });
});

describe('a moderator approval is news for saved searches', () => {
  it('APPROVE of a held ad notifies the matching saved search once; the notification opens only the new ads', async () => {
    const buyer = await createUserWithToken();
    const seller = await createUserWithToken();
    const mod = await withRole('MODERATOR');
    const word = uniqueWord();
    const old = await createListing(seller, { title: `${word} Activa older`, city: 'Pune', createdAt: Date.now() - 6 * 3_600_000 });
    const held = await heldAd(seller, `${word} Activa 6G`);
    const savedId = await save(buyer, { q: word });
    expect(await notificationsOf(buyer.id)).toEqual([]);
    expect((await call(`/api/admin/listings/${held.id}/decision`, json(mod.auth, 'POST', { action: 'APPROVE', reason: 'Genuine seller' }))).status).toBe(200);
    expect((await eventsOf(held.id)).map((e) => e.kind)).toEqual(['approved']);
    await waitDone(held.id); // the queue delivers it; draining again must change nothing
    await drain(held.id);
    const got = await notificationsOf(buyer.id);
    expect(got).toHaveLength(1);
    const data = JSON.parse(got[0]!.data);
    expect(data).toMatchObject({ kind: 'SAVED_SEARCH', listingId: held.id, savedSearchId: savedId });
    const url = new URL(data.url, 'http://sel.test');
    expect(url.pathname).toBe('/products');
    expect(url.searchParams.get('q')).toBe(word);
    const since = url.searchParams.get('since')!;
    expect(Date.parse(since)).toBeLessThan(Date.now());
    // what the products page asks for with that link: the approved ad, not the older one
    const page = await call(`/api/listings?q=${encodeURIComponent(word)}&since=${encodeURIComponent(since)}`);
    expect(idsOf(page)).toEqual([held.id]);
    expect(idsOf(await call(`/api/listings?q=${encodeURIComponent(word)}`))).toEqual([old.id, held.id].sort());
    const list = await call('/api/saved-searches', json(buyer.auth, 'GET'));
    expect(list.body.data[0]).toMatchObject({ id: savedId, newCount: 1 });
  });
});

/**
 * A D1 stand-in that "kills the isolate" at the k-th database call: before it runs (nothing
 * written) or just after (written, never acknowledged). Order-blind: it does not know which step
 * is which, so reordering the consumer's steps cannot slip past it.
 */
const dyingDb = (db: D1Database, killAt: number, after: boolean, count = { calls: 0 }, counts: (sql: string) => boolean = () => true) => {
  const real = new WeakMap<object, D1PreparedStatement>();
  const sqlOf = new WeakMap<object, string>();
  const step = async <T>(work: () => Promise<T>, sql: string[]) => {
    // a statement this database does not count runs untouched (see dyingEnv)
    if (!sql.some(counts)) return work();
    const call = ++count.calls;
    if (call === killAt && !after) throw new Error('isolate killed (before)');
    const out = await work();
    if (call === killAt && after) throw new Error('isolate killed (after)');
    return out;
  };
  const wrap = (st: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const w = {
      bind: (...values: unknown[]) => wrap(st.bind(...values), sql),
      first: (col?: string) => step(() => (col === undefined ? st.first() : st.first(col)), [sql]),
      run: () => step(() => st.run(), [sql]),
      all: () => step(() => st.all(), [sql]),
      raw: () => step(() => st.raw(), [sql]),
    } as unknown as D1PreparedStatement;
    real.set(w, st);
    sqlOf.set(w, sql);
    return w;
  };
  const proxy = {
    prepare: (sql: string) => wrap(db.prepare(sql), sql),
    batch: (list: D1PreparedStatement[]) => step(() => db.batch(list.map((s) => real.get(s) ?? s)), list.map((s) => sqlOf.get(s) ?? '')),
    exec: (sql: string) => db.exec(sql),
  } as unknown as D1Database;
  return { db: proxy, calls: () => count.calls };
};

/**
 * The worker's environment with every database it writes alerts through dying at the k-th call
 * counted over all of them: the core and, with several listings databases, each of those (the
 * outbox lives beside the ad, decision 033); with the users switch on, the reads of `users` in the
 * accounts databases too.
 */
const dyingEnv = (killAt: number, after: boolean) => {
  const count = { calls: 0 };
  const bindings = ['DB', ...(sharded ? LISTINGS_BINDINGS.slice(0, listingDatabaseCount(env)) : [])];
  // (the accounts databases' calls are killed one by one in tests/shards/accounts-saved-searches.test.ts:
  // here they would triple this test's time)
  const databases = env as unknown as Record<string, D1Database>;
  const dying = Object.fromEntries(bindings.map((name) => [name, dyingDb(databases[name]!, killAt, after, count).db]));
  // With the users switch on (decision 034) the buyers' accounts, whose languages the alerts are
  // written in, are read from the accounts databases (alone, or joined to their saved searches): the
  // statements reading `users` die there too, so the test still kills the consumer at every read of
  // the accounts it used to make in the core
  if (usersWithAccounts(env)) {
    for (const name of ACCOUNTS_BINDINGS.slice(0, accountsDbs().length)) dying[name] = dyingDb(databases[name]!, killAt, after, count, (sql) => /\b(from|join)\s+"?users"?\b/i.test(sql)).db;
  }
  return { env: Object.assign(Object.create(env), dying) as typeof env, calls: () => count.calls };
};

describe('a consumer killed at any step loses nothing and notifies once', () => {
  it('for a new ad (instant + daily searches) and a price drop, at every database call, before and after it', async () => {
    const seller = await createUserWithToken();
    const instant = [await createUserWithToken(), await createUserWithToken()];
    const daily = await createUserWithToken();
    const fan = await createUserWithToken();
    const word = uniqueWord();
    const searches = [...(await Promise.all(instant.map((b) => save(b, { q: word })))), await save(daily, { q: word }, 'daily')];
    const ad = await post(seller, { title: `Honda Activa ${word}`, city: 'Pune', price: 42000 });
    expect((await call(`/api/listings/${ad.id}/favorite`, json(fan.auth, 'POST', { isFavorite: true }))).status).toBe(200);
    expect((await call(`/api/listings/${ad.id}`, json(seller.auth, 'PUT', { price: 38500 }))).status).toBe(200);
    await waitDone(ad.id);
    const events = await eventsOf(ad.id);
    expect(events.map((e) => e.kind)).toEqual(['posted', 'price_lowered']);
    const people = [...instant, daily, fan].map((u) => u.id);
    // one shared query per accounts database holding these buyers (decision 034)
    const queriesOfSearches = new Set(await Promise.all([...instant, daily].map((u, i) => queryOf(u.id, searches[i]!))));
    expect(queriesOfSearches.size).toBe(new Set([...instant, daily].map((u) => accountsDb(u.id))).size);
    let cleanMatch: string[] | undefined;
    const reset = async () => {
      await listingDb(ad.id).prepare(`UPDATE listing_events SET done_at = NULL WHERE listing_id = ?`).bind(ad.id).run();
      await clearNotifications(...people);
      await removeMatchesOf(ad.id);
    };
    const check = async (label: string) => {
      for (const b of instant) {
        const got = (await notificationsOf(b.id)).map((n) => JSON.parse(n.data) as { kind: string; listingId: string });
        expect(got, `${label}: buyer ${b.id}`).toEqual([expect.objectContaining({ kind: 'SAVED_SEARCH', listingId: ad.id })]);
      }
      expect(await notificationsOf(daily.id), label).toEqual([]);
      const drops = (await notificationsOf(fan.id)).map((n) => n.title);
      expect(drops, label).toEqual(['Price dropped to ₹38,500']);
      // the shared query's match recorded (once), so every search counts the ad as new; other tests'
      // queries may fit the ad too: every run records what the clean run recorded
      const ids = await matchesOfAd(ad.id);
      cleanMatch ??= ids;
      for (const q of queriesOfSearches) expect(ids, label).toContain(q);
      expect(ids, label).toEqual(cleanMatch);
      for (const u of [...instant, daily]) expect((await call('/api/saved-searches', { headers: u.auth })).body.data[0].newCount, label).toBe(1);
      expect((await eventsOf(ad.id)).every((e) => e.done_at !== null), label).toBe(true);
    };

    // how many database calls a clean run makes: every one of them is a place to die
    await reset();
    const counter = dyingEnv(Number.POSITIVE_INFINITY, false);
    const counted = counter.env;
    const perEvent: number[] = [];
    for (const e of events) {
      const before = counter.calls();
      await processEvent(counted, e.id);
      perEvent.push(counter.calls() - before);
    }
    const total = counter.calls();
    expect(perEvent.every((n) => n >= 3), JSON.stringify(perEvent)).toBe(true); // read, candidates, write batch at least
    expect(total).toBeGreaterThan(6);
    await check('clean run');

    let deaths = 0;
    for (const after of [false, true]) {
      for (let k = 1; k <= total; k++) {
        await reset();
        const dying = dyingEnv(k, after).env;
        let died = false;
        // one delivery of both events, dying at the k-th call; then the redelivery (the queue's retry), clean
        for (const e of events) {
          try {
            await processEvent(dying, e.id);
          } catch {
            died = true;
          }
        }
        // a Web Push lookup that dies is caught by the push itself (the notification is stored): no death there
        if (died) deaths++;
        for (const e of events) await processEvent(env, e.id);
        await check(`killed ${after ? 'after' : 'before'} call ${k} of ${total}`);
        // and a third delivery of the same events adds nothing
        for (const e of events) await processEvent(env, e.id);
        await check(`redelivered after call ${k}`);
      }
    }
    expect(deaths).toBeGreaterThan(total);
  }, 120_000);
});
