import { Link } from '@tanstack/react-router';
import { Suspense, lazy, useId } from 'react';
import { CategoryBar } from '../features/catalog/CategoryBar';
import { UserMenu } from '../features/auth/UserMenu';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { SearchBox } from '../features/search/SearchBox';
import { isAllIndia } from '../features/locations/all-india';
import { useSelectedLocation } from '../features/locations/selected-location';
import { useT } from '../lib/i18n';
import { usePopover } from '../lib/use-popover';
import { Icon } from './header/all-icons';
import { LanguageSelect } from './header/LanguageSelect';
import { SellButton, WishlistLink } from './header/HeaderLinks';
import { ChatLink } from './header/ChatLinks';

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
          <Link to="/premium" className="icon-button header-extra" aria-label={t('SEL Buyer plans')} title={t('SEL Buyer plans')}>
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

