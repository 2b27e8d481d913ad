import type { Env } from '../../env';
import { accountsDbForUser, accountsSplit } from '../../db/accounts';
import { MOVED_USER_ROWS, ROWS_MOVE } from '../../schemas/rows-move-data';
import { copyStatements } from '../commerce/plans-move';

type Row = Record<string, unknown>;
type Moved = (typeof MOVED_USER_ROWS)[number];

/** The rows of `rows` by their key columns, as one JSON parameter. */
const keysOf = (t: Moved, rows: Row[]) => JSON.stringify(rows.map((r) => t.key.map((k) => r[k])));
const deleteCopied = (db: D1Database, t: Moved, rows: Row[]) =>
  db
    .prepare(`DELETE FROM ${t.table} WHERE (${t.key.join(', ')}) IN (SELECT ${t.key.map((_, i) => `json_extract(value, '$[${i}]')`).join(', ')} FROM json_each(?))`)
    .bind(keysOf(t, rows));

/**
 * Per-user rows written while there was one accounts database (favourites, cart lines, blocks,
 * phone views, push subscriptions, fallback notifications, presence, sessions) live in the core;
 * once there are several the worker reads them only from their user's accounts database (decision
 * 034), so until moved they are invisible to their users. This moves them, a bounded number of rows
 * of each table a run (`ROWS_MOVE.rowsPerTablePerRun`): the core's rows are read in one batch,
 * copied into each user's database (INSERT OR IGNORE, the databases side by side: a row the user
 * already has there, changed or written again since the split, is kept as it is), and only then
 * removed from the core by the keys copied. A run that stops between the two leaves the rows in
 * both places, where the worker reads the user's copy; the next run copies nothing new and removes
 * them. Nothing writes these rows in the core once the accounts are split, so no write is lost.
 * `stopAfterCopy` stands for a run cut between copy and delete (tests only).
 * Returns how many core rows were moved; with one accounts database it does nothing.
 */
export const moveUserRowsToAccounts = async (env: Env, limit: number = ROWS_MOVE.rowsPerTablePerRun, stopAfterCopy = false) => {
  if (!accountsSplit(env)) return 0;
  const found = await env.DB.batch<Row>(
    MOVED_USER_ROWS.map((t) => env.DB.prepare(`SELECT * FROM ${t.table} ORDER BY ${t.key.join(', ')} LIMIT ?`).bind(limit)),
  );
  const tables = MOVED_USER_ROWS.map((t, i) => ({ t, rows: found[i]?.results ?? [] })).filter((x) => x.rows.length);
  if (!tables.length) return 0;
  const byDb = new Map<D1Database, Map<string, Row[]>>();
  for (const { t, rows } of tables) {
    for (const row of rows) {
      const db = accountsDbForUser(env, String(row[t.user]));
      const lists = byDb.get(db) ?? new Map<string, Row[]>();
      lists.set(t.table, [...(lists.get(t.table) ?? []), row]);
      byDb.set(db, lists);
    }
  }
  await Promise.all([...byDb].map(([db, lists]) => db.batch([...lists].flatMap(([table, rows]) => copyStatements(db, table, rows)))));
  if (stopAfterCopy) return 0;
  await env.DB.batch(tables.map(({ t, rows }) => deleteCopied(env.DB, t, rows)));
  return tables.reduce((n, x) => n + x.rows.length, 0);
};
