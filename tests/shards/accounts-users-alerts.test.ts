import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { answerOf } from '../api/helpers';
import { applyMigrations } from '../setup/databases';
import { resetToMigratedState } from '../setup/reset-databases';
import { carAd } from '../factories/car-ad';
import { notificationsOfType } from '../support/inbox-notifications';
import { processEvent } from '../../worker/services/alerts/consumer';
import { sendDailyDigests } from '../../worker/services/alerts/digest';
import { runConsistencyChecks } from '../../worker/services/consistency';
import { usersDbFor } from '../../worker/db/users';
import { accountsDbs, fourAccounts, userIn } from './four-accounts';
import { listingsDbs, shardAd } from './support';
import { roundTripCounting } from './round-trip-counting';
import { countedD1 } from './counted-d1';
import { RoundTripCounter } from '../support/simulated-d1';

/**
 * The alert consumer, the daily digest, account deletion and the seller-card check with `users` moved
 * to the accounts databases (the switch on, decision 034) over the real four accounts bindings. Every
 * account here keeps a decoy row in the core with other values (English instead of Hindi, another
 * e-mail, another name, ACTIVE where its own row is deleted), so anything still reading the core's
 * `users` answers wrongly.
 */
const moved = { ...fourAccounts, USERS_WITH_ACCOUNTS: '1' } as Env;
type User = Awaited<ReturnType<typeof userIn>>;

const call = async (path: string, init: RequestInit = {}, onEnv: Env = moved) => {
  const ctx = createExecutionContext();
  const answer = await answerOf(await worker.fetch!(new Request(`http://sel.test${path}`, init) as never, onEnv, ctx));
  await waitOnExecutionContext(ctx);
  return answer;
};
let seq = 0;
const json = (auth: Record<string, string>, method: string, path: string, body?: unknown, onEnv: Env = moved) =>
  call(path, { method, headers: { 'content-type': 'application/json', 'CF-Connecting-IP': `198.51.100.${++seq % 250}`, ...auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }, onEnv);

/**
 * A factory-made account's row copied to its accounts database (as the switch's copy step does), and
 * the core's copy then turned into a decoy: the values a reader of the core would wrongly see.
 */
const moveWithDecoy = async (userId: string, own: Record<string, unknown> = {}, decoy: Record<string, unknown> = {}) => {
  const row = { ...(await env.DB.prepare('SELECT * FROM users WHERE id = ?').bind(userId).first<Record<string, unknown>>())!, ...own };
  const names = Object.keys(row);
  await usersDbFor(moved, userId).prepare(`INSERT INTO users (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).bind(...names.map((n) => row[n])).run();
  const decoyNames = Object.keys(decoy);
  if (decoyNames.length) await env.DB.prepare(`UPDATE users SET ${decoyNames.map((n) => `${n} = ?`).join(', ')} WHERE id = ?`).bind(...decoyNames.map((n) => decoy[n]), userId).run();
};

const DEVANAGARI = /[\u0900-\u097F]/;
/** A word nobody else's search or ad has. */
const uniqueWord = () => `zq${ulid().slice(-8).toLowerCase().replace(/[0-9]/g, 'x')}`;
const save = async (user: { auth: Record<string, string> }, query: Record<string, unknown>, alert = 'instant') => {
  const res = await json(user.auth, 'POST', '/api/saved-searches', { query, alert });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
};
/** An ad posted through the API (its outbox event written), the seller's row still in the core. */
const postCar = async (seller: User, title: string) => {
  const res = await json(seller.auth, 'POST', '/api/listings', await carAd(seller, { title }), fourAccounts);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string };
};
/** Every outbox event of the ad handled by the consumer with the switch on (the queue may have done it first with the suite's own env). */
const handlePosted = async (listingId: string) => {
  for (const db of listingsDbs) {
    const { results } = await db.prepare('SELECT id FROM listing_events WHERE listing_id = ?').bind(listingId).all<{ id: string }>();
    for (const e of results) {
      await db.prepare('UPDATE listing_events SET done_at = NULL WHERE id = ?').bind(e.id).run();
      await processEvent(moved, e.id);
    }
  }
};
const alertsOf = async (userId: string) => (await notificationsOfType(userId, 'SYSTEM')).filter((n) => JSON.parse(n.data).kind === 'SAVED_SEARCH');
const mailsTo = async (recipient: string) =>
  (await env.DB.prepare(`SELECT body FROM dev_outbox WHERE channel = 'email' AND recipient = ?`).bind(recipient).all<{ body: string }>()).results.map((r) => r.body);

beforeAll(async () => {
  await Promise.all(accountsDbs.map((db) => applyMigrations(db)));
  await Promise.all(accountsDbs.map((db) => resetToMigratedState(db)));
});

describe('saved-search alerts and the digest read the buyers from their own databases', () => {
  it("an instant alert reaches the buyer in their own row's language; a buyer deleted in their own row is not told", async () => {
    const word = uniqueWord();
    const seller = await userIn(0, { isVerified: true });
    const [hindi, english, gone] = [await userIn(2), await userIn(1), await userIn(3)];
    await moveWithDecoy(hindi.id, { language: 'hi' }, { language: 'en' });
    await moveWithDecoy(english.id, { language: 'en' }, { language: 'hi' });
    await moveWithDecoy(gone.id);
    for (const buyer of [hindi, english, gone]) await save(buyer, { q: word });
    // deleted in its own row only (a deletion whose searches outlived it); the core's copy still says ACTIVE
    await usersDbFor(moved, gone.id).prepare(`UPDATE users SET status = 'DELETED' WHERE id = ?`).bind(gone.id).run();

    const ad = await postCar(seller, `Maruti Swift VXi ${word}`);
    await handlePosted(ad.id);
    const [toHindi] = await alertsOf(hindi.id);
    expect(toHindi?.title).toMatch(DEVANAGARI);
    const [toEnglish] = await alertsOf(english.id);
    expect(toEnglish?.title).toBeDefined();
    expect(toEnglish!.title).not.toMatch(DEVANAGARI);
    expect(await alertsOf(gone.id)).toEqual([]);
  });

  it("the daily digest goes to the e-mail of the buyer's own row, in its language; a buyer deleted there gets none", async () => {
    const word = uniqueWord();
    const seller = await userIn(0, { isVerified: true });
    const [daily, gone] = [await userIn(1), await userIn(3)];
    const own = { email: `own.${ulid().toLowerCase()}@example.in`, goneEmail: `own.${ulid().toLowerCase()}@example.in` };
    const decoy = { email: `core.${ulid().toLowerCase()}@example.in`, goneEmail: `core.${ulid().toLowerCase()}@example.in` };
    await moveWithDecoy(daily.id, { email: own.email, language: 'hi' }, { email: decoy.email, language: 'en' });
    await moveWithDecoy(gone.id, { email: own.goneEmail }, { email: decoy.goneEmail });
    for (const buyer of [daily, gone]) await save(buyer, { q: word }, 'daily');
    await usersDbFor(moved, gone.id).prepare(`UPDATE users SET status = 'DELETED' WHERE id = ?`).bind(gone.id).run();
    const ad = await postCar(seller, `Hyundai Creta SX ${word}`);
    await handlePosted(ad.id);

    expect(await sendDailyDigests(moved)).toBeGreaterThanOrEqual(1);
    const mails = await mailsTo(own.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`/listing/${ad.id}`);
    expect(mails[0]).toMatch(DEVANAGARI);
    expect(await mailsTo(decoy.email)).toEqual([]);
    expect([...(await mailsTo(own.goneEmail)), ...(await mailsTo(decoy.goneEmail))]).toEqual([]);
    // the inbox line too, in Hindi
    const [line] = (await notificationsOfType(daily.id, 'SYSTEM')).filter((n) => JSON.parse(n.data).kind === 'SAVED_SEARCH_DIGEST');
    expect(line?.title).toMatch(DEVANAGARI);
  });
});

/**
 * The env with every database (the core, the listings and the accounts databases) counting the waits
 * on it, one counter for all: how often the consumer waited on a database, wherever its calls went.
 */
const countingWaits = (onEnv: Env) => {
  const counter = new RoundTripCounter();
  const tally = { rows: 0 };
  const counting = Object.fromEntries(
    [...listingsDbs.map((db, i) => [`LISTINGS_${i}`, db] as const), ...accountsDbs.map((db, i) => [`ACCOUNTS_${i}`, db] as const), ['DB', env.DB] as const].map(([name, db]) => [
      name,
      countedD1(db, counter, tally),
    ]),
  );
  return { env: { ...onEnv, ...counting } as Env, counter };
};

describe("the alert consumer's waits with the switch on", () => {
  it("the owners' statement reads their language and status beside their searches: one wait less than with the switch off, still in each buyer's own language", async () => {
    const word = uniqueWord();
    const seller = await userIn(0, { isVerified: true });
    const [hindi, english, gone] = [await userIn(2), await userIn(1), await userIn(3)];
    await moveWithDecoy(hindi.id, { language: 'hi' }, { language: 'en' });
    await moveWithDecoy(english.id, { language: 'en' }, { language: 'hi' });
    await moveWithDecoy(gone.id);
    for (const buyer of [hindi, english, gone]) await save(buyer, { q: word });
    // deleted in its own row only (a deletion whose searches outlived it); the core's copy still says ACTIVE
    await usersDbFor(moved, gone.id).prepare(`UPDATE users SET status = 'DELETED' WHERE id = ?`).bind(gone.id).run();
    const ad = await postCar(seller, `Tata Nexon XZ ${word}`);
    const events = (await Promise.all(listingsDbs.map((db) => db.prepare('SELECT id FROM listing_events WHERE listing_id = ?').bind(ad.id).all<{ id: string; }>()))).flatMap(
      (r, at) => r.results.map((e) => ({ id: e.id, db: listingsDbs[at]! })),
    );
    expect(events).toHaveLength(1);
    const [event] = events;
    const handled = async (onEnv: Env) => {
      await event!.db.prepare('UPDATE listing_events SET done_at = NULL WHERE id = ?').bind(event!.id).run();
      const counting = countingWaits(onEnv);
      const stats = await processEvent(counting.env, event!.id);
      return { stats, roundTrips: counting.counter.roundTrips, statements: counting.counter.trace.map((t) => `${t.depth} ${t.sql.slice(0, 120)}`) };
    };
    // the first run tells the buyers (a later run finds their alerts stored and tells nobody again): each
    // in their own row's language, the buyer deleted there not at all
    await handled(moved);
    const [toHindi] = await alertsOf(hindi.id);
    expect(toHindi?.title).toMatch(DEVANAGARI);
    const [toEnglish] = await alertsOf(english.id);
    expect(toEnglish?.title).toBeDefined();
    expect(toEnglish!.title).not.toMatch(DEVANAGARI);
    expect(await alertsOf(gone.id)).toEqual([]);
    // counted after it, both warm (an isolate keeps the matchers it parsed)
    const off = await handled(fourAccounts);
    const on = await handled(moved);
    const trace = `off:\n${off.statements.join('\n')}\non:\n${on.statements.join('\n')}`;
    expect(on.stats.matched, trace).toBe(off.stats.matched);
    expect(on.roundTrips, trace).toBe(off.roundTrips - 1);
    // nobody's row is read after the owners are known: the owners' statement joined them
    expect(on.statements.filter((s) => /FROM users WHERE id IN/i.test(s)), trace).toEqual([]);
    expect(off.statements.filter((s) => /FROM users WHERE id IN/i.test(s)), trace).toHaveLength(1);
  });
});

describe('account deletion with the switch on', () => {
  /**
   * An account signed up with the switch on (its row, session and identifier claims in its accounts
   * database), an ad with its card, a favourite and a saved search; the core keeps an ACTIVE copy of
   * the row (as the copies are kept until they are retired).
   */
  const signedUp = async () => {
    const email = `deleting.${ulid().toLowerCase()}@example.in`;
    const made = await json({}, 'POST', '/api/auth/register', { email, password: 'kochi2024!' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const user = { id: made.body.data.user.id as string, email, auth: { authorization: `Bearer ${made.body.data.token}` } };
    const own = usersDbFor(moved, user.id);
    expect(own).not.toBe(env.DB);
    const row = (await own.prepare('SELECT * FROM users WHERE id = ?').bind(user.id).first<Record<string, unknown>>())!;
    const names = Object.keys(row);
    await env.DB.prepare(`INSERT INTO users (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).bind(...names.map((n) => row[n])).run();
    const ad = await shardAd(user, { city: 'Pune' });
    const other = await shardAd(await userIn(0), { city: 'Chennai' });
    await own.prepare('INSERT INTO favorites (user_id, listing_id, created_at) VALUES (?, ?, ?)').bind(user.id, other.id, Date.now()).run();
    await save(user, { q: uniqueWord() });
    const snapshot = async () => ({
      account: await own.prepare('SELECT status, email, first_name, token_version FROM users WHERE id = ?').bind(user.id).first(),
      core: await env.DB.prepare('SELECT status, email, first_name FROM users WHERE id = ?').bind(user.id).first(),
      ads: (await Promise.all(listingsDbs.map((db) => db.prepare('SELECT status FROM listings WHERE user_id = ?').bind(user.id).all()))).flatMap((r) => r.results),
      cards: (await Promise.all(listingsDbs.map((db) => db.prepare('SELECT first_name FROM users WHERE id = ?').bind(user.id).all()))).flatMap((r) => r.results),
      favorites: (await own.prepare('SELECT listing_id FROM favorites WHERE user_id = ?').bind(user.id).all()).results,
      searches: (await own.prepare('SELECT count(*) AS n FROM saved_searches WHERE user_id = ?').bind(user.id).first('n')) as number,
      sessions: (await own.prepare('SELECT count(*) AS n FROM sessions WHERE user_id = ?').bind(user.id).first('n')) as number,
    });
    return { user, own, ad, snapshot };
  };

  it("tombstones the account's own row with its rows there in one batch, refuses sign-in, and leaves no live copy in the core", async () => {
    const { user, snapshot } = await signedUp();
    const before = await snapshot();
    expect(before).toMatchObject({ account: { status: 'ACTIVE', email: user.email }, ads: [{ status: 'APPROVED' }], searches: 1 });
    expect(before.favorites).toHaveLength(1);
    expect(before.sessions).toBeGreaterThanOrEqual(1);
    expect((await json({}, 'POST', '/api/auth/login', { email: user.email, password: 'kochi2024!' })).status).toBe(200);

    const res = await json(user.auth, 'DELETE', '/api/auth/account', { confirm: 'DELETE' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await snapshot();
    expect(after).toMatchObject({
      account: { status: 'DELETED', email: null, first_name: 'Deleted', token_version: (before.account as { token_version: number }).token_version + 1 },
      core: { status: 'DELETED', email: null, first_name: 'Deleted' },
      ads: [{ status: 'INACTIVE' }],
      cards: [{ first_name: 'Deleted' }],
      favorites: [],
      searches: 0,
      sessions: 0,
    });
    expect((await call('/api/auth/profile', { headers: user.auth })).status).toBe(401);
    const login = await json({}, 'POST', '/api/auth/login', { email: user.email, password: 'kochi2024!' });
    expect(login.status).toBe(401);
    // the e-mail is free again: a new account takes it
    expect((await json({}, 'POST', '/api/auth/register', { email: user.email, password: 'pune2024!!' })).status).toBe(201);
  });

  it("its own batch fails → 503, and the account, its ads, cards, favourites, searches and the core's copy are as they were; the retry deletes", async () => {
    const { user, own, snapshot } = await signedUp();
    const before = await snapshot();
    const binding = `ACCOUNTS_${accountsDbs.indexOf(own)}`;
    const faulty = { ...moved, [binding]: failingBatchesOn(own, /^update "users"/i) } as Env;
    const res = await json(user.auth, 'DELETE', '/api/auth/account', { confirm: 'DELETE' }, faulty);
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(await snapshot()).toEqual(before);
    expect((await call('/api/auth/profile', { headers: user.auth })).status).toBe(200);
    expect((await json(user.auth, 'DELETE', '/api/auth/account', { confirm: 'DELETE' })).status).toBe(200);
    expect(await snapshot()).toMatchObject({ account: { status: 'DELETED' }, ads: [{ status: 'INACTIVE' }], favorites: [], searches: 0 });
  });

  it('waits on the databases as often as with the switch off', async () => {
    const deleteWith = async (o: { usersWithAccounts: boolean }, user: { auth: Record<string, string> }) =>
      roundTripCounting({ accountsDatabases: 4 })(
        '/api/auth/account',
        { method: 'DELETE', headers: { 'content-type': 'application/json', ...user.auth }, body: JSON.stringify({ confirm: 'DELETE' }) },
        o.usersWithAccounts ? { USERS_WITH_ACCOUNTS: '1' } : {},
      );
    // switch off: an account signed up with `users` in the core, an ad and a favourite
    const email = `deleting.${ulid().toLowerCase()}@example.in`;
    const made = await json({}, 'POST', '/api/auth/register', { email, password: 'kochi2024!' }, fourAccounts);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const before = { id: made.body.data.user.id as string, auth: { authorization: `Bearer ${made.body.data.token}` } };
    await shardAd(before, { city: 'Pune' });
    const off = await deleteWith({ usersWithAccounts: false }, before);
    expect(off.status, off.trace).toBe(200);
    // switch on: the same account with its row in its accounts database
    const { user } = await signedUp();
    const on = await deleteWith({ usersWithAccounts: true }, user);
    expect(on.status, on.trace).toBe(200);
    expect(on.roundTrips, on.trace).toBe(off.roundTrips);
    // the third wait is the account's own batch: its tombstone with the favourites, notifications, sessions and searches
    expect(on.statements.filter((s) => s.startsWith('3 ')), on.trace).toEqual([expect.stringMatching(/^3 \[batch of 5\] update "users" set "email" = \?/)]);
  });

  it('with the listings in one database (the core), the ads there come down before the own batch and go back up when it fails', async () => {
    const oneListings = { ...moved, LISTING_DATABASES: '1' } as Env;
    const { user, own, ad } = await signedUp();
    // the ad as one listings database keeps it: in the core, beside the core's copy of the row (its card)
    const row = (await (await adDatabase(ad.id)).prepare('SELECT * FROM listings WHERE id = ?').bind(ad.id).first<Record<string, unknown>>())!;
    // generated columns are the database's to fill
    const names = (await env.DB.prepare(`SELECT name FROM pragma_table_xinfo('listings') WHERE hidden = 0`).all<{ name: string }>()).results.map((c) => c.name);
    await env.DB.prepare(`INSERT INTO listings (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).bind(...names.map((n) => row[n])).run();
    const state = async () => ({
      ad: await env.DB.prepare('SELECT status FROM listings WHERE id = ?').bind(ad.id).first('status'),
      core: await env.DB.prepare('SELECT status, email, first_name FROM users WHERE id = ?').bind(user.id).first(),
      account: await own.prepare('SELECT status, email FROM users WHERE id = ?').bind(user.id).first(),
    });
    const before = await state();
    expect(before).toMatchObject({ ad: 'APPROVED', core: { status: 'ACTIVE', email: user.email }, account: { status: 'ACTIVE' } });

    const binding = `ACCOUNTS_${accountsDbs.indexOf(own)}`;
    const failed = await json(user.auth, 'DELETE', '/api/auth/account', { confirm: 'DELETE' }, { ...oneListings, [binding]: failingBatchesOn(own, /^update "users"/i) } as Env);
    expect(failed.status, JSON.stringify(failed.body)).toBe(503);
    expect(await state()).toEqual(before);

    expect((await json(user.auth, 'DELETE', '/api/auth/account', { confirm: 'DELETE' }, oneListings)).status).toBe(200);
    expect(await state()).toEqual({ ad: 'INACTIVE', core: { status: 'DELETED', email: null, first_name: 'Deleted' }, account: { status: 'DELETED', email: null } });
  });
});

/** The listings database holding an ad's id. */
const adDatabase = async (listingId: string) => {
  for (const db of listingsDbs) if (await db.prepare('SELECT 1 FROM listings WHERE id = ?').bind(listingId).first()) return db;
  throw new Error(`no database holds ${listingId}`);
};

describe('the seller-card check with the switch on', () => {
  it("compares each card with the seller's own row (not the core's copy) and repairs it from there", async () => {
    const [drifted, same] = [await userIn(2, { firstName: 'Asha' }), await userIn(1, { firstName: 'Ravi' })];
    const [ad, other] = [await shardAd(drifted, { city: 'Delhi' }), await shardAd(same, { city: 'Chennai' })];
    // the account renamed in its own row; its card still shows the old name. The core's copies say otherwise.
    await moveWithDecoy(drifted.id, { first_name: 'Ashwini' }, { first_name: 'CoreDecoy' });
    await moveWithDecoy(same.id, {}, { first_name: 'CoreDecoy' });
    const mine = (report: Awaited<ReturnType<typeof runConsistencyChecks>>) =>
      report.checks[0]!.disagreements.filter((d) => d.id === drifted.id || d.id === same.id).map((d) => ({ id: d.id, field: d.field, expected: d.expected, kept: d.kept }));

    const report = await runConsistencyChecks(moved as never, { only: ['seller_cards'] });
    expect(mine(report)).toEqual([{ id: drifted.id, field: 'first_name', expected: 'Ashwini', kept: 'Asha' }]);
    await runConsistencyChecks(moved as never, { only: ['seller_cards'], repair: true });
    expect(await (await adDatabase(ad.id)).prepare('SELECT first_name FROM users WHERE id = ?').bind(drifted.id).first('first_name')).toBe('Ashwini');
    expect(await (await adDatabase(other.id)).prepare('SELECT first_name FROM users WHERE id = ?').bind(same.id).first('first_name')).toBe('Ravi');
    expect(mine(await runConsistencyChecks(moved as never, { only: ['seller_cards'] }))).toEqual([]);
  });

  it("with the listings in one database the core's rows are the cards: checked against the accounts' own rows and repaired", async () => {
    const oneListings = { ...moved, LISTING_DATABASES: '1' } as Env;
    const seller = await userIn(3, { firstName: 'Meena' });
    // renamed in its own row; the core's row, the card its ads show, still has the old name
    await moveWithDecoy(seller.id, { first_name: 'Meenakshi' });
    const mine = (report: Awaited<ReturnType<typeof runConsistencyChecks>>) =>
      report.checks.flatMap((c) => c.disagreements).filter((d) => d.id === seller.id).map((d) => ({ field: d.field, expected: d.expected, kept: d.kept }));
    const report = await runConsistencyChecks(oneListings as never, { only: ['seller_cards'] });
    expect(mine(report)).toEqual([{ field: 'first_name', expected: 'Meenakshi', kept: 'Meena' }]);
    await runConsistencyChecks(oneListings as never, { only: ['seller_cards'], repair: true });
    expect(await env.DB.prepare('SELECT first_name FROM users WHERE id = ?').bind(seller.id).first('first_name')).toBe('Meenakshi');
    // with the switch off there is nothing to compare: the core's row is the account
    expect((await runConsistencyChecks({ ...fourAccounts, LISTING_DATABASES: '1' } as never, { only: ['seller_cards'] })).checks).toEqual([]);
  });
});

/**
 * A D1 binding whose batches fail when one of their statements' SQL matches `pattern`, as a batch
 * fails in an outage: nothing of it is written (D1 runs a batch as one transaction). Everything else
 * goes to the real database.
 */
function failingBatchesOn(real: D1Database, pattern: RegExp): D1Database {
  class Statement {
    constructor(
      readonly inner: D1PreparedStatement,
      readonly sql: string,
    ) {}
    bind(...values: unknown[]) {
      return new Statement(this.inner.bind(...values), this.sql);
    }
    first(column?: string) {
      return column === undefined ? this.inner.first() : this.inner.first(column);
    }
    all() {
      return this.inner.all();
    }
    run() {
      return this.inner.run();
    }
    raw(options?: { columnNames?: boolean }) {
      return options?.columnNames ? this.inner.raw({ columnNames: true }) : this.inner.raw();
    }
  }
  const wrapped = {
    prepare: (sql: string) => new Statement(real.prepare(sql), sql),
    async batch(statements: Statement[]) {
      if (statements.some((s) => pattern.test(s.sql))) throw new Error('D1_ERROR: Network connection lost.');
      return real.batch(statements.map((s) => s.inner));
    },
    exec: (sql: string) => real.exec(sql),
    // a request opens a session on each binding and asks it for its bookmark at the end
    withSession: () => wrapped,
    getBookmark: () => null,
  };
  return wrapped as unknown as D1Database;
}
