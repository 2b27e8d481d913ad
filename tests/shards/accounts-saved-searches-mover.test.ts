import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { call as callWithOneAccountsDb } from '../api/helpers';
import { applyMigrations } from '../setup/databases';
import { resetToMigratedState } from '../setup/reset-databases';
import { carAd } from '../factories/car-ad';
import { notificationsOfType } from '../support/inbox-notifications';
import { processEvent } from '../../worker/services/alerts/consumer';
import { removeUnusedMatchers } from '../../worker/services/alerts/saved-searches';
import { moveSavedSearchesToAccounts } from '../../worker/services/accounts/saved-searches-move';
import { listingsDbs } from './support';
import { accountsDbs, call, fourAccounts, json, userIn } from './four-accounts';

/**
 * Searches saved while there was one accounts database stay in the core when the accounts are split,
 * with the shared queries they point at and those queries' matches, all numbered by the core. The
 * every-minute mover copies each search into its buyer's accounts database with its query (found or
 * added there by what it is, under that database's number) and the query's matches re-numbered, then
 * removes the search from the core; the hourly clean-up removes the core's queries left unused. The
 * searches are saved here through the worker with one accounts database (this configuration's own
 * env) and read back through it with four (`fourAccounts`).
 */
type User = Awaited<ReturnType<typeof userIn>>;
const oneDb = env as unknown as Env;
const move = (o: { searchesPerRun?: number; matchesPerRun?: number; stopAfterCopy?: boolean } = {}) =>
  moveSavedSearchesToAccounts(fourAccounts, { searchesPerRun: o.searchesPerRun ?? 100, matchesPerRun: o.matchesPerRun ?? 10_000 }, o.stopAfterCopy);

/** Saved with one accounts database: the row lands in the core. */
const saveWithOneDb = async (user: User, query: Record<string, unknown>) => {
  const res = await callWithOneAccountsDb('/api/saved-searches', { method: 'POST', headers: { 'content-type': 'application/json', ...user.auth }, body: JSON.stringify({ query, alert: 'instant' }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
};
/** Saved once the accounts are split: the row lands in the buyer's accounts database. */
const saveInOwnDb = async (user: User, query: Record<string, unknown>) => {
  const res = await json(user.auth, 'POST', '/api/saved-searches', { query, alert: 'instant' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
};
const listOf = async (user: User) => (await call('/api/saved-searches', { headers: user.auth })).body.data as { id: string; newCount: number; name: string }[];
const alertsOf = async (user: User) => (await notificationsOfType(user.id, 'SYSTEM')).filter((n) => JSON.parse(n.data).kind === 'SAVED_SEARCH').map((n) => JSON.parse(n.data).listingId as string);
const uniqueWord = () => `zq${ulid().slice(-8).toLowerCase().replace(/[0-9]/g, 'x')}`;
const adDb = async (listingId: string) => {
  for (const db of listingsDbs) if (await db.prepare('SELECT 1 FROM listings WHERE id = ?').bind(listingId).first()) return db;
  throw new Error(`no database holds ${listingId}`);
};
/** An ad posted and its outbox events handled by the consumer with the accounts as `on` has them. */
const postAndMatch = async (seller: User, word: string, on: Env) => {
  const res = await json(seller.auth, 'POST', '/api/listings', await carAd(seller, { title: `Maruti Swift VXi ${word}` }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.data.id as string;
  const db = await adDb(id);
  const { results } = await db.prepare('SELECT id FROM listing_events WHERE listing_id = ? ORDER BY created_at').bind(id).all<{ id: string }>();
  for (const e of results) {
    // the queue may have handled it with this configuration's env: its done mark is cleared so `on` does the work
    await db.prepare('UPDATE listing_events SET done_at = NULL WHERE id = ?').bind(e.id).run();
    await processEvent(on, e.id);
  }
  return id;
};
const coreCount = async (table: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<number>('n'))!;
const searchIn = (db: D1Database, id: string) => db.prepare('SELECT * FROM saved_searches WHERE id = ?').bind(id).first<Record<string, unknown>>();
const matchesOf = async (db: D1Database, searchId: string) =>
  (
    await db
      .prepare('SELECT q.listing_id, q.live_at FROM saved_query_matches q JOIN saved_searches s ON s.matcher_id = q.matcher_id WHERE s.id = ? ORDER BY q.listing_id')
      .bind(searchId)
      .all<{ listing_id: string; live_at: number }>()
  ).results;

beforeAll(async () => {
  await Promise.all(accountsDbs.map((db) => applyMigrations(db)));
  await Promise.all(accountsDbs.map((db) => resetToMigratedState(db)));
  // reference data lives in every database (migrations); the limit is checked in the seller's accounts database (decision 034)
  await Promise.all([env.DB, ...accountsDbs].map((db) => db.prepare(`UPDATE free_ad_limits SET free_ads = 50`).run()));
  // A deployment turning the split on starts new isolates; here both configurations share one (the
  // queue handles events with the core's), and the consumer remembers parsed queries by database
  // position and number (0 is the core with one, ACCOUNTS_0 with four). The core numbers its queries
  // from a million on, so the two never meet in that memory.
  await env.DB.batch([
    env.DB.prepare(`INSERT INTO saved_search_matchers (id, scope, place_id, matcher, created_at) VALUES (1000000, 'none', 0, '{}', 0)`),
    env.DB.prepare('DELETE FROM saved_search_matchers WHERE id = 1000000'),
  ]);
});

describe("searches saved with one accounts database move to their buyers' databases", () => {
  it("appear in the buyer's list after the every-minute job, with their matches re-numbered, and still bring alerts", async () => {
    const word = uniqueWord();
    const seller = await userIn(0, { isVerified: true });
    const [a, b] = [await userIn(1), await userIn(2)];
    // since the split, someone in a's database saved another query: that database's number 1 is taken by it
    await saveInOwnDb(await userIn(1), { q: uniqueWord() });
    // with one database: a and b share one query, a has a second one; an ad matched it
    const [aId, bId] = [await saveWithOneDb(a, { q: word }), await saveWithOneDb(b, { q: word })];
    const aPune = await saveWithOneDb(a, { q: uniqueWord(), location: 'Pune' });
    const first = await postAndMatch(seller, word, oneDb);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM saved_query_matches WHERE listing_id = ?').bind(first).first('n')).toBe(1);
    // the split turned on: the buyers see nothing of them
    expect(await listOf(a)).toEqual([]);
    expect(await listOf(b)).toEqual([]);

    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: '* * * * *', scheduledTime: Date.now() }), fourAccounts, ctx);
    await waitOnExecutionContext(ctx);

    expect(new Set((await listOf(a)).map((s) => s.id))).toEqual(new Set([aId, aPune]));
    expect((await listOf(a)).find((s) => s.id === aId)!.newCount).toBe(1);
    expect((await listOf(b)).map((s) => [s.id, s.newCount])).toEqual([[bId, 1]]);
    // every column as it was, the query pointed at by the buyer's database's own number
    const copied = (await searchIn(accountsDbs[1]!, aId))!;
    const query = await accountsDbs[1]!.prepare('SELECT scope, place_id, matcher FROM saved_search_matchers WHERE id = ?').bind(copied.matcher_id).first();
    expect(query).toEqual({ scope: copied.scope, place_id: copied.place_id, matcher: copied.matcher });
    expect(await matchesOf(accountsDbs[1]!, aId)).toEqual([{ listing_id: first, live_at: expect.any(Number) }]);
    expect(await coreCount('saved_searches')).toBe(0);
    // the hourly clean-up removes the core's queries and their matches
    expect(await coreCount('saved_search_matchers')).toBeGreaterThanOrEqual(2);
    expect(await removeUnusedMatchers(fourAccounts)).toBeGreaterThanOrEqual(2);
    expect([await coreCount('saved_search_matchers'), await coreCount('saved_query_matches')]).toEqual([0, 0]);

    // a new ad reaches both buyers, from their own databases
    const second = await postAndMatch(seller, word, fourAccounts);
    // (the first ad was told with one database)
    expect(await alertsOf(a)).toEqual([first, second]);
    expect(await alertsOf(b)).toEqual([first, second]);
    expect((await listOf(b))[0]!.newCount).toBe(2);
  });

  it('a run cut between copy and delete leaves the copy the buyer reads, and the next run finishes; runs are bounded', async () => {
    const word = uniqueWord();
    const buyer = await userIn(3);
    const ids = [await saveWithOneDb(buyer, { q: word }), await saveWithOneDb(buyer, { q: uniqueWord() })].sort();
    const ad = await postAndMatch(await userIn(0, { isVerified: true }), word, oneDb);

    expect(await move({ stopAfterCopy: true })).toBe(0);
    expect(await coreCount('saved_searches')).toBe(2);
    expect((await listOf(buyer)).map((s) => s.id).sort()).toEqual(ids);
    // a bounded run moves the first search by id; its copy is not written twice
    expect(await move({ searchesPerRun: 1 })).toBe(1);
    expect(await coreCount('saved_searches')).toBe(1);
    expect(await move()).toBe(1);
    expect(await coreCount('saved_searches')).toBe(0);
    const db = accountsDbs[3]!;
    expect(await db.prepare('SELECT count(*) AS n FROM saved_searches WHERE user_id = ?').bind(buyer.id).first('n')).toBe(2);
    expect((await db.prepare('SELECT count(*) AS n FROM saved_query_matches WHERE listing_id = ?').bind(ad).first('n'))).toBe(1);
    expect((await listOf(buyer)).map((s) => s.id).sort()).toEqual(ids);
    expect(await move()).toBe(0);
  });

  it('a run takes searches only while their matches fit, the first always', async () => {
    const words = [uniqueWord(), uniqueWord()];
    const buyer = await userIn(2);
    const seller = await userIn(0, { isVerified: true });
    for (const w of words) await saveWithOneDb(buyer, { q: w });
    for (const w of words) await postAndMatch(seller, w, oneDb);
    await postAndMatch(seller, words[0]!, oneDb);
    // 2 + 1 matches: a run allowed 1 still moves the first search, the next the second
    expect(await move({ matchesPerRun: 1 })).toBe(1);
    expect(await coreCount('saved_searches')).toBe(1);
    expect(await move({ matchesPerRun: 1 })).toBe(1);
    expect(await coreCount('saved_searches')).toBe(0);
    const counts = (await listOf(buyer)).map((s) => s.newCount).sort();
    expect(counts).toEqual([1, 2]);
  });

  it("a search the buyer saved in their own database meanwhile is untouched, and keeps its query's number and matches", async () => {
    const word = uniqueWord();
    const buyer = await userIn(0);
    const seller = await userIn(1, { isVerified: true });
    // (the ad first: a search's compiled query depends on whether its words are known yet)
    const before = await postAndMatch(seller, word, oneDb);
    const old = await saveWithOneDb(buyer, { q: word });
    await env.DB.prepare('INSERT INTO saved_query_matches (matcher_id, listing_id, seller_id, live_at, matched_at) SELECT matcher_id, ?, ?, ?, ? FROM saved_searches WHERE id = ?')
      .bind(before, seller.id, Date.now(), Date.now(), old)
      .run();
    // split: the buyer saved the same filters again and renamed it; an ad matched it there
    const mine = await saveInOwnDb(buyer, { q: word });
    expect((await json(buyer.auth, 'PUT', `/api/saved-searches/${mine}`, { name: 'My Swift' })).status).toBe(200);
    const since = await postAndMatch(seller, word, fourAccounts);
    const db = accountsDbs[0]!;
    const own = (await searchIn(db, mine))!;
    const ownMatches = await matchesOf(db, mine);
    const queries = await db.prepare('SELECT count(*) AS n FROM saved_search_matchers').first<number>('n');

    expect(await move()).toBe(1);
    expect(await searchIn(db, mine)).toEqual(own);
    // the moved search points at the same query there: no second copy of it, its matches joined
    expect((await searchIn(db, old))!.matcher_id).toBe(own.matcher_id);
    expect(await db.prepare('SELECT count(*) AS n FROM saved_search_matchers').first<number>('n')).toBe(queries);
    const after = await matchesOf(db, mine);
    expect(after.map((m) => m.listing_id).sort()).toEqual([before, since].sort());
    for (const m of ownMatches) expect(after).toContainEqual(m);
    expect((await listOf(buyer)).map((s) => s.id).sort()).toEqual([mine, old].sort());
  });

  it('with nothing to move a run is one read of the core; with one accounts database it does nothing', async () => {
    expect(await coreCount('saved_searches')).toBe(0);
    const calls: string[] = [];
    const counting = (name: string, db: D1Database): D1Database =>
      new Proxy(db, {
        get(target, prop) {
          if (prop === 'prepare') return (sql: string) => (calls.push(`${name}: ${sql.slice(0, 60)}`), target.prepare(sql));
          if (prop === 'batch') return (s: D1PreparedStatement[]) => (calls.push(`${name}: batch of ${s.length}`), target.batch(s));
          return Reflect.get(target, prop);
        },
      });
    const counted = { ...fourAccounts, DB: counting('core', env.DB), ...Object.fromEntries(accountsDbs.map((d, i) => [`ACCOUNTS_${i}`, counting(`accounts-${i}`, d)])) } as Env;
    expect(await moveSavedSearchesToAccounts(counted)).toBe(0);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^core: SELECT/);

    const buyer = await userIn(1);
    const id = await saveWithOneDb(buyer, { q: uniqueWord() });
    calls.length = 0;
    expect(await moveSavedSearchesToAccounts({ ...counted, ACCOUNTS_DATABASES: undefined } as Env)).toBe(0);
    expect(calls).toEqual([]);
    expect(await searchIn(env.DB, id)).not.toBeNull();
    await move();
  });
});
