/**
 * Seller reports on the client (decision 015): an ad's views/chats sparkline and its 30-day stats (My Ads),
 * "Download leads" (My Ads) and "View invoice" (My Orders).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { useI18n, useT } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { sparklinePoints } from './sparkline';
import { downloadLeadsCsv, openInvoice, sellerReportKeys, sellerReportsApi, type ListingStats } from './seller-reports';
import './seller-reports.css';

const W = 96;
const H = 24;

function useListingStats(listingId: string) {
  return useQuery({
    queryKey: sellerReportKeys.stats(listingId),
    queryFn: ({ signal }) => sellerReportsApi.stats(listingId, signal),
    staleTime: 5 * 60_000,
  });
}

const sum = (stats: ListingStats, key: 'views' | 'favorites' | 'chats') => stats.daily.reduce((n, d) => n + d[key], 0);

/** A small views (solid) and chats (dashed) line for the last 30 days; tapping it opens the figures. */
export function AdStatsSparkline({ listingId, title }: { listingId: string; title: string }) {
  const { t, tn } = useI18n();
  const stats = useListingStats(listingId);
  const [open, setOpen] = useState(false);
  const data = stats.data;
  const max = data ? Math.max(1, ...data.daily.map((d) => Math.max(d.views, d.chats))) : 1;
  const views30 = data ? sum(data, 'views') : 0;
  const chats30 = data ? sum(data, 'chats') : 0;
  return (
    <>
      <button
        type="button"
        className="ad-spark"
        onClick={() => setOpen(true)}
        aria-label={t('Stats for the last 30 days: {views} views, {chats} chats', { views: views30, chats: chats30 })}
        disabled={stats.isError}
      >
        <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} aria-hidden="true" className="ad-spark__chart">
          {data && (
            <>
              <polyline points={sparklinePoints(data.daily.map((d) => d.views), W, H, max)} className="ad-spark__views" />
              <polyline points={sparklinePoints(data.daily.map((d) => d.chats), W, H, max)} className="ad-spark__chats" />
            </>
          )}
        </svg>
        <span className="ad-spark__label" aria-hidden="true">
          <span>{data ? tn(views30, '{n} view', '{n} views') : '–'}</span>
          <span>{data ? tn(chats30, '{n} chat', '{n} chats') : ''}</span>
        </span>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('Ad stats')}>
        <AdStatsBody title={title} stats={data} failed={stats.isError} />
      </Dialog>
    </>
  );
}

function AdStatsBody({ title, stats, failed }: { title: string; stats: ListingStats | undefined; failed: boolean }) {
  const { t, locale } = useI18n();
  if (failed) return <p role="alert">{t('Could not load the stats. Please try again.')}</p>;
  if (!stats) return <p aria-busy="true">{t('Loading...')}</p>;
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const max = Math.max(1, ...stats.daily.map((d) => d.views));
  const barW = 100 / stats.daily.length;
  return (
    <div className="ad-stats">
      <p className="ad-stats__title">{title}</p>
      <table className="ad-stats__totals">
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">{t('Views')}</th>
            <th scope="col">{t('Favourites')}</th>
            <th scope="col">{t('Chats')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t('Last 30 days')}</th>
            <td>{sum(stats, 'views')}</td>
            <td>{sum(stats, 'favorites')}</td>
            <td>{sum(stats, 'chats')}</td>
          </tr>
          <tr>
            <th scope="row">{t('All time')}</th>
            <td>{stats.views}</td>
            <td>{stats.favorites}</td>
            <td>{stats.chats}</td>
          </tr>
        </tbody>
      </table>
      <figure className="ad-stats__figure">
        <svg viewBox="0 0 100 40" preserveAspectRatio="none" className="ad-stats__bars" aria-hidden="true">
          {stats.daily.map((d, i) => (
            <rect key={d.date} x={i * barW + barW * 0.15} width={barW * 0.7} y={40 - (d.views / max) * 38} height={(d.views / max) * 38} />
          ))}
        </svg>
        <figcaption className="muted">{t('Views per day, last 30 days')}</figcaption>
      </figure>
      <div className="ad-stats__days">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('Date')}</th>
              <th scope="col">{t('Views')}</th>
              <th scope="col">{t('Favourites')}</th>
              <th scope="col">{t('Chats')}</th>
            </tr>
          </thead>
          <tbody>
            {[...stats.daily].reverse().map((d) => (
              <tr key={d.date} className={d.views + d.favorites + d.chats === 0 ? 'ad-stats__quiet' : undefined}>
                <th scope="row">{day.format(new Date(`${d.date}T00:00:00Z`))}</th>
                <td>{d.views}</td>
                <td>{d.favorites}</td>
                <td>{d.chats}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted ad-stats__note">{t('Views count each person once a day; your own visits are not counted.')}</p>
    </div>
  );
}

/**
 * A button that fetches one of my files: busy while it runs (so a second tap does nothing), a toast
 * when it fails. `done` says what to confirm, if anything.
 */
function useFileAction(action: () => Promise<void>, done?: string) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const run = () => {
    setBusy(true);
    action()
      .then(() => {
        if (done) toast.success(done);
      })
      .catch((error: unknown) => toast.error(error instanceof Error ? error.message : t('Could not download the file. Please try again.')))
      .finally(() => setBusy(false));
  };
  return { busy, run };
}

/** My Ads: every conversation about my ads as a spreadsheet. */
export function DownloadLeadsButton() {
  const t = useT();
  const { busy, run } = useFileAction(downloadLeadsCsv, t('Leads downloaded'));
  return (
    <button type="button" className="button button--outline button--small" disabled={busy} onClick={run}>
      {busy ? t('Downloading...') : t('Download leads')}
    </button>
  );
}

/** My Orders: the paid order's tax invoice in a new tab. */
export function InvoiceButton({ orderId }: { orderId: string }) {
  const t = useT();
  const { busy, run } = useFileAction(() => openInvoice(orderId));
  return (
    <button type="button" className="button button--outline button--small" disabled={busy} onClick={run}>
      {busy ? t('Opening...') : t('View tax invoice')}
    </button>
  );
}
