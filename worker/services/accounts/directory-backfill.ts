/**
 * The identifier directory against the accounts (decision 034, decision 018's rules), with several
 * accounts databases. Two halves, each in bounded batches:
 *
 * - **Missing rows** (the backfill). Accounts made while there was one accounts database have no
 *   directory rows: sign-in falls back to the core's `users` columns for them, but nothing else
 *   knows they hold their e-mail, phone or Google id. `scanMissingIdentifiers` reads a batch of
 *   accounts (by id, from where `users` lives: the core, or every accounts database with the users
 *   switch on), works out each identifier's
 *   directory row and reads those rows from their databases side by side; `writeMissingIdentifiers`
 *   inserts the missing ones, never replacing a row (an insert that finds the key taken does
 *   nothing). An identifier whose row names another account is a **conflict**: reported, never
 *   overwritten — either that claim is stale (the stale-claims half removes it once past the grace,
 *   and the next run writes the row) or two accounts really disagree and a person must look.
 *   Running it again writes nothing new; a cursor (the last account id) resumes it.
 * - **Stale claims**. `scanStaleClaims` walks each accounts database's directory rows by key and
 *   reads the accounts they name: a row is stale when its account is missing, deleted or no longer
 *   holds the identifier, and the claim is older than the claim grace (a sign-up or an e-mail change
 *   claims first and writes the account after; the grace is `IDENTIFIER_DIRECTORY.claimGraceMs`,
 *   the takeover rule's). Repair removes exactly the rows found (by key, owner and claim time), so a
 *   claim taken over since the scan stays.
 *
 * With one accounts database the directory is not used (the unique columns of `users` decide), so
 * both halves are run only when the accounts are split.
 */

import { accountsDatabaseCount, accountsDatabaseOfGroup, accountsDatabases, type AccountsEnv } from '../../db/accounts';
import { groupOfIdentifierHash, identifierHash, identifiersOf, type Identifier, type IdentifierKind } from '../../db/identifiers';
import { IDENTIFIER_DIRECTORY } from '../../schemas/identifier-directory-data';
import { readUsers, usersDatabases, type UsersEnv } from '../../db/users';

type AccountRow = { id: string; status: string; email: string | null; phone: string | null; google_sub: string | null };

/** One identifier of one account, where its directory row lives and what that row says. */
export interface DirectoryEntry {
  userId: string;
  kind: IdentifierKind;
  hash: string;
  /** the accounts database holding the row, by index (0 with one) */
  database: number;
  /** who the directory says holds it: undefined when there is no row */
  owner?: string;
}

export interface MissingScan {
  accounts: number;
  /** identifiers of these accounts with no directory row */
  missing: DirectoryEntry[];
  /** identifiers whose row names another account (never overwritten) */
  conflicts: DirectoryEntry[];
  /** identifiers whose row is there and names their account */
  present: number;
  /** the last account id read; null when every account has been read */
  next: string | null;
}

const identifiersOfRow = (a: AccountRow): Identifier[] => identifiersOf({ email: a.email, phone: a.phone, googleSub: a.google_sub });

/** The index (in `accountsDatabases(env)`) of the database holding an identifier's directory row: the layout's, by its hash's group. */
const directoryIndex = (env: AccountsEnv, hash: string) => accountsDatabaseOfGroup(accountsDatabaseCount(env), groupOfIdentifierHash(hash));

/**
 * A batch of accounts (id after `after`, not deleted, at most `batchRows`) and their identifiers'
 * directory rows: one read of the accounts, then one read per accounts database, side by side.
 */
export const scanMissingIdentifiers = async (env: UsersEnv, after: string | null, batchRows: number): Promise<MissingScan> => {
  // `users` lives where worker/db/users.ts says: the core, or (switch on) every accounts database.
  // Each is read past the same cursor side by side and the first `batchRows` ids of them all are
  // kept, so the cursor stays one account id; a row read but not kept is read again next batch.
  const read = await Promise.all(
    usersDatabases(env).map(async (db) => {
      const { results } = await db
        .prepare(`SELECT id, status, email, phone, google_sub FROM users WHERE id > ?1 AND status <> 'DELETED' ORDER BY id LIMIT ?2`)
        .bind(after ?? '', batchRows)
        .all<AccountRow>();
      return results;
    }),
  );
  const accounts = read.length === 1 ? read[0]! : read.flat().sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).slice(0, batchRows);
  const entries: DirectoryEntry[] = [];
  for (const a of accounts) {
    for (const id of identifiersOfRow(a)) {
      const hash = await identifierHash(id);
      entries.push({ userId: a.id, kind: id.kind, hash, database: directoryIndex(env, hash) });
    }
  }
  const databases = accountsDatabases(env);
  await Promise.all(
    databases.map(async (db, i) => {
      const here = entries.filter((e) => e.database === i);
      if (!here.length) return;
      const { results } = await db
        .prepare('SELECT kind, value_hash, user_id FROM identifiers WHERE (kind, value_hash) IN (SELECT j.value ->> 0, j.value ->> 1 FROM json_each(?1) AS j)')
        .bind(JSON.stringify(here.map((e) => [e.kind, e.hash])))
        .all<{ kind: string; value_hash: string; user_id: string }>();
      const owners = new Map(results.map((r) => [`${r.kind}:${r.value_hash}`, r.user_id]));
      for (const e of here) e.owner = owners.get(`${e.kind}:${e.hash}`);
    }),
  );
  const last = accounts[accounts.length - 1];
  return {
    accounts: accounts.length,
    missing: entries.filter((e) => e.owner === undefined),
    conflicts: entries.filter((e) => e.owner !== undefined && e.owner !== e.userId),
    present: entries.filter((e) => e.owner === e.userId).length,
    next: accounts.length === batchRows && last ? last.id : null,
  };
};

/**
 * Writes missing directory rows, one statement per accounts database, side by side. An insert that
 * finds its key taken (a sign-up claimed it meanwhile) does nothing: the row that is there wins.
 * Returns how many rows were written.
 */
export const writeMissingIdentifiers = async (env: AccountsEnv, missing: Pick<DirectoryEntry, 'userId' | 'kind' | 'hash' | 'database'>[], now: number): Promise<number> => {
  const databases = accountsDatabases(env);
  const written = await Promise.all(
    databases.map(async (db, i) => {
      const here = missing.filter((e) => e.database === i);
      if (!here.length) return 0;
      const res = await db
        .prepare(
          `INSERT INTO identifiers (kind, value_hash, user_id, created_at)
           SELECT j.value ->> 0, j.value ->> 1, j.value ->> 2, ?2 FROM json_each(?1) AS j WHERE true
           ON CONFLICT (kind, value_hash) DO NOTHING`,
        )
        .bind(JSON.stringify(here.map((e) => [e.kind, e.hash, e.userId])), now)
        .run();
      return res.meta.changes;
    }),
  );
  return written.reduce((a, b) => a + b, 0);
};

/** One directory row judged stale: its database, key, owner and claim time (what the repair deletes by). */
export interface StaleClaim {
  database: number;
  kind: string;
  hash: string;
  userId: string;
  createdAt: number;
  why: 'missing' | 'deleted' | 'not held';
}

export interface StaleScan {
  rows: number;
  stale: StaleClaim[];
  /** `i|kind|hash` of the last row read, `i|` to start database i; null when every database has been read */
  next: string | null;
}

/**
 * A batch of one accounts database's directory rows (the cursor names the database and the last
 * key), judged against the accounts they name (one read of `users`).
 */
export const scanStaleClaims = async (env: AccountsEnv, cursor: string | null, batchRows: number, now: number): Promise<StaleScan> => {
  const databases = accountsDatabases(env);
  const [atText = '0', kindAfter = '', hashAfter = ''] = (cursor ?? '0|').split('|');
  const at = Number(atText);
  const { results: rows } = await databases[at]!.prepare(
    'SELECT kind, value_hash, user_id, created_at FROM identifiers WHERE (kind, value_hash) > (?1, ?2) ORDER BY kind, value_hash LIMIT ?3',
  )
    .bind(kindAfter, hashAfter, batchRows)
    .all<{ kind: IdentifierKind; value_hash: string; user_id: string; created_at: number }>();
  const owners = new Map<string, AccountRow>();
  const ids = [...new Set(rows.map((r) => r.user_id))];
  // read where `users` lives (worker/db/users.ts): with the users switch on, an account made since
  // has no core row, and its claims must not be judged stale for that
  if (ids.length) for (const [id, r] of await readUsers<AccountRow>(env, ids, ['status', 'email', 'phone', 'google_sub'])) owners.set(id, r);
  const held = new Map<string, Set<string>>();
  for (const [id, a] of owners) held.set(id, new Set(await Promise.all(identifiersOfRow(a).map(async (i) => `${i.kind}:${await identifierHash(i)}`))));
  const stale: StaleClaim[] = [];
  for (const r of rows) {
    // a sign-up or an e-mail change claims before it writes the account: young claims are left alone
    if (now - r.created_at <= IDENTIFIER_DIRECTORY.claimGraceMs) continue;
    const owner = owners.get(r.user_id);
    const why = !owner ? 'missing' : owner.status === 'DELETED' ? 'deleted' : held.get(r.user_id)!.has(`${r.kind}:${r.value_hash}`) ? null : 'not held';
    if (why) stale.push({ database: at, kind: r.kind, hash: r.value_hash, userId: r.user_id, createdAt: r.created_at, why });
  }
  const last = rows[rows.length - 1];
  return { rows: rows.length, stale, next: rows.length === batchRows && last ? `${at}|${last.kind}|${last.value_hash}` : at + 1 < databases.length ? `${at + 1}|` : null };
};

/** Removes exactly the stale rows found (key, owner and claim time), side by side per database; returns how many went. */
export const removeStaleClaims = async (env: AccountsEnv, stale: Pick<StaleClaim, 'database' | 'kind' | 'hash' | 'userId' | 'createdAt'>[]): Promise<number> => {
  const databases = accountsDatabases(env);
  const removed = await Promise.all(
    databases.map(async (db, i) => {
      const here = stale.filter((s) => s.database === i);
      if (!here.length) return 0;
      const res = await db
        .prepare(
          `DELETE FROM identifiers WHERE (kind, value_hash, user_id, created_at) IN
           (SELECT j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3 FROM json_each(?1) AS j)`,
        )
        .bind(JSON.stringify(here.map((s) => [s.kind, s.hash, s.userId, s.createdAt])))
        .run();
      return res.meta.changes;
    }),
  );
  return removed.reduce((a, b) => a + b, 0);
};

export interface BackfillReport {
  accounts: number;
  /** identifiers with no row when read (with dryRun, what a run would write) */
  missing: number;
  written: number;
  /** rows already there for their account (a second run, or accounts made after the split) */
  present: number;
  conflicts: DirectoryEntry[];
  /** where to resume (the last account id), null when done */
  next: string | null;
}

/**
 * The backfill a switch to several accounts databases needs: every account's identifiers written
 * into the directory, batch by batch, until `deadline` (then `next` says where to resume) or the end.
 * Conflicts are reported, never overwritten.
 */
export const backfillDirectory = async (
  env: UsersEnv,
  o: { after?: string | null; batchRows?: number; now?: number; deadline?: number; dryRun?: boolean; onBatch?: (r: BackfillReport) => void } = {},
): Promise<BackfillReport> => {
  if (accountsDatabaseCount(env) === 1) throw new Error('the identifier directory is only used with several accounts databases (ACCOUNTS_DATABASES > 1)');
  const report: BackfillReport = { accounts: 0, missing: 0, written: 0, present: 0, conflicts: [], next: o.after ?? null };
  let cursor = o.after ?? null;
  do {
    if (o.deadline !== undefined && Date.now() >= o.deadline) break;
    const scan = await scanMissingIdentifiers(env, cursor, o.batchRows ?? IDENTIFIER_DIRECTORY.backfillBatchAccounts);
    report.accounts += scan.accounts;
    report.missing += scan.missing.length;
    report.present += scan.present;
    report.conflicts.push(...scan.conflicts);
    if (!o.dryRun) report.written += await writeMissingIdentifiers(env, scan.missing, o.now ?? Date.now());
    report.next = cursor = scan.next;
    o.onBatch?.(report);
  } while (cursor !== null);
  return report;
};

/** KV: where the cron's backfill resumes, and the record that a whole pass was done. */
export const BACKFILL_CURSOR_KEY = 'identifiers:backfill-cursor';
export const BACKFILL_DONE_KEY = 'identifiers:backfilled';

/** Whether a whole backfill pass is done (then every account's rows are expected, and checked). */
export const directoryBackfilled = async (cache: KVNamespace) => (await cache.get(BACKFILL_DONE_KEY).catch(() => null)) !== null;

/** Records a finished pass (the command and the cron both): from then on the checker expects every account's rows. */
export const markBackfilled = (cache: KVNamespace, report: BackfillReport, now = Date.now()) =>
  cache.put(BACKFILL_DONE_KEY, JSON.stringify({ at: new Date(now).toISOString(), accounts: report.accounts, written: report.written, conflicts: report.conflicts.length }));

const describeConflicts = (conflicts: DirectoryEntry[]) => conflicts.map((c) => `${c.kind} of ${c.userId} is held by ${c.owner} (accounts-${c.database})`).join('; ');

/**
 * The hourly cron's part (with several accounts databases, until a pass is done): backfills for at
 * most the budget from where the last run stopped; a finished pass is recorded and the job stops
 * running. Conflicts are logged for a person (the checker's identifiers.claims removes stale ones).
 */
export const scheduledDirectoryBackfill = async (env: UsersEnv & { CACHE: KVNamespace }, now = Date.now()): Promise<BackfillReport | null> => {
  if (accountsDatabaseCount(env) === 1 || (await directoryBackfilled(env.CACHE))) return null;
  const after = await env.CACHE.get(BACKFILL_CURSOR_KEY).catch(() => null);
  const report = await backfillDirectory(env, { after, now, deadline: now + IDENTIFIER_DIRECTORY.backfillBudgetMs });
  if (report.conflicts.length) console.warn(`identifier directory backfill: ${report.conflicts.length} conflict(s), not overwritten: ${describeConflicts(report.conflicts.slice(0, 20))}`);
  if (report.next === null) {
    await markBackfilled(env.CACHE, report, now);
    await env.CACHE.delete(BACKFILL_CURSOR_KEY);
  } else await env.CACHE.put(BACKFILL_CURSOR_KEY, report.next);
  return report;
};
