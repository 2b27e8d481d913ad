import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../setup/databases';
import { resetToMigratedState } from '../setup/reset-databases';
import { carAd } from '../factories/car-ad';
import { notificationsOfType } from '../support/inbox-notifications';
import { processEvent } from '../../worker/services/alerts/consumer';
import { sendDailyDigests } from '../../worker/services/alerts/digest';
import { removeUnusedMatchers } from '../../worker/services/alerts/saved-searches';
import { runConsistencyChecks } from '../../worker/services/consistency';
import { ROUND_TRIP_BUDGET } from '../../worker/db/round-trip-budget';
import type { Env } from '../../worker/env';
import { listingsDbs, shardAd } from './support';
import { archiveEndedAds } from '../../worker/services/listings/archive';
import { ARCHIVABLE_STATES } from '../../worker/schemas/archive-data';
import { roundTripCounting } from './round-trip-counting';
import { accountsDbs, call, fourAccounts, json, userIn } from './four-accounts';

/**
 * Saved searches over four accounts databases (decision 034): a buyer's searches, the shared queries
 * they point at and those queries' matches live in the accounts database of the buyer's group. The
 * buyer's own reads and writes go there alone (the 50-search limit stays one conditional statement
 * in one database); the alert consumer reads the queries by ad from every accounts database side by
 * side and writes each match beside its query; the digest, a moved ad's `moved` event, account
 * deletion and the checker follow. The worker gets ACCOUNTS_DATABASES = 4 on the env this file hands it.
 */
type User = Awaited<ReturnType<typeof userIn>>;

/** Which accounts databases (by index) hold rows for `sql`, and whether the core does. */
const whereRows = async (sql: string, ...params: unknown[]) => {
  const found = await Promise.all(accountsDbs.map((db) => db.prepare(sql).bind(...params).first()));
  return { accounts: found.flatMap((r, i) => (r ? [i] : [])), core: Boolean(await env.DB.prepare(sql).bind(...params).first()) };
};
const save = async (user: User, query: Record<string, unknown>, alert = 'instant') => {
  const res = await json(user.auth, 'POST', '/api/saved-searches', { query, alert });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
};
const listOf = async (user: User) => (await call('/api/saved-searches', { headers: user.auth })).body.data as { id: string; newCount: number }[];
const alertsOf = async (user: User) => (await notificationsOfType(user.id, 'SYSTEM')).filter((n) => JSON.parse(n.data).kind === 'SAVED_SEARCH').map((n) => JSON.parse(n.data).listingId as string);
const eventsIn = async (db: D1Database, listingId: string) =>
  (await db.prepare('SELECT id, kind FROM listing_events WHERE listing_id = ? ORDER BY created_at').bind(listingId).all<{ id: string; kind: string }>()).results;
/** The listings database holding an ad's id (its last character names its group, decision 033). */
const adDb = async (listingId: string) => {
  for (const db of listingsDbs) if (await db.prepare('SELECT 1 FROM listings WHERE id = ?').bind(listingId).first()) return db;
  throw new Error(`no database holds ${listingId}`);
};
/** A word nobody else's search or ad has. */
const uniqueWord = () => `zq${ulid().slice(-8).toLowerCase().replace(/[0-9]/g, 'x')}`;
const postCar = async (seller: User, o: Record<string, unknown>) => {
  const res = await json(seller.auth, 'POST', '/api/listings', await carAd(seller, o));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string };
};
/**
 * An outbox event handled by the consumer with the accounts over four. The queue may have handled it
 * first with this configuration's own env (accounts in the core, where these buyers have no searches):
 * its done mark is cleared so this file's consumer does the work.
 */
const handle = async (db: D1Database, eventId: string) => {
  await db.prepare('UPDATE listing_events SET done_at = NULL WHERE id = ?').bind(eventId).run();
  return processEvent(fourAccounts, eventId);
};
const handlePosted = async (listingId: string) => {
  const db = await adDb(listingId);
  for (const e of await eventsIn(db, listingId)) await handle(db, e.id);
};

beforeAll(async () => {
  // only the accounts files use the accounts databases: each migrates them and starts them from the migrated rows
  await Promise.all(accountsDbs.map((db) => applyMigrations(db)));
  await Promise.all(accountsDbs.map((db) => resetToMigratedState(db)));
});

describe("saved searches in the buyer's accounts database", () => {
  it('create, list, rename, seen and delete use the buyer\'s database alone, for each of the four', async () => {
    for (const database of [0, 1, 2, 3]) {
      const buyer = await userIn(database);
      const id = await save(buyer, { q: 'activa', location: 'Pune' });
      expect(await whereRows('SELECT 1 FROM saved_searches WHERE id = ?', id)).toEqual({ accounts: [database], core: false });
      // its shared query beside it
      const { matcher_id: matcherId } = (await accountsDbs[database]!.prepare('SELECT matcher_id FROM saved_searches WHERE id = ?').bind(id).first<{ matcher_id: number }>())!;
      expect(await accountsDbs[database]!.prepare('SELECT 1 AS ok FROM saved_search_matchers WHERE id = ?').bind(matcherId).first('ok')).toBe(1);
      expect((await listOf(buyer)).map((s) => s.id)).toEqual([id]);
      const renamed = await json(buyer.auth, 'PUT', `/api/saved-searches/${id}`, { name: `Scooty ${database}` });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(await accountsDbs[database]!.prepare('SELECT name FROM saved_searches WHERE id = ?').bind(id).first('name')).toBe(`Scooty ${database}`);
      expect((await json(buyer.auth, 'POST', `/api/saved-searches/${id}/seen`)).status).toBe(200);
      expect((await json(buyer.auth, 'DELETE', `/api/saved-searches/${id}`)).status).toBe(200);
      expect(await whereRows('SELECT 1 FROM saved_searches WHERE id = ?', id)).toEqual({ accounts: [], core: false });
    }
  });

  it("newCount reads the matches in the buyer's database and the ads in theirs", async () => {
    const buyer = await userIn(2);
    const sellers = [await userIn(0, { isVerified: true }), await userIn(3, { isVerified: true })];
    const id = await save(buyer, { q: uniqueWord() });
    const db = accountsDbs[2]!;
    const { matcher_id: matcherId } = (await db.prepare('SELECT matcher_id FROM saved_searches WHERE id = ?').bind(id).first<{ matcher_id: number }>())!;
    const ads = [
      await postCar(sellers[0]!, { city: 'Chennai', state: 'Tamil Nadu', neighbourhood: 'Adyar' }),
      await postCar(sellers[1]!, { city: 'Delhi', state: 'Delhi', neighbourhood: 'Alaknanda' }),
    ];
    const later = Date.now() + 1000;
    await db.batch(ads.map((a, i) => db.prepare('INSERT INTO saved_query_matches (matcher_id, listing_id, seller_id, live_at, matched_at) VALUES (?, ?, ?, ?, ?)').bind(matcherId, a.id, sellers[i]!.id, later, later)));
    expect((await listOf(buyer))[0]!.newCount).toBe(2);
  });

  it('the limit of 50 counts the buyer\'s rows in their database: the 51st is a 409, another database\'s buyer is not affected', async () => {
    const buyer = await userIn(3);
    const now = Date.now();
    const db = accountsDbs[3]!;
    await db.batch(
      Array.from({ length: 50 }, (_, i) =>
        db
          .prepare(
            `INSERT INTO saved_searches (id, user_id, name, query, alert, scope, place_id, matcher, last_seen_at, created_at, updated_at) VALUES (?, ?, ?, '{"q":"x"}', 'off', '', 0, '{"groups":[]}', ?, ?, ?)`,
          )
          .bind(`ss_fill_${buyer.id}_${i}`, buyer.id, `s${i}`, now, now, now),
      ),
    );
    const res = await json(buyer.auth, 'POST', '/api/saved-searches', { query: { q: 'sofa' } });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.code).toBe('SAVED_SEARCH_LIMIT');
    expect((await json((await userIn(1)).auth, 'POST', '/api/saved-searches', { query: { q: 'sofa' } })).status).toBe(201);
  });

  it('the list is 2 round trips, creating and deleting within the write budget', async () => {
    const tab = roundTripCounting({ accountsDatabases: 4 });
    const buyer = await userIn(1);
    const send = (method: string, path: string, body?: unknown) =>
      tab(path, { method, headers: { 'content-type': 'application/json', ...buyer.auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const created = await send('POST', '/api/saved-searches', { query: { q: 'activa', location: 'Pune' } });
    expect(created.status, created.trace).toBe(201);
    // a match of a live ad, so the list asks the ads' databases too
    const ad = await postCar(await userIn(0, { isVerified: true }), { city: 'Pune', state: 'Maharashtra', neighbourhood: 'Kothrud', title: 'Honda Activa 6G' });
    const db = accountsDbs[1]!;
    const later = Date.now() + 1000;
    await db
      .prepare('INSERT INTO saved_query_matches (matcher_id, listing_id, seller_id, live_at, matched_at) SELECT matcher_id, ?, ?, ?, ? FROM saved_searches WHERE id = ?')
      .bind(ad.id, 'usr_someone', later, later, created.body.data.id)
      .run();
    const listed = await send('GET', '/api/saved-searches');
    expect(listed.body.data.map((s: { id: string; newCount: number }) => [s.id, s.newCount])).toEqual([[created.body.data.id, 1]]);
    const deleted = await send('DELETE', `/api/saved-searches/${created.body.data.id}`);
    expect(deleted.status).toBe(200);
    expect(listed.roundTrips, listed.trace).toBe(2);
    expect(created.roundTrips, created.trace).toBeLessThanOrEqual(ROUND_TRIP_BUDGET.write);
    expect(deleted.roundTrips, deleted.trace).toBeLessThanOrEqual(ROUND_TRIP_BUDGET.write);
  });
});

describe('a new ad, matched into each owner\'s database', () => {
  it('buyers in three databases are told once each, the match is written beside each query, the daily digest goes out from its database', async () => {
    const word = uniqueWord();
    const seller = await userIn(0, { isVerified: true });
    const [a, b] = [await userIn(1), await userIn(3)];
    const daily = await userIn(2);
    const [aId, bId] = [await save(a, { q: word }), await save(b, { q: word })];
    const dailyId = await save(daily, { q: word }, 'daily');
    const ad = await postCar(seller, { title: `Maruti Swift VXi ${word}` });
    await handlePosted(ad.id);
    expect(await alertsOf(a)).toEqual([ad.id]);
    expect(await alertsOf(b)).toEqual([ad.id]);
    expect(await alertsOf(daily)).toEqual([]);
    expect(await alertsOf(seller)).toEqual([]);
    // one match per database that holds a search that fits, none in the core
    expect(await whereRows('SELECT 1 FROM saved_query_matches WHERE listing_id = ?', ad.id)).toEqual({ accounts: [1, 2, 3], core: false });
    for (const u of [a, b, daily]) expect((await listOf(u))[0]!.newCount).toBe(1);
    // the alert opens the buyer's own search
    const [n] = await notificationsOfType(b.id, 'SYSTEM');
    expect(JSON.parse(n!.data)).toMatchObject({ kind: 'SAVED_SEARCH', savedSearchId: bId, url: expect.stringContaining(`savedSearch=${bId}`) });
    expect(JSON.parse((await notificationsOfType(a.id, 'SYSTEM'))[0]!.data).savedSearchId).toBe(aId);

    // the digest reads the daily search's database, the ad from its own, the e-mail from the core
    expect(await sendDailyDigests(fourAccounts)).toBeGreaterThanOrEqual(1);
    const mail = await env.DB.prepare(`SELECT body FROM dev_outbox WHERE channel = 'email' AND recipient = ?`).bind(daily.email).all<{ body: string }>();
    expect(mail.results).toHaveLength(1);
    expect(mail.results[0]!.body).toContain(`/listing/${ad.id}`);
    expect(await accountsDbs[2]!.prepare('SELECT digested_until > 0 AS moved FROM saved_searches WHERE id = ?').bind(dailyId).first('moved')).toBe(1);
    // a rerun sends nothing
    await sendDailyDigests(fourAccounts);
    expect((await env.DB.prepare(`SELECT count(*) AS n FROM dev_outbox WHERE channel = 'email' AND recipient = ?`).bind(daily.email).first<{ n: number }>())!.n).toBe(1);
  });

  it('a consumer that dies at any accounts-database call is redone and tells each buyer once', async () => {
    const word = uniqueWord();
    const seller = await userIn(0, { isVerified: true });
    const buyers = [await userIn(1), await userIn(2)];
    for (const u of buyers) await save(u, { q: word });
    const ad = await postCar(seller, { title: `Maruti Swift VXi ${word}` });
    const db = await adDb(ad.id);
    const [event] = await eventsIn(db, ad.id);
    // every call any accounts database receives is a place to die (before it runs, or after)
    const dying = (killAt: number, after: boolean) => {
      let calls = 0;
      const tick = async <T>(run: () => Promise<T>) => {
        calls++;
        if (calls === killAt && !after) throw new Error('accounts database down');
        const out = await run();
        if (calls === killAt && after) throw new Error('worker died after the call');
        return out;
      };
      const wrap = (d: D1Database): D1Database =>
        new Proxy(d, {
          get(target, prop) {
            if (prop === 'batch') return (s: D1PreparedStatement[]) => tick(() => target.batch(s));
            if (prop === 'prepare')
              return (sql: string) => {
                const statement = target.prepare(sql);
                const bound = (s: D1PreparedStatement): D1PreparedStatement =>
                  new Proxy(s, {
                    get(t, p) {
                      if (p === 'bind') return (...v: unknown[]) => bound(t.bind(...v));
                      if (p === 'first' || p === 'all' || p === 'run' || p === 'raw') return (...v: never[]) => tick(() => (t[p] as (...x: never[]) => Promise<unknown>)(...v));
                      return Reflect.get(t, p);
                    },
                  });
                return bound(statement);
              };
            return Reflect.get(target, prop);
          },
        });
      const e = { ...fourAccounts, ...Object.fromEntries(accountsDbs.map((d, i) => [`ACCOUNTS_${i}`, wrap(d)])) } as Env;
      return { env: e, calls: () => calls };
    };
    const reset = async () => {
      await db.prepare('UPDATE listing_events SET done_at = NULL WHERE id = ?').bind(event!.id).run();
      await Promise.all(accountsDbs.map((d) => d.prepare('DELETE FROM saved_query_matches WHERE listing_id = ?').bind(ad.id).run()));
    };
    const counted = dying(Number.POSITIVE_INFINITY, false);
    await reset();
    await processEvent(counted.env, event!.id);
    const total = counted.calls();
    expect(total).toBeGreaterThanOrEqual(4 + 2); // the candidates in each of the four, the writes in the two that matched
    for (const after of [false, true]) {
      for (let k = 1; k <= total; k++) {
        await reset();
        await processEvent(dying(k, after).env, event!.id).catch(() => undefined);
        await processEvent(fourAccounts, event!.id);
        const label = `killed ${after ? 'after' : 'before'} call ${k} of ${total}`;
        for (const u of buyers) expect(await alertsOf(u), label).toEqual([ad.id]);
        expect((await whereRows('SELECT 1 FROM saved_query_matches WHERE listing_id = ?', ad.id)).accounts, label).toEqual([1, 2]);
        expect(await db.prepare('SELECT done_at IS NOT NULL AS done FROM listing_events WHERE id = ?').bind(event!.id).first('done'), label).toBe(1);
      }
    }
  });
});

describe('an ad moved into another group of states', () => {
  it("tells only the new place's searches, keeps the first moment of those that had it, and removes the old place's matches it no longer fits", async () => {
    const word = uniqueWord();
    const seller = await userIn(0, { isVerified: true });
    // in three different accounts databases
    const delhiBuyer = await userIn(1);
    const anywhereBuyer = await userIn(2);
    const chennaiBuyer = await userIn(3);
    await save(delhiBuyer, { q: word, location: 'Delhi' });
    await save(anywhereBuyer, { q: word });
    await save(chennaiBuyer, { q: word, location: 'Chennai' });
    const ad = await postCar(seller, { state: 'Delhi', city: 'Delhi', neighbourhood: 'Alaknanda', title: `Maruti Swift VXi ${word}` });
    await handlePosted(ad.id);
    expect(await alertsOf(delhiBuyer)).toEqual([ad.id]);
    expect(await alertsOf(anywhereBuyer)).toEqual([ad.id]);
    expect(await alertsOf(chennaiBuyer)).toEqual([]);
    const firstMoment = await accountsDbs[2]!.prepare('SELECT live_at FROM saved_query_matches WHERE listing_id = ?').bind(ad.id).first<number>('live_at');

    const movedAt = Date.now();
    const res = await json(seller.auth, 'PUT', `/api/listings/${ad.id}`, { state: 'Tamil Nadu', city: 'Chennai', neighbourhood: 'Adyar' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const newId = res.body.data.id as string;
    expect(newId).not.toBe(ad.id);
    // the move re-pointed the matches in their accounts databases before writing the event
    expect(await whereRows('SELECT 1 FROM saved_query_matches WHERE listing_id = ?', newId)).toEqual({ accounts: [1, 2], core: false });
    const events = await eventsIn(await adDb(newId), newId);
    expect(events.map((e) => e.kind)).toEqual(['moved']);
    await handle(await adDb(newId), events[0]!.id);
    expect(await alertsOf(chennaiBuyer)).toEqual([newId]);
    expect(await alertsOf(anywhereBuyer)).toEqual([ad.id]);
    expect(await alertsOf(delhiBuyer)).toEqual([ad.id]);
    // the old place's match goes, the anywhere search keeps its first moment, the new place's is the move's
    expect(await whereRows('SELECT 1 FROM saved_query_matches WHERE listing_id = ?', newId)).toEqual({ accounts: [2, 3], core: false });
    expect(await accountsDbs[2]!.prepare('SELECT live_at FROM saved_query_matches WHERE listing_id = ?').bind(newId).first('live_at')).toBe(firstMoment);
    expect(await accountsDbs[3]!.prepare('SELECT live_at FROM saved_query_matches WHERE listing_id = ?').bind(newId).first<number>('live_at')).toBeGreaterThanOrEqual(movedAt);
    expect((await listOf(delhiBuyer))[0]!.newCount).toBe(0);
    expect((await listOf(chennaiBuyer))[0]!.newCount).toBe(1);
  });
});

describe('deletion, the hourly jobs and the checker', () => {
  it("deleting the account removes its searches from its database; one left behind tells nobody and is the checker's to remove", async () => {
    const word = uniqueWord();
    const buyer = await userIn(2);
    const id = await save(buyer, { q: word });
    const row = await accountsDbs[2]!.prepare('SELECT * FROM saved_searches WHERE id = ?').bind(id).first<Record<string, unknown>>();
    const res = await json(buyer.auth, 'DELETE', '/api/auth/account', { confirm: 'DELETE' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await whereRows('SELECT 1 FROM saved_searches WHERE user_id = ?', buyer.id)).toEqual({ accounts: [], core: false });
    // its shared query goes at the hourly clean-up, in its database
    expect(await removeUnusedMatchers(fourAccounts)).toBeGreaterThanOrEqual(1);
    expect(await accountsDbs[2]!.prepare('SELECT 1 AS n FROM saved_search_matchers WHERE id = ?').bind(row!.matcher_id).first('n')).toBeNull();

    // as if deletion's last step had failed: the search and its query are still there
    await accountsDbs[2]!.prepare('INSERT INTO saved_search_matchers (id, scope, place_id, matcher, created_at) VALUES (?, ?, ?, ?, ?)').bind(row!.matcher_id, row!.scope, row!.place_id, row!.matcher, Date.now()).run();
    const columns = Object.keys(row!);
    await accountsDbs[2]!.prepare(`INSERT INTO saved_searches (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).bind(...columns.map((c) => row![c])).run();
    const ad = await postCar(await userIn(0, { isVerified: true }), { title: `Maruti Swift VXi ${word}` });
    await handlePosted(ad.id);
    expect(await alertsOf(buyer)).toEqual([]);
    const report = await runConsistencyChecks(fourAccounts as never, { only: ['saved_searches.orphans'] });
    expect(report.checks[0]!.disagreements).toEqual([expect.objectContaining({ id: `${buyer.id}/${id}`, field: 'user_id', database: 'accounts-2' })]);
    const repaired = await runConsistencyChecks(fourAccounts as never, { only: ['saved_searches.orphans'], repair: true });
    expect(repaired.checks[0]!.repaired).toBe(1);
    expect(await whereRows('SELECT 1 FROM saved_searches WHERE id = ?', id)).toEqual({ accounts: [], core: false });
  });

  it("an archived ad's matches leave every accounts database with it", async () => {
    const DAY = 86_400_000;
    const now = Date.now() + 400 * DAY;
    const seller = await userIn(0);
    const ad = await shardAd(seller, { city: 'Chennai', status: 'SOLD', updatedAt: now - (ARCHIVABLE_STATES.SOLD.retentionDays + 1) * DAY });
    const buyers = [await userIn(1), await userIn(3)];
    for (const [i, b] of buyers.entries()) {
      const id = await save(b, { q: uniqueWord() });
      const db = accountsDbs[i * 2 + 1]!;
      await db.prepare('INSERT INTO saved_query_matches (matcher_id, listing_id, seller_id, live_at, matched_at) SELECT matcher_id, ?, ?, ?, ? FROM saved_searches WHERE id = ?').bind(ad.id, seller.id, 1, 1, id).run();
    }
    expect(await whereRows('SELECT 1 FROM saved_query_matches WHERE listing_id = ?', ad.id)).toEqual({ accounts: [1, 3], core: false });
    expect(await archiveEndedAds(fourAccounts, { now })).toBe(1);
    expect(await whereRows('SELECT 1 FROM saved_query_matches WHERE listing_id = ?', ad.id)).toEqual({ accounts: [], core: false });
  });

  it('saved_searches.matcher_id and saved_query_matches.seller_id are checked and repaired in each accounts database', async () => {
    const buyer = await userIn(1);
    const seller = await userIn(0, { isVerified: true });
    const word = uniqueWord();
    const id = await save(buyer, { q: word });
    const ad = await postCar(seller, { title: `Maruti Swift VXi ${word}` });
    await handlePosted(ad.id);
    const db = accountsDbs[1]!;
    const { matcher_id: matcherId } = (await db.prepare('SELECT matcher_id FROM saved_searches WHERE id = ?').bind(id).first<{ matcher_id: number }>())!;
    await db.batch([
      db.prepare('UPDATE saved_searches SET matcher_id = 999999 WHERE id = ?').bind(id),
      db.prepare(`UPDATE saved_query_matches SET seller_id = 'usr_someone_else' WHERE listing_id = ?`).bind(ad.id),
    ]);
    const only = ['saved_searches.matcher_id', 'saved_query_matches.seller_id'];
    const found = await runConsistencyChecks(fourAccounts as never, { only });
    // (the limit's test left searches without a shared query in another database: only this buyer's are looked at)
    const byName = new Map(found.checks.map((c) => [c.name, c.disagreements.filter((d) => d.id === id || d.id.endsWith(`|${ad.id}`))]));
    expect(byName.get('saved_searches.matcher_id')).toEqual([expect.objectContaining({ id, field: 'matcher_id', expected: matcherId, kept: 999999, database: 'accounts-1' })]);
    expect(byName.get('saved_query_matches.seller_id')).toEqual([expect.objectContaining({ field: 'seller_id', expected: seller.id, kept: 'usr_someone_else', database: 'accounts-1' })]);
    await runConsistencyChecks(fourAccounts as never, { only, repair: true });
    expect(await db.prepare('SELECT matcher_id FROM saved_searches WHERE id = ?').bind(id).first('matcher_id')).toBe(matcherId);
    expect(await db.prepare('SELECT seller_id FROM saved_query_matches WHERE listing_id = ?').bind(ad.id).first('seller_id')).toBe(seller.id);
    const again = await runConsistencyChecks(fourAccounts as never, { only });
    expect(again.checks.flatMap((c) => c.disagreements).filter((d) => d.database === 'accounts-1')).toEqual([]);
  });
});
