import { Link } from '@tanstack/react-router';
import { useT } from '../../lib/i18n';

/** The slim bar of the post pages (the site header is hidden there): a way back and the logo. */
export function SellTopBar({ back, backLabel }: { back: { to: '/' | '/en-in/post' }; backLabel: string }) {
  const t = useT();
  return (
    <header className="sell-topbar">
      <Link to={back.to} className="icon-button sell-topbar__back" aria-label={backLabel} title={backLabel}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path fill="currentColor" d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20v-2Z" />
        </svg>
      </Link>
      <Link to="/" className="logo sell-topbar__logo" aria-label={t('SEL home')}>
        SEL
      </Link>
    </header>
  );
}
