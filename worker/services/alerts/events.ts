/**
 * The transactional outbox of listing events (decision 009). A change that can interest buyers (an ad
 * posted, approved, reactivated, its price lowered) adds `eventStatement` to the SAME D1 batch as
 * the change, so the event exists exactly when the change does. `dispatchEvents` then hands it to
 * the queue at once; `relayOutbox` (cron, every minute) re-sends what a failed send left behind.
 * The consumer is idempotent, so a send that happens twice costs nothing.
 */
import { ulid } from '../../lib/ulid';
import type { Env } from '../../env';

export type ListingEventKind = 'posted' | 'approved' | 'reactivated' | 'price_lowered';

/**
 * The insert of one event, applied only when `guardSql` (bound to `guardParams`) finds the change
 * written: a compare-and-set that lost writes no event.
 */
export const eventStatement = (env: Env, listingId: string, kind: ListingEventKind, guard: { sql: string; params: unknown[] }, oldPriceMinor?: number) => {
  const id = `evt_${ulid().toLowerCase()}`;
  const statement = env.DB.prepare(
    `INSERT INTO listing_events (id, listing_id, kind, old_price_minor, created_at) SELECT ?, ?, ?, ?, ? WHERE EXISTS (${guard.sql})`,
  ).bind(id, listingId, kind, oldPriceMinor ?? null, Date.now(), ...guard.params);
  return { id, statement };
};

/** Sends events to the queue and marks them sent. Never throws: the relay picks up what failed. */
export const dispatchEvents = async (env: Env, ids: string[]) => {
  if (!ids.length) return 0;
  try {
    const { results } = await env.DB.prepare(`SELECT id FROM listing_events WHERE id IN (${ids.map(() => '?').join(', ')}) AND sent_at IS NULL`)
      .bind(...ids)
      .all<{ id: string }>();
    if (!results.length) return 0;
    await env.ALERTS_QUEUE.sendBatch(results.map((r) => ({ body: { eventId: r.id }, contentType: 'json' as const })));
    await env.DB.prepare(`UPDATE listing_events SET sent_at = ? WHERE id IN (${results.map(() => '?').join(', ')})`)
      .bind(Date.now(), ...results.map((r) => r.id))
      .run();
    return results.length;
  } catch (err) {
    console.warn('alerts: queue send failed, the relay will retry', err);
    return 0;
  }
};

/** Events written but never handed to the queue (a send failed, the isolate died): send them now. */
export const relayOutbox = async (env: Env, olderThanMs = 30_000) => {
  let sent = 0;
  for (;;) {
    const { results } = await env.DB.prepare('SELECT id FROM listing_events WHERE sent_at IS NULL AND created_at < ? ORDER BY created_at LIMIT 90')
      .bind(Date.now() - olderThanMs)
      .all<{ id: string }>();
    if (!results.length) return sent;
    const n = await dispatchEvents(env, results.map((r) => r.id));
    if (n === 0) return sent;
    sent += n;
  }
};
