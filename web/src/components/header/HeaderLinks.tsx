import { Link } from '@tanstack/react-router';
import { useWishlistCount } from '../../features/wishlist/use-wishlist-count';
import { useT } from '../../lib/i18n';
import { Icon } from './icons';

/** The header links both layouts show (SiteHeader on phones, DesktopHeader on wider screens). */
export function SellButton({ className = '' }: { className?: string }) {
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

export /** The heart with the wishlist count (99+ cap), refreshed every 10 s and on focus. */
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

