import { Link } from '@tanstack/react-router';
import { Suspense, lazy, useId } from 'react';
import { CategoryBar } from '../features/catalog/CategoryBar';
import { UserMenu } from '../features/auth/UserMenu';
import { ChatBadge } from '../features/notifications/ChatBadge';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { useUnreadCounts } from '../features/notifications/use-unread-counts';
import { SearchBox } from '../features/search/SearchBox';
import { isAllIndia } from '../features/locations/all-india';
import { useSelectedLocation } from '../features/locations/selected-location';
import { useT } from '../lib/i18n';
import { usePopover } from '../lib/use-popover';
import { Icon } from './header/all-icons';
import { LanguageSelect } from './header/LanguageSelect';
import { SellButton, WishlistLink } from './header/HeaderLinks';

/** The header on screens 768 px and wider; loaded on its own (see SiteHeader). */
const loadLocationDropdown = () => import('../features/locations/LocationDropdownPanel');
const LocationDropdownPanel = lazy(() => loadLocationDropdown().then((m) => ({ default: m.LocationDropdownPanel })));

function LocationDropdown() {
  const t = useT();
  const location = useSelectedLocation();
  const popover = usePopover();
  const panelId = useId();
  return (
    <div className="location-dropdown">
      <button
        ref={popover.triggerRef}
        type="button"
        className="location-dropdown__trigger"
        aria-expanded={popover.open}
        aria-controls={popover.open ? panelId : undefined}
        aria-label={`${t('Choose location')}: ${location}`}
        onClick={popover.toggle}
        onPointerEnter={() => void loadLocationDropdown()}
        onFocus={() => void loadLocationDropdown()}
      >
        <Icon name="pin" size={20} />
        <span className="location-dropdown__value" translate={isAllIndia(location) ? undefined : 'no'}>
          {isAllIndia(location) ? t('India') : location}
        </span>
        <Icon name="chevron" size={20} className="chevron" />
      </button>
      {popover.open && (
        <div ref={popover.panelRef} id={panelId} className="location-dropdown__panel" role="dialog" aria-label={t('Choose location')}>
          <Suspense fallback={<p className="muted location-note">Loading...</p>}>
            <LocationDropdownPanel onDone={() => popover.close(true)} />
          </Suspense>
        </div>
      )}
    </div>
  );
}

/** The chat icon with the live unread-messages badge from the user's inbox socket. */
function ChatLink() {
  const t = useT();
  const { unreadMessages } = useUnreadCounts();
  return (
    <Link to="/chat" className="icon-button icon-button--badged" aria-label={unreadMessages ? `${t('Chat')} (${unreadMessages})` : t('Chat')} title={t('Chat')}>
      <Icon name="chat" />
      <ChatBadge />
    </Link>
  );
}

export function DesktopHeader() {
  const t = useT();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="logo" aria-label={t('SEL home')}>
          SEL
        </Link>
        <LocationDropdown />
        <SearchBox variant="desktop" />
        <LanguageSelect className="header-extra" />
        <nav className="header-actions" aria-label={t('Your account')}>
          <WishlistLink />
          <Link to="/premium" className="icon-button header-extra" aria-label={t('Premium Buyer Program')} title={t('Premium Buyer Program')}>
            <Icon name="crown" />
          </Link>
          <ChatLink />
          <NotificationBell className="header-extra" />
          <UserMenu />
        </nav>
        <SellButton />
      </div>
      <CategoryBar />
    </header>
  );
}

