import { badgeText } from '../chat/format';
import { useUnreadCounts } from './use-unread-counts';

/**
 * The unread-messages count for the header's chat icon: '9+' above 9, nothing at 0 (spec part 1
 * §9). Place it inside a `position: relative` parent (the header's `.icon-button--badged`).
 */
export function ChatBadge() {
  const { unreadMessages } = useUnreadCounts();
  const text = badgeText(unreadMessages);
  if (!text) return null;
  return (
    <span className="count-badge" aria-hidden="true" data-testid="chat-badge">
      {text}
    </span>
  );
}
