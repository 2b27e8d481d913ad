import { Link, type LinkProps } from '@tanstack/react-router';
import { accountLinksFor } from '../features/auth/account-links';
import { useAuth } from '../features/auth/use-auth';
import { badgeText } from '../features/chat/format';
import { useUnreadCounts } from '../features/notifications/use-unread-counts';
import { useT } from '../lib/i18n';
import { Dialog } from './Dialog';
import { Icon, type IconName } from './header/all-icons';
import { LanguageSelect } from './header/LanguageSelect';

/** What a guest sees too (the account pages ask them to log in first). */
const GUEST_LINKS: { to: LinkProps['to']; label: string; icon: IconName }[] = [
  { to: '/en-in/post', label: 'Start selling', icon: 'plus' },
  { to: '/en-in/myads', label: 'My ADS', icon: 'list' },
  { to: '/wishlist', label: 'Wishlist', icon: 'heart' },
  { to: '/chat', label: 'Chats', icon: 'chat' },
  { to: '/premium', label: 'SEL Buyer plans', icon: 'crown' },
  { to: '/hc/en-us', label: 'Help', icon: 'help' },
];

/**
 * The phone's slide-in menu (spec part 1 §2). Signed in, it reaches every page the desktop account
 * menu does (the same list, features/auth/account-links) plus chats and notifications with their
 * live counts, and logs out through the same action.
 */
export function MobileMenu({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { status, user, logout } = useAuth();
  const counts = useUnreadCounts();
  const signedIn = status === 'authenticated' || status === 'loading';

  const count = (n: number) => {
    const text = badgeText(n, 99);
    return text ? (
      <span className="count-badge mobile-menu__count" aria-label={`(${n})`}>
        {text}
      </span>
    ) : null;
  };

  return (
    <Dialog open onClose={onClose} title={t('Menu')} hideTitle variant="drawer-left" className="mobile-menu">
      <div className="mobile-menu__welcome">
        <p className="mobile-menu__hello">{user ? t('Hello, {name}', { name: user.firstName }) : t('Welcome to SEL!')}</p>
        {user && (
          <Link to="/profile" className="mobile-menu__profile" onClick={onClose}>
            {t('View and edit profile')}
          </Link>
        )}
        {!signedIn && (
          <>
            <p className="muted">{t('Log in to manage your ads, chats and wishlist.')}</p>
            <Link to="/" search={{ showLoginModal: true }} className="button button--primary" onClick={onClose}>
              {t('Login')}
            </Link>
          </>
        )}
      </div>
      <nav aria-label={t('Menu')}>
        <ul className="mobile-menu__links">
          {!user &&
            GUEST_LINKS.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className="mobile-menu__link" onClick={onClose}>
                  <Icon name={link.icon} size={22} />
                  {t(link.label)}
                </Link>
              </li>
            ))}
          {user && (
            <>
              <li>
                <Link to="/en-in/post" className="mobile-menu__link" onClick={onClose}>
                  <Icon name="plus" size={22} />
                  {t('Start selling')}
                </Link>
              </li>
              <li>
                <Link to="/chat" className="mobile-menu__link" onClick={onClose}>
                  <Icon name="chat" size={22} />
                  {t('Chats')}
                  {count(counts.unreadMessages)}
                </Link>
              </li>
              <li>
                <Link to="/chat" hash="notifications" className="mobile-menu__link" onClick={onClose}>
                  <Icon name="bell" size={22} />
                  {t('Notifications')}
                  {count(counts.unreadNotifications)}
                </Link>
              </li>
              {accountLinksFor(user.role).map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="mobile-menu__link" onClick={onClose}>
                    <Icon name="list" size={22} />
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </>
          )}
        </ul>
      </nav>
      <div className="mobile-menu__language">
        <span>{t('Language')}</span>
        <LanguageSelect />
      </div>
      {!user && (
        <Link to="/premium" className="mobile-menu__upgrade" onClick={onClose}>
          <strong>{t('SEL Buyer plans')}</strong>
          <span>{t('Call sellers directly and buy faster.')}</span>
        </Link>
      )}
      {signedIn && (
        <button
          type="button"
          className="button button--outline mobile-menu__logout"
          onClick={() => {
            onClose();
            void logout();
          }}
        >
          {t('Logout')}
        </button>
      )}
    </Dialog>
  );
}
