import { Link } from '@tanstack/react-router';
import { badgeText } from '../../features/chat/format';
import { ChatBadge } from '../../features/notifications/ChatBadge';
import { useUnreadCounts } from '../../features/notifications/use-unread-counts';
import { useI18n, useT } from '../../lib/i18n';
import { Icon } from './all-icons';

/**
 * The header's live counts, shared by both layouts: the chat icon with the unread-messages badge
 * (desktop and phone) and, on a phone, a bell that opens the notifications list of the chat page
 * (the desktop bell's pop-over panel does not fit a phone). The numbers come from the one inbox
 * socket (useUnreadCounts), so both headers and the ☰ menu always agree.
 */
export function ChatLink() {
  const t = useT();
  const { unreadMessages } = useUnreadCounts();
  return (
    <Link to="/chat" className="icon-button icon-button--badged" aria-label={unreadMessages ? `${t('Chat')} (${unreadMessages})` : t('Chat')} title={t('Chat')}>
      <Icon name="chat" />
      <ChatBadge />
    </Link>
  );
}

export function NotificationsLink() {
  const { t, tn } = useI18n();
  const { unreadNotifications } = useUnreadCounts();
  const text = badgeText(unreadNotifications, 99);
  const label = unreadNotifications > 0 ? tn(unreadNotifications, 'Notifications ({n} unread)', 'Notifications ({n} unread)') : t('Notifications');
  return (
    <Link to="/chat" hash="notifications" className="icon-button icon-button--badged" aria-label={label} title={t('Notifications')}>
      <Icon name="bell" />
      {text && (
        <span className="count-badge" aria-hidden="true" data-testid="notifications-badge">
          {text}
        </span>
      )}
    </Link>
  );
}

/** The phone header's two counts; loaded after the first paint and only for a signed-in user. */
export function MobileHeaderCounts() {
  const { signedIn } = useUnreadCounts();
  if (!signedIn) return null;
  return (
    <>
      <ChatLink />
      <NotificationsLink />
    </>
  );
}
