import { notificationRows } from '../support/inbox-notifications';
import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { call } from './helpers';
import { accountsDb, accountsDbs, createListing, createUserWithToken, listingDb, sessionsDb } from '../factories';
import { RETENTION, utcDay } from '../../worker/schemas/retention-data';
import { rollUpViews } from '../../worker/services/listings/view-rollup';
import { runConsistencyChecks } from '../../worker/services/consistency';
import { notify, notifyManyOnce } from '../../worker/services/notifications/notifications';
import { viewCounter, viewShardOfListing } from '../../worker/services/listings/view-counter';
import { flushViews } from '../support/view-counter';
import { removeExpiredSessions } from '../../worker/services/accounts/session-cleanup';
import { TOKEN_TTL_SECONDS } from '../../worker/lib/jwt';
import { ulid } from '../../worker/lib/ulid';

/** Per-day and per-user history leaves the hot database (decision 020): view roll-ups, bounded notifications. */

const DAY = 86_400_000;
type User = Awaited<ReturnType<typeof createUserWithToken>>;
const get = (user: User, path: string) => call(path, { headers: user.auth });
const countIn = async (db: D1Database, sql: string, ...params: unknown[]) => (await db.prepare(sql).bind(...params).first<{ n: number }>())!.n;
/** A count in the database of this ad (its view history lives beside it, decision 033). */
const adCount = (listingId: string, sql: string, ...params: unknown[]) => countIn(listingDb(listingId), sql, ...params);

/**
 * Ad history as the view counter leaves it (decision 020): `views` distinct viewers on each day,
 * counted by the view counter object with that day's clock and written to D1 in its batches (the
 * day's counter and the lifetime count on the ad).
 */
const viewHistory = async (listingId: string, days: Record<number, number>) => {
  const sellerId = (await listingDb(listingId).prepare('SELECT user_id FROM listings WHERE id = ?').bind(listingId).first<string>('user_id'))!;
  // the counter of the ad's database (one per listings database; "main" with one)
  const shard = viewShardOfListing(env, listingId);
  for (const [day, views] of Object.entries(days).map(([d, v]) => [Number(d), v] as const)) {
    for (let i = 0; i < views; i++) {
      expect(await viewCounter(env, shard).record({ shard, listingId, sellerId, viewerKey: `a:viewer${i}`, now: day * DAY + 60_000 })).toBe(true);
    }
  }
  await flushViews();
};

/** "Already counted today" rows in D1 as the code wrote them before the view counter object. */
const legacyViewerRows = (listingId: string, days: Record<number, number>) =>
  listingDb(listingId).batch(
    Object.entries(days).flatMap(([day, n]) =>
      Array.from({ length: n }, (_, i) => listingDb(listingId).prepare('INSERT INTO listing_views (listing_id, viewer_key, day) VALUES (?, ?, ?)').bind(listingId, `a:old${i}`, Number(day))),
    ),
  );

describe('view history: per-day rows older than 30 days roll up into per-ad totals', () => {
  it('the seller’s stats show the same figures before and after; old days become one total; the checker stays clean', async () => {
    const now = Date.now();
    const today = utcDay(now);
    const seller = await createUserWithToken();
    const ad = await createListing(seller, { views: 0 });
    const other = await createListing(seller, { views: 0 });
    // 40 and 31 days ago: past the window; 29 days ago: the window's first day; 5 days ago, yesterday and today
    await viewHistory(ad.id, { [today - 40]: 3, [today - 31]: 2, [today - 29]: 4, [today - 5]: 6, [today - 1]: 1, [today]: 2 });
    await viewHistory(other.id, { [today - 35]: 5, [today]: 1 });

    const before = await get(seller, `/api/listings/${ad.id}/stats`);
    expect(before.status).toBe(200);
    expect(before.body.data.views).toBe(18);

    // viewer rows the code wrote to D1 before the view counter object leave once their day is over
    await legacyViewerRows(ad.id, { [today - 5]: 3, [today]: 1 });
    await legacyViewerRows(other.id, { [today - 35]: 2 });
    const result = await rollUpViews(env, now);
    expect(result.rolledDays).toBe(3);
    expect(result.viewerRows).toBe(5);

    const after = await get(seller, `/api/listings/${ad.id}/stats`);
    expect(after.body.data).toEqual(before.body.data);
    expect(after.body.data.daily.at(0)).toMatchObject({ views: 4 });
    expect(after.body.data.daily.reduce((n: number, d: { views: number }) => n + d.views, 0)).toBe(13);

    // both ads are in Bengaluru: one database holds both totals
    expect(listingDb(other.id)).toBe(listingDb(ad.id));
    const totals = await listingDb(ad.id).prepare('SELECT listing_id, views, through_day FROM listing_view_totals WHERE listing_id IN (?, ?) ORDER BY views').bind(ad.id, other.id).all();
    expect(totals.results).toEqual([
      { listing_id: ad.id, views: 5, through_day: today - 30 },
      { listing_id: other.id, views: 5, through_day: today - 34 },
    ]);
    expect(await adCount(ad.id, 'SELECT count(*) AS n FROM listing_daily_stats WHERE listing_id = ? AND day < ?', ad.id, today - 29)).toBe(0);
    expect(await adCount(ad.id, 'SELECT count(*) AS n FROM listing_views WHERE listing_id IN (?, ?) AND day < ?', ad.id, other.id, today - 1)).toBe(0);
    expect(await adCount(ad.id, 'SELECT count(*) AS n FROM listing_views WHERE listing_id = ?', ad.id)).toBe(1);

    // a second run finds nothing left; the per-day counters of days the counter no longer remembers are no disagreement
    expect(await rollUpViews(env, now)).toEqual({ rolledDays: 0, viewerRows: 0 });
    const report = await runConsistencyChecks(env, { only: ['listing_daily_stats.views'], now });
    expect(report.checks[0]).toMatchObject({ rows: 0, remaining: 0 });
    expect(report.checks[0]!.rowsChecked).toBeGreaterThanOrEqual(2);
  });

  it('works in bounded batches: a day later the next day leaves the window and is added to the same total', async () => {
    const now = Date.now();
    const today = utcDay(now);
    const seller = await createUserWithToken();
    const ads = [await createListing(seller, { views: 0 }), await createListing(seller, { views: 0 }), await createListing(seller, { views: 0 })];
    for (const [i, ad] of ads.entries()) await viewHistory(ad.id, { [today - 45]: 1 + i, [today - 32]: 2, [today - 29]: 7 });
    // all three in Bengaluru: one database, so the bounds below (per database) see all six old rows
    expect(new Set(ads.map((a) => listingDb(a.id))).size).toBe(1);

    // two rows a statement, one statement a run: six old rows take three runs, oldest day first
    const runs = [];
    for (let i = 0; i < 4; i++) runs.push((await rollUpViews(env, now, { batchRows: 2, batchesPerRun: 1 })).rolledDays);
    expect(runs).toEqual([2, 2, 2, 0]);
    const totals = async () =>
      (await listingDb(ads[0]!.id).prepare(`SELECT views, through_day AS t FROM listing_view_totals WHERE listing_id IN (${ads.map(() => '?').join(', ')}) ORDER BY listing_id`).bind(...ads.map((a) => a.id)).all())
        .results;
    const idOrder = [...ads].sort((a, b) => (a.id < b.id ? -1 : 1)).map((a) => ads.indexOf(a));
    expect(await totals()).toEqual(idOrder.map((i) => ({ views: 1 + i + 2, t: today - 31 })));

    // tomorrow, the window's first day (7 views each) leaves it too
    await rollUpViews(env, now + DAY);
    expect(await totals()).toEqual(idOrder.map((i) => ({ views: 1 + i + 2 + 7, t: today - 28 })));
    const stats = await get(seller, `/api/listings/${ads[0]!.id}/stats`);
    expect(stats.body.data.views).toBe(10);
  });

  it('deleting an ad removes its view history with it', async () => {
    const seller = await createUserWithToken();
    const ad = await createListing(seller);
    const today = utcDay(Date.now());
    await viewHistory(ad.id, { [today - 40]: 2, [today]: 1 });
    await rollUpViews(env);
    expect(await adCount(ad.id, 'SELECT count(*) AS n FROM listing_view_totals WHERE listing_id = ?', ad.id)).toBe(1);
    const res = await call(`/api/listings/${ad.id}`, { method: 'DELETE', headers: seller.auth });
    expect(res.status).toBe(200);
    for (const table of ['listing_views', 'listing_daily_stats', 'listing_view_totals']) {
      expect(await adCount(ad.id, `SELECT count(*) AS n FROM ${table} WHERE listing_id = ?`, ad.id), table).toBe(0);
    }
  });
});

describe('notifications: a bounded history per user', () => {
  const limit = RETENTION.notificationsPerUser;

  /** `n` notifications written straight into the table (the user's accounts database), oldest first, the first `unread` of them unread. */
  const backlog = async (userId: string, n: number, unread: number, from: number) => {
    const db = accountsDb(userId);
    const statements = [];
    for (let i = 0; i < n; i += 12) {
      const rows = Array.from({ length: Math.min(12, n - i) }, (_, k) => i + k);
      statements.push(
        db.prepare(`INSERT INTO notifications (id, user_id, title, body, type, data, is_read, created_at) VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`).bind(
          ...rows.flatMap((k) => [`ntf_old_${userId}_${String(k).padStart(4, '0')}`, userId, `Old ${k}`, 'body', 'SYSTEM', '{}', k < unread ? 0 : 1, from + k * 60_000]),
        ),
      );
    }
    await db.batch(statements);
  };

  it('keeps each user’s newest notifications up to the limit, whatever path writes them; unread counts match what is kept', async () => {
    const user = await createUserWithToken();
    const neighbour = await createUserWithToken();
    const start = Date.now() - 10 * DAY;
    // the limit plus five, the oldest eight unread: the five oldest go, three unread of them
    await backlog(user.id, limit + 5, 8, start);
    await backlog(neighbour.id, 3, 3, start);
    expect(await countIn(accountsDb(user.id), 'SELECT count(*) AS n FROM notifications WHERE user_id = ?', user.id)).toBe(limit);
    expect(await countIn(accountsDb(user.id), `SELECT count(*) AS n FROM notifications WHERE user_id = ? AND id <= ?`, user.id, `ntf_old_${user.id}_0004`)).toBe(0);

    // the inbox copies D1's rows in on its first use (decision 032) and keeps the same limit from then on
    let unread = await get(user, '/api/notifications/unread-count');
    expect(unread.body.data.unreadNotifications).toBe(3);
    expect(await countIn(accountsDb(user.id), 'SELECT count(*) AS n FROM notifications WHERE user_id = ?', user.id)).toBe(0);

    // one at a time (notify) and keyed in a batch (notifyManyOnce): each pushes the oldest kept one out
    await notify(env, user.id, { type: 'SYSTEM', title: 'Newest one', body: 'hello' });
    await notifyManyOnce(env, [
      { key: `retention-test:a:${user.id}`, userId: user.id, n: { type: 'SYSTEM', title: 'Keyed a', body: 'x' } },
      { key: `retention-test:b:${user.id}`, userId: user.id, n: { type: 'SYSTEM', title: 'Keyed b', body: 'y' } },
      { key: `retention-test:c:${neighbour.id}`, userId: neighbour.id, n: { type: 'SYSTEM', title: 'Keyed c', body: 'z' } },
    ]);
    expect(await notificationRows(user.id)).toHaveLength(limit);
    // the three oldest unread left first (kept rows 5, 6, 7 were the unread ones); the three new ones are unread
    unread = await get(user, '/api/notifications/unread-count');
    expect(unread.body.data.unreadNotifications).toBe(3);
    expect((await notificationRows(user.id)).filter((n) => n.is_read === 0)).toHaveLength(3);

    const list = await get(user, '/api/notifications?limit=5');
    expect(list.body.data.pagination.total).toBe(limit);
    expect(list.body.data.notifications.map((n: { title: string }) => n.title).slice(0, 3).sort()).toEqual(['Keyed a', 'Keyed b', 'Newest one']);
    // another user's history is theirs: untouched
    expect(await notificationRows(neighbour.id)).toHaveLength(4);
  });

  it('the trigger in every accounts database keeps exactly the reviewed limit', async () => {
    for (const db of accountsDbs()) {
      const sql = (await db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'notifications_keep_newest'`).first<{ sql: string }>())?.sql;
      expect(sql).toContain(`OFFSET ${limit}`);
    }
  });
});

describe('expired sessions leave from the hourly cleanup', () => {
  it('removes sessions past their expiry in bounded statements, oldest first, and never a live one', async () => {
    const now = Date.now();
    const user = await createUserWithToken();
    const WEEK = TOKEN_TTL_SECONDS * 1000;
    // as the sign-in writes them: a ULID id begun with the moment of sign-in, a token's lifetime to live
    const session = (createdAt: number, lives = WEEK) => ({ id: ulid(createdAt), createdAt, expiresAt: createdAt + lives });
    const expired = [10, 9.5, 9, 8.5, 8].map((days) => session(now - days * DAY));
    const live = [session(now - 6 * DAY), session(now - DAY), session(now)];
    // a session that lives longer than a token (none does today): kept until its own expiry
    const longLived = session(now - 20 * DAY, 30 * DAY);
    const all = [...expired, ...live, longLived];
    // where the sign-in writes them: the user's accounts database
    const db = sessionsDb(user.id);
    await db.batch(all.map((s) => db.prepare('INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').bind(s.id, user.id, s.createdAt, s.expiresAt)));
    const left = async () =>
      (await db.prepare(`SELECT id FROM sessions WHERE id IN (${all.map(() => '?').join(', ')}) ORDER BY id`).bind(...all.map((s) => s.id)).all<{ id: string }>()).results.map((r) => r.id);

    // two rows a statement, two statements a run: the oldest four go first, the fifth the next run
    expect(await removeExpiredSessions(env, now, { batchRows: 2, batchesPerRun: 2 })).toBe(4);
    expect(await left()).toEqual([longLived, expired[4]!, ...live].map((s) => s.id).sort());
    expect(await removeExpiredSessions(env, now, { batchRows: 2, batchesPerRun: 2 })).toBe(1);
    expect(await removeExpiredSessions(env, now)).toBe(0);
    expect(await left()).toEqual([longLived, ...live].map((s) => s.id).sort());
    // a signed-in user is not affected
    expect((await get(user, '/api/auth/profile')).status).toBe(200);

    // with a controlled clock: a week on, the sessions live now have expired too; the long-lived one a month on
    await removeExpiredSessions(env, now + 8 * DAY);
    expect(await left()).toEqual([longLived.id]);
    await removeExpiredSessions(env, now + 11 * DAY);
    expect(await left()).toEqual([]);
  });
});
