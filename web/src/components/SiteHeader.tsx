import { Link, useRouterState } from '@tanstack/react-router';
import { Suspense, lazy, useEffect, useState, type ComponentType } from 'react';
import { isAllIndia } from '../features/locations/all-india';
import { useSelectedLocation } from '../features/locations/selected-location';
import { useLanguage, useT } from '../lib/i18n';
import { isMobileViewport, useIsMobile } from '../lib/use-media-query';
import { Icon } from './header/icons';
import { SellButton, WishlistLink } from './header/HeaderLinks';
import { SearchBox } from '../features/search/SearchBox';
import { useStoredToken } from '../features/auth/auth-store';
import { AfterFirstPaint } from './AfterFirstPaint';

// Opened on demand, so none of it weighs on the first page load.
// The desktop header (account menu, notifications, chat badge, categories bar) is a chunk of its
// own: phones never load it (the home page's JavaScript budget, decision 011); main.tsx fetches it before the first render
// on wider screens, so it renders at once, and the worker preloads it for them.
const loadDesktopHeader = () => import('./DesktopHeader');
let desktopHeader: ComponentType | undefined;
const LazyDesktopHeader = lazy(() => loadDesktopHeader().then((m) => ({ default: m.DesktopHeader })));
/** Resolves once the header this screen shows can render without suspending. */
export const preloadSiteHeader = (): Promise<void> =>
  isMobileViewport()
    ? Promise.resolve()
    : loadDesktopHeader().then((m) => {
        desktopHeader = m.DesktopHeader;
      });
const loadMobileMenu = () => import('./MobileMenu');
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })));
// The chat and notification counts: their own chunk (the inbox socket and its hooks), asked for only
// by a signed-in phone, after the first paint.
const loadMobileCounts = () => import('./header/ChatLinks');
const MobileHeaderCounts = lazy(() => loadMobileCounts().then((m) => ({ default: m.MobileHeaderCounts })));
const loadMobileLocation = () => import('../features/locations/MobileLocationScreen');
const MobileLocationScreen = lazy(() => loadMobileLocation().then((m) => ({ default: m.MobileLocationScreen })));


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
  const signedIn = useStoredToken() !== null;

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
            <span className="location-dropdown__value" translate={isAllIndia(location) ? undefined : 'no'}>
          {isAllIndia(location) ? t('India') : location}
        </span>
            <Icon name="chevron" size={18} />
          </button>
          <WishlistLink />
          {signedIn && (
            <AfterFirstPaint>
              <Suspense fallback={null}>
                <MobileHeaderCounts />
              </Suspense>
            </AfterFirstPaint>
          )}
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
  if (isMobile) return <MobileHeader />;
  if (desktopHeader) {
    const Loaded = desktopHeader;
    return <Loaded />;
  }
  return (
    <Suspense fallback={<div className="boot-shell" aria-hidden="true" />}>
      <LazyDesktopHeader />
    </Suspense>
  );
}

