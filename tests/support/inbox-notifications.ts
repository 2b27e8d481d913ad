import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import type { NotificationRow } from '../../worker/durable-object-contracts';

/**
 * A user's notifications live in their inbox object (decision 032): tests read and seed them
 * there, the way the worker does, instead of in D1.
 */
export const inboxOf = (userId: string) => env.UserInbox.get(env.UserInbox.idFromName(userId));

/** Every notification the user's inbox keeps, newest first, as stored rows (snake_case, like D1's). */
export const notificationRows = (userId: string): Promise<NotificationRow[]> => inboxOf(userId).notificationRows();

/** Oldest first, like `ORDER BY created_at, id`. */
export const notificationRowsOldestFirst = async (userId: string) => (await notificationRows(userId)).reverse();

/** Stores one notification in the user's inbox without telling anyone; its id. */
export const addNotification = async (userId: string, n: Partial<NotificationRow> = {}) => {
  const row: NotificationRow = {
    id: `ntf_${ulid().toLowerCase()}`,
    user_id: userId,
    title: 'Hi',
    body: 'Hello',
    type: 'SYSTEM',
    data: '{}',
    is_read: 0,
    read_at: null,
    created_at: Date.now(),
    ...n,
  };
  await inboxOf(userId).storeNotifications({ rows: [row], tell: false });
  return row.id;
};

/** The user's notifications of one type, oldest first. */
export const notificationsOfType = async (userId: string, type: string) => (await notificationRowsOldestFirst(userId)).filter((n) => n.type === type);

/** Empties the user's inbox of notifications (a test resetting its scene). */
export const clearNotifications = async (...userIds: string[]) => {
  for (const id of userIds) await inboxOf(id).deleteNotifications();
};
