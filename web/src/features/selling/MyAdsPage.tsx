/**
 * /en-in/myads (part 2 §2 My Ads): every ad of the seller with status pills and counts, title search,
 * load-more paging and the actions each status allows.
 */
import { HELD_REASONS, type HeldReason } from '../../../../worker/schemas/trust-data';
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { AdStatsSparkline, DownloadLeadsButton } from '../business/SellerReports';
import { PromoteDialog } from '../business/PromoteDialog';
import { AdLimitNotice } from '../business/AdLimitNotice';
import { businessKeys } from '../business/business-api';
import { isApiError } from '../../lib/api';
import { formatDate, formatPrice } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { usePageTitle } from '../../lib/page-title';
import { toast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { serverMessage } from './messages';
import {
  DELETE_CONFIRM,
  DELETE_DONE,
  DELETE_FAILED,
  FETCH_FAILED,
  MY_ADS_PAGE_SIZE,
  MY_ADS_SEARCH_DEBOUNCE_MS,
  RENEW_DONE,
  RENEW_FAILED,
  STATUS_CHANGE,
  actionsFor,
  canRenew,
  expiryNote,
  filterPills,
  myAdsQuery,
  statusDisplay,
} from './my-ads';
import { sellingApi, sellingKeys, type OwnListing } from './queries';
import { ArchivedAds } from './ArchivedAds';
import type { MyAdsFilter } from './search';
import './selling.css';

const postedDate: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

export function MyAdsPage({ status, q }: { status?: MyAdsFilter; q?: string }) {
  const { t, tn } = useI18n();
  usePageTitle(t('My Ads - SEL'));
  const navigate = useNavigate({ from: '/en-in/myads' });
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState(q ?? '');
  const debounced = useDebouncedValue(searchText, MY_ADS_SEARCH_DEBOUNCE_MS);
  const searchId = useId();

  // the URL follows the typing, half a second behind
  useEffect(() => {
    const next = debounced.trim() || undefined;
    if (next !== (q ?? undefined)) void navigate({ to: '/en-in/myads', search: (prev) => ({ ...prev, q: next }), replace: true });
  }, [debounced]);
  // ...and the box follows the URL (back button, a link with ?q=)
  useEffect(() => {
    if ((q ?? '') !== debounced.trim()) setSearchText(q ?? '');
  }, [q]);

  const filters = myAdsQuery({ status, q });
  const ads = useInfiniteQuery({
    queryKey: sellingKeys.mineList(filters),
    queryFn: ({ pageParam, signal }) => sellingApi.myListings({ ...filters, page: pageParam, limit: MY_ADS_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const firstPage = ads.data?.pages[0];
  const counts = firstPage?.counts;
  const listings = ads.data?.pages.flatMap((p) => p.listings) ?? [];
  const total = firstPage?.pagination.total ?? 0;
  const active = status ?? 'all';
  // the chosen pill is scrolled into the row's view: opened by a link (Archived, the last pill), it
  // sat off-screen on a phone, wider in Hindi, and nothing showed which filter was on
  const pillsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const row = pillsRef.current;
    const on = row?.querySelector<HTMLElement>('.myads__pill--on');
    if (!row || !on) return;
    const box = row.getBoundingClientRect();
    const pill = on.getBoundingClientRect();
    if (pill.right > box.right) row.scrollLeft += pill.right - box.right + 8;
    else if (pill.left < box.left) row.scrollLeft -= box.left - pill.left + 8;
  }, [active, counts]);

  // the package chooser (decision 014), for one ad (its id) or to pick one ('' from the banner)
  const [promoting, setPromoting] = useState<string | null>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: sellingKeys.mine() });

  return (
    <section className="myads">
      <div className="myads__head">
        <h1 className="page-title">{t('My Ads')}</h1>
        <div className="myads__head-actions">
        <button type="button" className="button button--outline button--small myads__refresh" onClick={refresh} disabled={ads.isFetching}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className={ads.isFetching ? 'myads__spin' : undefined}>
            <path fill="currentColor" d="M17.65 6.35A8 8 0 1 0 19.73 14h-2.08A6 6 0 1 1 12 6c1.66 0 3.14.69 4.22 1.78L13 11h7V4l-2.35 2.35Z" />
          </svg>
          {ads.isFetching ? t('Refreshing...') : t('Refresh')}
        </button>
        <DownloadLeadsButton />
        </div>
      </div>

      <aside className="myads__banner">
        <div>
          <p className="myads__banner-title">{t('Want to sell more?')}</p>
          <p className="muted">{t('Post more ads, or make yours stand out to reach more buyers.')}</p>
        </div>
        <div className="myads__banner-actions">
          <Link to="/en-in/post" className="button button--primary button--small">
            {t('Post an ad')}
          </Link>
          <button type="button" className="button button--outline button--small" onClick={() => setPromoting('')}>
            {t('Sell faster')}
          </button>
        </div>
      </aside>

      <div className="myads__tools">
        <div className="myads__search" style={active === 'archived' ? { display: 'none' } : undefined}>
          <label htmlFor={searchId} className="visually-hidden">
            {t('Search your ads by title')}
          </label>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path fill="currentColor" d="M15.5 14h-.8l-.3-.3A6.5 6.5 0 1 0 14 15.5l.3.3v.8l5 5 1.5-1.5-5-5Zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Z" />
          </svg>
          <input
            id={searchId}
            type="search"
            className="text-input myads__search-input"
            placeholder={t('Search by ad title')}
            value={searchText}
            maxLength={100}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        <div className="myads__pills" role="group" aria-label={t('Filter by status')} ref={pillsRef}>
          {filterPills(counts).map((pill) => (
            <Link
              key={pill.filter}
              to="/en-in/myads"
              search={(prev) => ({ ...prev, status: pill.filter === 'all' ? undefined : pill.filter })}
              replace
              className={`myads__pill${active === pill.filter ? ' myads__pill--on' : ''}`}
              aria-current={active === pill.filter ? 'true' : undefined}
            >
              {t(pill.label)}
              {pill.count !== undefined && <span className="myads__pill-count"> ({pill.count})</span>}
            </Link>
          ))}
        </div>
      </div>

      {active === 'archived' ? (
        <ArchivedAds />
      ) : ads.isError && !ads.data ? (
        <div className="error-panel myads__error" role="alert">
          <p className="myads__error-title">{t('Error loading ads')}</p>
          <p>{t(serverMessage(ads.error, FETCH_FAILED))}</p>
          <button type="button" className="button button--outline" onClick={() => void ads.refetch()}>
            {t('Retry')}
          </button>
        </div>
      ) : ads.isPending ? (
        <ul className="myads__list" aria-busy="true" aria-label={t('Loading your ads')}>
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="myad myad--skeleton" />
          ))}
        </ul>
      ) : listings.length === 0 ? (
        counts?.all === 0 ? (
          <div className="empty-state">
            <p className="empty-state__title">{t("You haven't posted any ads yet")}</p>
            <p className="muted">{t("Sell what you don't need: it takes two minutes.")}</p>
            <Link to="/en-in/post" className="button button--primary">
              {t('Post your first ad')}
            </Link>
          </div>
        ) : (
          <div className="empty-state">
            <p className="empty-state__title">{t('No ads found')}</p>
            <p className="muted">
              {q
                ? active === 'all'
                  ? t('None of your ads has “{q}” in its title.', { q })
                  : t('None of your {status} ads has “{q}” in its title.', { q, status: t(active) })
                : t('You have no {status} ads.', { status: t(active) })}
            </p>
            <Link to="/en-in/myads" search={{}} className="button button--outline" onClick={() => setSearchText('')}>
              {t('Show all ads')}
            </Link>
          </div>
        )
      ) : (
        <>
          <p className="muted myads__showing" aria-live="polite">
            {tn(total, 'Showing {shown} of {n} ad', 'Showing {shown} of {n} ads', { shown: listings.length })}
          </p>
          <ul className={`myads__list${ads.isPlaceholderData ? ' myads__list--stale' : ''}`}>
            {listings.map((listing) => (
              <MyAdCard key={listing.id} listing={listing} onPromote={() => setPromoting(listing.id)} />
            ))}
          </ul>
          {ads.hasNextPage && (
            <div className="myads__more">
              <button type="button" className="button button--outline" onClick={() => void ads.fetchNextPage()} disabled={ads.isFetchingNextPage}>
                {ads.isFetchingNextPage ? t('Loading...') : t('Load more')}
              </button>
            </div>
          )}
          {ads.isError && (
            <p className="field-error" role="alert">
              {t(serverMessage(ads.error, FETCH_FAILED))}{' '}
              <button type="button" className="link-button" onClick={() => void ads.refetch()}>
                {t('Retry')}
              </button>
            </p>
          )}
        </>
      )}
      {promoting !== null && <PromoteDialog ads={listings} initialAdId={promoting || undefined} onClose={() => setPromoting(null)} />}
    </section>
  );
}

function MyAdCard({ listing, onPromote }: { listing: OwnListing; onPromote: () => void }) {
  const { t, tn, language } = useI18n();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [imageFailed, setImageFailed] = useState(false);
  // back on sale after its free-ad period counts as posting it again: over the limit, the packs show here
  const [limitReached, setLimitReached] = useState(false);
  const display = statusDisplay(listing.status);
  const image = listing.thumbnails?.[0] ?? listing.images[0];
  const created = new Date(listing.createdAt);
  // decision 019: how long it has left (or when it ended), and Renew when the server will accept it
  const now = Date.now();
  const expiry = expiryNote(listing, now);
  const renewable = canRenew(listing, now);

  const renewal = useMutation({
    mutationFn: () => sellingApi.renew(listing.id),
    onSuccess: () => {
      toast.success(t(RENEW_DONE));
      return queryClient.invalidateQueries({ queryKey: ['listings'] });
    },
    onError: (error) => toast.error(t(serverMessage(error, RENEW_FAILED))),
  });

  const statusChange = useMutation({
    mutationFn: (action: keyof typeof STATUS_CHANGE) => sellingApi.changeStatus(listing.id, STATUS_CHANGE[action].status),
    onSuccess: (_data, action) => {
      toast.success(t(STATUS_CHANGE[action].done));
      setLimitReached(false);
      // going live again may have used a free ad or a paid slot
      if (action === 'reactivate') void queryClient.invalidateQueries({ queryKey: businessKeys.all });
      return queryClient.invalidateQueries({ queryKey: ['listings'] });
    },
    onError: (error, action) => {
      if (isApiError(error) && error.code === 'AD_LIMIT_REACHED') {
        setLimitReached(true);
        void queryClient.invalidateQueries({ queryKey: businessKeys.all });
      }
      toast.error(t(serverMessage(error, STATUS_CHANGE[action].failed)));
    },
  });

  const removal = useMutation({
    mutationFn: () => sellingApi.remove(listing.id),
    onSuccess: () => {
      setConfirming(false);
      toast.success(t(DELETE_DONE));
      return queryClient.invalidateQueries({ queryKey: ['listings'] });
    },
    onError: (error) => {
      setConfirming(false);
      toast.error(t(serverMessage(error, DELETE_FAILED)));
    },
  });

  const busy = statusChange.isPending || removal.isPending || renewal.isPending;

  return (
    <li className={`myad myad--${display.tone}`}>
      <div className="myad__media">
        {image && !imageFailed ? (
          <img src={image} alt="" width={160} height={120} loading="lazy" decoding="async" onError={() => setImageFailed(true)} />
        ) : (
          <span className="myad__placeholder" aria-hidden="true">
            {t(listing.category.name)}
          </span>
        )}
      </div>
      <div className="myad__body">
        <div className="myad__top">
          <span className={`myad__status myad__status--${display.tone}`}>{t(display.label)}</span>
          {!Number.isNaN(created.getTime()) && (
            <span className="myad__date">
              {t('Posted')} <time dateTime={listing.createdAt}>{formatDate(listing.createdAt, postedDate, language)}</time>
            </span>
          )}
        </div>
        <h2 className="myad__title">{listing.title}</h2>
        <p className="myad__price">{formatPrice(listing.price, listing.currency, language)}</p>
        <p className="myad__text">{t(display.text)}</p>
        {expiry && (
          <p className={`myad__expiry${expiry.kind === 'expired-on' ? ' myad__expiry--ended' : expiry.kind === 'expires-in' && expiry.days > 3 ? '' : ' myad__expiry--soon'}`}>
            {expiry.kind === 'expires-in'
              ? tn(expiry.days, 'Expires in {n} day', 'Expires in {n} days')
              : expiry.kind === 'expires-today'
                ? t('Expires today')
                : t('Expired on {date}', { date: formatDate(expiry.date, postedDate, language) })}
          </p>
        )}
        {listing.status === 'PENDING' && listing.heldReason && HELD_REASONS[listing.heldReason as HeldReason] && (
          <p className="myad__reason">
            <strong>{t('Why:')}</strong> {t(HELD_REASONS[listing.heldReason as HeldReason])}
          </p>
        )}
        {listing.status === 'REJECTED' && listing.rejectReason && (
          <p className="myad__reason">
            <strong>{t('Reason:')}</strong> {t(listing.rejectReason)}
          </p>
        )}
        <p className="myad__meta">
          <span>{listing.location}</span>
          <span aria-label={tn(listing.views, '{n} view', '{n} views')}>
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
              <path fill="currentColor" d="M12 5C7 5 2.7 8.1 1 12c1.7 3.9 6 7 11 7s9.3-3.1 11-7c-1.7-3.9-6-7-11-7Zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z" />
            </svg>{' '}
            {listing.views}
          </span>
        </p>
        <AdStatsSparkline listingId={listing.id} title={listing.title} />
        {limitReached && <AdLimitNotice category={listing.category.id} subcategory={listing.subcategory?.id} purpose="reactivate" />}
      </div>
      <div className="myad__actions">
        {listing.status === 'APPROVED' && (
          <button type="button" className="button button--small sell-button-yellow" onClick={onPromote}>
            {listing.isFeatured ? t('Boost to top') : t('Sell faster')}
          </button>
        )}
        {actionsFor(listing.status, renewable).map((action) => {
          switch (action) {
            case 'renew':
              return (
                <button key={action} type="button" className="button button--primary button--small" disabled={busy} onClick={() => renewal.mutate()}>
                  {renewal.isPending ? t('Renewing...') : t('Renew for free')}
                </button>
              );
            case 'view':
              return (
                <Link key={action} to="/item/$slug" params={{ slug: listing.slug }} className="button button--outline button--small">
                  {t('View')}
                </Link>
              );
            case 'edit':
              return (
                <Link key={action} to="/edit-listing/$id" params={{ id: listing.id }} className="button button--outline button--small">
                  {t('Edit')}
                </Link>
              );
            case 'delete':
              return (
                <button key={action} type="button" className="button button--danger button--small" disabled={busy} onClick={() => setConfirming(true)}>
                  {t('Delete')}
                </button>
              );
            default: {
              const change = STATUS_CHANGE[action];
              const pending = statusChange.isPending && statusChange.variables === action;
              return (
                <button
                  key={action}
                  type="button"
                  className={`button button--small ${action === 'reactivate' ? 'button--primary' : 'button--outline'}`}
                  disabled={busy}
                  onClick={() => statusChange.mutate(action)}
                >
                  {pending ? t(change.busy) : action === 'sold' ? t('Mark as sold') : action === 'deactivate' ? t('Deactivate') : t('Reactivate')}
                </button>
              );
            }
          }
        })}
      </div>
      <Dialog
        open={confirming}
        onClose={() => {
          if (!removal.isPending) setConfirming(false);
        }}
        title={t('Delete this ad?')}
        footer={
          <div className="myad__confirm-actions">
            <button type="button" className="button button--outline" onClick={() => setConfirming(false)} disabled={removal.isPending}>
              {t('Cancel')}
            </button>
            <button type="button" className="button button--danger" onClick={() => removal.mutate()} disabled={removal.isPending}>
              {removal.isPending ? t('Deleting...') : t('Delete')}
            </button>
          </div>
        }
      >
        <p className="myad__confirm-title">{listing.title}</p>
        <p>{t(DELETE_CONFIRM)}</p>
      </Dialog>
    </li>
  );
}
