import type { Env } from '../../env';
import { listingDatabases } from '../../db/shards';
import { dailyViewCutoff, RETENTION, viewerRowCutoff } from '../../schemas/retention-data';

/**
 * Old view history leaves the hot database (decision 020), from the hourly cron in bounded batches:
 *
 * - per-day counters (`listing_daily_stats`) older than the seller's 30-day window are added into the
 *   ad's total (`listing_view_totals`) and removed — both in one batch, which D1 runs as one
 *   transaction, over the same rows (the oldest first, through the `day` index). New views only ever
 *   touch today's row, so nothing races the roll-up;
 * - "already counted today" rows (`listing_views`) of finished days are removed once the checker no
 *   longer needs them.
 *
 * The lifetime total the stats screen shows (`listings.views`) is untouched: it was counted when each
 * view happened. Each run does at most `batchesPerRun` statements of `batchRows` rows per kind;
 * what is left waits for the next hour.
 *
 * The counters live with the ads: each listings database (decision 033) rolls up its own, side by
 * side, each within the same per-run bound (the bound protects one database's write time, and the
 * databases do not share it).
 */
export interface RollupResult {
  /** per-day counter rows added into totals and removed */
  rolledDays: number;
  /** viewer rows of finished days removed */
  viewerRows: number;
}

export const rollUpViews = async (env: Env, now = Date.now(), limits: { batchRows?: number; batchesPerRun?: number } = {}): Promise<RollupResult> => {
  const each = await Promise.all(listingDatabases(env).map((db) => rollUpDatabase(db, now, limits)));
  return each.reduce((sum, r) => ({ rolledDays: sum.rolledDays + r.rolledDays, viewerRows: sum.viewerRows + r.viewerRows }), { rolledDays: 0, viewerRows: 0 });
};

const rollUpDatabase = async (db: D1Database, now: number, limits: { batchRows?: number; batchesPerRun?: number }): Promise<RollupResult> => {
  const batchRows = limits.batchRows ?? RETENTION.batchRows;
  const batchesPerRun = limits.batchesPerRun ?? RETENTION.batchesPerRun;
  const dailyCutoff = dailyViewCutoff(now);
  const viewerCutoff = viewerRowCutoff(now);
  const result: RollupResult = { rolledDays: 0, viewerRows: 0 };

  // the same rows for both statements: the oldest days first, in the order of the day index
  const oldest = `SELECT rowid FROM listing_daily_stats WHERE day < ?1 ORDER BY day, rowid LIMIT ?2`;
  for (let i = 0; i < batchesPerRun; i++) {
    const [, removed] = await db.batch([
      db.prepare(
        `INSERT INTO listing_view_totals (listing_id, views, through_day)
         SELECT listing_id, sum(views), max(day) + 1 FROM listing_daily_stats WHERE rowid IN (${oldest}) GROUP BY listing_id
         ON CONFLICT (listing_id) DO UPDATE SET views = views + excluded.views, through_day = max(through_day, excluded.through_day)`,
      ).bind(dailyCutoff, batchRows),
      db.prepare(`DELETE FROM listing_daily_stats WHERE rowid IN (${oldest})`).bind(dailyCutoff, batchRows),
    ]);
    const n = removed?.meta.changes ?? 0;
    result.rolledDays += n;
    if (n < batchRows) break;
  }

  for (let i = 0; i < batchesPerRun; i++) {
    const n = (await db.prepare(`DELETE FROM listing_views WHERE rowid IN (SELECT rowid FROM listing_views WHERE day < ? ORDER BY day LIMIT ?)`).bind(viewerCutoff, batchRows).run())
      .meta.changes;
    result.viewerRows += n;
    if (n < batchRows) break;
  }
  return result;
};
