import type { QueryClient } from '@tanstack/react-query';
import type { NotificationsPage, UnreadCount } from '../chat/types';
import { createUnreadCountLoader, notificationKeys, notificationsApi, type UnreadCountLoader } from './api';

let loader: { userId: string; loader: UnreadCountLoader } | null = null;

/** The REST unread-count loader for this user (its throttle and breaker are per user). */
export function unreadLoaderFor(userId: string): UnreadCountLoader {
  if (loader?.userId !== userId) loader = { userId, loader: createUnreadCountLoader({ fetch: () => notificationsApi.unreadCount() }) };
  return loader.loader;
}

const refreshTimers = new Map<string, ReturnType<typeof setTimeout>>();
const localReadAt = new Map<string, number>();
/** An inbox count arriving this soon after a read here may predate the read. */
const READ_SETTLE_MS = 5000;

/**
 * The inbox computes a count when a message arrives, so one computed before our read can land
 * after it: after reading a chat here, ask the server once things settle.
 */
export function refreshUnreadCountsSoon(queryClient: QueryClient, userId: string, delayMs = 1500) {
  clearTimeout(refreshTimers.get(userId));
  refreshTimers.set(
    userId,
    setTimeout(() => {
      refreshTimers.delete(userId);
      void unreadLoaderFor(userId)
        .loadFresh({ force: true })
        .then((counts) => {
          if (counts) queryClient.setQueryData(notificationKeys.unread(userId), counts);
        });
    }, delayMs),
  );
}

export function noteLocalRead(queryClient: QueryClient, userId: string) {
  localReadAt.set(userId, Date.now());
  refreshUnreadCountsSoon(queryClient, userId);
}

/** Called for every pushed count: one that may be older than a read of ours gets double-checked. */
export function checkPushedCounts(queryClient: QueryClient, userId: string) {
  const at = localReadAt.get(userId);
  if (at !== undefined && Date.now() - at < READ_SETTLE_MS) refreshUnreadCountsSoon(queryClient, userId);
}

/**
 * Opening a chat reads its messages, so its "New message" notification (one per chat while
 * unread) is read too. Costs nothing unless there are unread notifications.
 */
export async function markChatNotificationsRead(queryClient: QueryClient, userId: string, chatId: string) {
  const counts = queryClient.getQueryData<UnreadCount>(notificationKeys.unread(userId));
  if (!counts || counts.unreadNotifications <= 0) return;
  let list = queryClient.getQueryData<NotificationsPage>(notificationKeys.list(userId));
  if (!list) {
    try {
      list = await queryClient.fetchQuery({ queryKey: notificationKeys.list(userId), queryFn: ({ signal }) => notificationsApi.list(1, signal), staleTime: 30_000 });
    } catch {
      return;
    }
  }
  if (!list) return;
  const targets = list.notifications.filter((n) => !n.isRead && n.type === 'MESSAGE' && n.data.chatId === chatId);
  if (!targets.length) return;
  const ids = new Set(targets.map((n) => n.id));
  const readAt = new Date().toISOString();
  queryClient.setQueryData<NotificationsPage>(notificationKeys.list(userId), (data) =>
    data ? { ...data, notifications: data.notifications.map((n) => (ids.has(n.id) ? { ...n, isRead: true, readAt } : n)) } : data,
  );
  queryClient.setQueryData<UnreadCount>(notificationKeys.unread(userId), (c) => {
    if (!c) return c;
    const unreadNotifications = Math.max(0, c.unreadNotifications - ids.size);
    return { ...c, unreadNotifications, total: c.unreadMessages + unreadNotifications };
  });
  await Promise.allSettled(targets.map((n) => notificationsApi.markRead(n.id)));
}
