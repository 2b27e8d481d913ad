import { ulid } from 'ulid';
import type { Env } from '../env';
import { notFound } from '../lib/errors';
import { chatEvent, type Notification, type UnreadCount } from '../schemas/chat';
import type { PushMessage } from '../schemas/push';
import { textLanguage, type TextLanguage } from '../schemas/notification-texts';

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
 * A notification, or how to write it in the recipient's language (issue 19): the function gets the
 * user's stored language. Texts are written once, at creation, and stay in that language.
 */
type NotificationInput = NewNotification | ((language: TextLanguage) => NewNotification);

/** The language texts for this user are written in (users.language); English when unknown. */
export const languageOf = async (env: Env, userId: string): Promise<TextLanguage> =>
  textLanguage((await env.DB.prepare('SELECT language FROM users WHERE id = ?').bind(userId).first<{ language: string }>())?.language);

const written = async (env: Env, userId: string, n: NotificationInput) => (typeof n === 'function' ? n(await languageOf(env, userId)) : n);

/**
 * Stores one notification under `id` (a repeat of the same id stores nothing) and, when stored,
 * pushes it live to the user's open tabs, or to their browsers (Web Push) when nobody is looking.
 */
const store = async (env: Env, id: string, userId: string, input: NotificationInput) => {
  const n = await written(env, userId, input);
  const row: NotificationRow = {
    id,
    user_id: userId,
    title: n.title.slice(0, 120),
    body: n.body.slice(0, 500),
    type: n.type,
    data: JSON.stringify(n.data ?? {}),
    is_read: 0,
    read_at: null,
    created_at: Date.now(),
  };
  const res = await env.DB.prepare(`INSERT OR IGNORE INTO notifications (id, user_id, title, body, type, data, is_read, created_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?)`)
    .bind(row.id, row.user_id, row.title, row.body, row.type, row.data, row.created_at)
    .run();
  if (res.meta.changes === 0) return false;
  await pushToInbox(env, userId, chatEvent('notification', { notification: toNotification(row) }), pushMessageFor(row.type, row.title, row.body, n.data ?? {}));
  return true;
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
  // a saved-search alert opens the search (issue 21); its own `url` is always a path on this site
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
 * A notification keyed by what it is about (issue 21: "this ad for this buyer"): its id derives
 * from the key, so a retried or duplicated queue message stores and pushes it once. Returns
 * whether this call created it.
 */
export const notifyOnce = async (env: Env, key: string, userId: string, n: NotificationInput) => {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
  return store(env, `ntf_${[...digest.slice(0, 13)].map((b) => b.toString(16).padStart(2, '0')).join('')}`, userId, n);
};
