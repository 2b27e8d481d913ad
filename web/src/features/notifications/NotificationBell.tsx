import { Component, Suspense, lazy, useEffect, useId, type ReactNode } from 'react';
import { Icon } from '../../components/header/all-icons';
import { useI18n, useT } from '../../lib/i18n';
import { usePopover } from '../../lib/use-popover';
import { badgeText } from '../chat/format';
import { useUnreadCounts } from './use-unread-counts';
import './notifications.css';

const loadPanel = () => import('./NotificationPanel');
const NotificationPanel = lazy(() => loadPanel().then((m) => ({ default: m.NotificationPanel })));

export interface NotificationBellProps {
  /** Which number the badge shows: unread notifications (header) or notifications + messages (inbox). */
  count?: 'notifications' | 'total';
  /** Open the panel on mount (e.g. a link to /chat#notifications). */
  defaultOpen?: boolean;
  className?: string;
}

/** The bell: unread badge, and a panel with the latest notifications (spec part 2 §2). */
export function NotificationBell({ count = 'notifications', defaultOpen = false, className = '' }: NotificationBellProps) {
  const counts = useUnreadCounts();
  const popover = usePopover();
  const { t, tn } = useI18n();
  const panelId = useId();
  const value = count === 'total' ? counts.total : counts.unreadNotifications;
  const text = badgeText(value, 99);
  const { setOpen } = popover;

  useEffect(() => {
    if (defaultOpen) setOpen(true);
  }, [defaultOpen, setOpen]);

  if (!counts.signedIn) return null;

  const label = value > 0 ? tn(value, 'Notifications ({n} unread)', 'Notifications ({n} unread)') : t('Notifications');
  return (
    <div className={`notif-bell ${className}`.trim()}>
      <button
        ref={popover.triggerRef}
        type="button"
        className="icon-button icon-button--badged"
        aria-label={label}
        title={t('Notifications')}
        aria-expanded={popover.open}
        aria-controls={popover.open ? panelId : undefined}
        onClick={popover.toggle}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
      >
        <Icon name="bell" />
        {text && (
          <span className="count-badge" aria-hidden="true">
            {text}
          </span>
        )}
      </button>
      {popover.open && (
        <div ref={popover.panelRef} id={panelId} className="notif-panel" role="dialog" aria-label={t('Notifications')}>
          <PanelBoundary>
            <Suspense fallback={<p className="notif-panel__state">{t('Loading...')}</p>}>
              <NotificationPanel onClose={() => popover.close(true)} />
            </Suspense>
          </PanelBoundary>
        </div>
      )}
    </div>
  );
}

/**
 * The panel's code arrives on first open; if that fails (offline, or a new release replaced the
 * file) only the panel says so — the page around the bell keeps working.
 */
class PanelBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <PanelFailed />;
  }
}

function PanelFailed() {
  const t = useT();
  return (
    <div className="notif-panel__state" role="alert">
      <p>{t('Failed to load notifications')}</p>
      <button type="button" className="link-button" onClick={() => window.location.reload()}>
        {t('Refresh Page')}
      </button>
    </div>
  );
}
