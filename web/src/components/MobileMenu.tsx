import { Link, type LinkProps } from '@tanstack/react-router';
import { useAuth } from '../features/auth/use-auth';
import { clearStoredToken } from '../lib/auth-token';
import { useT } from '../lib/i18n';
import { Dialog } from './Dialog';
import { Icon, type IconName } from './header/all-icons';
import { LanguageSelect } from './header/LanguageSelect';

const LINKS: { to: LinkProps['to']; label: string; icon: IconName }[] = [
  { to: '/en-in/post', label: 'Start selling', icon: 'plus' },
  { to: '/en-in/myads', label: 'My ADS', icon: 'list' },
  { to: '/wishlist', label: 'Wishlist', icon: 'heart' },
  { to: '/premium', label: 'Become an Elite Buyer', icon: 'crown' },
  { to: '/chat', label: 'Chat', icon: 'chat' },
  { to: '/hc/en-us', label: 'Help', icon: 'help' },
];

/** The mobile slide-in menu (spec part 1 §2). */
export function MobileMenu({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { status, user } = useAuth();
  const signedIn = status === 'authenticated' || status === 'loading';

  const logout = () => {
    // Spec part 1 §2: mobile logout drops the stored token and reloads at the home page.
    clearStoredToken();
    window.location.assign('/');
  };

  return (
    <Dialog open onClose={onClose} title={t('Menu')} hideTitle variant="drawer-left" className="mobile-menu">
      <div className="mobile-menu__welcome">
        <p className="mobile-menu__hello">{user ? t('Hello, {name}', { name: user.firstName }) : t('Welcome to SEL!')}</p>
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
          {LINKS.map((link) => (
            <li key={link.label}>
              <Link to={link.to} className="mobile-menu__link" onClick={onClose}>
                <Icon name={link.icon} size={22} />
                {t(link.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mobile-menu__language">
        <span>{t('Language')}</span>
        <LanguageSelect />
      </div>
      <Link to="/premium" className="mobile-menu__upgrade" onClick={onClose}>
        <strong>{t('Upgrade')}</strong>
        <span>{t('Call sellers directly and buy faster.')}</span>
      </Link>
      {signedIn && (
        <button type="button" className="button button--outline mobile-menu__logout" onClick={logout}>
          {t('Logout')}
        </button>
      )}
    </Dialog>
  );
}
