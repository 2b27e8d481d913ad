/**
 * The transactional outbox of listing events (decision 009). A change that can interest buyers (an ad
 * posted, approved, reactivated, its price lowered) adds `eventStatement` to the SAME D1 batch as
 * the change, so the event exists exactly when the change does. `dispatchEvents` then hands it to
 * the queue at once; `relayOutbox` (cron, every minute) re-sends what a failed send left behind.
 * The consumer is idempotent, so a send that happens twice costs nothing.
 *
 * With listings over several databases (decision 033) the outbox is the ad's own database's
 * `listing_events`: the event still goes in the same batch as the change, so it exists exactly when
 * the ad does (an event in the core, written beside the posting record, could outlive an ad whose
 * own batch then failed, or reach the consumer before the ad exists). Its id ends in the ad's group
 * digit as the ad's id does, so whoever holds the id knows the database; the relay reads every one.
 */
import { ulid } from '../../lib/ulid';
import type { Env } from '../../env';
import { groupOfListingId, listingDatabases, listingDbForId } from '../../db/shards';

/** `moved`: an ad moved into another group of states went live there under its new id (decision 033) */
export type ListingEventKind = 'posted' | 'approved' | 'reactivated' | 'price_lowered' | 'moved';

/**
 * The insert of one event, applied only when `guardSql` (bound to `guardParams`) finds the change
 * written: a compare-and-set that lost writes no event.
 */
export const eventStatement = (env: Env, listingId: string, kind: ListingEventKind, guard: { sql: string; params: unknown[] }, oldPriceMinor?: number) => {
  // an untagged listing id (one database) gives an untagged event id, as before
  const id = `evt_${ulid().toLowerCase()}${groupOfListingId(listingId) ?? ''}`;
  const statement = listingDbForId(env, listingId).prepare(
    `INSERT INTO listing_events (id, listing_id, kind, old_price_minor, created_at) SELECT ?, ?, ?, ?, ? WHERE EXISTS (${guard.sql})`,
  ).bind(id, listingId, kind, oldPriceMinor ?? null, Date.now(), ...guard.params);
  return { id, statement };
};

/** The database whose outbox holds an event: the one of the ad it is about (`DB` with one). */
export const eventDb = (env: Env, eventId: string): D1Database => listingDbForId(env, eventId.replace(/^evt_/, ''));

/** Sends events to the queue and marks them sent. Never throws: the relay picks up what failed. */
export const dispatchEvents = async (env: Env, ids: string[]) => {
  if (!ids.length) return 0;
  const byDatabase = new Map<D1Database, string[]>();
  for (const id of ids) byDatabase.set(eventDb(env, id), [...(byDatabase.get(eventDb(env, id)) ?? []), id]);
  const sent = await Promise.all([...byDatabase].map(([db, some]) => dispatchFrom(env, db, some)));
  return sent.reduce((a, b) => a + b, 0);
};

const dispatchFrom = async (env: Env, db: D1Database, ids: string[]) => {
  try {
    const { results } = await db.prepare(`SELECT id FROM listing_events WHERE id IN (${ids.map(() => '?').join(', ')}) AND sent_at IS NULL`)
      .bind(...ids)
      .all<{ id: string }>();
    if (!results.length) return 0;
    await env.ALERTS_QUEUE.sendBatch(results.map((r) => ({ body: { eventId: r.id }, contentType: 'json' as const })));
    await db.prepare(`UPDATE listing_events SET sent_at = ? WHERE id IN (${results.map(() => '?').join(', ')})`)
      .bind(Date.now(), ...results.map((r) => r.id))
      .run();
    return results.length;
  } catch (err) {
    console.warn('alerts: queue send failed, the relay will retry', err);
    return 0;
  }
};

/** Events written but never handed to the queue (a send failed, the isolate died): send them now, every outbox side by side. */
export const relayOutbox = async (env: Env, olderThanMs = 30_000) => {
  const sent = await Promise.all(listingDatabases(env).map((db) => relayFrom(env, db, olderThanMs)));
  return sent.reduce((a, b) => a + b, 0);
};

const relayFrom = async (env: Env, db: D1Database, olderThanMs: number) => {
  let sent = 0;
  for (;;) {
    const { results } = await db.prepare('SELECT id FROM listing_events WHERE sent_at IS NULL AND created_at < ? ORDER BY created_at LIMIT 90')
      .bind(Date.now() - olderThanMs)
      .all<{ id: string }>();
    if (!results.length) return sent;
    const n = await dispatchFrom(env, db, results.map((r) => r.id));
    if (n === 0) return sent;
    sent += n;
  }
};
