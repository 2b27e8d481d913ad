import { Link, useRouterState } from '@tanstack/react-router';
import { Suspense, lazy, useEffect, useId, useState } from 'react';
import { CategoryBar } from '../features/catalog/CategoryBar';
import { UserMenu } from '../features/auth/UserMenu';
import { useWishlistCount } from '../features/wishlist/use-wishlist-count';
import { ChatBadge } from '../features/notifications/ChatBadge';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { useUnreadCounts } from '../features/notifications/use-unread-counts';
import { SearchBox } from '../features/search/SearchBox';
import { useSelectedLocation } from '../features/locations/selected-location';
import { useLanguage, useT } from '../lib/i18n';
import { useIsMobile } from '../lib/use-media-query';
import { usePopover } from '../lib/use-popover';
import { Icon } from './header/icons';
import { LanguageSelect } from './header/LanguageSelect';

// Opened on demand, so none of it weighs on the first page load.
const loadLocationDropdown = () => import('../features/locations/LocationDropdownPanel');
const LocationDropdownPanel = lazy(() => loadLocationDropdown().then((m) => ({ default: m.LocationDropdownPanel })));
const loadMobileMenu = () => import('./MobileMenu');
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })));
const loadMobileLocation = () => import('../features/locations/MobileLocationScreen');
const MobileLocationScreen = lazy(() => loadMobileLocation().then((m) => ({ default: m.MobileLocationScreen })));


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
        <span className="location-dropdown__value">{location}</span>
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

function SellButton({ className = '' }: { className?: string }) {
  const t = useT();
  // Guests meet the login modal through the /en-in/post guard, which brings them back here after.
  return (
    <Link to="/en-in/post" className={`sell-button ${className}`.trim()} aria-label={`${t('SELL')}: ${t('post an ad')}`}>
      <span className="sell-button__inner">
        <span aria-hidden="true">+</span> {t('SELL')}
      </span>
    </Link>
  );
}

/** The heart with the wishlist count (99+ cap), refreshed every 10 s and on focus. */
function WishlistLink() {
  const t = useT();
  const { count, badge } = useWishlistCount();
  return (
    <Link to="/wishlist" className="icon-button icon-button--badged" aria-label={count ? `${t('Wishlist')} (${count})` : t('Wishlist')} title={t('Wishlist')}>
      <Icon name="heart" />
      {badge && (
        <span className="count-badge" aria-hidden="true">
          {badge}
        </span>
      )}
    </Link>
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

function DesktopHeader() {
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

/**
 * Where the floating SELL button shows on a phone: the browsing pages. Elsewhere it would sit on
 * the page's own bottom actions (Chat with seller on an ad, Edit in My Ads, the chat composer).
 */
const FLOATING_SELL_PATHS = new Set(['/', '/products']);

function MobileHeader() {
  const t = useT();
  const location = useSelectedLocation();
  const path = useRouterState({ select: (state) => state.location.pathname });
  const [menuOpen, setMenuOpen] = useState(false);
  const [locationOpen, setLocationOpen] = useState(false);

  return (
    <>
      <header className="mobile-header">
        <div className="mobile-header__bar">
          <button
            type="button"
            className="icon-button"
            aria-label={t('Menu')}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
            onPointerEnter={() => void loadMobileMenu()}
          >
            <Icon name="menu" />
          </button>
          <Link to="/" className="logo logo--small" aria-label={t('SEL home')}>
            SEL
          </Link>
          <button
            type="button"
            className="mobile-header__location"
            aria-haspopup="dialog"
            aria-label={`${t('Choose location')}: ${location}`}
            onClick={() => setLocationOpen(true)}
          >
            <Icon name="pin" size={18} />
            <span className="location-dropdown__value">{location}</span>
            <Icon name="chevron" size={18} />
          </button>
          <WishlistLink />
        </div>
        <SearchBox variant="mobile" />
      </header>
      {FLOATING_SELL_PATHS.has(path) && <SellButton className="sell-button--floating" />}
      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
      {locationOpen && (
        <Suspense fallback={null}>
          <MobileLocationScreen onClose={() => setLocationOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export function SiteHeader() {
  const isMobile = useIsMobile();
  const language = useLanguage();
  useEffect(() => {
    document.documentElement.lang = language === 'hi' ? 'hi' : 'en-IN';
  }, [language]);
  return isMobile ? <MobileHeader /> : <DesktopHeader />;
}

