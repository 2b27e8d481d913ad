import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Suspense, lazy, useEffect, useId, useState, type FormEvent } from 'react';
import { CategoryBar } from '../features/catalog/CategoryBar';
import { UserMenu } from '../features/auth/UserMenu';
import { useWishlistCount } from '../features/wishlist/use-wishlist-count';
import { ChatBadge } from '../features/notifications/ChatBadge';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { useUnreadCounts } from '../features/notifications/use-unread-counts';
import { isAllIndia } from '../features/locations/all-india';
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


/** Mobile search suggestions (spec part 1 §2). */
export const SEARCH_SUGGESTIONS = ['Cars', 'Mobile Phones', 'Motorcycles', 'Laptops', 'Furniture', 'Real Estate', 'Jobs', 'Services'];

function useSearchSubmit() {
  const navigate = useNavigate();
  const location = useSelectedLocation();
  // Empty text browses everything: /products without q (spec part 1 §5); the chosen place comes along.
  return (text: string) => {
    const q = text.trim();
    const place = isAllIndia(location) || location === 'Current Location' ? undefined : location;
    void navigate({ to: '/products', search: { ...(q ? { q } : {}), ...(place ? { location: place } : {}) } });
  };
}

function SearchForm() {
  const t = useT();
  const submit = useSearchSubmit();
  const currentQuery = useSearch({ strict: false, select: (search) => search.q });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(String(new FormData(event.currentTarget).get('q') ?? ''));
  };
  return (
    <form className="search-form" role="search" onSubmit={onSubmit}>
      <input
        // Remount when the URL's query changes so the box always shows what is being searched.
        key={String(currentQuery ?? '')}
        className="search-form__input"
        type="search"
        name="q"
        defaultValue={currentQuery ?? ''}
        placeholder={t('Search "Mobiles"')}
        aria-label={t('Search listings')}
        enterKeyHint="search"
        maxLength={200}
      />
      <button type="submit" className="search-form__button" aria-label={t('Search')}>
        <Icon name="search" size={22} />
      </button>
    </form>
  );
}

/** The mobile search box: a combobox whose suggestions narrow as you type. */
function MobileSearch() {
  const t = useT();
  const submit = useSearchSubmit();
  const currentQuery = useSearch({ strict: false, select: (search) => search.q });
  const [text, setText] = useState(String(currentQuery ?? ''));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  useEffect(() => setText(String(currentQuery ?? '')), [currentQuery]);

  const needle = text.trim().toLowerCase();
  const suggestions = SEARCH_SUGGESTIONS.filter((s) => !needle || s.toLowerCase().includes(needle));
  const showList = open && suggestions.length > 0;

  const choose = (value: string) => {
    setText(value);
    setOpen(false);
    submit(value);
  };

  return (
    <form
      className="search-form search-form--mobile"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        if (showList && active >= 0 && suggestions[active]) choose(suggestions[active]);
        else {
          setOpen(false);
          submit(text);
        }
      }}
    >
      <input
        className="search-form__input"
        type="search"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        aria-label={t('Search listings')}
        placeholder={t('Search "Mobiles"')}
        enterKeyHint="search"
        maxLength={200}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((i) => Math.min(i + 1, suggestions.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((i) => Math.max(i - 1, -1));
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      <button type="submit" className="search-form__button" aria-label={t('Search')}>
        <Icon name="search" size={22} />
      </button>
      <ul id={listId} role="listbox" className="search-suggestions" hidden={!showList} aria-label={t('Popular searches')}>
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'search-suggestions__item is-active' : 'search-suggestions__item'}
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(suggestion);
            }}
          >
            <Icon name="search" size={16} /> {t(suggestion)}
          </li>
        ))}
      </ul>
    </form>
  );
}

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
    <Link to="/en-in/post" className={`sell-button ${className}`.trim()} aria-label={`${t('SELL')}: post an ad`}>
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
        <Link to="/" className="logo" aria-label="SEL home">
          SEL
        </Link>
        <LocationDropdown />
        <SearchForm />
        <LanguageSelect className="header-extra" />
        <nav className="header-actions" aria-label="Your account">
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

function MobileHeader() {
  const t = useT();
  const location = useSelectedLocation();
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
          <Link to="/" className="logo logo--small" aria-label="SEL home">
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
        <MobileSearch />
      </header>
      <SellButton className="sell-button--floating" />
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

