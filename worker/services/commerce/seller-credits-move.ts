import type { Env } from '../../env';
import { accountsDbForUser, accountsSplit } from '../../db/accounts';
import { SELLER_ORDERS } from '../../schemas/seller-orders-data';
import { copyStatements } from './plans-move';

type Row = Record<string, unknown>;

/** The tables that live together in a seller's accounts database: the credits and what used them. */
const SELLER_TABLES = ['seller_credits', 'ad_postings', 'listing_promotions'] as const;

/**
 * Credits, posting records and promotions written while there was one accounts database live in the
 * core; once there are several the worker counts a seller's free ads and credits only in the seller's
 * accounts database (decision 034). This moves them there, `SELLER_ORDERS.creditSellersPerRun`
 * sellers a run: all their rows of the three tables are read in one core batch, copied into each
 * seller's database in one batch (INSERT OR IGNORE, the databases side by side: a credit arrives
 * with every use it had, so the limit's statement never counts half of them), and only then exactly
 * the copied rows are removed from the core, by key. A run cut between leaves both copies, where the
 * worker reads the seller's; the next run copies nothing new and removes the core's. Nothing writes
 * these rows in the core once the accounts are split, so nothing is lost. Until a seller's rows have
 * moved (within the first runs after the split) their free ads of the period and their credits are
 * not counted: the split is turned on with this job, and the backlog is minutes to hours.
 * Returns how many sellers moved; with one accounts database it does nothing.
 */
export const moveSellerCreditsToAccounts = async (env: Env, limit: number = SELLER_ORDERS.creditSellersPerRun) => {
  if (!accountsSplit(env)) return 0;
  const { results: sellers } = await env.DB.prepare(
    `SELECT user_id FROM (${SELLER_TABLES.map((t) => `SELECT user_id FROM ${t}`).join(' UNION ')}) ORDER BY user_id LIMIT ?`,
  )
    .bind(limit)
    .all<{ user_id: string }>();
  if (!sellers.length) return 0;
  const ids = JSON.stringify(sellers.map((s) => s.user_id));
  const read = await env.DB.batch<Row>(SELLER_TABLES.map((t) => env.DB.prepare(`SELECT * FROM ${t} WHERE user_id IN (SELECT value FROM json_each(?))`).bind(ids)));
  const [credits, postings, promotions] = read.map((r) => r.results);
  const byDb = new Map<D1Database, Record<(typeof SELLER_TABLES)[number], Row[]>>();
  SELLER_TABLES.forEach((table, i) => {
    for (const row of read[i]!.results) {
      const db = accountsDbForUser(env, String(row.user_id));
      const rows = byDb.get(db) ?? { seller_credits: [], ad_postings: [], listing_promotions: [] };
      rows[table].push(row);
      byDb.set(db, rows);
    }
  });
  await Promise.all([...byDb].map(([db, rows]) => db.batch(SELLER_TABLES.flatMap((table) => copyStatements(db, table, rows[table])))));
  await env.DB.batch([
    env.DB.prepare('DELETE FROM seller_credits WHERE id IN (SELECT value FROM json_each(?))').bind(JSON.stringify((credits ?? []).map((r) => r.id))),
    env.DB.prepare('DELETE FROM listing_promotions WHERE id IN (SELECT value FROM json_each(?))').bind(JSON.stringify((promotions ?? []).map((r) => r.id))),
    // a posting record's key is the ad, the group and the time
    env.DB.prepare(
      `DELETE FROM ad_postings WHERE (listing_id, limit_key, created_at) IN (SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?))`,
    ).bind(JSON.stringify((postings ?? []).map((r) => [r.listing_id, r.limit_key, r.created_at]))),
  ]);
  return sellers.length;
};
