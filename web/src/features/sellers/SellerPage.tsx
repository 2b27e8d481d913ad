/**
 * A seller's public page (decision 026): who they are, what they proved, how fast they usually
 * answer, and their live ads with sort and paging. Report (one of their ads: reports are per ad,
 * decision 008) and block from here. The worker renders the same elements and class names for
 * guests (worker/lib/seller-page.ts), so this first render replaces that markup without a jump.
 */
import { useSuspenseQuery, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useI18n, useT } from '../../lib/i18n';
import { formatDate } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useAuth } from '../auth/use-auth';
import { ListingCard } from '../listings/ListingCard';
import { BlockUserButton } from '../trust/BlockUserButton';
import { ReportAdDialog } from '../trust/ReportAdDialog';
import { replyTimeLabel, sellerIdFromSlug, type SellerSort } from '../../../../worker/schemas/seller-page-data';
import { sellerQueries, type SellerProfile } from './queries';
import type { ListingsPage } from '../../../../worker/schemas/listings';

const monthYear: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric' };

function SellerHead({ seller }: { seller: SellerProfile }) {
  const { t, tn, language } = useI18n();
  const [avatarFailed, setAvatarFailed] = useState(false);
  return (
    <section className="seller-page__head detail-card">
      <span className="seller-page__avatar" aria-hidden="true">
        {seller.avatar && !avatarFailed ? <img src={seller.avatar} alt="" width={72} height={72} onError={() => setAvatarFailed(true)} /> : seller.name.trim().charAt(0).toUpperCase() || 'S'}
      </span>
      <div className="seller-page__who">
        <h1 className="seller-page__name">{seller.name}</h1>
        {(seller.phoneVerified || seller.emailVerified) && (
          <ul className="seller-page__badges">
            {seller.phoneVerified && <li className="badge badge--verified">{t('Phone verified')}</li>}
            {seller.emailVerified && <li className="badge badge--verified">{t('E-mail verified')}</li>}
          </ul>
        )}
        <ul className="seller-page__facts muted">
          <li>{t('Member since {date}', { date: formatDate(seller.memberSince, monthYear, language) })}</li>
          <li>{tn(seller.liveAds, '{n} ad live', '{n} ads live')}</li>
          {seller.replyTime && <li className="seller-page__reply">{t(replyTimeLabel(seller.replyTime.medianMinutes))}</li>}
        </ul>
      </div>
    </section>
  );
}

/** Report one of the seller's ads (the report sheet is per ad) and block the seller. */
function SellerSafety({ seller, ads, fromAd }: { seller: SellerProfile; ads: ListingsPage['listings']; fromAd?: string }) {
  const t = useT();
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const [adId, setAdId] = useState(fromAd && ads.some((a) => a.id === fromAd) ? fromAd : (ads[0]?.id ?? ''));
  const [reporting, setReporting] = useState(false);
  if (user?.id === seller.id) return null;
  const signIn = () => void navigate({ to: '/', search: { showLoginModal: true, redirect: window.location.pathname + window.location.search } });
  return (
    <section className="seller-page__safety detail-card" aria-label={t('Report or block')}>
      {ads.length > 0 && (
        <div className="seller-page__report">
          <label className="seller-page__report-label">
            {t('Report an ad of this seller')}
            <select value={adId} onChange={(e) => setAdId(e.target.value)}>
              {ads.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.title}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="report-link" onClick={() => (status === 'guest' ? signIn() : setReporting(true))} disabled={!adId}>
            {t('Report')}
          </button>
        </div>
      )}
      {status === 'authenticated' && <BlockUserButton userId={seller.id} name={seller.name} />}
      {reporting && adId && <ReportAdDialog listingId={adId} open={reporting} onClose={() => setReporting(false)} />}
    </section>
  );
}

const SORTS: { value: SellerSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'price-low', label: 'Price: low to high' },
  { value: 'price-high', label: 'Price: high to low' },
];

export function SellerPage({ slug, sort, page, fromAd }: { slug: string; sort: SellerSort; page: number; fromAd?: string }) {
  const id = sellerIdFromSlug(slug);
  const { t } = useI18n();
  const navigate = useNavigate();
  const { data: seller } = useSuspenseQuery(sellerQueries.profile(id));
  const ads = useQuery(sellerQueries.listings(id, sort, page));
  usePageTitle(seller.name);
  const go = (next: { sort?: SellerSort; page?: number }) =>
    void navigate({
      to: '/sellers/$slug',
      params: { slug },
      search: (prev) => ({ ...prev, order: (next.sort ?? sort) === 'newest' ? undefined : (next.sort ?? sort), page: next.page && next.page > 1 ? next.page : undefined }),
    });
  const listings = ads.data?.listings ?? [];
  const pages = ads.data?.pagination.pages ?? 1;
  return (
    <main id="main" className="site-main">
      <div className="seller-page">
        <SellerHead seller={seller} />
        <section className="seller-page__ads" aria-labelledby="seller-ads-heading">
          <div className="seller-page__toolbar">
            <h2 id="seller-ads-heading" className="seller-page__ads-title">
              {t('Ads by {name}', { name: seller.name })}
            </h2>
            <form className="seller-page__sort" onSubmit={(e) => e.preventDefault()}>
              <label>
                {t('Sort')}{' '}
                <select value={sort} onChange={(e) => go({ sort: e.target.value as SellerSort, page: 1 })}>
                  {SORTS.map((s) => (
                    <option key={s.value} value={s.value}>
                      {t(s.label)}
                    </option>
                  ))}
                </select>
              </label>
            </form>
          </div>
          {ads.isPending ? (
            <p className="muted" role="status">
              {t('Loading…')}
            </p>
          ) : ads.isError ? (
            <p role="alert">{t('Could not load the ads. Please try again.')}</p>
          ) : listings.length ? (
            <>
              <div className="listing-grid listing-grid--products">
                {listings.map((l, i) => (
                  <ListingCard key={l.id} listing={l} priority={i < 2} />
                ))}
              </div>
              {pages > 1 && (
                <nav className="pagination" aria-label={t('Pages of ads')}>
                  <button type="button" className="pagination__step" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
                    {t('‹ Previous')}
                  </button>
                  <span className="pagination__status">{t('Showing page {page} of {pages}', { page, pages })}</span>
                  <button type="button" className="pagination__step" disabled={page >= pages} onClick={() => go({ page: page + 1 })}>
                    {t('Next ›')}
                  </button>
                </nav>
              )}
            </>
          ) : (
            <div className="empty-state">
              <h2 className="empty-state__title">{t('No live ads right now')}</h2>
            </div>
          )}
        </section>
        <SellerSafety seller={seller} ads={listings} fromAd={fromAd} />
      </div>
    </main>
  );
}

export function SellerGone({ gone }: { gone: boolean }) {
  const t = useT();
  usePageTitle(t('Seller not found'));
  return (
    <section className="page page--centered">
      <h1 className="page-title">{t('Seller not found')}</h1>
      <p className="page-lead">{gone ? t('This seller is no longer on SEL.') : t('This seller does not exist.')}</p>
      <Link to="/products" className="button button--primary">
        {t('Browse Listings')}
      </Link>
    </section>
  );
}
