import type { Env } from '../../env';
import { RETENTION } from '../../schemas/retention-data';
import { inboxOf } from './notifications';
import { accountsDatabases } from '../../db/accounts';

/**
 * Notifications D1 holds move into their users' inbox objects (decision 032): those from before
 * the inboxes kept them, and any written to D1 because an inbox could not be reached. An inbox also
 * copies its user's rows in by itself the first time it is used; this job is for users nobody sees
 * and for the fallback rows. Bounded (RETENTION.notificationMoveUsersPerRun users a run, from the
 * hourly cron), resumable (a KV cursor by user id; it starts over at the end, since a failed write
 * may leave new rows any time) and idempotent (the inbox stores an id once and deletes from D1 only
 * the rows it holds).
 */

/** Inboxes asked at once within a run. */
const INBOXES_AT_ONCE = 10;
export const NOTIFICATION_MOVE_CURSOR = 'notification-move:cursor';

export interface NotificationMoveResult {
  users: number;
  /** D1 rows deleted after their inbox stored them */
  moved: number;
  /** users whose inbox failed this run: their rows stay in D1 for the next */
  failed: string[];
  /** the run reached the last user holding rows (the next starts from the first again) */
  wrapped: boolean;
}

export const moveNotifications = async (env: Env, limit: number = RETENTION.notificationMoveUsersPerRun): Promise<NotificationMoveResult> => {
  const cursor = (await env.CACHE.get(NOTIFICATION_MOVE_CURSOR)) ?? '';
  // every accounts database holds its own users' fallback rows (decision 034): each is asked for
  // its first `limit` users after the cursor, side by side, and the run takes the first `limit` of
  // them all (the same users one database holding every row would give). With one it is `DB`.
  const found = await Promise.all(
    accountsDatabases(env).map(async (db) => (await db.prepare('SELECT DISTINCT user_id FROM notifications WHERE user_id > ? ORDER BY user_id LIMIT ?').bind(cursor, limit).all<{ user_id: string }>()).results),
  );
  const results = found.length === 1 ? found[0]! : found.flat().sort((a, b) => (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0)).slice(0, limit);
  const result: NotificationMoveResult = { users: results.length, moved: 0, failed: [], wrapped: results.length < limit };
  for (let i = 0; i < results.length; i += INBOXES_AT_ONCE) {
    const chunk = results.slice(i, i + INBOXES_AT_ONCE);
    const settled = await Promise.allSettled(chunk.map((r) => inboxOf(env, r.user_id).importNotifications()));
    for (const [j, s] of settled.entries()) {
      if (s.status === 'fulfilled') result.moved += s.value;
      else result.failed.push(chunk[j]!.user_id);
    }
  }
  // the cursor moves only after the whole run: a run cut short is repeated, which changes nothing
  await env.CACHE.put(NOTIFICATION_MOVE_CURSOR, result.wrapped ? '' : results[results.length - 1]!.user_id);
  if (result.failed.length) console.warn(`notification move: D1 rows kept for ${result.failed.length} user(s) whose inbox failed: ${result.failed.slice(0, 20).join(', ')}`);
  return result;
};
