import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { answerOf } from '../api/helpers';
import {
  copyUsersToAccounts,
  readUsersCopyState,
  recordUsersCopy,
  repairUserCopies,
  scheduledUsersCopy,
  USERS_COPY_STATE_KEY,
} from '../../worker/services/accounts/users-copy';
import { formatReport, runConsistencyChecks } from '../../worker/services/consistency';
import { accountsDatabaseOfGroup } from '../../worker/db/accounts';
import { groupOfIdentifierHash, identifierHash } from '../../worker/db/identifiers';
import { readMembers } from '../../durable-objects/chat-room-log';
import { applyMigrations } from '../setup/databases';
import { resetToMigratedState } from '../setup/reset-databases';
import { accountsDbs, fourAccounts, GROUP_IN, userIn } from './four-accounts';

/**
 * The core's `users` rows copied to their users' accounts databases (decision 034), the step before
 * `USERS_WITH_ACCOUNTS` is turned on: by group, in bounded batches, guarded on `updated_at`,
 * resumable, idempotent, the core's rows kept; the every-minute job's passes (the re-copy of rows
 * changed in the window, one pass after the switch, then nothing); the checker `users.copies`; the
 * command's module (a dry run writes nothing, a pass is recorded).
 */
const switchedOn = { ...fourAccounts, USERS_WITH_ACCOUNTS: '1' } as Env;
const CHECK = ['users.copies'];

const idIn = (database: number) => `usr_${ulid().toLowerCase()}${GROUP_IN[database]}`;
const insertCore = (id: string, o: { firstName?: string; email?: string | null; updatedAt?: number; liveAds?: number } = {}) =>
  env.DB.prepare(
    `INSERT INTO users (id, email, username, first_name, last_name, phone, status, language, live_ads, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'Rao', NULL, 'ACTIVE', 'hi', ?, 1000, ?)`,
  )
    .bind(id, o.email === undefined ? `${id}@example.in` : o.email, `u_${id.slice(-6)}`, o.firstName ?? 'Asha', o.liveAds ?? 0, o.updatedAt ?? 2000)
    .run();
const setCore = (id: string, sql: string, ...params: unknown[]) => env.DB.prepare(`UPDATE users SET ${sql} WHERE id = ?`).bind(...params, id).run();
const coreRow = (id: string) => env.DB.prepare('SELECT * FROM users WHERE id = ?').bind(id).first<Record<string, unknown>>();
/** Which accounts databases hold a copy of this user, and the copies. */
const copiesOf = async (id: string) => {
  const rows = await Promise.all(accountsDbs.map((db) => db.prepare('SELECT * FROM users WHERE id = ?').bind(id).first<Record<string, unknown>>()));
  return { at: rows.flatMap((r, i) => (r ? [i] : [])), row: rows.find(Boolean) ?? null };
};
const copyCount = async () => (await Promise.all(accountsDbs.map((db) => db.prepare('SELECT count(*) AS n FROM users').first<number>('n')))).reduce<number>((a, b) => a + (b ?? 0), 0);

beforeAll(async () => {
  await Promise.all(accountsDbs.map((db) => applyMigrations(db)));
});
beforeEach(async () => {
  await Promise.all(accountsDbs.map((db) => resetToMigratedState(db)));
  await env.DB.prepare('DELETE FROM users').run();
  await env.CACHE.delete(USERS_COPY_STATE_KEY);
});

describe("the core's users rows copied to their accounts databases", () => {
  it('copies each row, every column, to the database of its group (an untagged id: group 0), in bounded batches, keeps the core, and a second run writes nothing', async () => {
    const ids = [idIn(0), idIn(1), idIn(2), idIn(3), `usr_${ulid().toLowerCase()}`];
    for (const [i, id] of ids.entries()) await insertCore(id, { firstName: `Asha${i}`, liveAds: i });
    const batches: (string | null)[] = [];
    const report = await copyUsersToAccounts(fourAccounts, { batchRows: 2, onBatch: (r) => batches.push(r.next) });
    expect(report).toMatchObject({ accounts: 5, missing: 5, older: 0, kept: 0, written: 5, refused: [], next: null });
    expect(batches).toHaveLength(3);
    for (const [i, id] of ids.entries()) {
      const { at, row } = await copiesOf(id);
      expect(at, id).toEqual([[0, 1, 2, 3, 0][i]]);
      expect(row).toEqual(await coreRow(id));
    }
    // the core's rows stay: the worker still reads them until the switch
    expect(await env.DB.prepare('SELECT count(*) AS n FROM users').first('n')).toBe(5);
    expect(await copyUsersToAccounts(fourAccounts, { batchRows: 2 })).toMatchObject({ accounts: 5, missing: 0, older: 0, kept: 5, written: 0 });
    expect(await copyCount()).toBe(5);
  });

  it('is guarded on updated_at: an older copy is replaced, one as new or newer is kept', async () => {
    const [older, same, newer] = [idIn(1), idIn(2), idIn(3)];
    for (const id of [older, same, newer]) await insertCore(id, { firstName: 'Core', updatedAt: 5000 });
    const copy = (db: number, id: string, updatedAt: number) =>
      accountsDbs[db]!.prepare(`INSERT INTO users (id, email, username, first_name, last_name, created_at, updated_at) VALUES (?, ?, 'x', 'Copy', 'Rao', 1000, ?)`)
        .bind(id, `${id}@example.in`, updatedAt)
        .run();
    await copy(1, older, 4999);
    await copy(2, same, 5000);
    await copy(3, newer, 5001);
    expect(await copyUsersToAccounts(fourAccounts)).toMatchObject({ accounts: 3, missing: 0, older: 1, kept: 2, written: 1 });
    expect((await copiesOf(older)).row).toEqual(await coreRow(older));
    expect((await copiesOf(same)).row).toMatchObject({ first_name: 'Copy', updated_at: 5000 });
    expect((await copiesOf(newer)).row).toMatchObject({ first_name: 'Copy', updated_at: 5001 });
  });

  it('the guard is in the write itself: a copy its user writes between the read and the write is kept', async () => {
    const id = idIn(2);
    await insertCore(id, { firstName: 'Core', updatedAt: 5000 });
    const db = accountsDbs[2]!;
    await db.prepare(`INSERT INTO users (id, username, first_name, last_name, created_at, updated_at) VALUES (?, 'x', 'Copy', 'Rao', 1000, 4000)`).bind(id).run();
    // the database answers the copies' read, then the user's write lands before the copy's write
    const racing = {
      prepare: (sql: string) => {
        const statement = db.prepare(sql);
        if (!sql.startsWith('SELECT id, updated_at FROM users')) return statement;
        return {
          bind: (...params: unknown[]) => ({
            all: async () => {
              const read = await statement.bind(...params).all();
              await db.prepare('UPDATE users SET first_name = ?, updated_at = ? WHERE id = ?').bind('Written by the user', 6000, id).run();
              return read;
            },
          }),
        };
      },
      batch: db.batch.bind(db),
    } as unknown as D1Database;
    expect(await copyUsersToAccounts({ ...fourAccounts, ACCOUNTS_2: racing } as Env)).toMatchObject({ older: 1, written: 0 });
    expect((await copiesOf(id)).row).toMatchObject({ first_name: 'Written by the user', updated_at: 6000 });
  });

  it('a batch asks the core once and each accounts database with rows of the batch twice (the ages, then one guarded write)', async () => {
    const ids = [idIn(0), idIn(1), idIn(1), idIn(3)];
    for (const id of ids) await insertCore(id);
    const asked = new Map<string, number>();
    const wrap = (name: string, db: D1Database) =>
      ({ prepare: (sql: string) => (asked.set(name, (asked.get(name) ?? 0) + 1), db.prepare(sql)), batch: db.batch.bind(db) }) as unknown as D1Database;
    const counted = { ...fourAccounts, DB: wrap('DB', env.DB), ...Object.fromEntries(accountsDbs.map((db, i) => [`ACCOUNTS_${i}`, wrap(`ACCOUNTS_${i}`, db)])) } as Env;
    expect(await copyUsersToAccounts(counted, { batchRows: 10 })).toMatchObject({ accounts: 4, written: 4, next: null });
    // database 2 holds none of them: it is not asked
    expect(Object.fromEntries(asked)).toEqual({ DB: 1, ACCOUNTS_0: 2, ACCOUNTS_1: 2, ACCOUNTS_3: 2 });
  });

  it('resumes after a cut from the last id read, and nothing is copied twice or missed', async () => {
    const ids = [idIn(0), idIn(1), idIn(2), idIn(3), idIn(1)].sort();
    for (const id of ids) await insertCore(id);
    const cut = await copyUsersToAccounts(fourAccounts, { batchRows: 2, batches: 1 });
    expect(cut).toMatchObject({ accounts: 2, written: 2, next: ids[1] });
    expect(await copyCount()).toBe(2);
    expect((await copiesOf(ids[2]!)).at).toEqual([]);
    const rest = await copyUsersToAccounts(fourAccounts, { batchRows: 2, after: cut.next });
    expect(rest).toMatchObject({ accounts: 3, written: 3, next: null });
    for (const id of ids) expect((await copiesOf(id)).row).toEqual(await coreRow(id));
    // an expired budget starts no batch and keeps the cursor
    expect(await copyUsersToAccounts(fourAccounts, { after: ids[3], deadline: 0 })).toMatchObject({ accounts: 0, next: ids[3] });
  });

  it('a dry run reads and counts but writes nothing', async () => {
    const [a, b] = [idIn(0), idIn(2)];
    await insertCore(a);
    await insertCore(b, { updatedAt: 9000 });
    await accountsDbs[2]!.prepare(`INSERT INTO users (id, username, first_name, last_name, created_at, updated_at) VALUES (?, 'x', 'Old', 'Rao', 1, 1)`).bind(b).run();
    expect(await copyUsersToAccounts(fourAccounts, { dryRun: true })).toMatchObject({ accounts: 2, missing: 1, older: 1, kept: 0, written: 0 });
    expect((await copiesOf(a)).at).toEqual([]);
    expect((await copiesOf(b)).row).toMatchObject({ first_name: 'Old', updated_at: 1 });
    expect(await env.CACHE.get(USERS_COPY_STATE_KEY)).toBeNull();
    // with one accounts database there is nothing to copy to
    await expect(copyUsersToAccounts({ ...env, ACCOUNTS_DATABASES: '1' } as Env)).rejects.toThrow(/only when there are several/);
  });

  it("a row an accounts database refuses (its e-mail still on another account's older copy there) is reported and copied by the next pass", async () => {
    // a and b share database 1; a's copy still holds the e-mail b has taken since a changed theirs
    const [a, b] = [idIn(1), idIn(1)].sort().reverse() as [string, string];
    await insertCore(a, { email: 'new.a@example.in', updatedAt: 3000 });
    await insertCore(b, { email: 'old.a@example.in', updatedAt: 3000 });
    await accountsDbs[1]!.prepare(`INSERT INTO users (id, email, username, first_name, last_name, created_at, updated_at) VALUES (?, 'old.a@example.in', 'x', 'A', 'Rao', 1, 2000)`).bind(a).run();
    // b is read first (ids in order) and refused; a's copy is replaced in the next batch
    const first = await copyUsersToAccounts(fourAccounts, { batchRows: 1 });
    expect(first).toMatchObject({ accounts: 2, written: 1 });
    expect(first.refused).toEqual([{ id: b, database: 1, error: expect.stringMatching(/UNIQUE/) }]);
    expect((await copiesOf(a)).row).toMatchObject({ email: 'new.a@example.in', updated_at: 3000 });
    const second = await copyUsersToAccounts(fourAccounts, { batchRows: 1 });
    expect(second).toMatchObject({ written: 1, refused: [] });
    expect((await copiesOf(b)).row).toEqual(await coreRow(b));
  });
});

describe('the every-minute job: passes while the switch is off, one after it, then nothing', () => {
  it('re-copies a row changed after a pass in the next pass; with the switch on it runs one whole pass and stops', async () => {
    const ids = [idIn(0), idIn(3)];
    for (const id of ids) await insertCore(id, { firstName: 'Meera', updatedAt: 2000 });
    const run = async (e: Env) => {
      const ctx = createExecutionContext();
      await worker.scheduled!(createScheduledController({ cron: '* * * * *', scheduledTime: Date.now() }), e, ctx);
      await waitOnExecutionContext(ctx);
    };
    // through the real scheduled handler: a whole pass (two rows fit one run's budget), recorded
    await run(fourAccounts);
    for (const id of ids) expect((await copiesOf(id)).row).toEqual(await coreRow(id));
    expect(await readUsersCopyState(env.CACHE)).toMatchObject({ cursor: null, pass: null, passes: 1, lastPass: { accounts: 2, written: 2, withSwitch: false } });
    // changed in the core after that pass: the next pass brings the copy level, and only it
    await setCore(ids[1]!, 'first_name = ?, updated_at = ?', 'Meena', 2500);
    expect(await scheduledUsersCopy(fourAccounts)).toMatchObject({ accounts: 2, older: 1, kept: 1, written: 1, next: null });
    expect((await copiesOf(ids[1]!)).row).toMatchObject({ first_name: 'Meena', updated_at: 2500 });
    // changed again just before the switch: the pass that starts with the switch on copies it;
    // a copy the user has written since the switch (newer) is kept
    await setCore(ids[0]!, 'first_name = ?, updated_at = ?', 'Mira', 2600);
    await setCore(ids[1]!, 'first_name = ?, updated_at = ?', 'Lost', 2600);
    await accountsDbs[3]!.prepare('UPDATE users SET language = ?, updated_at = ? WHERE id = ?').bind('en', 2700, ids[1]).run();
    expect(await scheduledUsersCopy(switchedOn)).toMatchObject({ written: 1, kept: 1, next: null });
    expect((await copiesOf(ids[0]!)).row).toMatchObject({ first_name: 'Mira', updated_at: 2600 });
    expect((await copiesOf(ids[1]!)).row).toMatchObject({ first_name: 'Meena', language: 'en', updated_at: 2700 });
    expect(await readUsersCopyState(env.CACHE)).toMatchObject({ passes: 3, lastPass: { withSwitch: true, accounts: 2, written: 1 } });
    // that pass done, the job never runs again with the switch on
    await setCore(ids[0]!, 'first_name = ?, updated_at = ?', 'Late', 2800);
    expect(await scheduledUsersCopy(switchedOn)).toBeNull();
    expect((await copiesOf(ids[0]!)).row).toMatchObject({ first_name: 'Mira' });
    // with one accounts database it does nothing
    expect(await scheduledUsersCopy({ ...env, ACCOUNTS_DATABASES: '1' } as Env)).toBeNull();
  });

  it('a pass cut by the budget resumes from its cursor in the next run', async () => {
    const ids = [idIn(0), idIn(1), idIn(2)].sort();
    for (const id of ids) await insertCore(id);
    // a run that stopped after the first id (the state the job leaves when its budget runs out)
    await recordUsersCopy(env.CACHE, await readUsersCopyState(env.CACHE), { accounts: 1, missing: 1, older: 0, kept: 0, written: 1, refused: [], next: ids[0]! }, { startedAt: 1, withSwitch: false, now: 1 });
    expect(await scheduledUsersCopy(fourAccounts)).toMatchObject({ accounts: 2, written: 2, next: null });
    expect((await copiesOf(ids[0]!)).at).toEqual([]);
    expect(await readUsersCopyState(env.CACHE)).toMatchObject({ passes: 1, lastPass: { startedAt: 1, accounts: 3, written: 3 } });
  });

  it('an account made with one database signs in with the switch on once its row is copied (not before)', async () => {
    // the factory writes the users row in the core (the switch is off in this suite) and the session in the account's database
    const asha = await userIn(2, { firstName: 'Asha' });
    const profile = async () => {
      const ctx = createExecutionContext();
      const answer = await answerOf(await worker.fetch!(new Request('http://sel.test/api/auth/profile', { headers: asha.auth }) as never, switchedOn, ctx));
      await waitOnExecutionContext(ctx);
      return answer;
    };
    expect((await profile()).status).toBe(401);
    await copyUsersToAccounts(fourAccounts);
    const after = await profile();
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(after.body.data.firstName).toBe('Asha');
  });
});

describe('the checker: users.copies', () => {
  it('runs only once a pass is recorded (or the switch is on), and only with several accounts databases', async () => {
    await insertCore(idIn(0));
    expect((await runConsistencyChecks(fourAccounts, { only: CHECK })).checks).toEqual([]);
    expect((await runConsistencyChecks(env as unknown as Env, { only: CHECK })).checks).toEqual([]);
    expect((await runConsistencyChecks(switchedOn, { only: CHECK })).checks.map((c) => c.name)).toEqual(CHECK);
    await recordUsersCopy(env.CACHE, await readUsersCopyState(env.CACHE), await copyUsersToAccounts(fourAccounts), { startedAt: 1, withSwitch: false, now: 2 });
    const report = await runConsistencyChecks(fourAccounts, { only: CHECK });
    expect(report.checks.map((c) => [c.name, c.rowsChecked, c.rows])).toEqual([['users.copies', 1, 0]]);
  });

  it('with the switch off finds missing and differing copies by database and repairs them from the core; the live-ad counts are not compared', async () => {
    const [gone, renamed, counted, fine] = [idIn(1), idIn(2), idIn(3), idIn(0)];
    for (const id of [gone, renamed, counted, fine]) await insertCore(id, { firstName: 'Ravi' });
    await recordUsersCopy(env.CACHE, await readUsersCopyState(env.CACHE), await copyUsersToAccounts(fourAccounts), { startedAt: 1, withSwitch: false, now: 2 });
    await accountsDbs[1]!.prepare('DELETE FROM users WHERE id = ?').bind(gone).run();
    // same updated_at, another name: the copy's guard alone would keep it
    await accountsDbs[2]!.prepare('UPDATE users SET first_name = ? WHERE id = ?').bind('Rabi', renamed).run();
    await accountsDbs[3]!.prepare('UPDATE users SET live_ads = 7, live_ads_elsewhere = 2 WHERE id = ?').bind(counted).run();

    const found = await runConsistencyChecks(fourAccounts, { only: CHECK, batchRows: 2 });
    const check = found.checks[0]!;
    expect(check).toMatchObject({ rowsChecked: 4, rows: 2, repaired: 0, remaining: 2 });
    expect(check.disagreements.map((d) => [d.id, d.database, d.field, d.expected, d.kept]).sort()).toEqual(
      [
        [gone, 'accounts-1', 'id', gone, null],
        [renamed, 'accounts-2', 'first_name', 'Ravi', 'Rabi'],
      ].sort(),
    );
    expect(formatReport(found)).toMatch(/users\.copies/);

    const repaired = await runConsistencyChecks(fourAccounts, { only: CHECK, repair: true });
    expect(repaired.checks[0]).toMatchObject({ rows: 2, repaired: 2, remaining: 0 });
    expect((await copiesOf(gone)).row).toEqual(await coreRow(gone));
    expect((await copiesOf(renamed)).row).toEqual(await coreRow(renamed));
    expect((await runConsistencyChecks(fourAccounts, { only: CHECK })).clean).toBe(true);
  });

  it("the repair is guarded on the copy's updated_at: a copy written after the scan is left as it is", async () => {
    const id = idIn(2);
    await insertCore(id, { firstName: 'Core', updatedAt: 4000 });
    await accountsDbs[2]!.prepare(`INSERT INTO users (id, username, first_name, last_name, created_at, updated_at) VALUES (?, 'x', 'Written since', 'Rao', 1, 4100)`).bind(id).run();
    // the scan saw the copy at 4000; it has been written since
    expect(await repairUserCopies(fourAccounts, [{ id, database: 2, copyUpdatedAt: 4000 }])).toBe(0);
    expect((await copiesOf(id)).row).toMatchObject({ first_name: 'Written since', updated_at: 4100 });
    expect(await repairUserCopies(fourAccounts, [{ id, database: 2, copyUpdatedAt: 4100 }])).toBe(1);
    expect((await copiesOf(id)).row).toEqual(await coreRow(id));
  });

  it("with the switch on the copy is the source: the core's rows that differ are reported, never repaired", async () => {
    const id = idIn(1);
    await insertCore(id, { firstName: 'Old' });
    await copyUsersToAccounts(fourAccounts);
    await accountsDbs[1]!.prepare('UPDATE users SET first_name = ?, updated_at = ? WHERE id = ?').bind('New', 9000, id).run();
    const report = await runConsistencyChecks(switchedOn, { only: CHECK, repair: true });
    expect(report.checks[0]).toMatchObject({ rows: 1, repaired: 0, remaining: 1 });
    expect(report.checks[0]!.disagreements[0]).toMatchObject({ id, database: 'accounts-1', field: 'first_name', expected: 'New', kept: 'Old' });
    expect((await copiesOf(id)).row).toMatchObject({ first_name: 'New' });
    expect(await coreRow(id)).toMatchObject({ first_name: 'Old' });
  });
});

describe('the directory checker with the switch on', () => {
  it("judges a claim by the account where its row lives: an account made since the switch (no core row) keeps its claim", async () => {
    const id = idIn(3);
    const email = `since.switch.${Date.now()}@example.in`;
    await accountsDbs[3]!.prepare(`INSERT INTO users (id, email, username, first_name, last_name, created_at, updated_at) VALUES (?, ?, 'x', 'Nisha', 'Rao', 1, 1)`).bind(id, email).run();
    const hash = await identifierHash({ kind: 'email', value: email });
    const home = accountsDbs[accountsDatabaseOfGroup(4, groupOfIdentifierHash(hash))]!;
    // claimed long past the grace
    await home.prepare('INSERT INTO identifiers (kind, value_hash, user_id, created_at) VALUES (?, ?, ?, ?)').bind('email', hash, id, 1).run();
    const report = await runConsistencyChecks(switchedOn, { only: ['identifiers.claims'], repair: true });
    expect(report.checks[0], formatReport(report)).toMatchObject({ rowsChecked: 1, rows: 0, repaired: 0 });
    expect(await home.prepare('SELECT user_id FROM identifiers WHERE value_hash = ?').bind(hash).first('user_id')).toBe(id);
  });
});

describe("the chat room's members with the switch on", () => {
  it("reads each member's status and token version from their own row, not the core's", async () => {
    const [buyer, seller] = [idIn(1), idIn(3)];
    await accountsDbs[1]!.prepare(`INSERT INTO users (id, username, first_name, last_name, status, token_version, created_at, updated_at) VALUES (?, 'b', 'Gita', 'Rao', 'ACTIVE', 2, 1, 1)`).bind(buyer).run();
    await accountsDbs[3]!.prepare(`INSERT INTO users (id, username, first_name, last_name, status, token_version, created_at, updated_at) VALUES (?, 's', 'Farhan', 'Ali', 'BLOCKED', 0, 1, 1)`).bind(seller).run();
    // the core keeps a decoy of the buyer only (blocked, another token version): a reader asking the core answers wrongly
    await insertCore(buyer);
    await env.DB.prepare(`UPDATE users SET status = 'BLOCKED', token_version = 9 WHERE id = ?`).bind(buyer).run();
    const chatId = `cht_${ulid().toLowerCase()}`;
    await env.DB.prepare('INSERT INTO chats (id, listing_id, buyer_id, seller_id, last_seq, created_at, updated_at) VALUES (?, ?, ?, ?, 4, 1, 1)').bind(chatId, 'lst_x', buyer, seller).run();
    const members = await readMembers(switchedOn, chatId);
    expect(members).toMatchObject({
      buyerId: buyer,
      sellerId: seller,
      d1LastSeq: 4,
      status: { [buyer]: { active: true, tokenVersion: 2 }, [seller]: { active: false, tokenVersion: 0 } },
      blockers: [],
    });
    expect(await readMembers(switchedOn, 'cht_none')).toBeUndefined();
  });
});
