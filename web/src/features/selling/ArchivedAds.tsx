/**
 * My Ads, Archived tab (decision 021): ads that ended long ago, or were deleted, read from the archive
 * page by page. Each can be opened and reposted with one tap (a new ad through the posting rules).
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ARCHIVED_STATE_LABELS, ARCHIVE_PAGE_SIZE } from '../../../../worker/schemas/archive-data';
import type { ArchivedAdCard } from '../../../../worker/schemas/archive';
import { Dialog } from '../../components/Dialog';
import { businessKeys } from '../business/business-api';
import { formatDate, formatPrice } from '../../lib/format';
import { msg, useI18n } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { serverMessage } from './messages';
import { sellingApi, sellingKeys } from './queries';

const shortDate: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const ARCHIVE_FAILED = msg('Failed to load your archive. Please try again.');
const REPOST_FAILED = msg('Failed to repost the ad. Please try again.');

/** Reposting: one tap, then the new ad leads My Ads (live, or held for review like any new ad). */
function useRepost() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (id: string) => sellingApi.repost(id),
    onSuccess: (listing) => {
      toast.success(listing.status === 'APPROVED' ? t('Reposted: your ad is live again') : t('Reposted: your new ad is waiting for a check'));
      void queryClient.invalidateQueries({ queryKey: ['listings'] });
      void queryClient.invalidateQueries({ queryKey: businessKeys.all });
      void navigate({ to: '/en-in/myads', search: {} });
    },
    onError: (error) => toast.error(t(serverMessage(error, REPOST_FAILED))),
  });
}

export function ArchivedAds() {
  const { t } = useI18n();
  const [opened, setOpened] = useState<string | null>(null);
  const repost = useRepost();
  const pages = useInfiniteQuery({
    queryKey: sellingKeys.archived(),
    queryFn: ({ pageParam, signal }) => sellingApi.archived({ ...(pageParam ? { cursor: pageParam } : {}), limit: ARCHIVE_PAGE_SIZE }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const ads = pages.data?.pages.flatMap((p) => p.ads) ?? [];

  if (pages.isError && !pages.data) {
    return (
      <div className="error-panel myads__error" role="alert">
        <p>{t(serverMessage(pages.error, ARCHIVE_FAILED))}</p>
        <button type="button" className="button button--outline" onClick={() => void pages.refetch()}>
          {t('Retry')}
        </button>
      </div>
    );
  }
  if (pages.isPending) {
    return (
      <ul className="myads__list" aria-busy="true" aria-label={t('Loading your ads')}>
        {Array.from({ length: 2 }, (_, i) => (
          <li key={i} className="myad myad--skeleton" />
        ))}
      </ul>
    );
  }
  if (!ads.length) {
    return (
      <div className="empty-state">
        <p className="empty-state__title">{t('Nothing in your archive')}</p>
        <p className="muted">{t('Ads sold or deactivated long ago, and ads you delete, are kept here so you can post them again.')}</p>
      </div>
    );
  }
  return (
    <>
      <p className="muted myads__showing">{t('Ads sold or deactivated long ago, and ads you delete, are kept here so you can post them again.')}</p>
      <ul className="myads__list">
        {ads.map((ad) => (
          <ArchivedAdItem key={ad.id} ad={ad} onOpen={() => setOpened(ad.id)} onRepost={() => repost.mutate(ad.id)} reposting={repost.isPending && repost.variables === ad.id} busy={repost.isPending} />
        ))}
      </ul>
      {pages.hasNextPage && (
        <div className="myads__more">
          <button type="button" className="button button--outline" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
            {pages.isFetchingNextPage ? t('Loading...') : t('Load more')}
          </button>
        </div>
      )}
      {opened && <ArchivedAdDialog id={opened} onClose={() => setOpened(null)} onRepost={() => repost.mutate(opened)} reposting={repost.isPending} />}
    </>
  );
}

function ArchivedAdItem({ ad, onOpen, onRepost, reposting, busy }: { ad: ArchivedAdCard; onOpen: () => void; onRepost: () => void; reposting: boolean; busy: boolean }) {
  const { t, language } = useI18n();
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <li className="myad myad--archived">
      <div className="myad__media">
        {ad.image && !imageFailed ? (
          <img src={ad.image} alt="" width={160} height={120} loading="lazy" decoding="async" onError={() => setImageFailed(true)} />
        ) : (
          <span className="myad__placeholder" aria-hidden="true" />
        )}
      </div>
      <div className="myad__body">
        <div className="myad__top">
          <span className="myad__status myad__status--archived">
            {t('ARCHIVED')} · {t(ARCHIVED_STATE_LABELS[ad.finalStatus] ?? ad.finalStatus)}
          </span>
          <span className="myad__date">
            {t('Archived')} <time dateTime={ad.archivedAt}>{formatDate(ad.archivedAt, shortDate, language)}</time>
          </span>
        </div>
        <h2 className="myad__title">{ad.title}</h2>
        <p className="myad__price">{formatPrice(ad.price, ad.currency, language)}</p>
      </div>
      <div className="myad__actions">
        <button type="button" className="button button--outline button--small" onClick={onOpen}>
          {t('Open')}
        </button>
        <button type="button" className="button button--primary button--small" onClick={onRepost} disabled={busy}>
          {reposting ? t('Reposting...') : t('Repost')}
        </button>
      </div>
    </li>
  );
}

function ArchivedAdDialog({ id, onClose, onRepost, reposting }: { id: string; onClose: () => void; onRepost: () => void; reposting: boolean }) {
  const { t, language } = useI18n();
  const ad = useQuery({ queryKey: sellingKeys.archivedAd(id), queryFn: ({ signal }) => sellingApi.archivedAd(id, signal), staleTime: Infinity });
  const data = ad.data;
  return (
    <Dialog
      open
      onClose={onClose}
      title={data?.title ?? t('Archived ad')}
      footer={
        <div className="myad__confirm-actions">
          <button type="button" className="button button--outline" onClick={onClose}>
            {t('Cancel')}
          </button>
          <button type="button" className="button button--primary" onClick={onRepost} disabled={reposting || !data}>
            {reposting ? t('Reposting...') : t('Repost')}
          </button>
        </div>
      }
    >
      {ad.isError ? (
        <p role="alert">{t(serverMessage(ad.error, ARCHIVE_FAILED))}</p>
      ) : !data ? (
        <p aria-busy="true">{t('Loading...')}</p>
      ) : (
        <div className="archived-ad">
          {data.image && <img className="archived-ad__photo" src={data.image} alt="" width={320} height={240} />}
          <p className="myad__price">{formatPrice(data.price, data.currency, language)}</p>
          <p className="muted">
            {t(ARCHIVED_STATE_LABELS[data.finalStatus] ?? data.finalStatus)} · {data.location} · {t('Archived')} {formatDate(data.archivedAt, shortDate, language)}
          </p>
          <p className="archived-ad__stats">
            {t('Views: {n}', { n: data.stats.views })} · {t('Favourites: {n}', { n: data.stats.favourites })} · {t('Chats: {n}', { n: data.stats.chats })}
          </p>
          <p className="archived-ad__description">{data.description}</p>
          {data.photosRemoved > 0 && <p className="muted">{t('Only the cover photo was kept. Add more photos after reposting.')}</p>}
        </div>
      )}
    </Dialog>
  );
}
