import { Link } from '@tanstack/react-router';
import { useT } from '../../lib/i18n';
import { STORAGE_KEYS, showWishlistBanner, writeFlag } from './auth-store';

/** Shown one second after login until dismissed once (spec part 1 §2 "Wishlist banner"). */
export default function WishlistBanner() {
  const t = useT();
  const dismiss = () => {
    writeFlag(STORAGE_KEYS.seenWishlistNotification, true);
    showWishlistBanner(false);
  };

  return (
    <div className="wishlist-banner" role="status">
      <svg className="wishlist-banner__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 21.35 10.55 20C5.4 15.36 2 12.28 2 8.5A5.5 5.5 0 0 1 7.5 3c1.74 0 3.41.81 4.5 2.09A6 6 0 0 1 16.5 3 5.5 5.5 0 0 1 22 8.5c0 3.78-3.4 6.86-8.55 11.54Z"
        />
      </svg>
      <p className="wishlist-banner__text">{t('Your Wishlist has a new place!')}</p>
      <Link to="/wishlist" className="wishlist-banner__link" onClick={dismiss}>
        {t('View Wishlist')}
      </Link>
      <button type="button" className="auth-icon-button wishlist-banner__close" aria-label={t('Dismiss')} onClick={dismiss}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="currentColor" d="m12 10.6 5.3-5.3 1.4 1.4-5.3 5.3 5.3 5.3-1.4 1.4-5.3-5.3-5.3 5.3-1.4-1.4 5.3-5.3-5.3-5.3 1.4-1.4z" />
        </svg>
      </button>
    </div>
  );
}
