import type { LinkProps } from '@tanstack/react-router';
import { msg } from '../../lib/i18n';

export interface AccountLink {
  to: LinkProps['to'];
  hash?: string;
  label: string;
  /** Staff only (moderators and admins). */
  staff?: boolean;
}

/**
 * Every page of a signed-in user's account, in one list: the desktop account menu and the phone ☰
 * menu both show it, so a page added here is reachable on both (a phone user must never have to
 * type a URL to verify an e-mail, open an invoice or unblock someone).
 */
export const ACCOUNT_LINKS: AccountLink[] = [
  { to: '/en-in/myads', label: msg('My ADS') },
  { to: '/wishlist', label: msg('Wishlist') },
  { to: '/saved-searches', label: msg('Saved searches') },
  { to: '/en-in/payments/viewcart/ALL', label: msg('View Cart') },
  { to: '/en-in/payments/businesspackages/my_account', label: msg('Buy Business Packages') },
  { to: '/en-in/myorders/orders', label: msg('Bought Packages & Billing') },
  { to: '/premium', label: msg('SEL Buyer plans') },
  { to: '/hc/en-us', label: msg('Help') },
  { to: '/settings', label: msg('Settings') },
  { to: '/admin', label: msg('Moderation'), staff: true },
];

export const isStaff = (role: string | undefined) => role === 'MODERATOR' || role === 'ADMIN';

/** The links this user may open (moderation only for staff). */
export const accountLinksFor = (role: string | undefined) => ACCOUNT_LINKS.filter((link) => !link.staff || isStaff(role));
