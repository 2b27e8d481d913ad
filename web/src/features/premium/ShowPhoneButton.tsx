import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useAuth } from '../auth/use-auth';
import { premiumApi, premiumKeys, usePremiumStatus, type PhoneAccess } from './premium-api';
import { PRO_PHONE_PITCH, isProStatus, phoneAccessErrorView, phoneUsageText, telHref } from './premium-rules';
import { rememberIntent, useResumeIntent } from '../auth/pending-intent';
import './show-phone.css';
import { useT } from '../../lib/i18n';

type ShowPhoneButtonProps = {
  listingId: string;
  /** The ad's owner: they never see this button on their own ad. */
  sellerId: string;
  className?: string;
};

/**
 * "Show phone number" on an ad (spec part 2 §6, Pro right): guests go to the login modal, non-Pro
 * buyers learn what Pro gives, Pro buyers get the number (each ad counts once, 50 a month). The
 * server decides every case; this only picks what to show first.
 */
export function ShowPhoneButton({ listingId, sellerId, className }: ShowPhoneButtonProps) {
  const { status, user } = useAuth();
  if (user && user.id === sellerId) return null;
  // A fresh reveal per ad: a number shown for one listing must not stay on the next one.
  return (
    <PhoneReveal
      key={listingId}
      listingId={listingId}
      sessionChecking={status === 'loading'}
      userId={user?.id ?? null}
      className={className}
    />
  );
}

type PhoneRevealProps = { listingId: string; sessionChecking: boolean; userId: string | null; className?: string };

function PhoneReveal({ listingId, sessionChecking, userId, className }: PhoneRevealProps) {
  const t = useT();
  const navigate = useNavigate();
  const href = useLocation({ select: (location) => location.href });
  const queryClient = useQueryClient();
  const premium = usePremiumStatus();
  const [showPitch, setShowPitch] = useState(false);
  const messageId = useId();

  const reveal = useMutation<PhoneAccess, unknown, string>({
    mutationFn: (forUser) => premiumApi.accessPhone(forUser, listingId),
    onSuccess: (_data, forUser) => void queryClient.invalidateQueries({ queryKey: premiumKeys.status(forUser) }),
  });

  const onClick = () => {
    if (sessionChecking) return;
    if (!userId) {
      rememberIntent('phone', listingId);
      void navigate({ to: '/', search: { showLoginModal: true, redirect: href } });
      return;
    }
    // Known non-Pro: explain instead of asking the server for a certain 403. Unknown (still
    // loading, failed): ask; the server's answer picks the view.
    if (premium.isSuccess && !isProStatus(premium.data)) {
      setShowPitch((shown) => !shown);
      return;
    }
    reveal.mutate(userId);
  };

  // a guest who tapped "Show phone number" and signed in gets the number (or the Pro pitch) at once
  useResumeIntent('phone', listingId, !!userId && !sessionChecking && !premium.isPending, onClick);

  const errorView = reveal.isError ? phoneAccessErrorView(reveal.error) : null;
  const pitch = showPitch || errorView?.kind === 'upsell';

  if (reveal.isSuccess) {
    const { phone, sellerName, phoneNumbersUsed, phoneNumbersLimit } = reveal.data;
    return (
      <div className={`premium-phone premium-phone--revealed${className ? ` ${className}` : ''}`}>
        <a className="button button--primary button--block premium-phone__number" href={telHref(phone)} aria-label={`Call ${sellerName} on ${phone}`}>
          <PhoneIcon />
          {phone}
        </a>
        <p className="premium-phone__usage">{phoneUsageText(phoneNumbersUsed, phoneNumbersLimit)}</p>
      </div>
    );
  }

  return (
    <div className={`premium-phone${className ? ` ${className}` : ''}`}>
      <button
        type="button"
        className="button button--outline button--block premium-phone__button"
        onClick={onClick}
        disabled={reveal.isPending || sessionChecking}
        aria-busy={reveal.isPending}
        aria-expanded={pitch ? true : undefined}
        aria-describedby={pitch || errorView ? messageId : undefined}
      >
        <PhoneIcon />
        {reveal.isPending ? t('Getting number...') : t('Show phone number')}
      </button>
      {pitch ? (
        <div className="premium-phone__pitch" id={messageId}>
          <p>
            <strong>{errorView?.message ?? PRO_PHONE_PITCH}</strong>
          </p>
          <p>{t('With SEL Buyer Pro you can call up to 50 sellers a month directly and get curated leads, for ₹299 a month.')}</p>
          <Link to="/premium" className="premium-phone__upgrade">
            {t('See Pro plans')}
          </Link>
        </div>
      ) : (
        errorView && (
          <p className="premium-error premium-phone__error" id={messageId} role="alert">
            {errorView.message}
          </p>
        )
      )}
    </div>
  );
}

function PhoneIcon() {
  return (
    <svg className="premium-phone__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        fill="currentColor"
        d="M6.6 10.8a15.2 15.2 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1l-2.2 2.2Z"
      />
    </svg>
  );
}
