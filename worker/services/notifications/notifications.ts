import { ulid } from '../../lib/ulid';
import type { Env } from '../../env';
import { notFound } from '../../lib/errors';
import { chatEvent, type Notification, type UnreadCount } from '../../schemas/chat';
import type { PushMessage } from '../../schemas/push';
import { textLanguage, type TextLanguage } from '../../schemas/notification-texts';

export type NotificationType = 'MESSAGE' | 'FAVORITE' | 'LISTING_STATUS' | 'PREMIUM' | 'SYSTEM';

interface NotificationRow {
  id: string;
  user_id: string;
  title: string;
  body: string;
  type: string;
  data: string;
  is_read: number;
  read_at: number | null;
  created_at: number;
}

const toNotification = (r: NotificationRow): Notification => ({
  id: r.id,
  title: r.title,
  body: r.body,
  type: r.type,
  data: (() => {
    try {
      return JSON.parse(r.data) as Record<string, unknown>;
    } catch {
      return {};
    }
  })(),
  isRead: r.is_read === 1,
  readAt: r.read_at ? new Date(r.read_at).toISOString() : null,
  createdAt: new Date(r.created_at).toISOString(),
});

export const inboxOf = (env: Env, userId: string) => env.UserInbox.get(env.UserInbox.idFromName(userId));

type NewNotification = { type: NotificationType; title: string; body: string; data?: Record<string, unknown> };
/**
 * A notification, or how to write it in the recipient's language (decision 010): the function gets the
 * user's stored language. Texts are written once, at creation, and stay in that language.
 */
type NotificationInput = NewNotification | ((language: TextLanguage) => NewNotification);

/** The language texts for this user are written in (users.language); English when unknown. */
export const languageOf = async (env: Env, userId: string): Promise<TextLanguage> =>
  textLanguage((await env.DB.prepare('SELECT language FROM users WHERE id = ?').bind(userId).first<{ language: string }>())?.language);

const written = async (env: Env, userId: string, n: NotificationInput) => (typeof n === 'function' ? n(await languageOf(env, userId)) : n);

const rowOf = (id: string, userId: string, n: NewNotification, now: number): NotificationRow => ({
  id,
  user_id: userId,
  title: n.title.slice(0, 120),
  body: n.body.slice(0, 500),
  type: n.type,
  data: JSON.stringify(n.data ?? {}),
  is_read: 0,
  read_at: null,
  created_at: now,
});

/** Pushes a stored notification to the user's open tabs, or to their browsers (Web Push) when nobody is looking. */
const pushLive = (env: Env, row: NotificationRow, data: Record<string, unknown>) =>
  pushToInbox(env, row.user_id, chatEvent('notification', { notification: toNotification(row) }), pushMessageFor(row.type, row.title, row.body, data));

/**
 * Stores one notification under `id` (a repeat of the same id stores nothing) and, when stored,
 * pushes it live to the user's open tabs, or to their browsers (Web Push) when nobody is looking.
 */
const store = async (env: Env, id: string, userId: string, input: NotificationInput) => {
  const n = await written(env, userId, input);
  const row = rowOf(id, userId, n, Date.now());
  const res = await env.DB.prepare(`INSERT OR IGNORE INTO notifications (id, user_id, title, body, type, data, is_read, created_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?)`)
    .bind(row.id, row.user_id, row.title, row.body, row.type, row.data, row.created_at)
    .run();
  if (res.meta.changes === 0) return false;
  await pushLive(env, row, n.data ?? {});
  return true;
};

/**
 * A notification as a statement to run in the caller's own batch, with its live push to send once
 * stored: a write that also notifies costs one round trip to the database, not two (decision 022).
 */
export const notificationWrite = (env: Env, userId: string, language: string | null | undefined, input: NotificationInput) => {
  const n = typeof input === 'function' ? input(textLanguage(language)) : input;
  const row = rowOf(`ntf_${ulid().toLowerCase()}`, userId, n, Date.now());
  return {
    statement: env.DB.prepare(`INSERT OR IGNORE INTO notifications (id, user_id, title, body, type, data, is_read, created_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?)`).bind(
      row.id,
      row.user_id,
      row.title,
      row.body,
      row.type,
      row.data,
      row.created_at,
    ),
    push: () => pushLive(env, row, n.data ?? {}),
  };
};

/** Stores a notification and pushes it live to the user's open tabs. */
export const notify = async (env: Env, userId: string, n: NotificationInput) => {
  const id = `ntf_${ulid().toLowerCase()}`;
  await store(env, id, userId, n);
  return id;
};

/** Where tapping the notification leads, and a tag so a newer one about the same thing replaces it. */
export const pushMessageFor = (type: string, title: string, body: string, data: Record<string, unknown>): PushMessage => {
  const chatId = typeof data.chatId === 'string' ? data.chatId : undefined;
  const listingId = typeof data.listingId === 'string' ? data.listingId : undefined;
  // a saved-search alert opens the search; its own `url` is always a path on this site
  const own = typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : undefined;
  const url = chatId ? `/chat?chatId=${encodeURIComponent(chatId)}` : own ?? (listingId ? `/listing/${encodeURIComponent(listingId)}` : '/');
  return { title, body, url, tag: `${type.toLowerCase()}:${chatId ?? listingId ?? 'general'}` };
};

/** Best effort: a user with no open tab simply has nobody to push to. */
export const pushToInbox = async (env: Env, userId: string, event: Record<string, unknown>, offline?: PushMessage) => {
  try {
    return await inboxOf(env, userId).push(event, true, offline);
  } catch (err) {
    console.warn('inbox push failed', err);
    return 0;
  }
};

/** Unread messages across the user's chats (as buyer and as seller) plus unread notifications. */
export const unreadCounts = async (env: Env, userId: string): Promise<UnreadCount> => {
  const row = await env.DB.prepare(
    `SELECT
       (SELECT coalesce(sum(last_seq - buyer_last_read_seq), 0) FROM chats WHERE buyer_id = ?1) +
       (SELECT coalesce(sum(last_seq - seller_last_read_seq), 0) FROM chats WHERE seller_id = ?1) AS messages,
       (SELECT count(*) FROM notifications WHERE user_id = ?1 AND is_read = 0) AS notifications`,
  )
    .bind(userId)
    .first<{ messages: number; notifications: number }>();
  const unreadMessages = row?.messages ?? 0;
  const unreadNotifications = row?.notifications ?? 0;
  return { unreadMessages, unreadNotifications, total: unreadMessages + unreadNotifications };
};

export const listNotifications = async (env: Env, userId: string, q: { page: number; limit: number; type?: string }) => {
  const where = q.type ? 'user_id = ? AND type = ?' : 'user_id = ?';
  const params = q.type ? [userId, q.type] : [userId];
  const [rows, total] = await env.DB.batch<unknown>([
    env.DB.prepare(`SELECT * FROM notifications WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`).bind(...params, q.limit, (q.page - 1) * q.limit),
    env.DB.prepare(`SELECT count(*) AS total FROM notifications WHERE ${where}`).bind(...params),
  ]);
  const t = (total?.results[0] as { total: number } | undefined)?.total ?? 0;
  return {
    notifications: ((rows?.results ?? []) as NotificationRow[]).map(toNotification),
    pagination: { page: q.page, limit: q.limit, total: t, pages: Math.ceil(t / q.limit) },
  };
};

/** Only the owner can mark their notification; someone else's id reads as missing. */
export const markNotificationRead = async (env: Env, userId: string, id: string) => {
  const now = Date.now();
  const row = await env.DB.prepare(`UPDATE notifications SET is_read = 1, read_at = coalesce(read_at, ?) WHERE id = ? AND user_id = ? RETURNING *`)
    .bind(now, id, userId)
    .first<NotificationRow>();
  if (!row) throw notFound('Notification not found', 'NOTIFICATION_NOT_FOUND');
  await pushToInbox(env, userId, chatEvent('notification_read', { id }));
  return toNotification(row);
};

export const markAllNotificationsRead = async (env: Env, userId: string) => {
  const res = await env.DB.prepare(`UPDATE notifications SET is_read = 1, read_at = ? WHERE user_id = ? AND is_read = 0`).bind(Date.now(), userId).run();
  await pushToInbox(env, userId, chatEvent('notification_read', { all: true }));
  return { updated: res.meta.changes };
};

/**
 * A notification's id from what it is about ("saved-search:{ad}:{user}"): the same key always gives
 * the same id. `group` (a fan-out's ad id, a ULID) leads the id, so one event's hundred notifications
 * sit side by side in the primary-key index instead of on a hundred random pages (bench:alerts).
 */
export const notificationIdFor = async (key: string, group?: string) => {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
  const hex = (n: number) => [...digest.slice(0, n)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return group ? `ntf_${group}_${hex(10)}` : `ntf_${hex(13)}`;
};

export interface KeyedNotification {
  /** what it is about; a key stored before stores and pushes nothing */
  key: string;
  /** what many notifications of one fan-out share (the ad's id): stored side by side */
  group?: string;
  userId: string;
  /** the text, or `(language) => text` to write it in the user's language */
  n: NotificationInput;
}

/**
 * Rows about many users in as few round trips as D1 allows: `select(marks)` is a statement with
 * `marks` where the ids go, `uses` how many times it binds them (under 100 bound parameters each).
 */
const rowsForUsers = async <T>(env: Env, userIds: string[], uses: number, select: (marks: string) => string): Promise<T[]> => {
  const unique = [...new Set(userIds)];
  const perStatement = Math.floor(90 / uses);
  const statements = [];
  for (let i = 0; i < unique.length; i += perStatement) {
    const chunk = unique.slice(i, i + perStatement);
    statements.push(env.DB.prepare(select(chunk.map(() => '?').join(', '))).bind(...Array.from({ length: uses }, () => chunk).flat()));
  }
  const rows: T[] = [];
  for (let i = 0; i < statements.length; i += 50) for (const result of await env.DB.batch<T>(statements.slice(i, i + 50))) rows.push(...result.results);
  return rows;
};

/** Many users' languages (users.language); English for the unknown. */
export const languagesOf = async (env: Env, userIds: string[]): Promise<Map<string, TextLanguage>> =>
  new Map(
    (await rowsForUsers<{ id: string; language: string }>(env, userIds, 1, (marks) => `SELECT id, language FROM users WHERE id IN (${marks})`)).map((r) => [
      r.id,
      textLanguage(r.language),
    ]),
  );

/** 7 values a row, under D1's 100 bound parameters per statement. */
const ROWS_PER_INSERT = 14;

/**
 * Of these users, those someone can tell right now: an app tab open (inbox_presence, kept by the
 * inbox Durable Object) or a browser subscribed to Web Push. The others read it on their next visit.
 */
const reachableUsers = async (env: Env, userIds: string[]) =>
  new Set(
    (
      await rowsForUsers<{ user_id: string }>(
        env,
        userIds,
        2,
        (marks) => `SELECT user_id FROM inbox_presence WHERE user_id IN (${marks}) UNION SELECT user_id FROM push_subscriptions WHERE user_id IN (${marks})`,
      )
    ).map((r) => r.user_id),
  );

/**
 * Keyed notifications made ready to store as part of the caller's own batch (one transaction with
 * whatever else the caller writes): `statements` insert them (a key stored before is skipped), and
 * after the batch `deliver(results)` — the results of those statements, in order — pushes the ones
 * this batch created to the inboxes with someone to tell, and says how many were created.
 */
export const prepareNotifications = async (env: Env, items: KeyedNotification[]) => {
  const now = Date.now();
  // texts written in each recipient's language: one lookup for all of them, only when some text asks
  const wanting = items.filter((it) => typeof it.n === 'function').map((it) => it.userId);
  const languages = wanting.length ? await languagesOf(env, wanting) : new Map<string, TextLanguage>();
  const texts = items.map((it) => (typeof it.n === 'function' ? it.n(languages.get(it.userId) ?? 'en') : it.n));
  const rows = await Promise.all(items.map(async (it, i) => rowOf(await notificationIdFor(it.key, it.group), it.userId, texts[i]!, now)));
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT);
    statements.push(
      env.DB.prepare(
        `INSERT OR IGNORE INTO notifications (id, user_id, title, body, type, data, is_read, created_at) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?, 0, ?)').join(', ')} RETURNING id`,
      ).bind(...chunk.flatMap((r) => [r.id, r.user_id, r.title, r.body, r.type, r.data, r.created_at])),
    );
  }
  const deliver = async (results: D1Result[]) => {
    const createdIds = new Set(results.flatMap((r) => (r.results as { id: string }[]).map((x) => x.id)));
    return pushCreated(env, rows.filter((row) => createdIds.has(row.id)));
  };
  return { statements, deliver };
};

/** Stored just now: pushed live to the users someone can tell (an open tab or Web Push); how many there were. */
const pushCreated = async (env: Env, created: NotificationRow[]) => {
  if (!created.length) return 0;
  const reachable = await reachableUsers(env, created.map((row) => row.user_id));
  await Promise.all(created.filter((row) => reachable.has(row.user_id)).map((row) => pushLive(env, row, toNotification(row).data)));
  return created.length;
};

/**
 * Notifications the database writes itself from a SELECT, for a fan-out to many buyers (decision 009:
 * one new ad, hundreds of saved searches) where nothing per buyer needs to pass through JavaScript.
 * `select` yields the columns id, user_id, title, body, type, data, created_at; an id stored before is
 * skipped, so keyed ids make it idempotent. Run it in the caller's batch (`meta.changes` = how many
 * it created) with `reachableFannedOut` last, then `pushRows` tells the reachable ones live.
 */
export const notificationsFromSelect = (env: Env, select: string, params: unknown[]) =>
  env.DB.prepare(
    `INSERT OR IGNORE INTO notifications (id, user_id, title, body, type, data, is_read, created_at)
     SELECT id, user_id, substr(title, 1, 120), substr(body, 1, 500), type, data, 0, created_at FROM (${select}) WHERE true`,
  ).bind(...params);

/**
 * For the end of a fan-out's batch: of its notifications (ids starting with `prefix`, of `type`),
 * those THIS run wrote (`createdAt`, its own moment: a retry after a crash does not push what the
 * dead run stored) to buyers someone can tell right now (a presence row or a push subscription) —
 * only those rows cross over from D1. After the batch, `pushRows` sends them live.
 */
export const reachableFannedOut = (env: Env, prefix: string, type: NotificationType, createdAt: number) =>
  env.DB.prepare(
    `SELECT n.* FROM notifications n
     WHERE n.id > ?1 AND n.id < ?1 || '~' AND n.created_at = ?2 AND n.type = ?3
       AND (EXISTS (SELECT 1 FROM inbox_presence p WHERE p.user_id = n.user_id) OR EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = n.user_id))`,
  ).bind(prefix, createdAt, type);

/** Stored notifications (rows as `reachableFannedOut` read them) pushed live; how many. */
export const pushRows = async (env: Env, rows: unknown[]) => {
  await Promise.all((rows as NotificationRow[]).map((row) => pushLive(env, row, toNotification(row).data)));
  return rows.length;
};

/**
 * Keyed notifications to many users at once (a saved-search fan-out: one new ad, a hundred buyers):
 * stored in one batch, a key stored before (a re-delivered queue message, a retry after a crash)
 * stores and pushes nothing, and only the inboxes with someone to tell are woken — one Durable
 * Object call per reachable buyer instead of one per buyer. Returns how many this call created.
 */
export const notifyManyOnce = async (env: Env, items: KeyedNotification[]) => {
  if (!items.length) return 0;
  const { statements, deliver } = await prepareNotifications(env, items);
  return deliver(await env.DB.batch(statements));
};

/**
 * A notification keyed by what it is about (the digest: "digest:{user}:{day}"): stored and pushed
 * once however often it is asked for. Returns whether this call created it.
 */
export const notifyOnce = async (env: Env, key: string, userId: string, n: NotificationInput) => (await notifyManyOnce(env, [{ key, userId, n }])) === 1;
