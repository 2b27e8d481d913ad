import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { answerOf } from '../api/helpers';
import { copyUsersToAccounts, USERS_COPY_STATE_KEY } from '../../worker/services/accounts/users-copy';
import {
  readUsersRetireState,
  recordUsersRetire,
  retireCoreUsers,
  retireRows,
  USERS_RETIRE_STATE_KEY,
} from '../../worker/services/accounts/users-retire';
import { USERS_RETIRE } from '../../worker/schemas/users-copy-data';
import { runConsistencyChecks } from '../../worker/services/consistency';
import { applyMigrations } from '../setup/databases';
import { resetToMigratedState } from '../setup/reset-databases';
import { accountsDbs, GROUP_IN, userIn } from './four-accounts';

/**
 * Retiring the core's `users` rows (decision 034), the last step of the users split: only with the
 * switch on and over copies at least as new as the core's rows (a batch with a missing or older copy
 * is refused whole); with several listings databases the rows are deleted, with one only their private
 * columns are cleared (the rows are the seller cards); bounded batches, resumable, guarded on
 * `updated_at`; the every-minute job only on a person's go-ahead; the check `users.retired` after a
 * pass. The shards suite's env holds four listings databases; each test hands the code the accounts
 * over four and the switch as it needs them.
 */
const switchOff = { ...env, ACCOUNTS_DATABASES: '4' } as Env;
/** the design's layout: four listings databases, four accounts databases, `users` with the accounts */
const fourFour = { ...switchOff, USERS_WITH_ACCOUNTS: '1' } as Env;
/** one listings database (the core), the accounts over four, the switch on: the core's rows are the seller cards */
const oneFour = { ...fourFour, LISTING_DATABASES: '1' } as Env;

const idIn = (database: number) => `usr_${ulid().toLowerCase()}${GROUP_IN[database]}`;
const insertCore = (id: string, o: { updatedAt?: number } = {}) =>
  env.DB.prepare(
    `INSERT INTO users (id, email, username, first_name, last_name, phone, password_hash, google_sub, email_verified, phone_verified, token_version, share_phone, role, language, status, live_ads, created_at, updated_at)
     VALUES (?, ?, ?, 'Asha', 'Rao', ?, 'pbkdf2$secret', ?, 1, 1, 3, 0, 'MODERATOR', 'hi', 'ACTIVE', 2, 1000, ?)`,
  )
    .bind(id, `${id}@example.in`, `u_${id.slice(-6)}`, `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`, `g-${id}`, o.updatedAt ?? 2000)
    .run();
const coreRow = (id: string) => env.DB.prepare('SELECT * FROM users WHERE id = ?').bind(id).first<Record<string, unknown>>();
const coreIds = async () => (await env.DB.prepare('SELECT id FROM users ORDER BY id').all<{ id: string }>()).results.map((r) => r.id);
const copyOf = (id: string, database: number) => accountsDbs[database]!.prepare('SELECT * FROM users WHERE id = ?').bind(id).first<Record<string, unknown>>();
/** Core rows in each of the four groups, copied (as the copy step leaves them), sorted by id. */
const copiedAccounts = async (n = 4) => {
  const ids = Array.from({ length: n }, (_, i) => idIn(i % 4));
  for (const id of ids) await insertCore(id);
  await copyUsersToAccounts(switchOff);
  return ids.sort();
};
const scheduled = async (e: Env) => {
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ cron: '* * * * *', scheduledTime: Date.now() }), e, ctx);
  await waitOnExecutionContext(ctx);
};
const CHECKS = ['users.copies', 'users.retired'];

beforeAll(async () => {
  await Promise.all(accountsDbs.map((db) => applyMigrations(db)));
});
beforeEach(async () => {
  await Promise.all(accountsDbs.map((db) => resetToMigratedState(db)));
  await env.DB.prepare('DELETE FROM users').run();
  await Promise.all([USERS_COPY_STATE_KEY, USERS_RETIRE_STATE_KEY].map((k) => env.CACHE.delete(k)));
});

describe("refusals: only with the switch on, only over copies at least as new", () => {
  it('refuses with the switch off (the core rows are still the accounts) and with one accounts database, touching nothing', async () => {
    const ids = await copiedAccounts();
    await expect(retireCoreUsers(switchOff)).rejects.toThrow(/USERS_WITH_ACCOUNTS is off: the core's users rows are still the accounts every request reads/);
    await expect(retireCoreUsers({ ...env, USERS_WITH_ACCOUNTS: '1' } as Env)).rejects.toThrow(/only with several accounts databases/);
    expect(await coreIds()).toEqual(ids);
    // nor does the every-minute job, even with the go-ahead
    await scheduled({ ...switchOff, RETIRE_CORE_USERS: '1' } as Env);
    expect(await coreIds()).toEqual(ids);
  });

  it('a batch with a row without a copy, or with a copy older than the core, is refused whole and the run stops there; a dry run names them and writes nothing', async () => {
    const ids = await copiedAccounts(6);
    // the third row lost its copy; the fifth changed in the core after the copy
    const [, , lost, , changed] = ids;
    const lostAt = accountsDbs.findIndex((_, i) => lost!.endsWith(GROUP_IN[i]!));
    await accountsDbs[lostAt]!.prepare('DELETE FROM users WHERE id = ?').bind(lost).run();
    await env.DB.prepare('UPDATE users SET first_name = ?, updated_at = 3000 WHERE id = ?').bind('Changed', changed).run();

    const dry = await retireCoreUsers(fourFour, { dryRun: true, batchRows: 2 });
    expect(dry.refused).toEqual([{ id: lost, database: lostAt, reason: 'no copy' }]);
    expect(await coreIds()).toEqual(ids);

    const run = await retireCoreUsers(fourFour, { batchRows: 2 });
    // the first batch was clean and went; the second (with the lost copy) stayed whole, and nothing after it was read
    expect(run).toMatchObject({ mode: 'delete', accounts: 4, retired: 2, refused: [{ id: lost, reason: 'no copy' }], next: ids[1] });
    expect(await coreIds()).toEqual(ids.slice(2));

    // the copy's next pass brings both level; the run resumes where it stopped and finds the changed row's copy now as new
    await copyUsersToAccounts(switchOff);
    const rest = await retireCoreUsers(fourFour, { after: run.next, batchRows: 2 });
    expect(rest).toMatchObject({ accounts: 4, retired: 4, refused: [], next: null });
    expect(await coreIds()).toEqual([]);

    // a copy older than the core is refused too
    const behind = idIn(2);
    await insertCore(behind, { updatedAt: 5000 });
    await copyUsersToAccounts(switchOff);
    await env.DB.prepare('UPDATE users SET updated_at = 6000 WHERE id = ?').bind(behind).run();
    expect((await retireCoreUsers(fourFour)).refused).toEqual([{ id: behind, database: 2, reason: 'copy older than the core' }]);
    expect(await coreIds()).toEqual([behind]);
  });
});

describe('with several listings databases the core rows are deleted', () => {
  it('in bounded batches, resumable, the copies untouched, the accounts still signed in from their own rows; a second run finds nothing', async () => {
    const asha = await userIn(1, { firstName: 'Asha' });
    const ids = [...(await copiedAccounts(4)), asha.id].sort();
    await copyUsersToAccounts(switchOff);
    const copies = await Promise.all(ids.map((id, i) => (id === asha.id ? copyOf(id, 1) : copyOf(id, accountsDbs.findIndex((_, d) => id.endsWith(GROUP_IN[d]!))))));

    // cut after one batch of two, then resumed from the last id read
    const first = await retireCoreUsers(fourFour, { batchRows: 2, batches: 1 });
    expect(first).toMatchObject({ accounts: 2, retired: 2, next: ids[1] });
    expect(await coreIds()).toEqual(ids.slice(2));
    const rest = await retireCoreUsers(fourFour, { batchRows: 2, after: first.next });
    expect(rest).toMatchObject({ accounts: 3, retired: 3, next: null });
    expect(await coreIds()).toEqual([]);

    // every copy is as it was, and the account reads from it
    const after = await Promise.all(ids.map((id) => (id === asha.id ? copyOf(id, 1) : copyOf(id, accountsDbs.findIndex((_, d) => id.endsWith(GROUP_IN[d]!))))));
    expect(after).toEqual(copies);
    const ctx = createExecutionContext();
    const profile = await answerOf(await worker.fetch!(new Request('http://sel.test/api/auth/profile', { headers: asha.auth }) as never, fourFour, ctx));
    await waitOnExecutionContext(ctx);
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    expect(profile.body.data.firstName).toBe('Asha');

    expect(await retireCoreUsers(fourFour)).toMatchObject({ accounts: 0, retired: 0, next: null });
  });

  it('the write is guarded on updated_at: a core row changed between the read and the write stays', async () => {
    const [id] = await copiedAccounts(1);
    expect(await retireRows(fourFour, [{ id: id!, updated_at: 1999 }])).toBe(0);
    expect(await coreIds()).toEqual([id]);
    expect(await retireRows(fourFour, [{ id: id!, updated_at: 2000 }])).toBe(1);
    expect(await coreIds()).toEqual([]);
  });
});

describe('with one listings database the core rows stay as seller cards, their private columns cleared', () => {
  it("clears exactly the private columns (to what a card written since the switch holds), keeps the card's own, and a second run reads nothing", async () => {
    const ids = await copiedAccounts(3);
    const before = await Promise.all(ids.map(coreRow));
    const run = await retireCoreUsers(oneFour, { batchRows: 2 });
    expect(run).toMatchObject({ mode: 'clear', accounts: 3, retired: 3, refused: [], next: null });
    for (const [i, id] of ids.entries()) {
      const row = (await coreRow(id))!;
      for (const c of USERS_RETIRE.cardColumns) expect(row[c], c).toEqual(before[i]![c]);
      expect(Object.fromEntries(Object.keys(USERS_RETIRE.clearedColumns).map((c) => [c, row[c]]))).toEqual(USERS_RETIRE.clearedColumns);
    }
    // the private values were there before (the test would prove nothing otherwise)
    expect(before[0]).toMatchObject({ role: 'MODERATOR', token_version: 3, share_phone: 0, language: 'hi', email_verified: 1 });
    // the copies keep them
    const at = accountsDbs.findIndex((_, d) => ids[0]!.endsWith(GROUP_IN[d]!));
    expect(await copyOf(ids[0]!, at)).toMatchObject({ role: 'MODERATOR', email: `${ids[0]}@example.in`, password_hash: 'pbkdf2$secret' });
    // a cleared row is not read again: a second run has nothing to do
    expect(await retireCoreUsers(oneFour)).toMatchObject({ accounts: 0, retired: 0, next: null });
  });
});

describe('the every-minute job and the check', () => {
  it('retires only with the go-ahead (RETIRE_CORE_USERS), records the finished pass, then does nothing', async () => {
    const ids = await copiedAccounts(3);
    await scheduled(fourFour);
    expect(await coreIds()).toEqual(ids);
    expect((await readUsersRetireState(env.CACHE)).finishedAt).toBeNull();
    await scheduled({ ...fourFour, RETIRE_CORE_USERS: '1' } as Env);
    expect(await coreIds()).toEqual([]);
    const state = await readUsersRetireState(env.CACHE);
    expect(state).toMatchObject({ cursor: null, retired: 3 });
    expect(state.finishedAt).not.toBeNull();
    // a row that reappears in the core is left to the check, not to the job
    await insertCore(idIn(0));
    await scheduled({ ...fourFour, RETIRE_CORE_USERS: '1' } as Env);
    expect(await coreIds()).toHaveLength(1);
  });

  it("after a pass users.retired replaces users.copies: a core row put back is found and, with its copy there, removed; one without a copy is only reported", async () => {
    await copiedAccounts(2);
    // before a pass: users.copies runs (switch on), users.retired does not
    expect((await runConsistencyChecks(fourFour, { only: CHECKS })).checks.map((c) => c.name)).toEqual(['users.copies']);
    await recordUsersRetire(env.CACHE, await readUsersRetireState(env.CACHE), await retireCoreUsers(fourFour), 1);
    const clean = await runConsistencyChecks(fourFour, { only: CHECKS });
    expect(clean.checks.map((c) => [c.name, c.rows])).toEqual([['users.retired', 0]]);
    expect(clean.clean).toBe(true);

    const [copied, orphan] = [idIn(1), idIn(3)];
    await insertCore(copied);
    await copyUsersToAccounts(switchOff);
    await insertCore(orphan);
    const found = await runConsistencyChecks(fourFour, { only: CHECKS, repair: true });
    expect(found.checks[0]).toMatchObject({ name: 'users.retired', rows: 2, repaired: 1 });
    expect(await coreIds()).toEqual([orphan]);
    expect(await copyOf(copied, 1)).toMatchObject({ id: copied });
  });

  it('with one listings database the check finds a card holding a private column again and clears it', async () => {
    const [id] = await copiedAccounts(1);
    await recordUsersRetire(env.CACHE, await readUsersRetireState(env.CACHE), await retireCoreUsers(oneFour), 1);
    expect((await runConsistencyChecks(oneFour, { only: CHECKS })).clean).toBe(true);
    await env.DB.prepare(`UPDATE users SET phone = '9876500000' WHERE id = ?`).bind(id).run();
    const found = await runConsistencyChecks(oneFour, { only: CHECKS, repair: true });
    expect(found.checks[0]).toMatchObject({ name: 'users.retired', rows: 1, repaired: 1 });
    expect(await coreRow(id!)).toMatchObject({ phone: null, first_name: 'Asha' });
  });
});
