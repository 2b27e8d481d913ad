import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type KeyboardEvent } from 'react';
import { Dialog } from '../../components/Dialog';
import { isApiError } from '../../lib/api';
import { formatDate, formatPrice } from '../../lib/format';
import { msg, useI18n, useT } from '../../lib/i18n';
import { usePageTitle } from '../../lib/page-title';
import { toast } from '../../lib/toast';
import { REPORT_REASONS, REPORTER_STANDINGS } from '../../../../worker/schemas/trust-data';
import { useAuth } from '../auth/use-auth';
import { adminKeys, adminQueries, banUser, decideListing, unbanUser, type AdminUser, type ModerationItem } from './api';
import './admin.css';

type Tab = 'queue' | 'closed' | 'users' | 'audit';
const REASON_LABEL = Object.fromEntries(REPORT_REASONS.map((r) => [r.code, r.label])) as Record<string, string>;
/** where a reporter stood when they reported (decision 008); reports from one network share a number */
const STANDING_LABEL = Object.fromEntries(Object.entries(REPORTER_STANDINGS).map(([code, s]) => [code, s.label])) as Record<string, string>;
const APPROVE_DEFAULT = 'Reviewed: nothing against the rules';
const WHEN: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' };
/** The codes the console shows, in the moderator's language (an unknown code shows as it is). */
const LISTING_STATUS: Record<string, string> = { APPROVED: msg('Live'), PENDING: msg('Pending'), REJECTED: msg('Rejected'), SOLD: msg('Sold'), INACTIVE: msg('Inactive') };
const HELD_LABEL: Record<string, string> = { REPORTED: msg('Reported'), DUPLICATE_PHOTOS: msg('Duplicate photos'), ACCOUNT_BANNED: msg('Account banned') };
const USER_STATUS: Record<string, string> = { ACTIVE: msg('Active'), BANNED: msg('Banned'), DEACTIVATED: msg('Deactivated') };
const ROLE_LABEL: Record<string, string> = { USER: msg('User'), MODERATOR: msg('Moderator'), ADMIN: msg('Admin') };
const ACTION_LABEL: Record<string, string> = { APPROVE: msg('Approved'), REJECT: msg('Rejected'), BAN: msg('Banned'), UNBAN: msg('Ban lifted') };
const label = (labels: Record<string, string>, code: string, t: (text: string) => string) => (labels[code] ? t(labels[code]) : code);

/** /admin: the moderation console (moderators and admins; the API refuses everyone else). */
export function AdminPage() {
  const t = useT();
  usePageTitle('Moderation');
  const { user } = useAuth();
  const [tab, setTab] = useState<Tab>('queue');
  if (user && user.role !== 'MODERATOR' && user.role !== 'ADMIN') {
    return (
      <div className="admin">
        <h1>{t('Moderation')}</h1>
        <p role="alert">{t('Only moderators can open this page.')}</p>
      </div>
    );
  }
  const tabs: { id: Tab; label: string }[] = [
    { id: 'queue', label: t('Queue') },
    { id: 'closed', label: t('Decided') },
    { id: 'users', label: t('Users') },
    { id: 'audit', label: t('Audit log') },
  ];
  return (
    <div className="admin">
      <h1 className="admin__title">{t('Moderation')}</h1>
      <div className="admin__tabs" role="tablist">
        {tabs.map((x) => (
          <button key={x.id} type="button" role="tab" aria-selected={tab === x.id} className={tab === x.id ? 'admin__tab is-active' : 'admin__tab'} onClick={() => setTab(x.id)}>
            {x.label}
          </button>
        ))}
      </div>
      {tab === 'queue' && <Queue status="open" />}
      {tab === 'closed' && <Queue status="closed" />}
      {tab === 'users' && <Users />}
      {tab === 'audit' && <Audit />}
    </div>
  );
}

function Queue({ status }: { status: 'open' | 'closed' }) {
  const { t, tn } = useI18n();
  const [page, setPage] = useState(1);
  const queue = useQuery(adminQueries.queue(status, page));
  if (queue.isLoading) return <p>{t('Loading...')}</p>;
  if (queue.isError) return <p role="alert">{queue.error.message}</p>;
  const { items, pagination } = queue.data!;
  return (
    <section aria-label={status === 'open' ? t('Open queue') : t('Decided ads')}>
      <p className="muted">
        {status === 'open' ? tn(pagination.total, '{n} ad to review', '{n} ads to review') : tn(pagination.total, '{n} ad decided', '{n} ads decided')}
        {status === 'open' && ` · ${t('Keys: A approve, R reject (with the reason typed)')}`}
      </p>
      {items.length === 0 && <p className="admin__empty">{status === 'open' ? t('Nothing to review. Well done.') : t('No decisions yet.')}</p>}
      <ol className="admin__queue">
        {items.map((item) => (
          <QueueItem key={item.listing.id} item={item} open={status === 'open'} />
        ))}
      </ol>
      <Pager page={page} pages={pagination.pages} onPage={setPage} />
    </section>
  );
}

function QueueItem({ item, open }: { item: ModerationItem; open: boolean }) {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: ({ action }: { action: 'APPROVE' | 'REJECT' }) => decideListing(item.listing.id, action, action === 'APPROVE' ? reason.trim() || APPROVE_DEFAULT : reason.trim()),
    onSuccess: (_d, { action }) => {
      toast.success(action === 'APPROVE' ? `Approved: ${item.listing.title}` : `Rejected: ${item.listing.title}`);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (e) => setError(isApiError(e) ? e.message : 'Could not save the decision. Please try again.'),
  });
  const reject = () => {
    if (reason.trim().length < 3) {
      setError(t('Type the reason the seller will see, then reject.'));
      return;
    }
    decide.mutate({ action: 'REJECT' });
  };
  const onKey = (e: KeyboardEvent<HTMLLIElement>) => {
    if (!open || decide.isPending || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLInputElement) return;
    if (e.key === 'a' || e.key === 'A') decide.mutate({ action: 'APPROVE' });
    if (e.key === 'r' || e.key === 'R') reject();
  };
  const l = item.listing;
  return (
    <li className="admin-item" tabIndex={0} onKeyDown={onKey} aria-label={l.title}>
      <div className="admin-item__head">
        <h2 className="admin-item__title">
          <Link to="/item/$slug" params={{ slug: l.slug || l.id }}>
            {l.title}
          </Link>
        </h2>
        <span className="admin-item__price">{formatPrice(l.price, 'INR', language)}</span>
        <span className={`admin-item__status admin-item__status--${l.status.toLowerCase()}`}>{label(LISTING_STATUS, l.status, t)}</span>
        {l.heldReason && <span className="admin-item__held">{label(HELD_LABEL, l.heldReason, t)}</span>}
      </div>
      <div className="admin-item__photos">
        {l.images.slice(0, 4).map((src) => (
          <img key={src} src={src} alt="" width={120} height={90} loading="lazy" />
        ))}
        {item.matches.map((m) => (
          <figure key={m.id} className="admin-item__match">
            {m.images[0] && <img src={m.images[0]} alt="" width={120} height={90} loading="lazy" />}
            <figcaption>
              {t('Matches')}: <Link to="/item/$slug" params={{ slug: m.slug || m.id }}>{m.title}</Link>
            </figcaption>
          </figure>
        ))}
      </div>
      <p className="admin-item__desc">{l.description.slice(0, 300)}</p>
      <div className="admin-item__cols">
        <div>
          <h3>
            {t('Reports')} ({item.reportCount})
          </h3>
          {item.reports.length > 0 && (
            <p className="admin-item__hold">
              {t('Weight toward the automatic hold: {weight} of {needed}', { weight: item.hold.weight, needed: item.hold.weightToHold })}
              {item.hold.pausedUntil && (
                <>
                  {' · '}
                  {t('Paused until {date}: a moderator kept this ad', { date: formatDate(item.hold.pausedUntil, WHEN, language) })}
                </>
              )}
            </p>
          )}
          <ul className="admin-item__reports">
            {item.reports.map((r) => (
              <li key={`${r.reporterId}-${r.createdAt}`}>
                <strong>{label(REASON_LABEL, r.reason, t)}</strong>
                {r.details ? ': ' : ''}
                {r.details && <span translate="no">{r.details}</span>} <span className="muted">· {formatDate(r.createdAt, WHEN, language)}</span>
                <span className={r.weight > 0 ? 'admin-item__standing' : 'admin-item__standing is-weightless'}>
                  {label(STANDING_LABEL, r.standing, t)} · {t('weight {n}', { n: r.weight })} · {t('network {n}', { n: r.network })}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3>{t('Seller')}</h3>
          <p translate="no">
            {item.seller.firstName} {item.seller.lastName} · {item.seller.email ?? item.seller.phone ?? item.seller.id}
          </p>
          <p className="muted">
            {t('Member since')} {new Date(item.seller.createdAt).getFullYear()} · {label(USER_STATUS, item.seller.status, t)} · {item.seller.reportsAgainst}{' '}
            {t('reports against their ads')}
          </p>
          <p className="muted">
            {Object.entries(item.seller.listingsByStatus)
              .map(([s, n]) => `${label(LISTING_STATUS, s, t)} ${n}`)
              .join(' · ')}
          </p>
        </div>
      </div>
      {l.rejectReason && (
        <p>
          <strong>{t('Rejected')}:</strong> {l.rejectReason}
        </p>
      )}
      {open && (
        <div className="admin-item__decide">
          <input
            type="text"
            className="admin-item__reason"
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder={t('Reason (the seller sees it when rejected)')}
            aria-label={t('Reason')}
          />
          <button type="button" className="button button--primary" disabled={decide.isPending} onClick={() => decide.mutate({ action: 'APPROVE' })}>
            {t('Approve')}
          </button>
          <button type="button" className="button button--danger" disabled={decide.isPending} onClick={reject}>
            {t('Reject')}
          </button>
        </div>
      )}
      {error && (
        <p className="admin__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

function Users() {
  const t = useT();
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const users = useQuery(adminQueries.users(q));
  return (
    <section aria-label={t('Users')}>
      <form
        className="admin__search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(input.trim());
        }}
      >
        <input type="search" value={input} onChange={(e) => setInput(e.target.value)} placeholder={t('E-mail, mobile number or user id')} aria-label={t('Find a user')} />
        <button type="submit" className="button button--primary">
          {t('Find')}
        </button>
      </form>
      {users.isError && <p role="alert">{users.error.message}</p>}
      {users.data && users.data.length === 0 && <p>{t('No account found.')}</p>}
      <ul className="admin__users">
        {users.data?.map((u) => (
          <UserRow key={u.id} user={u} />
        ))}
      </ul>
    </section>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  // a ban ends every session of a person and hides all their ads: it is asked twice (decision 024)
  const [confirming, setConfirming] = useState(false);
  const banned = user.status === 'BANNED';
  const change = useMutation({
    mutationFn: () => (banned ? unbanUser(user.id, reason.trim()) : banUser(user.id, reason.trim())),
    onSuccess: () => {
      toast.success(banned ? `${user.firstName}: ban lifted` : `${user.firstName} is banned`);
      setReason('');
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (e) => toast.error(e.message),
  });
  return (
    <li className="admin-user">
      <p>
        <strong translate="no">
          {user.firstName} {user.lastName}
        </strong>{' '}
        · <span translate="no">{user.email ?? user.phone ?? user.id}</span> · {label(ROLE_LABEL, user.role, t)} ·{' '}
        <span className={banned ? 'admin-user__banned' : ''}>{label(USER_STATUS, user.status, t)}</span>
      </p>
      {user.banReason && (
        <p className="muted">
          {t('Banned for')}: <span translate="no">{user.banReason}</span>
        </p>
      )}
      <p className="muted">
        {Object.entries(user.listingsByStatus)
          .map(([s, n]) => `${label(LISTING_STATUS, s, t)} ${n}`)
          .join(' · ') || t('No ads')}{' '}
        · {user.reportsAgainst} {t('reports against their ads')}
      </p>
      {user.role === 'USER' && (
        <div className="admin-item__decide">
          <input type="text" className="admin-item__reason" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('Reason (kept in the audit log)')} aria-label={t('Reason')} />
          <button
            type="button"
            className={banned ? 'button button--primary' : 'button button--danger'}
            disabled={change.isPending || reason.trim().length < 3}
            onClick={() => (banned ? change.mutate() : setConfirming(true))}
          >
            {banned ? t('Lift ban') : t('Ban')}
          </button>
        </div>
      )}
      {confirming && (
        <Dialog title={t('Ban this account?')} onClose={() => setConfirming(false)} busy={change.isPending} role="alertdialog">
          <p>
            {t('{name} will be signed out everywhere and all their ads will be hidden. They will see this reason:', { name: `${user.firstName} ${user.lastName}`.trim() })}
          </p>
          <p translate="no">
            <strong>{reason.trim()}</strong>
          </p>
          <div className="admin-item__decide">
            <button type="button" className="button button--outline" onClick={() => setConfirming(false)} disabled={change.isPending}>
              {t('Cancel')}
            </button>
            <button type="button" className="button button--danger" onClick={() => change.mutate()} disabled={change.isPending}>
              {t('Yes, ban')}
            </button>
          </div>
        </Dialog>
      )}
    </li>
  );
}

function Audit() {
  const { t, language } = useI18n();
  const [page, setPage] = useState(1);
  const audit = useQuery(adminQueries.audit(page));
  if (audit.isLoading) return <p>{t('Loading...')}</p>;
  if (audit.isError) return <p role="alert">{audit.error.message}</p>;
  const { entries, pagination } = audit.data!;
  return (
    <section aria-label={t('Audit log')}>
      <div className="admin__table-wrap">
        <table className="admin__table">
          <thead>
            <tr>
              <th>{t('When')}</th>
              <th>{t('Who')}</th>
              <th>{t('What')}</th>
              <th>{t('Which')}</th>
              <th>{t('Why')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>{formatDate(e.createdAt, WHEN, language)}</td>
                <td translate="no">
                  {e.actor.firstName} {e.actor.lastName}
                </td>
                <td>{label(ACTION_LABEL, e.action, t)}</td>
                <td translate="no">
                  {/* names, not ids; the id stays as the link's title for anyone who needs it */}
                  {e.targetType === 'LISTING' ? (
                    <Link to="/listing/$id" params={{ id: e.targetId }} title={e.targetId}>
                      {e.targetName ?? t('Ad no longer here')}
                    </Link>
                  ) : (
                    <span title={e.targetId}>{e.targetName ?? t('Account no longer here')}</span>
                  )}
                </td>
                <td translate="no">{e.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} pages={pagination.pages} onPage={setPage} />
    </section>
  );
}

/** Previous / page of pages / Next under a list, when there is more than one page. */
function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <div className="admin__pager">
      <button type="button" className="button button--outline button--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('Previous')}
      </button>
      <span>
        {page} / {pages}
      </span>
      <button type="button" className="button button--outline button--small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('Next')}
      </button>
    </div>
  );
}
