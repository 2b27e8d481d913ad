import type { Env } from '../../env';
import { accountsDbForUser, accountsSplit } from '../../db/accounts';
import { PLANS_MOVE } from '../../schemas/plans-move-data';

type Row = Record<string, unknown>;

/** Below D1's 2 MB for a string: one statement's rows as one JSON parameter stay under this. */
const JSON_PARAMETER_MAX = 900_000;

/**
 * Rows copied as they are, every column the core's rows have (every database carries the same
 * migrations): one statement per table and chunk, the rows as one JSON parameter (so a run's
 * hundreds of rows are a handful of statements, far from D1's queries per invocation).
 */
export const copyStatements = (db: D1Database, table: string, rows: Row[]): D1PreparedStatement[] => {
  if (!rows.length) return [];
  const columns = Object.keys(rows[0]!);
  const sql = `INSERT OR IGNORE INTO ${table} (${columns.join(', ')}) SELECT ${columns.map((c) => `json_extract(value, '$.${c}')`).join(', ')} FROM json_each(?)`;
  const chunks: Row[][] = [[]];
  let size = 0;
  for (const row of rows) {
    const length = JSON.stringify(row).length + 1;
    if (size + length > JSON_PARAMETER_MAX && chunks.at(-1)!.length) {
      chunks.push([]);
      size = 0;
    }
    chunks.at(-1)!.push(row);
    size += length;
  }
  return chunks.map((chunk) => db.prepare(sql).bind(JSON.stringify(chunk)));
};

/**
 * Plans bought while there was one accounts database live in the core; once there are several the
 * worker reads a payer's subscriptions and plan orders (and the webhook events about those orders)
 * only from the payer's accounts database (decision 034). This moves them there, a bounded number
 * of payers a run (`PLANS_MOVE.payersPerRun`): the core's rows of those payers are read in one batch,
 * copied into each payer's database (INSERT OR IGNORE, the databases side by side), and only then
 * removed from the core, by the ids copied. A run that stops between the two leaves the rows in both
 * places, where the worker reads the payer's copy; the next run copies nothing new and removes them.
 * Nothing writes these rows in the core once the accounts are split, so no write is lost. One
 * exception, said in the decision: a plan's payment whose webhook arrives after the split and before
 * its order moved finds no order (the event is kept in the core) — the browser's own verify pays it
 * once the order is in its payer's database, as it does for every payment.
 * Returns how many payers were moved; with one accounts database it does nothing.
 */
export const movePlansToAccounts = async (env: Env, limit = PLANS_MOVE.payersPerRun) => {
  if (!accountsSplit(env)) return 0;
  const { results: payers } = await env.DB.prepare(
    'SELECT user_id FROM (SELECT user_id FROM payment_orders UNION SELECT user_id FROM subscriptions) ORDER BY user_id LIMIT ?',
  )
    .bind(limit)
    .all<{ user_id: string }>();
  if (!payers.length) return 0;
  const ids = JSON.stringify(payers.map((p) => p.user_id));
  const [subs, orders, events] = await env.DB.batch<Row>([
    env.DB.prepare('SELECT * FROM subscriptions WHERE user_id IN (SELECT value FROM json_each(?))').bind(ids),
    env.DB.prepare('SELECT * FROM payment_orders WHERE user_id IN (SELECT value FROM json_each(?))').bind(ids),
    env.DB.prepare(
      `SELECT e.*, o.user_id AS payer FROM payment_events e JOIN payment_orders o ON o.provider_order_id = e.provider_order_id
       WHERE o.user_id IN (SELECT value FROM json_each(?))`,
    ).bind(ids),
  ]);
  const byDb = new Map<D1Database, { subscriptions: Row[]; payment_orders: Row[]; payment_events: Row[] }>();
  const add = (userId: string, table: 'subscriptions' | 'payment_orders' | 'payment_events', row: Row) => {
    const db = accountsDbForUser(env, userId);
    const rows = byDb.get(db) ?? { subscriptions: [], payment_orders: [], payment_events: [] };
    rows[table].push(row);
    byDb.set(db, rows);
  };
  for (const s of subs?.results ?? []) add(String(s.user_id), 'subscriptions', s);
  for (const o of orders?.results ?? []) add(String(o.user_id), 'payment_orders', o);
  for (const { payer, ...e } of events?.results ?? []) add(String(payer), 'payment_events', e);
  await Promise.all([...byDb].map(([db, rows]) => db.batch(Object.entries(rows).flatMap(([table, list]) => copyStatements(db, table, list)))));
  const idsOf = (rows: Row[] | undefined) => JSON.stringify((rows ?? []).map((r) => r.id));
  await env.DB.batch([
    env.DB.prepare('DELETE FROM payment_events WHERE id IN (SELECT value FROM json_each(?))').bind(idsOf(events?.results)),
    env.DB.prepare('DELETE FROM subscriptions WHERE id IN (SELECT value FROM json_each(?))').bind(idsOf(subs?.results)),
    env.DB.prepare('DELETE FROM payment_orders WHERE id IN (SELECT value FROM json_each(?))').bind(idsOf(orders?.results)),
  ]);
  return payers.length;
};
