import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountsDatabaseOfGroup } from '../../worker/db/accounts';
import { groupOfIdentifierHash, identifierHash, type Identifier } from '../../worker/db/identifiers';
import { BACKFILL_CURSOR_KEY, BACKFILL_DONE_KEY, backfillDirectory, scheduledDirectoryBackfill } from '../../worker/services/accounts/directory-backfill';
import { formatReport, runConsistencyChecks } from '../../worker/services/consistency';
import { IDENTIFIER_DIRECTORY } from '../../worker/schemas/identifier-directory-data';
import { applyMigrations } from '../setup/databases';
import { resetToMigratedState } from '../setup/reset-databases';
import { createUser } from '../factories';
import { ulid } from 'ulid';
import { GROUP_IN } from './four-accounts';

/**
 * The identifier directory against the accounts, at four accounts databases (decision 034):
 * accounts made while there was one database get their rows from the backfill (the command and the
 * hourly cron share it), which is idempotent, resumable and reports conflicts instead of
 * overwriting them; the checker removes stale claims (account missing, deleted or no longer holding
 * the identifier, past the claim grace) and, once a pass is done, writes a missing row.
 */
const accountsDbs = [env.ACCOUNTS_0!, env.ACCOUNTS_1!, env.ACCOUNTS_2!, env.ACCOUNTS_3!];
const fourAccounts = { ...env, ACCOUNTS_DATABASES: '4' };
const DIRECTORY_CHECKS = ['identifiers.claims', 'identifiers.missing'];

let seq = 0;
const email = (what: string) => `${what}.${++seq}.${Date.now()}@example.in`;
const phone = () => `9${String(700_000_000 + ++seq * 7919).padStart(9, '0')}`;

/** Per accounts database, who its directory row for this identifier names (null: no row). */
const rowsOf = async (id: Identifier) => {
  const hash = await identifierHash(id);
  return Promise.all(accountsDbs.map(async (db) => (await db.prepare('SELECT user_id FROM identifiers WHERE kind = ? AND value_hash = ?').bind(id.kind, hash).first<{ user_id: string }>())?.user_id ?? null));
};
/** Only the database the layout names for this identifier holds it, for `owner`. */
const onlyAtHome = async (id: Identifier, owner: string) => {
  const home = accountsDatabaseOfGroup(4, groupOfIdentifierHash(await identifierHash(id)));
  return [0, 1, 2, 3].map((i) => (i === home ? owner : null));
};
const claim = async (id: Identifier, owner: string, createdAt: number) => {
  const hash = await identifierHash(id);
  const home = accountsDatabaseOfGroup(4, groupOfIdentifierHash(hash));
  await accountsDbs[home]!.prepare('INSERT INTO identifiers (kind, value_hash, user_id, created_at) VALUES (?, ?, ?, ?)').bind(id.kind, hash, owner, createdAt).run();
  return home;
};
const directoryRows = async () => (await Promise.all(accountsDbs.map(async (db) => (await db.prepare('SELECT count(*) AS n FROM identifiers').first<{ n: number }>())!.n))).reduce((a, b) => a + b, 0);
const clearDirectory = () => Promise.all(accountsDbs.map((db) => db.prepare('DELETE FROM identifiers').run()));
const clearUsers = () => env.DB.prepare('DELETE FROM users').run();

beforeAll(async () => {
  await Promise.all(accountsDbs.map((db) => applyMigrations(db)));
  await Promise.all(accountsDbs.map((db) => resetToMigratedState(db)));
});

describe('the backfill of accounts made with one accounts database', () => {
  it("writes each account's e-mail, phone and Google id into the database of its hash, skips deleted accounts, reports a conflict without overwriting it, and a second run writes nothing", async () => {
    await clearUsers();
    await clearDirectory();
    const plain = await createUser({ email: email('plain'), phone: phone() });
    const google = await createUser({ email: email('google'), phone: null });
    const sub = `g-${seq}-sub`;
    await env.DB.prepare('UPDATE users SET google_sub = ? WHERE id = ?').bind(sub, google.id).run();
    const deleted = await createUser({ email: email('gone'), status: 'DELETED' });
    // an account made after the split: its claims are already there
    const recent = await createUser({ email: email('recent') });
    await claim({ kind: 'email', value: recent.email! }, recent.id, Date.now() - 3_600_000);
    // another account's row for plain's phone (a stale claim or a real disagreement: not for the backfill to decide)
    const squatter = `usr_${'0'.repeat(26)}k`;
    await claim({ kind: 'phone', value: plain.phone! }, squatter, Date.now() - 3_600_000);

    // two accounts a batch: several batches, resumed from the last id
    const batches: (string | null)[] = [];
    const report = await backfillDirectory(fourAccounts, { batchRows: 2, onBatch: (r) => batches.push(r.next) });
    expect(batches.length).toBeGreaterThanOrEqual(2);
    expect(report).toMatchObject({ accounts: 3, missing: 3, written: 3, present: 1, next: null });
    expect(report.conflicts.map(({ userId, kind, owner }) => ({ userId, kind, owner }))).toEqual([{ userId: plain.id, kind: 'phone', owner: squatter }]);

    expect(await rowsOf({ kind: 'email', value: plain.email! })).toEqual(await onlyAtHome({ kind: 'email', value: plain.email! }, plain.id));
    expect(await rowsOf({ kind: 'phone', value: plain.phone! })).toEqual(await onlyAtHome({ kind: 'phone', value: plain.phone! }, squatter));
    expect(await rowsOf({ kind: 'email', value: google.email! })).toEqual(await onlyAtHome({ kind: 'email', value: google.email! }, google.id));
    expect(await rowsOf({ kind: 'google', value: sub })).toEqual(await onlyAtHome({ kind: 'google', value: sub }, google.id));
    expect(await rowsOf({ kind: 'email', value: deleted.email! })).toEqual([null, null, null, null]);
    // nothing in the core: the directory lives in the accounts databases
    expect((await env.DB.prepare('SELECT count(*) AS n FROM identifiers').first<{ n: number }>())!.n).toBe(0);
    const before = await directoryRows();

    const again = await backfillDirectory(fourAccounts, { batchRows: 2 });
    expect(again).toMatchObject({ accounts: 3, written: 0, present: 4 });
    expect(again.conflicts).toHaveLength(1);
    expect(await directoryRows()).toBe(before);

    // resumable: a run from the middle covers only the accounts after its cursor
    await clearDirectory();
    const first = await backfillDirectory(fourAccounts, { batchRows: 1, deadline: 0 });
    expect(first).toMatchObject({ accounts: 0, next: null });
    const sorted = [plain.id, google.id, recent.id].sort();
    const tail = await backfillDirectory(fourAccounts, { batchRows: 1, after: sorted[0] });
    expect(tail.accounts).toBe(2);
  });

  it('the hourly cron backfills within its budget from where it stopped, records a finished pass and then stops', async () => {
    await clearUsers();
    await clearDirectory();
    await env.CACHE.delete(BACKFILL_DONE_KEY);
    await env.CACHE.delete(BACKFILL_CURSOR_KEY);
    const a = await createUser({ email: email('cron-a') });
    const b = await createUser({ email: email('cron-b') });
    // a cursor left by an earlier run after the first account: this run starts after it
    const [firstId, secondId] = [a.id, b.id].sort();
    await env.CACHE.put(BACKFILL_CURSOR_KEY, firstId!);
    const run = await scheduledDirectoryBackfill(fourAccounts);
    expect(run).toMatchObject({ accounts: 1, written: 1, next: null });
    expect(await directoryRows()).toBe(1);
    const secondEmail = secondId === a.id ? a.email! : b.email!;
    expect(await rowsOf({ kind: 'email', value: secondEmail })).toEqual(await onlyAtHome({ kind: 'email', value: secondEmail }, secondId!));
    expect(JSON.parse((await env.CACHE.get(BACKFILL_DONE_KEY))!)).toMatchObject({ accounts: 1, written: 1, conflicts: 0 });
    expect(await env.CACHE.get(BACKFILL_CURSOR_KEY)).toBeNull();
    expect(await scheduledDirectoryBackfill(fourAccounts)).toBeNull();
    // with one accounts database there is no directory to fill
    await env.CACHE.delete(BACKFILL_DONE_KEY);
    expect(await scheduledDirectoryBackfill({ ...env, ACCOUNTS_DATABASES: '1' })).toBeNull();
  });
});

describe('with the users switch on (`users` in the accounts databases)', () => {
  // every account's row lives in its own accounts database; the core keeps a decoy row of each with
  // another e-mail, so a backfill still reading the core's `users` writes the wrong identifiers
  const moved = { ...fourAccounts, USERS_WITH_ACCOUNTS: '1' };
  const insertUser = (db: D1Database, id: string, mail: string, status = 'ACTIVE') =>
    db
      .prepare(`INSERT INTO users (id, email, username, first_name, last_name, status, created_at, updated_at) VALUES (?, ?, ?, 'Asha', 'Rao', ?, 1, 1)`)
      .bind(id, mail, id, status)
      .run();
  const clearAccountsUsers = () => Promise.all(accountsDbs.map((db) => db.prepare('DELETE FROM users').run()));

  /** Accounts in every database (two in database 1), one deleted; the core's decoys beside them. */
  const placeAccounts = async () => {
    await clearUsers();
    await clearAccountsUsers();
    await clearDirectory();
    const placed = [0, 1, 2, 3, 1].map((database) => ({ database, id: `usr_${ulid().toLowerCase()}${GROUP_IN[database]}`, email: email(`moved-${database}`) }));
    for (const a of placed) {
      await insertUser(accountsDbs[a.database]!, a.id, a.email);
      await insertUser(env.DB, a.id, email('core-decoy'));
    }
    const deleted = { id: `usr_${ulid().toLowerCase()}${GROUP_IN[2]}`, email: email('moved-gone') };
    await insertUser(accountsDbs[2]!, deleted.id, deleted.email, 'DELETED');
    return { placed, deleted };
  };

  it("the backfill walks every accounts database's `users` by one id cursor, in small batches, and writes the rows those accounts hold", async () => {
    const { placed, deleted } = await placeAccounts();
    const batches: (string | null)[] = [];
    const report = await backfillDirectory(moved, { batchRows: 2, onBatch: (r) => batches.push(r.next) });
    // five accounts, two a batch: each read once, in id order over the four databases
    expect(report).toMatchObject({ accounts: 5, missing: 5, written: 5, present: 0, next: null });
    expect(report.conflicts).toEqual([]);
    const sorted = placed.map((a) => a.id).sort();
    expect(batches).toEqual([sorted[1], sorted[3], null]);
    for (const a of placed) expect(await rowsOf({ kind: 'email', value: a.email }), a.id).toEqual(await onlyAtHome({ kind: 'email', value: a.email }, a.id));
    expect(await rowsOf({ kind: 'email', value: deleted.email })).toEqual([null, null, null, null]);
    expect(await directoryRows()).toBe(5);
    // a second run finds every row there
    expect(await backfillDirectory(moved, { batchRows: 3 })).toMatchObject({ accounts: 5, written: 0, present: 5 });
  });

  it('identifiers.missing checks the accounts of every accounts database once a pass is done', async () => {
    const { placed } = await placeAccounts();
    await backfillDirectory(moved);
    await env.CACHE.put(BACKFILL_DONE_KEY, '{}');
    try {
      const lost = placed[3]!;
      const lostHash = await identifierHash({ kind: 'email', value: lost.email });
      await Promise.all(accountsDbs.map((db) => db.prepare('DELETE FROM identifiers WHERE value_hash = ?').bind(lostHash).run()));
      const report = await runConsistencyChecks(moved, { only: ['identifiers.missing'], repair: true, batchRows: 2 });
      const missing = report.checks[0]!;
      expect(missing.rowsChecked).toBe(5);
      expect(missing.disagreements.map(({ id, kept, expected, database }) => ({ id, kept, expected, database }))).toEqual([
        { id: `${lost.id}/email`, expected: lost.id, kept: null, database: `accounts-${accountsDatabaseOfGroup(4, groupOfIdentifierHash(lostHash))}` },
      ]);
      expect(missing).toMatchObject({ rows: 1, repaired: 1, remaining: 0 });
      expect(await rowsOf({ kind: 'email', value: lost.email })).toEqual(await onlyAtHome({ kind: 'email', value: lost.email }, lost.id));
    } finally {
      await env.CACHE.delete(BACKFILL_DONE_KEY);
      await clearAccountsUsers();
    }
  });
});

describe('the checker: directory against accounts', () => {
  it('reports stale claims past the grace with their database and removes exactly those rows', async () => {
    await clearUsers();
    await clearDirectory();
    const now = Date.now();
    const old = now - IDENTIFIER_DIRECTORY.claimGraceMs - 60_000;
    const young = now - IDENTIFIER_DIRECTORY.claimGraceMs / 2;
    const holder = await createUser({ email: email('holder') });
    const deleted = await createUser({ email: email('deleted'), status: 'DELETED' });
    const changed = await createUser({ email: email('changed-now') });
    const missingId = `usr_${'1'.repeat(26)}w`;
    const ids = {
      held: { kind: 'email', value: holder.email! },
      deleted: { kind: 'email', value: deleted.email! },
      notHeld: { kind: 'email', value: email('changed-before') },
      missing: { kind: 'phone', value: phone() },
      youngMissing: { kind: 'phone', value: phone() },
      youngNotHeld: { kind: 'email', value: email('changing') },
    } satisfies Record<string, Identifier>;
    const home = {
      held: await claim(ids.held, holder.id, old),
      deleted: await claim(ids.deleted, deleted.id, old),
      notHeld: await claim(ids.notHeld, changed.id, old),
      missing: await claim(ids.missing, missingId, old),
      youngMissing: await claim(ids.youngMissing, missingId, young),
      youngNotHeld: await claim(ids.youngNotHeld, changed.id, young),
    };
    const report = await runConsistencyChecks(fourAccounts, { only: DIRECTORY_CHECKS, batchRows: 2, now });
    // before the backfill has finished a pass, missing rows are expected: only the claims are checked
    expect(report.checks.map((c) => c.name)).toEqual(['identifiers.claims']);
    const claims = report.checks[0]!;
    expect(claims.rowsChecked).toBe(6);
    const found = claims.disagreements.map((d) => ({ kept: d.kept, database: d.database, note: d.note })).sort((x, y) => String(x.kept).localeCompare(String(y.kept)) || String(x.database).localeCompare(String(y.database)));
    const expected = [
      { kept: deleted.id, database: `accounts-${home.deleted}`, note: expect.stringMatching(/deleted/) },
      { kept: changed.id, database: `accounts-${home.notHeld}`, note: expect.stringMatching(/no longer holds/) },
      { kept: missingId, database: `accounts-${home.missing}`, note: expect.stringMatching(/does not exist/) },
    ].sort((x, y) => String(x.kept).localeCompare(String(y.kept)) || String(x.database).localeCompare(String(y.database)));
    expect(found).toEqual(expected);
    expect(claims.repaired).toBe(0);

    const repaired = await runConsistencyChecks(fourAccounts, { only: DIRECTORY_CHECKS, repair: true, now });
    expect(repaired.checks[0]).toMatchObject({ rows: 3, repaired: 3, remaining: 0 });
    expect(await rowsOf(ids.held)).toEqual(await onlyAtHome(ids.held, holder.id));
    expect(await rowsOf(ids.deleted)).toEqual([null, null, null, null]);
    expect(await rowsOf(ids.notHeld)).toEqual([null, null, null, null]);
    expect(await rowsOf(ids.missing)).toEqual([null, null, null, null]);
    // young claims stay: their sign-up or e-mail change may still be writing the account
    expect(await rowsOf(ids.youngMissing)).toEqual(await onlyAtHome(ids.youngMissing, missingId));
    expect(await rowsOf(ids.youngNotHeld)).toEqual(await onlyAtHome(ids.youngNotHeld, changed.id));
    const after = await runConsistencyChecks(fourAccounts, { only: DIRECTORY_CHECKS, now });
    expect(after.clean, formatReport(after)).toBe(true);
  });

  it('once a pass is done, writes a missing row where the hash says and reports a conflict it does not overwrite', async () => {
    await clearUsers();
    await clearDirectory();
    await env.CACHE.delete(BACKFILL_DONE_KEY);
    const a = await createUser({ email: email('kept'), phone: phone() });
    const b = await createUser({ email: email('lost') });
    const c = await createUser({ email: email('disputed') });
    await backfillDirectory(fourAccounts);
    await env.CACHE.put(BACKFILL_DONE_KEY, '{}');
    // b's row lost; c's e-mail held by a (a recent claim, within the grace: not stale, so a conflict)
    const lost = { kind: 'email', value: b.email! } satisfies Identifier;
    const disputed = { kind: 'email', value: c.email! } satisfies Identifier;
    const lostHash = await identifierHash(lost);
    await Promise.all(accountsDbs.map((db) => db.prepare('DELETE FROM identifiers WHERE value_hash = ?').bind(lostHash).run()));
    const disputedHash = await identifierHash(disputed);
    await Promise.all(accountsDbs.map((db) => db.prepare('UPDATE identifiers SET user_id = ?, created_at = ? WHERE value_hash = ?').bind(a.id, Date.now(), disputedHash).run()));

    const report = await runConsistencyChecks(fourAccounts, { only: DIRECTORY_CHECKS, repair: true, batchRows: 2 });
    const missing = report.checks.find((r) => r.name === 'identifiers.missing')!;
    expect(missing.rowsChecked).toBe(3);
    expect(missing.batches).toBeGreaterThanOrEqual(2);
    const lostHome = accountsDatabaseOfGroup(4, groupOfIdentifierHash(lostHash));
    const disputedHome = accountsDatabaseOfGroup(4, groupOfIdentifierHash(disputedHash));
    expect(missing.disagreements.map(({ id, kept, expected, database }) => ({ id, kept, expected, database })).sort((x, y) => x.id.localeCompare(y.id))).toEqual(
      [
        { id: `${b.id}/email`, expected: b.id, kept: null, database: `accounts-${lostHome}` },
        { id: `${c.id}/email`, expected: c.id, kept: a.id, database: `accounts-${disputedHome}` },
      ].sort((x, y) => x.id.localeCompare(y.id)),
    );
    expect(missing).toMatchObject({ rows: 2, repaired: 1, remaining: 1 });
    expect(await rowsOf(lost)).toEqual(await onlyAtHome(lost, b.id));
    expect(await rowsOf(disputed)).toEqual(await onlyAtHome(disputed, a.id));
  });

  it('with one accounts database the directory checks are not run (the directory is unused)', async () => {
    const report = await runConsistencyChecks({ ...env, ACCOUNTS_DATABASES: '1' }, { only: DIRECTORY_CHECKS });
    expect(report.checks).toEqual([]);
  });
});
