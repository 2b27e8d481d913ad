/** /en-in/payments/packages/consume/free/success (part 2 §2 Ad-posted success page). */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { PromoteDialog } from '../business/PromoteDialog';
import { usePageTitle } from '../../lib/page-title';
import { ListingCard } from '../listings/ListingCard';
import { listingQueries } from '../listings/queries';
import { postedLead, slotNote, type PostingSlot } from './ad-posted';
import './selling.css';

export function AdPostedPage({ slug, slot, group }: { slug?: string; slot?: PostingSlot; group?: string }) {
  usePageTitle('Ad Posted Successfully');
  const t = useT();
  // the ad just posted, shown as buyers will see it
  const posted = useQuery({ ...listingQueries.slug(slug ?? ''), enabled: !!slug }).data;
  // the package chooser (decision 014) with the new ad preselected
  const [promoting, setPromoting] = useState(false);
  const note = slotNote(slot);
  return (
    <section className="sell-success">
      <div className="sell-posted__tick" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="48" height="48">
          <path fill="currentColor" d="m9.5 16.2-4.2-4.2-1.4 1.4 5.6 5.6 11-11-1.4-1.4-9.6 9.6Z" />
        </svg>
      </div>
      <h1 className="page-title">{t('Congratulations!')}</h1>
      <p className="page-lead">{t(postedLead(posted?.status))}</p>
      {posted && (
        <div className="sell-success__ad" aria-label={t('Your ad')} role="region">
          <ListingCard listing={posted} />
        </div>
      )}
      {note && group && (
      <p className="sell-success__info">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="currentColor" d="M11 7h2v2h-2V7Zm0 4h2v6h-2v-6Zm1-9a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16Z" />
        </svg>
        {t(note, { group: t(group) })}
      </p>
      )}
      <div className="sell-success__actions">
        <button type="button" className="button sell-button-yellow" onClick={() => setPromoting(true)}>
          {t('Sell Faster Now')}
        </button>
        {slug ? (
          <Link to="/item/$slug" params={{ slug }} className="button button--outline">
            {t('Preview Ad')}
          </Link>
        ) : (
          <Link to="/en-in/myads" className="button button--outline">
            {t('Preview Ad')}
          </Link>
        )}
      </div>
      <Link to="/" className="back-link">
        {t('Back to Home')}
      </Link>
      {promoting && <PromoteDialog ads={posted ? [posted] : []} initialAdId={posted?.id} onClose={() => setPromoting(false)} />}
    </section>
  );
}
