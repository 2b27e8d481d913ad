import type { Env } from '../../env';
import { accountsDbForUser, accountsSplit } from '../../db/accounts';
import { SELLER_ORDERS } from '../../schemas/seller-orders-data';
import { copyStatements } from './plans-move';

type Row = Record<string, unknown>;

/**
 * Seller-package orders written while there was one accounts database live in the core; once there
 * are several the worker reads and pays a seller's orders only in the seller's accounts database
 * (decision 034). This moves them there, `SELLER_ORDERS.ordersPerRun` a run: the core's oldest ids
 * are read, copied into each seller's database (INSERT OR IGNORE, the databases side by side), and
 * only then, in one core batch, the paid ones get their `invoice_numbers` row (so the core keeps the
 * whole series of numbers, which the checker reads) and exactly the copied ids are removed. A run cut
 * between leaves both copies, where the worker reads the seller's; the next run copies nothing new
 * and removes the core's. Nothing writes an order in the core once the accounts are split (paying
 * reads the order from the seller's database), so no change is lost. Returns how many orders moved.
 */
export const moveSellerOrdersToAccounts = async (env: Env, limit: number = SELLER_ORDERS.ordersPerRun, now = Date.now()) => {
  if (!accountsSplit(env)) return 0;
  const { results: orders } = await env.DB.prepare('SELECT * FROM business_orders ORDER BY id LIMIT ?').bind(limit).all<Row>();
  if (!orders.length) return 0;
  const byDb = new Map<D1Database, Row[]>();
  for (const o of orders) {
    const db = accountsDbForUser(env, String(o.user_id));
    byDb.set(db, [...(byDb.get(db) ?? []), o]);
  }
  await Promise.all([...byDb].map(([db, rows]) => db.batch(copyStatements(db, 'business_orders', rows))));
  const ids = JSON.stringify(orders.map((o) => o.id));
  // "SEL/2026-27/000042": the year from the 5th character, the number from the 13th
  await env.DB.batch([
    env.DB.prepare(
      `INSERT OR IGNORE INTO invoice_numbers (financial_year, number, order_id, user_id, payment_id, taken_at, settled_at)
       SELECT substr(invoice_number, 5, 7), CAST(substr(invoice_number, 13) AS INTEGER), id, user_id, coalesce(provider_payment_id, ''), coalesce(paid_at, created_at), ?
       FROM business_orders WHERE id IN (SELECT value FROM json_each(?)) AND status = 'PAID' AND invoice_number IS NOT NULL`,
    ).bind(now, ids),
    env.DB.prepare('DELETE FROM business_orders WHERE id IN (SELECT value FROM json_each(?))').bind(ids),
  ]);
  return orders.length;
};
