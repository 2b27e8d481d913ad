import type { Env } from '../../env';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { invalidateListingCaches } from '../../lib/cache';
import { listingDatabases, listingDbForId } from '../../db/shards';
import {
  BOOST_KEEPS_ALIVE_DAYS,
  DAY_MS,
  EXPIRY_JOB,
  EXPIRY_REMINDER_DAYS,
  RENEW_WINDOW_DAYS,
  adLifetimeDays,
} from '../../schemas/ad-lifecycle-data';
import { formatTextDate, render } from '../../schemas/notification-texts';
import { notifyManyOnce } from '../notifications/notifications';

/**
 * The ad lifecycle (decision 019): every ad expires after its category's lifetime; EXPIRED is a
 * status, so everything that shows live ads (status = 'APPROVED') drops it with no change of its
 * own. The owner renews for free in the last RENEW_WINDOW_DAYS or after expiry; a paid feature or
 * boost keeps its ad live until it ends. `expires_at` is the one field that says when.
 */

/** When an ad of this category posted (or renewed) at `from` expires. */
export const expiryFor = (categoryId: string, subcategoryId: string | null | undefined, from: number) => from + adLifetimeDays(categoryId, subcategoryId) * DAY_MS;

/** From when a renewal is accepted: the last RENEW_WINDOW_DAYS before expiry (at once for an ad without one). */
export const renewableFrom = (expiresAt: number | null) => (expiresAt === null ? null : expiresAt - RENEW_WINDOW_DAYS * DAY_MS);

/** What the owner's reads show about expiry (My Ads: "expires in 3 days", "expired on", Renew). */
export const expiryFields = (status: string, expiresAt: number | null) => {
  const from = renewableFrom(expiresAt);
  return {
    expiresAt: expiresAt === null ? null : new Date(expiresAt).toISOString(),
    renewableFrom: status === 'APPROVED' || status === 'EXPIRED' ? (from === null ? null : new Date(from).toISOString()) : null,
  };
};

/**
 * SQL that moves an ad's expiry to at least `?` (a paid feature's end, a boost's days): joined to the
 * promotion's own statement so paid visibility and staying live are one write.
 */
export const KEEP_ALIVE_UNTIL_SQL = 'expires_at = max(coalesce(expires_at, 0), ?)';
export const boostKeepsAliveUntil = (now: number) => now + BOOST_KEEPS_ALIVE_DAYS * DAY_MS;

interface RenewRow {
  id: string;
  user_id: string;
  status: string;
  category_id: string;
  subcategory_id: string | null;
  expires_at: number | null;
}

export const RENEW_TOO_EARLY = `This ad is not due for renewal yet: it can be renewed in its last ${RENEW_WINDOW_DAYS} days before it expires, or after it has expired.`;

/**
 * Free renewal from My Ads. Owner only (403 otherwise); a live ad only in its last
 * RENEW_WINDOW_DAYS, an expired one any time (409 RENEWAL_TOO_EARLY / NOT_RENEWABLE otherwise).
 * The new expiry is a full lifetime after the later of now and the old expiry. An expired ad goes
 * back live: its content is what was live before (any edit while expired ran moderation again), and
 * a renewal is no new posting, so the free-ad limit is not asked again (decision 007, 019).
 *
 * One statement, compare-and-set on the expiry that was read (the expiry job never changes it, only
 * the status): racing the job, either order ends APPROVED with the new expiry; two renewals racing
 * give one renewal and one 409.
 */
export const renewListing = async (env: Env, userId: string, id: string, now = Date.now()) => {
  // the ad's own database (decision 033): with one database that is DB itself
  const target = listingDbForId(env, id);
  const row = await target.prepare('SELECT id, user_id, status, category_id, subcategory_id, expires_at FROM listings WHERE id = ?')
    .bind(id.toLowerCase())
    .first<RenewRow>();
  if (!row) throw notFound("The listing you're looking for doesn't exist or has been removed.", 'LISTING_NOT_FOUND');
  if (row.user_id !== userId) throw forbidden('You do not have permission to perform this action', 'NOT_OWNER');
  if (row.status !== 'APPROVED' && row.status !== 'EXPIRED') {
    const hint = row.status === 'INACTIVE' ? ' Reactivate it instead.' : row.status === 'SOLD' ? ' Put it back on sale instead.' : '';
    throw conflict(`Only a live or expired ad can be renewed.${hint}`, 'NOT_RENEWABLE');
  }
  const from = renewableFrom(row.expires_at);
  if (row.status === 'APPROVED' && from !== null && now < from) {
    throw new AppError(409, 'RENEWAL_TOO_EARLY', RENEW_TOO_EARLY, undefined, undefined, {
      expiresAt: new Date(row.expires_at!).toISOString(),
      renewableFrom: new Date(from).toISOString(),
    });
  }
  const expiresAt = expiryFor(row.category_id, row.subcategory_id, Math.max(now, row.expires_at ?? 0));
  const res = await target.prepare(
    `UPDATE listings SET status = 'APPROVED', expires_at = ?, renewed_at = ?, renewals = renewals + 1, updated_at = max(?, updated_at + 1)
     WHERE id = ? AND user_id = ? AND status IN ('APPROVED', 'EXPIRED') AND expires_at IS ?`,
  )
    .bind(expiresAt, now, now, row.id, userId, row.expires_at)
    .run();
  if (res.meta.changes === 0) throw conflict('The ad changed meanwhile. Please reload and try again.', 'STALE');
  await invalidateListingCaches(env);
  return { id: row.id, status: 'APPROVED' as const, wasExpired: row.status === 'EXPIRED', ...expiryFields('APPROVED', expiresAt) };
};

/** One batch of the expiry job (?1 = now, ?2 = batch size); scripts/bench/expiry.ts times this very statement. */
export const EXPIRE_BATCH_SQL = `UPDATE listings SET status = 'EXPIRED', updated_at = max(?1, updated_at + 1)
  WHERE num IN (SELECT num FROM listings INDEXED BY listings_status_expires WHERE status = 'APPROVED' AND expires_at <= ?1 ORDER BY expires_at LIMIT ?2)
    AND status = 'APPROVED' AND expires_at <= ?1 AND coalesce(featured_until, 0) <= ?1
  RETURNING id`;

/**
 * Live ads past their expiry become EXPIRED, oldest expiry first, `batchSize` per statement and at
 * most `batches` statements a run (EXPIRY_JOB). One statement per batch, guarded again on the row
 * itself, so a renewal that landed in between (a later expiry) is never undone. A running paid
 * feature keeps its ad live whatever the expiry says (the promotion also moved the expiry).
 *
 * With the listings over several databases (decision 033) every database runs its own batches, side
 * by side, each within the same bounds: the bounds keep one database's writes short, and databases do
 * not share their write time; the run's wall time (`budgetMs`) is shared, as they run at once.
 */
export const expireDueAds = async (env: Env, now = Date.now(), bounds: { batchSize: number; batches: number; budgetMs: number } = EXPIRY_JOB) => {
  const started = Date.now();
  const each = await Promise.all(listingDatabases(env).map((db) => expireIn(db, now, bounds, started)));
  const expired = each.reduce((n, e) => n + e, 0);
  // every guest page and count that showed these ads is stale now (edge cache, KV counts)
  if (expired) await invalidateListingCaches(env);
  return expired;
};

const expireIn = async (db: D1Database, now: number, bounds: { batchSize: number; batches: number; budgetMs: number }, started: number) => {
  let expired = 0;
  for (let batch = 0; batch < bounds.batches && Date.now() - started < bounds.budgetMs; batch++) {
    const res = await db.prepare(EXPIRE_BATCH_SQL)
      .bind(now, bounds.batchSize)
      .all<{ id: string }>();
    // rows returned, not meta.changes: that also counts what the triggers wrote (live-ad counts, the search index)
    expired += res.results.length;
    // a featured ad past an (old) expiry is skipped above; fewer than a batch means none are left
    if (res.results.length < bounds.batchSize) break;
  }
  return expired;
};

interface ReminderRow {
  id: string;
  user_id: string;
  title: string;
  expires_at: number;
}

/**
 * Sellers whose ads expire within EXPIRY_REMINDER_DAYS are told, in their language, in the app and by
 * Web Push. The notification is keyed by the ad and the expiry it announces and stored in the
 * seller's inbox (decision 032) before the mark (`expiry_reminded_for`) is written: a crashed or
 * repeated run stores and pushes nothing twice, and a renewal (a new expiry) makes the next period's
 * reminder due.
 *
 * Each listings database (decision 033) is read and marked by its own loop, side by side, within the
 * same bounds as expiry; the notifications all go to the sellers' inboxes, beside the core.
 */
type ReminderBounds = { reminderBatchSize: number; reminderBatches: number; budgetMs: number };

export const remindExpiringAds = async (env: Env, now = Date.now(), bounds: ReminderBounds = EXPIRY_JOB) => {
  const started = Date.now();
  const each = await Promise.all(listingDatabases(env).map((db) => remindIn(env, db, now, bounds, started)));
  return each.reduce((n, r) => n + r, 0);
};

const remindIn = async (env: Env, db: D1Database, now: number, bounds: ReminderBounds, started: number) => {
  let reminded = 0;
  for (let batch = 0; batch < bounds.reminderBatches && Date.now() - started < bounds.budgetMs; batch++) {
    const { results } = await db.prepare(
      `SELECT id, user_id, title, expires_at FROM listings INDEXED BY listings_status_expires
       WHERE status = 'APPROVED' AND expires_at > ?1 AND expires_at <= ?2 AND expiry_reminded_for IS NOT expires_at
       ORDER BY expires_at LIMIT ?3`,
    )
      .bind(now, now + EXPIRY_REMINDER_DAYS * DAY_MS, bounds.reminderBatchSize)
      .all<ReminderRow>();
    if (!results.length) break;
    // told first, then marked: a run that dies between the two tells nobody twice next time (the
    // notification is keyed), while marking first could leave a seller untold
    reminded += await notifyManyOnce(
      env,
      results.map((r) => ({
        key: `ad-expiring:${r.id}:${r.expires_at}`,
        userId: r.user_id,
        n: (lang) => ({
          type: 'LISTING_STATUS' as const,
          title: render(lang, 'adExpiringTitle'),
          body: render(lang, 'adExpiringBody', { title: r.title, date: formatTextDate(lang, r.expires_at) }),
          data: { listingId: r.id, status: 'EXPIRING', expiresAt: new Date(r.expires_at).toISOString(), url: '/en-in/myads?status=active' },
        }),
      })),
    );
    const marks = results.map((r) => db.prepare('UPDATE listings SET expiry_reminded_for = ? WHERE id = ? AND expires_at = ?').bind(r.expires_at, r.id, r.expires_at));
    await db.batch(marks);
    if (results.length < bounds.reminderBatchSize) break;
  }
  return reminded;
};

/** The scheduled run (EXPIRY_JOB.cron): reminders first (an ad about to go is told before the next one goes), then expiry. */
export const runAdLifecycle = async (env: Env, now = Date.now()) => {
  const reminded = await remindExpiringAds(env, now);
  const expired = await expireDueAds(env, now);
  return { reminded, expired };
};
