/**
 * The core's `users` rows retired once `users` lives with the accounts (decision 034): the last step of
 * the users split, after the copy (users-copy.ts), a clean `users.copies` and the switch.
 *
 * With several listings databases nothing reads the core's rows any more (each listings database has
 * its own seller cards), so they are deleted. With one listings database the core is also the listings
 * database and its rows are the seller cards the listing reads join: only their private columns are
 * cleared (`USERS_RETIRE.clearedColumns`, what a card written since the switch holds), the card's own
 * columns stay.
 *
 * Only with the switch on and only over copies that are safe to rely on: each batch reads the core's
 * rows and, side by side, their copies' `updated_at`; if any row has no copy, or a copy older than the
 * core's row (something the core knows that the account's own row does not), the batch is refused
 * whole and the run stops there, naming the rows. Otherwise one guarded statement deletes or clears
 * exactly the rows read, each only if its `updated_at` is still what was read (a row changed since is
 * left for the next pass and the check). Bounded batches by id; resumable from the last id; running
 * it again finds nothing to do. Shared by `npm run accounts:retire-core-copies` and the every-minute job
 * (`scheduledUsersRetire`), which runs only when a person has said so (`RETIRE_CORE_USERS = "1"`):
 * the core's rows are the way back while the switch is new, so removing them is a decision, not a
 * consequence of turning the switch on.
 */

import { accountsDatabaseCount, accountsDatabaseOfGroup, accountsDatabases, accountsSplit, groupOfUserId, type AccountsEnv } from '../../db/accounts';
import { isSharded, type ShardEnv } from '../../db/shards';
import { usersWithAccounts, type UsersEnv } from '../../db/users';
import { USERS_RETIRE } from '../../schemas/users-copy-data';

export type RetireEnv = UsersEnv & ShardEnv & AccountsEnv;

/** A core row the retirement will not touch, and why. */
export interface RetireRefusal {
  id: string;
  /** the accounts database that should hold its copy, by index */
  database: number;
  reason: 'no copy' | 'copy older than the core';
}

export interface UsersRetireReport {
  /** delete: several listings databases; clear: one (the rows are the seller cards) */
  mode: 'delete' | 'clear';
  /** core rows read (at one listings database: only rows still holding private columns) */
  accounts: number;
  /** rows deleted or cleared (with dryRun: that would be) */
  retired: number;
  /** rows changed between the read and the write: left as they are, for the next pass */
  changed: number;
  /** a batch with these rows was refused whole and the run stopped there */
  refused: RetireRefusal[];
  /** where the next run resumes; null when every core row has been read */
  next: string | null;
}

/** Why the core's rows may not be retired on this deployment, or null when they may. */
export const retireRefusedBecause = (env: RetireEnv): string | null => {
  if (!accountsSplit(env)) return "the core's users rows are retired only with several accounts databases (ACCOUNTS_DATABASES > 1): with one, the core is the accounts database";
  if (!usersWithAccounts(env))
    return "USERS_WITH_ACCOUNTS is off: the core's users rows are still the accounts every request reads. Copy them (accounts:copy-users), check users.copies, turn the switch on, then retire";
  return null;
};

/** With one listings database the core's rows stay as seller cards and only their private columns are cleared. */
export const retireMode = (env: RetireEnv): UsersRetireReport['mode'] => (isSharded(env) ? 'delete' : 'clear');

const CLEARED = Object.entries(USERS_RETIRE.clearedColumns);
/** A core row whose private columns all hold what a card holds (SQL, over `users`). */
export const CLEARED_SQL = CLEARED.map(([c, v]) => (v === null ? `${c} IS NULL` : `${c} IS ${typeof v === 'string' ? `'${v}'` : v}`)).join(' AND ');
const CLEAR_SET = CLEARED.map(([c, v]) => `${c} = ${v === null ? 'NULL' : typeof v === 'string' ? `'${v}'` : v}`).join(', ');
/** The rows read, by id and the `updated_at` read: the guard of the write. */
const READ_ROWS = `(id, updated_at) IN (SELECT json_extract(value, '$.id'), json_extract(value, '$.updated_at') FROM json_each(?1))`;

const databaseOf = (env: AccountsEnv, id: string) => accountsDatabaseOfGroup(accountsDatabaseCount(env), groupOfUserId(id));

type CoreRow = { id: string; updated_at: number };

/** Rows among these that may not be retired: no copy, or a copy older than the core's row. Their copies read side by side. */
export const unsafeToRetire = async (env: AccountsEnv, rows: readonly CoreRow[]): Promise<RetireRefusal[]> => {
  const answers = await Promise.all(
    accountsDatabases(env).map((db, i) => {
      const here = rows.filter((r) => databaseOf(env, r.id) === i).map((r) => r.id);
      return here.length
        ? db.prepare('SELECT id, updated_at FROM users WHERE id IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(here)).all<CoreRow>()
        : { results: [] as CoreRow[] };
    }),
  );
  const copies = new Map(answers.flatMap((a) => a.results).map((r) => [r.id, r.updated_at]));
  return rows.flatMap((r): RetireRefusal[] => {
    const copy = copies.get(r.id);
    if (copy === undefined) return [{ id: r.id, database: databaseOf(env, r.id), reason: 'no copy' }];
    return copy < r.updated_at ? [{ id: r.id, database: databaseOf(env, r.id), reason: 'copy older than the core' }] : [];
  });
};

/** The core's rows still to retire after `after`: all of them when deleting, those still holding private columns when clearing. */
const readBatch = (env: RetireEnv, after: string | null, batchRows: number) =>
  env.DB.prepare(`SELECT id, updated_at FROM users WHERE id > ?1${retireMode(env) === 'clear' ? ` AND NOT (${CLEARED_SQL})` : ''} ORDER BY id LIMIT ?2`)
    .bind(after ?? '', batchRows)
    .all<CoreRow>();

/** Deletes or clears exactly these rows, each only if unchanged since read. Returns how many it changed. */
export const retireRows = async (env: RetireEnv, rows: readonly CoreRow[]): Promise<number> => {
  if (!rows.length) return 0;
  const sql = retireMode(env) === 'delete' ? `DELETE FROM users WHERE ${READ_ROWS}` : `UPDATE users SET ${CLEAR_SET} WHERE ${READ_ROWS}`;
  return (await env.DB.prepare(sql).bind(JSON.stringify(rows.map((r) => ({ id: r.id, updated_at: r.updated_at })))).run()).meta.changes;
};

/**
 * Retires the core's rows batch by batch from `after` until every row is read, a batch is refused,
 * `deadline` passes or `batches` batches are done (`next` says where to resume). `dryRun` reads and
 * checks only. Throws with the reason when this deployment may not retire at all (`retireRefusedBecause`).
 */
export const retireCoreUsers = async (
  env: RetireEnv,
  o: { after?: string | null; batchRows?: number; deadline?: number; batches?: number; dryRun?: boolean; onBatch?: (r: UsersRetireReport) => void } = {},
): Promise<UsersRetireReport> => {
  const refused = retireRefusedBecause(env);
  if (refused) throw new Error(refused);
  const batchRows = o.batchRows ?? USERS_RETIRE.batchRows;
  const report: UsersRetireReport = { mode: retireMode(env), accounts: 0, retired: 0, changed: 0, refused: [], next: o.after ?? null };
  let cursor = o.after ?? null;
  let batches = 0;
  do {
    if (o.deadline !== undefined && Date.now() >= o.deadline) break;
    if (o.batches !== undefined && batches >= o.batches) break;
    const { results: rows } = await readBatch(env, cursor, batchRows);
    batches++;
    report.accounts += rows.length;
    const unsafe = await unsafeToRetire(env, rows);
    if (unsafe.length) {
      // the whole batch stays, and the run stops here: `next` still names this batch's start
      report.refused.push(...unsafe);
      o.onBatch?.(report);
      break;
    }
    const changed = o.dryRun ? rows.length : await retireRows(env, rows);
    report.retired += changed;
    report.changed += rows.length - changed;
    const last = rows[rows.length - 1];
    report.next = cursor = rows.length === batchRows && last ? last.id : null;
    o.onBatch?.(report);
  } while (cursor !== null);
  return report;
};

/** KV: where the retirement resumes, and when a whole pass finished (after which `users.retired` checks that nothing came back). */
export interface UsersRetireState {
  cursor: string | null;
  retired: number;
  finishedAt: number | null;
}
export const USERS_RETIRE_STATE_KEY = 'users:retire';

export const readUsersRetireState = async (cache: KVNamespace): Promise<UsersRetireState> =>
  (await cache.get<UsersRetireState>(USERS_RETIRE_STATE_KEY, 'json').catch(() => null)) ?? { cursor: null, retired: 0, finishedAt: null };

/** Adds a run to the state: a run that read every row (and was not refused) finishes the pass. */
export const recordUsersRetire = async (cache: KVNamespace, state: UsersRetireState, report: UsersRetireReport, now: number): Promise<UsersRetireState> => {
  const finished = report.next === null && !report.refused.length;
  const next: UsersRetireState = { cursor: finished ? null : report.next, retired: state.retired + report.retired, finishedAt: finished ? now : state.finishedAt };
  await cache.put(USERS_RETIRE_STATE_KEY, JSON.stringify(next));
  return next;
};

/**
 * The every-minute job's part: only when `RETIRE_CORE_USERS = "1"` (a person's go-ahead, after a clean
 * `users.copies` with the switch on) and the switch is on, until one pass has finished; within the
 * budget, from where the last run stopped. A refused batch is logged and tried again next run (the
 * copy's pass after the switch, or the checker, may have brought its copies level by then).
 */
export const scheduledUsersRetire = async (env: RetireEnv & { CACHE: KVNamespace; RETIRE_CORE_USERS?: string }, now = Date.now()): Promise<UsersRetireReport | null> => {
  if (env.RETIRE_CORE_USERS !== '1' || retireRefusedBecause(env)) return null;
  const state = await readUsersRetireState(env.CACHE);
  if (state.finishedAt !== null) return null;
  const report = await retireCoreUsers(env, { after: state.cursor, deadline: Date.now() + USERS_RETIRE.budgetMs });
  if (report.refused.length)
    console.warn(
      `users retire: a batch refused, nothing of it retired: ${report.refused.slice(0, 20).map((r) => `${r.id} (accounts-${r.database}): ${r.reason}`).join('; ')}`,
    );
  await recordUsersRetire(env.CACHE, state, report, now);
  return report;
};
