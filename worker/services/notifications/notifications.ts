import { ulid } from '../../lib/ulid';
import type { Env } from '../../env';
import { accountsDatabases, accountsDbForUser } from '../../db/accounts';
import { chatListWithAccounts } from '../chat/chat-members';
import { usersDbFor, readUsers } from '../../db/users';
import { notFound } from '../../lib/errors';
import { chatEvent, type Notification, type UnreadCount } from '../../schemas/chat';
import type { PushMessage } from '../../schemas/push';
import { textLanguage, type TextLanguage } from '../../schemas/notification-texts';
import type { NotificationRow } from '../../durable-object-contracts';

export type NotificationType = 'MESSAGE' | 'FAVORITE' | 'LISTING_STATUS' | 'PREMIUM' | 'SYSTEM';

export const toNotification = (r: NotificationRow): Notification => ({
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
  textLanguage((await usersDbFor(env, userId).prepare('SELECT language FROM users WHERE id = ?').bind(userId).first<{ language: string }>())?.language);

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

/** Inbox calls made at once when one event tells many users. */
const INBOXES_AT_ONCE = 10;

/**
 * Stores one user's new notifications in their inbox object (decision 032), which tells them (live
 * or by Web Push) about the ones it created. A write never loses a notification: an inbox that
 * cannot be reached is asked once more, and if it still fails the rows go to D1's notifications
 * table, which the inbox copies in on the hourly move (`moveNotifications`); only when D1 fails too
 * does the caller see the error (and its own retry repeats the write, keyed ids making it harmless).
 * Returns the ids created (for a D1 fallback: the ones D1 did not hold yet).
 */
export const storeInInbox = async (env: Env, userId: string, rows: NotificationRow[], opts: { tell: boolean; replaceUnread?: boolean } = { tell: true }) => {
  let lastError: unknown;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return (await inboxOf(env, userId).storeNotifications({ rows, tell: opts.tell, replaceUnread: opts.replaceUnread })).created;
    } catch (err) {
      lastError = err;
    }
  }
  console.warn(`inbox of ${userId} unreachable; ${rows.length} notification(s) kept in D1 until the hourly move`, lastError);
  // the user's own accounts database (decision 034), where their inbox copies them in from
  const db = accountsDbForUser(env, userId);
  const results = await db.batch(
    rows.map((r) =>
      db.prepare(`INSERT OR IGNORE INTO notifications (id, user_id, title, body, type, data, is_read, read_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`).bind(
        r.id,
        r.user_id,
        r.title,
        r.body,
        r.type,
        r.data,
        r.is_read,
        r.read_at,
        r.created_at,
      ),
    ),
  );
  return rows.filter((_, i) => results[i]?.meta.changes).map((r) => r.id);
};

/**
 * Stored rows for many users, each user's inbox asked once (a few at a time). With `reach`, only
 * those in it are told (the rest read it on their next visit: no Web Push lookup per buyer).
 * Returns how many rows were created.
 */
export const storeRows = async (env: Env, rows: NotificationRow[], reach?: Set<string>) => {
  const byUser = new Map<string, NotificationRow[]>();
  for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
  const users = [...byUser.keys()];
  let created = 0;
  for (let i = 0; i < users.length; i += INBOXES_AT_ONCE) {
    const made = await Promise.all(users.slice(i, i + INBOXES_AT_ONCE).map((u) => storeInInbox(env, u, byUser.get(u)!, { tell: reach ? reach.has(u) : true })));
    for (const m of made) created += m.length;
  }
  return created;
};

/** Stores a notification and tells the user (their open tabs, or Web Push when nobody is looking). */
export const notify = async (env: Env, userId: string, n: NotificationInput) => {
  const id = `ntf_${ulid().toLowerCase()}`;
  await storeInInbox(env, userId, [rowOf(id, userId, await written(env, userId, n), Date.now())]);
  return id;
};

/**
 * A chat's notification for a recipient with no tab open: one per conversation until read, an
 * unread one taking the newest message's words (and replacing the phone's notification).
 */
export const notifyChatMessage = async (env: Env, recipientId: string, n: NewNotification) =>
  storeInInbox(env, recipientId, [rowOf(`ntf_${ulid().toLowerCase()}`, recipientId, n, Date.now())], { tell: true, replaceUnread: true });

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

/**
 * Unread messages across the user's chats (as buyer and as seller), from D1's conversation rows; with
 * the chat list per member on (decision 034), from the user's own rows in their accounts database
 * (a read mark never passes its row's last message).
 */
export const unreadMessages = async (env: Env, userId: string): Promise<number> => {
  const read = chatListWithAccounts(env)
    ? accountsDbForUser(env, userId).prepare('SELECT coalesce(sum(last_seq - last_read_seq), 0) AS messages FROM chat_members WHERE user_id = ?1')
    : env.DB.prepare(
        `SELECT
         (SELECT coalesce(sum(last_seq - buyer_last_read_seq), 0) FROM chats WHERE buyer_id = ?1) +
         (SELECT coalesce(sum(last_seq - seller_last_read_seq), 0) FROM chats WHERE seller_id = ?1) AS messages`,
      );
  return (await read.bind(userId).first<{ messages: number }>())?.messages ?? 0;
};

/** Unread messages plus unread notifications (kept by the inbox object): both asked at once, one wait. */
export const unreadCounts = async (env: Env, userId: string): Promise<UnreadCount> => {
  const [unreadMessagesNow, unreadNotifications] = await Promise.all([unreadMessages(env, userId), inboxOf(env, userId).unreadNotifications()]);
  return { unreadMessages: unreadMessagesNow, unreadNotifications, total: unreadMessagesNow + unreadNotifications };
};

export const listNotifications = async (env: Env, userId: string, q: { page: number; limit: number; type?: string }) => {
  const { rows, total } = await inboxOf(env, userId).listNotifications(q);
  return {
    notifications: rows.map(toNotification),
    pagination: { page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit) },
  };
};

/** Only the owner can mark their notification (it is only in their inbox); someone else's id reads as missing. */
export const markNotificationRead = async (env: Env, userId: string, id: string) => {
  const row = await inboxOf(env, userId).markNotificationRead(id);
  if (!row) throw notFound('Notification not found', 'NOTIFICATION_NOT_FOUND');
  return toNotification(row);
};

export const markAllNotificationsRead = async (env: Env, userId: string) => ({ updated: await inboxOf(env, userId).markAllNotificationsRead() });

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
const rowsForUsers = async <T>(db: D1Database, userIds: string[], uses: number, select: (marks: string) => string): Promise<T[]> => {
  const unique = [...new Set(userIds)];
  const perStatement = Math.floor(90 / uses);
  const statements = [];
  for (let i = 0; i < unique.length; i += perStatement) {
    const chunk = unique.slice(i, i + perStatement);
    statements.push(db.prepare(select(chunk.map(() => '?').join(', '))).bind(...Array.from({ length: uses }, () => chunk).flat()));
  }
  const rows: T[] = [];
  for (let i = 0; i < statements.length; i += 50) for (const result of await db.batch<T>(statements.slice(i, i + 50))) rows.push(...result.results);
  return rows;
};

/**
 * `rowsForUsers` over the users' own accounts databases (decision 034): each database asked for its
 * users, all of them side by side (one wait, as with one database, which is `DB` itself).
 */
const rowsForUsersApart = async <T>(env: Env, userIds: string[], uses: number, select: (marks: string) => string): Promise<T[]> => {
  const databases = accountsDatabases(env);
  const byDatabase = new Map<D1Database, string[]>();
  for (const userId of userIds) {
    const db = accountsDbForUser(env, userId);
    byDatabase.set(db, [...(byDatabase.get(db) ?? []), userId]);
  }
  const found = await Promise.all(databases.filter((db) => byDatabase.has(db)).map((db) => rowsForUsers<T>(db, byDatabase.get(db)!, uses, select)));
  return found.flat();
};

/** Many users' languages (users.language); English for the unknown. */
export const languagesOf = async (env: Env, userIds: string[]): Promise<Map<string, TextLanguage>> =>
  new Map([...(await readUsers<{ id: string; language: string }>(env, userIds, ['language'])).values()].map((r) => [r.id, textLanguage(r.language)]));

/**
 * Of these users, those someone can tell right now: an app tab open (inbox_presence, kept by the
 * inbox Durable Object) or a browser subscribed to Web Push. The others read it on their next visit.
 */
export const reachableUsers = async (env: Env, userIds: string[]) =>
  new Set(
    (
      await rowsForUsersApart<{ user_id: string }>(
        env,
        userIds,
        2,
        (marks) => `SELECT user_id FROM inbox_presence WHERE user_id IN (${marks}) UNION SELECT user_id FROM push_subscriptions WHERE user_id IN (${marks})`,
      )
    ).map((r) => r.user_id),
  );

/** Keyed notifications as rows: their ids from their keys, their texts in each recipient's language. */
export const keyedRows = async (env: Env, items: KeyedNotification[]) => {
  const now = Date.now();
  // texts written in each recipient's language: one lookup for all of them, only when some text asks
  const wanting = items.filter((it) => typeof it.n === 'function').map((it) => it.userId);
  const languages = wanting.length ? await languagesOf(env, wanting) : new Map<string, TextLanguage>();
  const texts = items.map((it) => (typeof it.n === 'function' ? it.n(languages.get(it.userId) ?? 'en') : it.n));
  return Promise.all(items.map(async (it, i) => rowOf(await notificationIdFor(it.key, it.group), it.userId, texts[i]!, now)));
};

/**
 * Notifications about one event to many users (a fan-out: one new ad, a hundred buyers), already
 * written as rows with keyed ids: each user's inbox stores theirs (an id held already stores and
 * tells nothing: a re-delivered queue message or a retry after a crash repeats nothing). With more
 * than one user, one D1 read finds who can be told right now (an open tab or Web Push); the others
 * are stored without a push lookup each. Returns how many were created.
 */
export const notifyRows = async (env: Env, rows: NotificationRow[]) => {
  if (!rows.length) return 0;
  const users = [...new Set(rows.map((r) => r.user_id))];
  return storeRows(env, rows, users.length > 1 ? await reachableUsers(env, users) : undefined);
};

/** Keyed notifications to many users at once (see `notifyRows`); how many this call created. */
export const notifyManyOnce = async (env: Env, items: KeyedNotification[]) => (items.length ? notifyRows(env, await keyedRows(env, items)) : 0);

/** Rows as the database wrote them for a fan-out (decision 009), cut to the stored lengths. */
export const rowsFromSelect = (results: unknown[]): NotificationRow[] =>
  (results as Omit<NotificationRow, 'is_read' | 'read_at'>[]).map((r) => ({ ...r, title: r.title.slice(0, 120), body: r.body.slice(0, 500), is_read: 0, read_at: null }));

/**
 * A notification keyed by what it is about (the digest: "digest:{user}:{day}"): stored and pushed
 * once however often it is asked for. Returns whether this call created it.
 */
export const notifyOnce = async (env: Env, key: string, userId: string, n: NotificationInput) => (await notifyManyOnce(env, [{ key, userId, n }])) === 1;
