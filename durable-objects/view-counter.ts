import { DurableObject } from 'cloudflare:workers';
import type { UnwrittenViews, ViewCounterContract, ViewInput } from '../worker/durable-object-contracts';
import type { Env } from '../worker/env';
import { utcDay, viewerRowCutoff } from '../worker/schemas/retention-data';
import { VIEW_COUNTER, viewCounterName } from '../worker/schemas/view-counter-data';
import { listingDatabaseCount } from '../worker/db/shards';
import { listingsDatabase, viewCounter, viewShardOfListing } from '../worker/services/listings/view-counter';

/**
 * The view counter of one listings database (decision 020, addendum). Counting an ad view used to be
 * a three-statement D1 batch on every view (a viewer row, the ad's lifetime count, its day counter):
 * the listings database's largest writer, and its viewer rows its largest table. This object keeps
 * the viewers itself and writes only the counters, every few seconds, in two multi-row statements.
 *
 * Its SQLite storage, so nothing counted lives only in memory (an eviction or a restart loses
 * nothing):
 * - `viewers`: (day, ad, viewer) for today and yesterday — a viewer counts once per ad per UTC day
 *   (`RETENTION.viewerRowDays`: yesterday's stay for the consistency checker, as the D1 rows did);
 * - `pending`: views per ad and day not yet written to D1;
 * - `inflight`: the batch being written, with its number (`meta.inflight_seq`). A write that fails
 *   leaves it there and the alarm sends the same batch again. D1 records each batch's number in
 *   `view_counter_flushes` in the same transaction as the counters, so a batch that did land but
 *   whose answer was lost is refused as a duplicate the second time (primary key) — counted once;
 * - `forwarded`: the batches of views other counters sent on (below), by their number, so a batch sent
 *   twice (its sender stopped before it knew it had landed) counts once.
 *
 * An ad moved into another group of states (decision 033) has a new id in another database, and its
 * views must not stay behind: the move hands the old id's viewers and unwritten views to the counter of
 * the ad's new database, under the new id (`handOver`), so the viewers counted before still count once
 * and the consistency checker finds them there. Views that reach the old id later, or that were in a
 * batch being written at the move, would be written to no ad: a batch's write also reads which of its
 * ads left a `listing_moves` note, and sends their views (and viewers) on the same way — a chain of moves
 * is followed one counter at a time.
 */
export class ViewCounter extends DurableObject<Env> implements ViewCounterContract {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    sql.exec(`CREATE TABLE IF NOT EXISTS viewers (day INTEGER NOT NULL, listing_id TEXT NOT NULL, viewer_key TEXT NOT NULL, PRIMARY KEY (day, listing_id, viewer_key)) WITHOUT ROWID`);
    sql.exec(`CREATE TABLE IF NOT EXISTS pending (listing_id TEXT NOT NULL, day INTEGER NOT NULL, views INTEGER NOT NULL, PRIMARY KEY (listing_id, day)) WITHOUT ROWID`);
    sql.exec(`CREATE TABLE IF NOT EXISTS inflight (listing_id TEXT NOT NULL, day INTEGER NOT NULL, views INTEGER NOT NULL, PRIMARY KEY (listing_id, day)) WITHOUT ROWID`);
    sql.exec(`CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v) WITHOUT ROWID`);
    sql.exec(`CREATE TABLE IF NOT EXISTS forwarded (batch TEXT PRIMARY KEY, at INTEGER NOT NULL) WITHOUT ROWID`);
  }

  #meta<T extends string | number>(k: string): T | undefined {
    return this.ctx.storage.sql.exec<{ v: T }>('SELECT v FROM meta WHERE k = ?', k).toArray()[0]?.v;
  }

  #setMeta(k: string, v: string | number | null) {
    this.ctx.storage.sql.exec('INSERT INTO meta (k, v) VALUES (?1, ?2) ON CONFLICT (k) DO UPDATE SET v = ?2', k, v);
  }

  async record(view: ViewInput): Promise<boolean> {
    if (view.viewerKey === `u:${view.sellerId}`) return false;
    const sql = this.ctx.storage.sql;
    const day = utcDay(view.now);
    const fresh = this.ctx.storage.transactionSync(() => {
      if (this.#meta('shard') === undefined) this.#setMeta('shard', view.shard);
      const added = sql.exec('INSERT INTO viewers (day, listing_id, viewer_key) VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING 1', day, view.listingId, view.viewerKey).toArray().length > 0;
      if (added) sql.exec('INSERT INTO pending (listing_id, day, views) VALUES (?, ?, 1) ON CONFLICT (listing_id, day) DO UPDATE SET views = views + 1', view.listingId, day);
      return added;
    });
    if (fresh && (await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + VIEW_COUNTER.flushEveryMs);
    return fresh;
  }

  /**
   * Writes one batch to D1: the batch in flight if a write of it failed before, otherwise the next
   * `rowsPerFlush` pending ad-days. Throws when D1 refuses it; the counts stay in storage.
   */
  async flush(): Promise<{ written: number; left: number }> {
    const sql = this.ctx.storage.sql;
    const shard = this.#meta<string>('shard');
    if (shard === undefined) return { written: 0, left: 0 };
    let seq = this.#meta<number>('inflight_seq') ?? null;
    if (seq === null) {
      seq = this.ctx.storage.transactionSync(() => {
        const moved = sql.exec(
          `INSERT INTO inflight (listing_id, day, views) SELECT listing_id, day, views FROM pending ORDER BY listing_id, day LIMIT ? RETURNING listing_id, day`,
          VIEW_COUNTER.rowsPerFlush,
        ).toArray() as { listing_id: string; day: number }[];
        if (!moved.length) return null;
        for (const r of moved) sql.exec('DELETE FROM pending WHERE listing_id = ? AND day = ?', r.listing_id, r.day);
        const next = (this.#meta<number>('seq') ?? 0) + 1;
        this.#setMeta('seq', next);
        this.#setMeta('inflight_seq', next);
        return next;
      });
      if (seq === null) return { written: 0, left: 0 };
    }
    const rows = sql.exec<{ listing_id: string; day: number; views: number }>('SELECT listing_id, day, views FROM inflight ORDER BY listing_id, day').toArray();
    const totals = new Map<string, number>();
    for (const r of rows) totals.set(r.listing_id, (totals.get(r.listing_id) ?? 0) + r.views);
    const db = listingsDatabase(this.env, shard);
    const counter = viewCounterName(shard);
    // only with several databases can an ad move away (with one, an edit into another state stays an edit)
    const movedAway =
      listingDatabaseCount(this.env) > 1
        ? db.prepare('SELECT old_id, new_id FROM listing_moves WHERE old_id IN (SELECT value FROM json_each(?1))').bind(JSON.stringify([...totals.keys()]))
        : undefined;
    let moved: { old_id: string; new_id: string }[] = [];
    try {
      const written = await db.batch([
        // the batch's number first: a batch that already landed fails here, as a whole
        db.prepare('INSERT INTO view_counter_flushes (counter, seq, flushed_at) VALUES (?1, ?2, ?3)').bind(counter, seq, Date.now()),
        db.prepare('DELETE FROM view_counter_flushes WHERE counter = ?1 AND seq < ?2').bind(counter, seq),
        db.prepare(
          `UPDATE listings SET views = views + (SELECT sum(value ->> 1) FROM json_each(?1) WHERE value ->> 0 = listings.id)
           WHERE id IN (SELECT value ->> 0 FROM json_each(?1))`,
        ).bind(JSON.stringify([...totals])),
        // an ad removed meanwhile (archived, deleted) gets no orphan counter
        db.prepare(
          `INSERT INTO listing_daily_stats (listing_id, day, views)
           SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?1) WHERE EXISTS (SELECT 1 FROM listings WHERE id = value ->> 0)
           ON CONFLICT (listing_id, day) DO UPDATE SET views = views + excluded.views`,
        ).bind(JSON.stringify(rows.map((r) => [r.listing_id, r.day, r.views]))),
        ...(movedAway ? [movedAway] : []),
      ]);
      if (movedAway) moved = (written.at(-1)?.results ?? []) as typeof moved;
    } catch (e) {
      const landedBefore = /UNIQUE constraint failed: view_counter_flushes/i.test(String(e instanceof Error ? e.message : e));
      if (!landedBefore) throw e;
      if (movedAway) moved = (await movedAway.all<{ old_id: string; new_id: string }>()).results;
    }
    if (moved.length) await this.#sendOn(`${counter}:${seq}`, moved, rows);
    this.ctx.storage.transactionSync(() => {
      sql.exec('DELETE FROM inflight');
      this.#setMeta('inflight_seq', null);
    });
    const left = sql.exec<{ n: number }>('SELECT count(*) AS n FROM pending').one().n;
    return { written: rows.length, left };
  }

  /**
   * Sends the views of ads that moved away, and their viewers, to the counters of their new databases
   * under their new ids, then forgets those viewers here. A failure keeps everything here: the caller
   * tries again with the same `batch` name, and the receiver counts each batch once.
   */
  async #sendOn(batch: string, moved: { old_id: string; new_id: string }[], views: { listing_id: string; day: number; views: number }[]) {
    const sql = this.ctx.storage.sql;
    const byShard = new Map<string, { views: { listingId: string; day: number; views: number }[]; viewers: { listingId: string; day: number; viewerKey: string }[] }>();
    for (const { old_id, new_id } of moved) {
      const shard = viewShardOfListing(this.env, new_id);
      const sent = byShard.get(shard) ?? { views: [], viewers: [] };
      for (const v of views) if (v.listing_id === old_id) sent.views.push({ listingId: new_id, day: v.day, views: v.views });
      for (const v of sql.exec<{ day: number; viewer_key: string }>('SELECT day, viewer_key FROM viewers WHERE listing_id = ?', old_id)) {
        sent.viewers.push({ listingId: new_id, day: v.day, viewerKey: v.viewer_key });
      }
      byShard.set(shard, sent);
    }
    await Promise.all([...byShard].map(([shard, sent]) => viewCounter(this.env, shard).takeForwarded(batch, shard, sent.views, sent.viewers)));
    for (const { old_id } of moved) sql.exec('DELETE FROM viewers WHERE listing_id = ?', old_id);
  }

  async handOver(oldId: string, newId: string): Promise<{ views: number; viewers: number }> {
    const sql = this.ctx.storage.sql;
    const shard = this.#meta<string>('shard');
    if (shard === undefined) return { views: 0, viewers: 0 };
    const views = sql.exec<{ listing_id: string; day: number; views: number }>('SELECT listing_id, day, views FROM pending WHERE listing_id = ?', oldId).toArray();
    const viewers = sql.exec<{ n: number }>('SELECT count(*) AS n FROM viewers WHERE listing_id = ?', oldId).one().n;
    if (!views.length && !viewers) return { views: 0, viewers: 0 };
    await this.#sendOn(`${viewCounterName(shard)}:move:${oldId}`, [{ old_id: oldId, new_id: newId }], views);
    // what was sent leaves; a view counted meanwhile stays (and a later batch sends it on)
    this.ctx.storage.transactionSync(() => {
      for (const v of views) sql.exec('UPDATE pending SET views = views - ? WHERE listing_id = ? AND day = ?', v.views, oldId, v.day);
      sql.exec('DELETE FROM pending WHERE listing_id = ? AND views <= 0', oldId);
    });
    return { views: views.reduce((n, v) => n + v.views, 0), viewers };
  }

  async takeForwarded(
    batch: string,
    shard: string,
    views: { listingId: string; day: number; views: number }[],
    viewers: { listingId: string; day: number; viewerKey: string }[] = [],
  ): Promise<boolean> {
    const sql = this.ctx.storage.sql;
    const taken = this.ctx.storage.transactionSync(() => {
      if (this.#meta('shard') === undefined) this.#setMeta('shard', shard);
      if (!sql.exec('INSERT INTO forwarded (batch, at) VALUES (?, ?) ON CONFLICT DO NOTHING RETURNING 1', batch, Date.now()).toArray().length) return false;
      for (const v of viewers) sql.exec('INSERT INTO viewers (day, listing_id, viewer_key) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', v.day, v.listingId, v.viewerKey);
      for (const v of views) {
        sql.exec('INSERT INTO pending (listing_id, day, views) VALUES (?, ?, ?) ON CONFLICT (listing_id, day) DO UPDATE SET views = views + excluded.views', v.listingId, v.day, v.views);
      }
      return true;
    });
    if (taken && (await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + VIEW_COUNTER.flushEveryMs);
    return taken;
  }

  override async alarm(): Promise<void> {
    try {
      // a backlog (after D1 was away) drains a batch at a time; the rest waits a moment
      for (let i = 0; i < 10; i++) {
        const { left } = await this.flush();
        if (!left) break;
      }
    } catch (e) {
      console.warn('view counter: writing to D1 failed; the counts stay here and are tried again', e);
      await this.ctx.storage.setAlarm(Date.now() + VIEW_COUNTER.retryAfterMs);
      return;
    }
    this.ctx.storage.sql.exec('DELETE FROM viewers WHERE day < ?', viewerRowCutoff(Date.now()));
    // a sender sends a batch again within seconds of its first try; a day is far beyond that
    this.ctx.storage.sql.exec('DELETE FROM forwarded WHERE at < ?', Date.now() - 86_400_000);
    const waiting = this.ctx.storage.sql.exec<{ n: number }>('SELECT (SELECT count(*) FROM pending) + (SELECT count(*) FROM inflight) AS n').one().n;
    if (waiting && (await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + VIEW_COUNTER.flushEveryMs);
  }

  async unwritten(listingIds: string[]): Promise<Record<string, UnwrittenViews>> {
    const out: Record<string, UnwrittenViews> = {};
    for (const id of listingIds) {
      const rows = this.ctx.storage.sql
        .exec<{ day: number; n: number }>(
          'SELECT day, sum(views) AS n FROM (SELECT day, views FROM pending WHERE listing_id = ?1 UNION ALL SELECT day, views FROM inflight WHERE listing_id = ?1) GROUP BY day',
          id,
        )
        .toArray();
      out[id] = { total: rows.reduce((n, r) => n + r.n, 0), byDay: Object.fromEntries(rows.map((r) => [r.day, r.n])) };
    }
    return out;
  }

  async snapshot(keys: { listingId: string; day: number }[]) {
    const sql = this.ctx.storage.sql;
    const count = (q: string, k: { listingId: string; day: number }) => sql.exec<{ n: number }>(q, k.day, k.listingId).one().n;
    return {
      seq: this.#meta<number>('seq') ?? 0,
      writing: this.#meta<number>('inflight_seq') != null,
      viewers: keys.map((k) => count('SELECT count(*) AS n FROM viewers WHERE day = ?1 AND listing_id = ?2', k)),
      unwritten: keys.map((k) =>
        count('SELECT coalesce((SELECT views FROM pending WHERE day = ?1 AND listing_id = ?2), 0) + coalesce((SELECT views FROM inflight WHERE day = ?1 AND listing_id = ?2), 0) AS n', k),
      ),
    };
  }
}
