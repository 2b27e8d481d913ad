import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { moveUserRowsToAccounts } from '../../worker/services/accounts/rows-move';
import { MOVED_USER_ROWS } from '../../worker/schemas/rows-move-data';
import { applyMigrations } from '../setup/databases';
import { resetToMigratedState } from '../setup/reset-databases';
import { createUserWithToken } from '../factories';
import { accountsDbs, fourAccounts, GROUP_IN, json, userIn } from './four-accounts';

/**
 * The per-user rows written while there was one accounts database stay in the core when the
 * accounts are split; the every-minute mover carries them to their users' databases (decision 034).
 * Rows of users of every database of four, an account from before the split (untagged: group 0,
 * which lives in ACCOUNTS_0, not the core), a run cut between copy and delete, a bounded run, and a
 * row the user changed in their own database meanwhile.
 */

const now = 1_790_000_000_000;
const users = [`usr_old_${ulid().toLowerCase()}`, ...GROUP_IN.slice(1).map((g) => `usr_${ulid().toLowerCase()}${g}`)];

/** One row of every moved table for `userId`, written into `db`. */
const rowsOf = (db: D1Database, userId: string, n: number) => [
  db.prepare('INSERT INTO favorites (user_id, listing_id, created_at) VALUES (?, ?, ?)').bind(userId, `lst_${n}`, now),
  db.prepare('INSERT INTO cart_items (user_id, package_id, quantity, added_at) VALUES (?, ?, 1, ?)').bind(userId, 'pkg_basic', now),
  db.prepare('INSERT INTO user_blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)').bind(userId, `usr_blocked_${n}`, now),
  db.prepare('INSERT INTO phone_access_log (user_id, listing_id, period_start, created_at) VALUES (?, ?, ?, ?)').bind(userId, `lst_${n}`, now - 1000, now),
  db.prepare('INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?, ?)').bind(`ps_${n}_${userId}`, userId, `https://push.test/${userId}`, 'k', 'a', now),
  db.prepare(`INSERT INTO notifications (id, user_id, title, body, type, data, is_read, created_at) VALUES (?, ?, 'Hi', 'A message', 'chat', '{"a":1}', 0, ?)`).bind(`ntf_${n}_${userId}`, userId, now),
  db.prepare('INSERT INTO inbox_presence (user_id, since) VALUES (?, ?)').bind(userId, now),
  db.prepare('INSERT INTO sessions (id, user_id, user_agent, created_at, expires_at) VALUES (?, ?, ?, ?, ?)').bind(`ses_${n}_${userId}`, userId, 'ua', now, now + 86_400_000),
];

/** Which accounts databases hold each table's rows of `userId`, and whether the core does. */
const placesOf = async (userId: string) =>
  Object.fromEntries(
    await Promise.all(
      MOVED_USER_ROWS.map(async (t) => {
        const sql = `SELECT 1 FROM ${t.table} WHERE ${t.user} = ?`;
        const found = await Promise.all(accountsDbs.map((db) => db.prepare(sql).bind(userId).first()));
        return [t.table, { accounts: found.flatMap((r, i) => (r ? [i] : [])), core: Boolean(await env.DB.prepare(sql).bind(userId).first()) }];
      }),
    ),
  );
const everywhere = (accounts: number[], core: boolean) => Object.fromEntries(MOVED_USER_ROWS.map((t) => [t.table, { accounts, core }]));
const coreRows = async () => (await Promise.all(MOVED_USER_ROWS.map((t) => env.DB.prepare(`SELECT count(*) AS n FROM ${t.table}`).first<number>('n')))).reduce<number>((a, b) => a + (b ?? 0), 0);

beforeAll(async () => {
  await Promise.all(accountsDbs.map((db) => applyMigrations(db)));
  await Promise.all(accountsDbs.map((db) => resetToMigratedState(db)));
});

describe('per-user rows move from the core to their users\' accounts databases', () => {
  it('moves every table\'s rows to the right database, survives a cut run, is bounded, keeps the user\'s own rows, and then does nothing', async () => {
    await env.DB.batch(users.flatMap((u, n) => rowsOf(env.DB, u, n)));
    // since the split, user 2 read the notification and saved the favourite again, in their own database
    const mine = accountsDbs[2]!;
    await mine.batch([
      mine.prepare(`INSERT INTO notifications (id, user_id, title, body, type, data, is_read, read_at, created_at) VALUES (?, ?, 'Hi', 'A message', 'chat', '{"a":1}', 1, ?, ?)`).bind(`ntf_2_${users[2]}`, users[2], now + 5, now),
      mine.prepare('INSERT INTO favorites (user_id, listing_id, created_at) VALUES (?, ?, ?)').bind(users[2], 'lst_2', now + 7),
    ]);
    expect(await coreRows()).toBe(32);

    // a run cut between copy and delete: every row is in both places
    expect(await moveUserRowsToAccounts(fourAccounts, 1000, true)).toBe(0);
    for (const [i, u] of users.entries()) expect(await placesOf(u)).toEqual(everywhere([i], true));

    // a bounded run moves two rows of each table (the first by key) and leaves the rest
    expect(await moveUserRowsToAccounts(fourAccounts, 2)).toBe(16);
    expect(await coreRows()).toBe(16);
    // the next run removes the rest from the core; nothing was lost
    expect(await moveUserRowsToAccounts(fourAccounts)).toBe(16);
    expect(await coreRows()).toBe(0);
    for (const [i, u] of users.entries()) expect(await placesOf(u)).toEqual(everywhere([i], false));

    // copied as they were, every column
    expect(await accountsDbs[0]!.prepare('SELECT * FROM notifications WHERE user_id = ?').bind(users[0]).first()).toEqual({
      id: `ntf_0_${users[0]}`, user_id: users[0], title: 'Hi', body: 'A message', type: 'chat', data: '{"a":1}', is_read: 0, read_at: null, created_at: now,
    });
    expect(await accountsDbs[3]!.prepare('SELECT * FROM phone_access_log WHERE user_id = ?').bind(users[3]).first()).toEqual({ user_id: users[3], listing_id: 'lst_3', period_start: now - 1000, created_at: now });
    // the user's own newer rows were not overwritten by the core's older copies
    expect(await mine.prepare('SELECT is_read, read_at FROM notifications WHERE id = ?').bind(`ntf_2_${users[2]}`).first()).toEqual({ is_read: 1, read_at: now + 5 });
    expect(await mine.prepare('SELECT created_at FROM favorites WHERE user_id = ? AND listing_id = ?').bind(users[2], 'lst_2').first()).toEqual({ created_at: now + 7 });

    // nothing left to move; with one accounts database there is nothing to do
    expect(await moveUserRowsToAccounts(fourAccounts)).toBe(0);
    await env.DB.batch(rowsOf(env.DB, users[1]!, 9));
    expect(await moveUserRowsToAccounts(env as unknown as Env)).toBe(0);
    expect(await coreRows()).toBe(8);
    expect(await moveUserRowsToAccounts(fourAccounts)).toBe(8);
  });

  it("an account from before the split sees its block again once the every-minute job moved it (the worker reads its database, not the core)", async () => {
    const old = await createUserWithToken({ id: `usr_old_${ulid().toLowerCase()}` });
    const blocked = await userIn(3);
    await env.DB.prepare('INSERT INTO user_blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)').bind(old.id, blocked.id, now).run();
    const list = async () => (await json(old.auth, 'GET', '/api/users/blocked')).body.data.users.map((u: { id: string }) => u.id);
    expect(await list()).toEqual([]);
    // the every-minute job moves it (with whatever else the test factories wrote for these accounts in the core)
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: '* * * * *', scheduledTime: Date.now() }), fourAccounts, ctx);
    await waitOnExecutionContext(ctx);
    expect(await coreRows()).toBe(0);
    expect(await list()).toEqual([blocked.id]);
  });
});
