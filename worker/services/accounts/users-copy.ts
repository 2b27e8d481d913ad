/**
 * The core's `users` rows copied to their users' accounts databases (decision 034): the step before
 * `USERS_WITH_ACCOUNTS` is turned on, and the pass after it that brings over what changed in between.
 *
 * The core is read in batches by id (`USERS_COPY.batchRows`); each batch's copies are looked up in
 * their accounts databases (`accountsDbForUser`, side by side) and the rows written there with one
 * guarded statement per database, side by side: a missing copy is inserted, an older one (its
 * `updated_at` before the core's) replaced, a copy as new or newer kept — the guard is in the
 * statement itself, so a copy written by its user between the read and the write is never
 * overwritten. The core's row is NOT removed: with the switch off the worker still reads and writes
 * the core, and the core's copies are retired only after the checker (`users.copies`) agrees.
 *
 * Running it again writes nothing new; the last id read resumes it. A row a database refuses (its
 * e-mail, phone or Google id held there by another account's older copy, which a later batch of the
 * same pass replaces) is reported and left for the next pass.
 *
 * Shared by the every-minute job (`scheduledUsersCopy`, within `USERS_COPY.budgetMs`, cursor in KV)
 * and `npm run accounts:copy-users` (scripts/copy-users.ts). Only with several accounts databases.
 */

import { accountsDatabaseCount, accountsDatabaseOfGroup, accountsDatabases, accountsSplit, groupOfUserId, type AccountsEnv } from '../../db/accounts';
import { USER_COLUMN_NAMES, usersWithAccounts, type UsersEnv } from '../../db/users';
import { USERS_COPY } from '../../schemas/users-copy-data';

type UserRow = Record<string, unknown> & { id: string; updated_at: number };

/** One row a database refused (left for the next pass). */
export interface RefusedCopy {
  id: string;
  /** the accounts database, by index */
  database: number;
  error: string;
}

export interface UsersCopyReport {
  /** core rows read */
  accounts: number;
  /** rows with no copy (inserted; with dryRun, would be) */
  missing: number;
  /** copies older than the core's row (replaced; with dryRun, would be) */
  older: number;
  /** copies as new as the core's row or newer (kept) */
  kept: number;
  /** rows the writes inserted or replaced (0 with dryRun) */
  written: number;
  refused: RefusedCopy[];
  /** the last id read; null when every core row has been read */
  next: string | null;
}

/** The index of the accounts database holding this user's copy. */
const databaseOf = (env: AccountsEnv, id: string) => accountsDatabaseOfGroup(accountsDatabaseCount(env), groupOfUserId(id));

/** The columns of these rows, only names of `users` (they come from `SELECT *` on the same table). */
const columnsOf = (rows: UserRow[]) => Object.keys(rows[0] ?? {}).filter((c) => USER_COLUMN_NAMES.has(c));

const selectFromJson = (columns: string[], at = '$') => columns.map((c) => `json_extract(value, '${at}.${c}')`).join(', ');

/**
 * The guarded copy: inserts missing rows, replaces a copy only when the core's row is newer. One
 * statement for the rows (one JSON parameter).
 */
const guardedCopy = (db: D1Database, rows: UserRow[]) => {
  const columns = columnsOf(rows);
  return db
    .prepare(
      `INSERT INTO users (${columns.join(', ')}) SELECT ${selectFromJson(columns)} FROM json_each(?1) WHERE true
       ON CONFLICT (id) DO UPDATE SET ${columns.filter((c) => c !== 'id').map((c) => `${c} = excluded.${c}`).join(', ')}
       WHERE excluded.updated_at > users.updated_at`,
    )
    .bind(JSON.stringify(rows));
};

/**
 * Writes rows into one database with the guarded copy; if the database refuses the statement (a
 * unique e-mail, phone or Google id), each row is tried alone so only the refused ones stay behind.
 */
const writeCopies = async (db: D1Database, database: number, rows: UserRow[]): Promise<{ written: number; refused: RefusedCopy[] }> => {
  try {
    return { written: (await guardedCopy(db, rows).run()).meta.changes, refused: [] };
  } catch {
    let written = 0;
    const refused: RefusedCopy[] = [];
    for (const row of rows) {
      try {
        written += (await guardedCopy(db, [row]).run()).meta.changes;
      } catch (e) {
        refused.push({ id: row.id, database, error: e instanceof Error ? e.message : String(e) });
      }
    }
    return { written, refused };
  }
};

/** The copies' `updated_at` of these users, each database asked once, side by side (null: no copy). */
const copiesUpdatedAt = async (env: AccountsEnv, ids: string[]): Promise<Map<string, number>> => {
  const databases = accountsDatabases(env);
  const answers = await Promise.all(
    databases.map((db, i) => {
      const here = ids.filter((id) => databaseOf(env, id) === i);
      return here.length
        ? db.prepare('SELECT id, updated_at FROM users WHERE id IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(here)).all<{ id: string; updated_at: number }>()
        : { results: [] };
    }),
  );
  return new Map(answers.flatMap((a) => a.results).map((r) => [r.id, r.updated_at]));
};

/** One batch: the core's rows after `after`, their copies' ages, and (unless dryRun) the guarded writes. */
const copyBatch = async (env: AccountsEnv, after: string | null, batchRows: number, dryRun: boolean): Promise<UsersCopyReport> => {
  const { results: rows } = await env.DB.prepare('SELECT * FROM users WHERE id > ?1 ORDER BY id LIMIT ?2').bind(after ?? '', batchRows).all<UserRow>();
  const copies = await copiesUpdatedAt(env, rows.map((r) => r.id));
  const report: UsersCopyReport = { accounts: rows.length, missing: 0, older: 0, kept: 0, written: 0, refused: [], next: null };
  const toWrite = new Map<number, UserRow[]>();
  for (const row of rows) {
    const copy = copies.get(row.id);
    if (copy !== undefined && copy >= row.updated_at) {
      report.kept++;
      continue;
    }
    if (copy === undefined) report.missing++;
    else report.older++;
    const at = databaseOf(env, row.id);
    toWrite.set(at, [...(toWrite.get(at) ?? []), row]);
  }
  if (!dryRun) {
    const databases = accountsDatabases(env);
    const done = await Promise.all([...toWrite].map(([at, some]) => writeCopies(databases[at]!, at, some)));
    for (const d of done) {
      report.written += d.written;
      report.refused.push(...d.refused);
    }
  }
  const last = rows[rows.length - 1];
  report.next = rows.length === batchRows && last ? last.id : null;
  return report;
};

/**
 * Copies the core's rows batch by batch from `after` until every row is read, `deadline` passes or
 * `batches` batches are done (then `next` says where to resume). `dryRun` reads and counts only.
 */
export const copyUsersToAccounts = async (
  env: AccountsEnv,
  o: { after?: string | null; batchRows?: number; deadline?: number; batches?: number; dryRun?: boolean; onBatch?: (r: UsersCopyReport) => void } = {},
): Promise<UsersCopyReport> => {
  if (!accountsSplit(env)) throw new Error('users are copied to the accounts databases only when there are several (ACCOUNTS_DATABASES > 1)');
  const report: UsersCopyReport = { accounts: 0, missing: 0, older: 0, kept: 0, written: 0, refused: [], next: o.after ?? null };
  let cursor = o.after ?? null;
  let batches = 0;
  do {
    if (o.deadline !== undefined && Date.now() >= o.deadline) break;
    if (o.batches !== undefined && batches >= o.batches) break;
    const batch = await copyBatch(env, cursor, o.batchRows ?? USERS_COPY.batchRows, o.dryRun === true);
    batches++;
    report.accounts += batch.accounts;
    report.missing += batch.missing;
    report.older += batch.older;
    report.kept += batch.kept;
    report.written += batch.written;
    report.refused.push(...batch.refused);
    report.next = cursor = batch.next;
    o.onBatch?.(report);
  } while (cursor !== null);
  return report;
};

/** What one pass (every core row read once) did; kept in KV. */
export interface UsersCopyPass {
  startedAt: number;
  endedAt?: number;
  /** the switch was on when the pass started: it copies what changed in the core up to the switch */
  withSwitch: boolean;
  accounts: number;
  written: number;
  kept: number;
  refused: number;
}

/** KV: the pass under way (with where it resumes) and the last finished pass. */
export interface UsersCopyState {
  cursor: string | null;
  pass: UsersCopyPass | null;
  lastPass: UsersCopyPass | null;
  passes: number;
}
export const USERS_COPY_STATE_KEY = 'users:copy';

export const readUsersCopyState = async (cache: KVNamespace): Promise<UsersCopyState> =>
  (await cache.get<UsersCopyState>(USERS_COPY_STATE_KEY, 'json').catch(() => null)) ?? { cursor: null, pass: null, lastPass: null, passes: 0 };

/** Adds a run's report to the pass under way (starting one if none is); a finished pass becomes the last pass. */
export const recordUsersCopy = async (cache: KVNamespace, state: UsersCopyState, report: UsersCopyReport, o: { startedAt: number; withSwitch: boolean; now: number }) => {
  const pass = state.pass ?? { startedAt: o.startedAt, withSwitch: o.withSwitch, accounts: 0, written: 0, kept: 0, refused: 0 };
  const sum = { ...pass, accounts: pass.accounts + report.accounts, written: pass.written + report.written, kept: pass.kept + report.kept, refused: pass.refused + report.refused.length };
  const next: UsersCopyState =
    report.next === null
      ? { cursor: null, pass: null, lastPass: { ...sum, endedAt: o.now }, passes: state.passes + 1 }
      : { ...state, cursor: report.next, pass: sum };
  await cache.put(USERS_COPY_STATE_KEY, JSON.stringify(next));
  return next;
};

/**
 * The every-minute job's part, with several accounts databases: while the switch is off, pass after
 * pass (each re-copies what changed since the one before), within the budget, from where the last
 * run stopped. Once the switch is on it finishes one pass that STARTED with the switch on — bringing
 * over rows the core changed between the last pass and the switch (the copy's guard keeps whatever
 * the user has written to their copy since) — and then stops for good.
 */
export const scheduledUsersCopy = async (env: UsersEnv & { CACHE: KVNamespace }, now = Date.now()): Promise<UsersCopyReport | null> => {
  if (!accountsSplit(env)) return null;
  const state = await readUsersCopyState(env.CACHE);
  const withSwitch = usersWithAccounts(env);
  if (withSwitch && state.lastPass?.withSwitch) return null;
  const report = await copyUsersToAccounts(env, { after: state.cursor, deadline: Date.now() + USERS_COPY.budgetMs });
  if (report.refused.length)
    console.warn(`users copy: ${report.refused.length} row(s) refused, left for the next pass: ${report.refused.slice(0, 20).map((r) => `${r.id} (accounts-${r.database}): ${r.error}`).join('; ')}`);
  await recordUsersCopy(env.CACHE, state, report, { startedAt: now, withSwitch: state.pass?.withSwitch ?? withSwitch, now });
  return report;
};

/** A user copy differing from the core's row, as the checker sees it. */
export interface CopyDifference {
  id: string;
  database: number;
  /** the first column that differs, or 'id' when there is no copy */
  field: string;
  expected: unknown;
  kept: unknown;
  /** the copy's updated_at when scanned (null: no copy): the repair's guard */
  copyUpdatedAt: number | null;
}

/** Compared column by column: everything but the derived counts (`USERS_COPY.derivedColumns`). */
const COMPARED = [...USER_COLUMN_NAMES].filter((c) => !(USERS_COPY.derivedColumns as readonly string[]).includes(c));

/**
 * A batch of core rows (by id, after `after`) compared with their copies: one read of the core, then
 * one read per accounts database, side by side.
 */
export const compareUserCopies = async (env: AccountsEnv, after: string | null, batchRows: number): Promise<{ rows: number; differences: CopyDifference[]; next: string | null }> => {
  const { results: rows } = await env.DB.prepare('SELECT * FROM users WHERE id > ?1 ORDER BY id LIMIT ?2').bind(after ?? '', batchRows).all<UserRow>();
  const databases = accountsDatabases(env);
  const answers = await Promise.all(
    databases.map((db, i) => {
      const here = rows.filter((r) => databaseOf(env, r.id) === i).map((r) => r.id);
      return here.length ? db.prepare('SELECT * FROM users WHERE id IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(here)).all<UserRow>() : { results: [] };
    }),
  );
  const copies = new Map(answers.flatMap((a) => a.results).map((r) => [r.id, r]));
  const differences: CopyDifference[] = [];
  for (const row of rows) {
    const database = databaseOf(env, row.id);
    const copy = copies.get(row.id);
    if (!copy) {
      differences.push({ id: row.id, database, field: 'id', expected: row.id, kept: null, copyUpdatedAt: null });
      continue;
    }
    const field = COMPARED.find((c) => (row[c] ?? null) !== (copy[c] ?? null));
    if (field) differences.push({ id: row.id, database, field, expected: row[field] ?? null, kept: copy[field] ?? null, copyUpdatedAt: copy.updated_at });
  }
  const last = rows[rows.length - 1];
  return { rows: rows.length, differences, next: rows.length === batchRows && last ? last.id : null };
};

/**
 * Repairs copies from the core's rows as they are now (read again): a missing copy is inserted
 * (unless one appeared meanwhile), a differing one set to the core's row only if its `updated_at` is
 * still what the scan read, so nothing written to the copy since is overwritten. One batch per
 * database, side by side; a database that refuses (a unique identifier held by another copy) is
 * logged and left for the next run. Returns how many copies changed.
 */
export const repairUserCopies = async (env: AccountsEnv, found: Pick<CopyDifference, 'id' | 'database' | 'copyUpdatedAt'>[]): Promise<number> => {
  if (!found.length) return 0;
  const { results: rows } = await env.DB.prepare('SELECT * FROM users WHERE id IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(found.map((f) => f.id))).all<UserRow>();
  const core = new Map(rows.map((r) => [r.id, r]));
  const databases = accountsDatabases(env);
  const changed = await Promise.all(
    databases.map(async (db, i) => {
      const here = found.filter((f) => f.database === i && core.has(f.id));
      if (!here.length) return 0;
      const missing = here.filter((f) => f.copyUpdatedAt === null).map((f) => core.get(f.id)!);
      const stale = here.filter((f) => f.copyUpdatedAt !== null).map((f) => ({ row: core.get(f.id)!, guard: f.copyUpdatedAt }));
      const columns = columnsOf(rows);
      const statements: D1PreparedStatement[] = [];
      if (missing.length)
        statements.push(
          db.prepare(`INSERT INTO users (${columns.join(', ')}) SELECT ${selectFromJson(columns)} FROM json_each(?1) WHERE true ON CONFLICT (id) DO NOTHING`).bind(JSON.stringify(missing)),
        );
      if (stale.length)
        statements.push(
          db
            .prepare(
              `UPDATE users SET ${columns.filter((c) => c !== 'id').map((c) => `${c} = json_extract(j.value, '$.row.${c}')`).join(', ')}
               FROM json_each(?1) AS j WHERE users.id = json_extract(j.value, '$.row.id') AND users.updated_at = json_extract(j.value, '$.guard')`,
            )
            .bind(JSON.stringify(stale)),
        );
      try {
        return (await db.batch(statements)).reduce((n, r) => n + r.meta.changes, 0);
      } catch (e) {
        console.warn(`users.copies: accounts-${i} refused the repair, left for the next run`, e);
        return 0;
      }
    }),
  );
  return changed.reduce((a, b) => a + b, 0);
};
