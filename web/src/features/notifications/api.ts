import { api, isApiError } from '../../lib/api';
import type { Notification, NotificationsPage, UnreadCount } from '../chat/types';

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The bell's panel shows the first five (spec part 2 §9). */
export const PANEL_NOTIFICATIONS = 5;

export const notificationKeys = {
  all: ['notifications'] as const,
  user: (userId: string) => [...notificationKeys.all, userId] as const,
  list: (userId: string) => [...notificationKeys.user(userId), 'list'] as const,
  unread: (userId: string) => [...notificationKeys.user(userId), 'unread-count'] as const,
};

export const notificationsApi = {
  list: (page = 1, signal?: AbortSignal) => api.get<NotificationsPage>('/notifications', { page, limit: NOTIFICATIONS_PAGE_SIZE }, { signal }),
  markRead: (id: string) => api.put<Notification>(`/notifications/${encodeURIComponent(id)}/read`),
  markAllRead: () => api.put<{ updated: number }>('/notifications/read-all'),
  unreadCount: (signal?: AbortSignal) => api.get<UnreadCount>('/notifications/unread-count', undefined, { signal }),
};

export const ZERO_COUNTS: UnreadCount = { unreadMessages: 0, unreadNotifications: 0, total: 0 };

/** Spec part 1 §9: at least 30 s between loads, a 5-minute breaker after a 429, one retry after 3 s. */
export const UNREAD_MIN_INTERVAL_MS = 30_000;
export const UNREAD_BREAKER_MS = 5 * 60_000;
export const UNREAD_RETRY_DELAY_MS = 3000;
/** A load asked for by an event (a chat just read) may come sooner, but never in a burst. */
export const UNREAD_FORCED_MIN_INTERVAL_MS = 2000;

export interface UnreadCountLoader {
  /** The counts from the server, or — when a load isn't allowed yet or fails — the last known (else zeros). */
  load(options?: { force?: boolean }): Promise<UnreadCount>;
  /** Fresh counts from the server, or null when a load isn't allowed yet or fails. */
  loadFresh(options?: { force?: boolean }): Promise<UnreadCount | null>;
}

export function createUnreadCountLoader(deps: {
  fetch: () => Promise<UnreadCount>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}): UnreadCountLoader {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let lastLoadAt = -Infinity;
  let breakerUntil = -Infinity;
  let last: UnreadCount | null = null;

  const fetchOnce = async (): Promise<UnreadCount> => {
    try {
      return await deps.fetch();
    } catch (error) {
      const status = isApiError(error) ? error.status : 0;
      if (status === 429 || status === 401 || status === 403) throw error;
      await sleep(UNREAD_RETRY_DELAY_MS);
      return deps.fetch();
    }
  };

  const loadFresh = async ({ force = false } = {}): Promise<UnreadCount | null> => {
    const start = now();
    const minInterval = force ? UNREAD_FORCED_MIN_INTERVAL_MS : UNREAD_MIN_INTERVAL_MS;
    if (start < breakerUntil || start - lastLoadAt < minInterval) return null;
    lastLoadAt = start;
    try {
      last = await fetchOnce();
      return last;
    } catch (error) {
      if (isApiError(error) && error.status === 429) breakerUntil = now() + UNREAD_BREAKER_MS;
      return null;
    }
  };

  return {
    loadFresh,
    load: async (options) => (await loadFresh(options)) ?? last ?? ZERO_COUNTS,
  };
}
