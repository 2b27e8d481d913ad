import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import worker from '../../worker/index';
import { answerOf } from '../api/helpers';
import type { Env } from '../../worker/env';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../setup/databases';
import { resetToMigratedState } from '../setup/reset-databases';
import { readUsers, usersDatabases, usersDbFor, usersWithAccounts } from '../../worker/db/users';
import { accountsDbs, fourAccounts, GROUP_IN, userIn } from './four-accounts';
import { shardAd } from './support';
import { call as callAsToday } from '../api/helpers';
import { carAd } from '../factories/car-ad';
import { getDb } from '../../worker/db/client';
import { updateListing } from '../../worker/services/listings/selling';
import { banUser, unbanUser } from '../../worker/services/trust/admin';

/**
 * Where a user's `users` row lives (worker/db/users.ts, decision 034), with the switch that moves
 * `users` to the accounts databases turned on over the real four accounts bindings: each row is read
 * from its user's accounts database, several users with one statement per database, side by side.
 * The core holds a decoy row of each user with another name, so a reader that still asks the core
 * answers the wrong name.
 */
const moved = { ...fourAccounts, USERS_WITH_ACCOUNTS: '1' };

const idIn = (database: number) => `usr_${ulid().toLowerCase()}${GROUP_IN[database]}`;
const insertUser = (db: D1Database, id: string, firstName: string) =>
  db
    .prepare(`INSERT INTO users (id, email, username, first_name, last_name, status, language, created_at, updated_at) VALUES (?, ?, ?, ?, 'Rao', 'ACTIVE', 'hi', 1, 1)`)
    .bind(id, `${id}@example.in`, id, firstName)
    .run();

/** The four accounts bindings wrapped to count the statements each is asked (and the core's). */
const counting = () => {
  const asked = new Map<string, number>();
  const wrap = (name: string, db: D1Database) =>
    ({ prepare: (sql: string) => (asked.set(name, (asked.get(name) ?? 0) + 1), db.prepare(sql)), batch: db.batch.bind(db) }) as unknown as D1Database;
  const wrapped = { ...moved, DB: wrap('DB', env.DB), ...Object.fromEntries(accountsDbs.map((db, i) => [`ACCOUNTS_${i}`, wrap(`ACCOUNTS_${i}`, db)])) };
  return { env: wrapped, asked };
};

let ids: string[];
beforeAll(async () => {
  await Promise.all(accountsDbs.map((db) => applyMigrations(db)));
  await Promise.all(accountsDbs.map((db) => resetToMigratedState(db)));
  ids = [idIn(0), idIn(1), idIn(2), idIn(3), idIn(1)];
  for (const [i, id] of ids.entries()) {
    await insertUser(accountsDbs[[0, 1, 2, 3, 1][i]!]!, id, `Asha${i}`);
    await insertUser(env.DB, id, `Core${i}`);
  }
});

describe("one place says where a user's row lives", () => {
  it('the core until the switch is on, and with one accounts database whatever the switch says', () => {
    expect(usersWithAccounts(fourAccounts)).toBe(false);
    expect(ids.map((id) => usersDbFor(fourAccounts, id))).toEqual(ids.map(() => env.DB));
    expect(usersDbFor({ ...env, USERS_WITH_ACCOUNTS: '1' }, ids[1]!)).toBe(env.DB);
    expect(usersDatabases(fourAccounts)).toEqual([env.DB]);
  });

  it("with the switch on: the accounts database of the group the id names (an untagged id: group 0's)", () => {
    expect(usersWithAccounts(moved)).toBe(true);
    expect(ids.map((id) => accountsDbs.indexOf(usersDbFor(moved, id)))).toEqual([0, 1, 2, 3, 1]);
    expect(accountsDbs.indexOf(usersDbFor(moved, 'seed-user-1'))).toBe(0);
    expect(usersDatabases(moved)).toEqual(accountsDbs);
  });
});

describe('the grouped reader', () => {
  it('reads each row from its own database, one statement per database asked, only where asked ids live', async () => {
    const { env: counted, asked } = counting();
    const rows = await readUsers<{ id: string; first_name: string; language: string }>(counted, [...ids, ids[0]!, idIn(2)], ['first_name', 'language']);
    expect([...rows.values()].sort((a, b) => a.first_name.localeCompare(b.first_name))).toEqual(
      ids.map((id, i) => ({ id, first_name: `Asha${i}`, language: 'hi' })),
    );
    // the unknown id of database 2 is asked there and simply absent; the core is never asked
    expect(Object.fromEntries(asked)).toEqual({ ACCOUNTS_0: 1, ACCOUNTS_1: 1, ACCOUNTS_2: 1, ACCOUNTS_3: 1 });

    const { env: two, asked: askedTwo } = counting();
    expect([...(await readUsers(two, [ids[1]!, ids[4]!], ['first_name'])).keys()].sort()).toEqual([ids[1], ids[4]].sort());
    expect(Object.fromEntries(askedTwo)).toEqual({ ACCOUNTS_1: 1 });
  });

  it('with the switch off it reads the core in one statement, as before', async () => {
    const rows = await readUsers<{ id: string; first_name: string }>(fourAccounts, ids, ['first_name']);
    expect(ids.map((id) => rows.get(id)?.first_name)).toEqual(ids.map((_, i) => `Core${i}`));
  });

  it('asks nothing for no ids, and refuses a name that is not a column', async () => {
    const { env: counted, asked } = counting();
    expect((await readUsers(counted, [], ['first_name'])).size).toBe(0);
    expect(asked.size).toBe(0);
    await expect(readUsers(counted, ids, ['first_name', 'password; DROP TABLE users'])).rejects.toThrow(/not columns of users/);
    expect(asked.size).toBe(0);
  });
});

/** A request with `users` moved to the accounts databases. */
const call = async (path: string, init: RequestInit = {}) => {
  const ctx = createExecutionContext();
  const answer = await answerOf(await worker.fetch!(new Request(`http://sel.test${path}`, init) as never, moved as unknown as Env, ctx));
  await waitOnExecutionContext(ctx);
  return answer;
};
const json = (auth: Record<string, string>, method: string, path: string, body?: unknown) =>
  call(path, { method, headers: { 'content-type': 'application/json', ...auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/** Moves a factory-made account's row from the core to its accounts database, as the switch's copy step will. */
const moveRow = async (userId: string, database: number) => {
  const row = (await env.DB.prepare('SELECT * FROM users WHERE id = ?').bind(userId).first<Record<string, unknown>>())!;
  const names = Object.keys(row);
  await accountsDbs[database]!.prepare(`INSERT INTO users (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).bind(...names.map((n) => row[n])).run();
  await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(userId).run();
};

describe('requests with `users` in the accounts databases (the switch on)', () => {
  it("the account check, the profile and its updates read and write the user's own database only", async () => {
    const priya = await userIn(2, { firstName: 'Priya' });
    await moveRow(priya.id, 2);
    const profile = await call('/api/auth/profile', { headers: priya.auth });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    expect(profile.body.data.firstName).toBe('Priya');
    expect((await json(priya.auth, 'PUT', '/api/auth/language', { language: 'hi' })).status).toBe(200);
    expect((await json(priya.auth, 'PUT', '/api/auth/profile', { lastName: 'Nair' })).status).toBe(200);
    expect(await accountsDbs[2]!.prepare('SELECT language, last_name FROM users WHERE id = ?').bind(priya.id).first()).toEqual({ language: 'hi', last_name: 'Nair' });
    // logging out everywhere moves the token version in the same row: the old token is refused
    expect((await json(priya.auth, 'POST', '/api/auth/logout-all-devices')).status).toBe(200);
    expect((await call('/api/auth/profile', { headers: priya.auth })).status).toBe(401);
  });

  it('the blocked list names people from their own databases; the seller page finds its seller', async () => {
    const [ravi, sunil, kavya] = [await userIn(0, { firstName: 'Ravi' }), await userIn(1, { firstName: 'Sunil' }), await userIn(3, { firstName: 'Kavya' })];
    await Promise.all([moveRow(ravi.id, 0), moveRow(sunil.id, 1), moveRow(kavya.id, 3)]);
    for (const other of [sunil, kavya]) expect((await json(ravi.auth, 'POST', `/api/users/${other.id}/block`)).status).toBe(200);
    const blocked = await call('/api/users/blocked', { headers: ravi.auth });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    expect(blocked.body.data.users.map((u: { firstName: string }) => u.firstName).sort()).toEqual(['Kavya', 'Sunil']);
    const page = await call(`/api/sellers/${kavya.id}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data).toMatchObject({ firstName: 'Kavya', liveAds: 0 });
  });

  it("a report weighs its reporter from the reporter's own row", async () => {
    const [seller, reporter] = [await userIn(0, { firstName: 'Seller' }), await userIn(2, { phoneVerified: true })];
    const ad = await shardAd(seller, { city: 'Pune' });
    await Promise.all([moveRow(seller.id, 0), moveRow(reporter.id, 2)]);
    const res = await call(`/api/listings/${ad.id}/report`, {
      method: 'POST',
      headers: { ...reporter.auth, 'content-type': 'application/json', 'CF-Connecting-IP': '203.0.113.77' },
      body: JSON.stringify({ reason: 'SPAM' }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await env.DB.prepare('SELECT weight > 0 AS counts FROM listing_reports WHERE reporter_id = ?').bind(reporter.id).first()).toEqual({ counts: 1 });
  });

  it("a move into another group of states reads the seller's ban from the seller's own row", async () => {
    const seller = await userIn(1, { isVerified: true });
    await env.DB.prepare('UPDATE free_ad_limits SET free_ads = 20').run();
    const posted = await callAsToday('/api/listings', {
      method: 'POST',
      headers: { ...seller.auth, 'content-type': 'application/json' },
      body: JSON.stringify(await carAd(seller, { state: 'Delhi', city: 'Delhi', neighbourhood: 'Alaknanda', title: 'Tata Nexon XZ 2022 dugong' })),
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    await moveRow(seller.id, 1);
    // banned in the seller's own row (the core no longer has one) just before the edit moves the ad to Chennai
    await accountsDbs[1]!.prepare(`UPDATE users SET status = 'BANNED' WHERE id = ?`).bind(seller.id).run();
    const e = moved as unknown as Env;
    const ad = await updateListing(e, getDb(e.DB), seller.id, posted.body.data.id, { state: 'Tamil Nadu', city: 'Chennai', neighbourhood: 'Adyar' }, 'https://sel.test');
    expect(await env.LISTINGS_3!.prepare('SELECT status, held_reason FROM listings WHERE id = ?').bind(ad.id).first()).toEqual({ status: 'PENDING', held_reason: 'ACCOUNT_BANNED' });
  });

  it("a ban writes the seller's own row, the audit row in the core and holds the ads; lifting it undoes both", async () => {
    const [mod, seller] = [await userIn(0, { firstName: 'Mod' }), await userIn(3, { firstName: 'Vikram' })];
    await env.DB.prepare(`UPDATE users SET role = 'MODERATOR' WHERE id = ?`).bind(mod.id).run();
    const ad = await shardAd(seller, { city: 'Chennai' });
    await Promise.all([moveRow(mod.id, 0), moveRow(seller.id, 3)]);
    const e = moved as unknown as Env;
    expect(await banUser(e, mod.id, seller.id, 'fraud')).toEqual({ userId: seller.id, status: 'BANNED' });
    expect(await accountsDbs[3]!.prepare('SELECT status, ban_reason FROM users WHERE id = ?').bind(seller.id).first()).toEqual({ status: 'BANNED', ban_reason: 'fraud' });
    expect(await env.LISTINGS_3!.prepare('SELECT status, held_reason FROM listings WHERE id = ?').bind(ad.id).first()).toEqual({ status: 'PENDING', held_reason: 'ACCOUNT_BANNED' });
    expect((await call('/api/auth/profile', { headers: seller.auth })).status).toBe(401);
    expect(await unbanUser(e, mod.id, seller.id, 'appeal upheld')).toEqual({ userId: seller.id, status: 'ACTIVE' });
    expect(await env.LISTINGS_3!.prepare('SELECT status, held_reason FROM listings WHERE id = ?').bind(ad.id).first()).toEqual({ status: 'APPROVED', held_reason: null });
    const audited = await env.DB.prepare(`SELECT action FROM moderation_actions WHERE target_id = ? ORDER BY action`).bind(seller.id).all();
    expect(audited.results).toEqual([{ action: 'BAN' }, { action: 'UNBAN' }]);
  });

  it('conversations name their members from the members\' own databases: the list and one opened', async () => {
    const [seller, buyer] = [await userIn(0, { firstName: 'Farhan' }), await userIn(2, { firstName: 'Gita' })];
    const ad = await shardAd(seller, { city: 'Pune' });
    await Promise.all([moveRow(seller.id, 0), moveRow(buyer.id, 2)]);
    const opened = await json(buyer.auth, 'POST', '/api/messages/chats', { listingId: ad.id });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const chatId = opened.body.data.chat.id;
    expect(opened.body.data.chat).toMatchObject({ buyer: { firstName: 'Gita' }, seller: { firstName: 'Farhan' } });
    const list = await call('/api/messages/chats', { headers: seller.auth });
    expect(list.body.data.chats.map((c: { buyer: { firstName: string }; seller: { firstName: string } }) => [c.buyer.firstName, c.seller.firstName])).toEqual([['Gita', 'Farhan']]);
    const again = await call(`/api/messages/chats/${chatId}`, { headers: seller.auth });
    expect(again.body.data).toMatchObject({ buyer: { firstName: 'Gita' }, seller: { firstName: 'Farhan' } });
    // (sending needs the chat room, which runs with the suite's own env, `users` in the core: not here)
  });

  it("a moderator's account lookup asks every accounts database", async () => {
    const [mod, meera] = [await userIn(1, { firstName: 'Mod' }), await userIn(3, { firstName: 'Meera', email: `meera.${Date.now()}@example.in` })];
    await env.DB.prepare(`UPDATE users SET role = 'MODERATOR' WHERE id = ?`).bind(mod.id).run();
    await Promise.all([moveRow(mod.id, 1), moveRow(meera.id, 3)]);
    const found = await call(`/api/admin/users?q=${encodeURIComponent(meera.email!)}`, { headers: mod.auth });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data.users.map((u: { id: string }) => u.id)).toEqual([meera.id]);
  });
});
