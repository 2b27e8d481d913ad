import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { api } from '../../lib/api';
import { msg, useI18n } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { adjustUnreadCounts, updateNotifications } from '../chat/cache';
import { CHAT_ERRORS, chatErrorText } from '../chat/errors';
import type { Notification, UnreadCount } from '../chat/types';
import { useInbox } from '../chat/use-inbox';
import { PANEL_NOTIFICATIONS, notificationKeys, notificationsApi } from './api';
import { relativeNotificationDate } from './relative-date';

/** The first five notifications; a click marks one read (and opens its chat when it has one). */
export function NotificationPanel({ onClose }: { onClose: () => void }) {
  const { userId } = useInbox();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t, language } = useI18n();
  const list = useQuery({
    queryKey: notificationKeys.list(userId ?? 'guest'),
    queryFn: ({ signal }) => notificationsApi.list(1, signal),
    enabled: !!userId,
    staleTime: 60_000,
  });

  const markRead = useMutation({
    mutationFn: (id: string) => notificationsApi.markRead(id),
    onMutate: (id) => {
      if (!userId) return;
      updateNotifications(queryClient, userId, (items) => items.map((n) => (n.id === id ? { ...n, isRead: true, readAt: new Date().toISOString() } : n)));
      adjustUnreadCounts(queryClient, userId, { notifications: -1 });
    },
    onError: () => {
      if (userId) void queryClient.invalidateQueries({ queryKey: notificationKeys.user(userId) });
    },
  });

  const markAll = useMutation({
    mutationFn: () => notificationsApi.markAllRead(),
    onMutate: () => {
      if (!userId) return;
      updateNotifications(queryClient, userId, (items) => items.map((n) => (n.isRead ? n : { ...n, isRead: true, readAt: new Date().toISOString() })));
      queryClient.setQueryData<UnreadCount>(notificationKeys.unread(userId), (counts) =>
        counts ? { ...counts, unreadNotifications: 0, total: counts.unreadMessages } : counts,
      );
    },
    onError: (error) => {
      toast.error(chatErrorText(error, msg('Failed to mark notifications read')));
      if (userId) void queryClient.invalidateQueries({ queryKey: notificationKeys.user(userId) });
    },
  });

  const open = (notification: Notification) => {
    if (!notification.isRead) markRead.mutate(notification.id);
    const chatId = typeof notification.data.chatId === 'string' ? notification.data.chatId : null;
    if (chatId) {
      onClose();
      void navigate({ to: '/chat', search: { chatId } });
      return;
    }
    // a saved-search alert opens the search; the URL is always one of ours
    const url = typeof notification.data.url === 'string' && notification.data.url.startsWith('/') && !notification.data.url.startsWith('//') ? notification.data.url : null;
    if (url) {
      const savedSearchId = typeof notification.data.savedSearchId === 'string' ? notification.data.savedSearchId : null;
      if (savedSearchId) void api.post(`/saved-searches/${encodeURIComponent(savedSearchId)}/seen`).catch(() => undefined);
      onClose();
      void navigate({ href: url });
    }
  };

  const items = list.data?.notifications.slice(0, PANEL_NOTIFICATIONS) ?? [];
  const anyUnread = list.data?.notifications.some((n) => !n.isRead) ?? false;

  return (
    <>
      <div className="notif-panel__head">
        <h2 className="notif-panel__title">{t('Notifications')}</h2>
        <button type="button" className="link-button" onClick={() => markAll.mutate()} disabled={!anyUnread || markAll.isPending}>
          {t('Mark all read')}
        </button>
      </div>
      {list.isPending ? (
        <p className="notif-panel__state">{t('Loading...')}</p>
      ) : list.isError ? (
        <div className="notif-panel__state" role="alert">
          <p>{t(chatErrorText(list.error, CHAT_ERRORS.loadNotifications))}</p>
          <button type="button" className="link-button" onClick={() => void list.refetch()}>
            {t('Try again')}
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="notif-panel__state">{t('No notifications')}</p>
      ) : (
        <ul className="notif-list">
          {items.map((n) => (
            <li key={n.id}>
              <button type="button" className={n.isRead ? 'notif-item' : 'notif-item is-unread'} onClick={() => open(n)}>
                <span className="notif-item__title">{n.title}</span>
                <span className="notif-item__body">{n.body}</span>
                <time className="notif-item__date" dateTime={n.createdAt}>
                  {relativeNotificationDate(n.createdAt, undefined, language)}
                </time>
                {!n.isRead && <span className="visually-hidden">{t('(unread)')}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
