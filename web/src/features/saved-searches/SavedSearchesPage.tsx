/**
 * /saved-searches (decision 009): each saved search with its filters in words, how many ads are new
 * since it was last opened, how often it alerts (changeable here), open and delete.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { isApiError } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { usePageTitle } from '../../lib/page-title';
import { toast } from '../../lib/toast';
import { productsParamsOf, sinceParam } from '../../../../worker/schemas/saved-search-links';
import { useAuth } from '../auth/use-auth';
import { BellIcon } from './SaveSearchButton';
import { alertChoicesFor, type AlertFrequency, type SavedSearch, savedSearchKeys, savedSearchesApi, savedSearchesQuery, summaryParts } from './saved-searches';
import './saved-searches.css';

export function SavedSearchesPage() {
  const t = useT();
  usePageTitle('Saved searches - SEL');
  const list = useQuery(savedSearchesQuery);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const hasEmail = !!useAuth().user?.email;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: savedSearchKeys.all });
  const fail = (error: unknown) => toast.error(isApiError(error) ? error.message : t('Something went wrong. Please try again.'));

  const update = useMutation({
    mutationFn: ({ id, alert }: { id: string; alert: AlertFrequency }) => savedSearchesApi.update(id, { alert }),
    onSuccess: () => {
      toast.success(t('Alert updated'));
      refresh();
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (id: string) => savedSearchesApi.remove(id),
    onSuccess: () => {
      toast.success(t('Saved search deleted'));
      refresh();
    },
    onError: fail,
  });
  const open = async (s: SavedSearch) => {
    // opened: the new-ad count starts again (best effort, the search opens either way)
    await savedSearchesApi.seen(s.id).catch(() => undefined);
    refresh();
    // with new ads, only those (a "New since …" chip the buyer can clear shows the rest)
    const search = { ...productsParamsOf(s.query), ...(s.newCount > 0 ? { since: sinceParam(s.lastSeenAt) } : {}) };
    void navigate({ to: '/products', search: search as never });
  };

  const searches = list.data ?? [];
  return (
    <div className="saved-searches-page">
      <h1 className="page-title">{t('Saved searches')}</h1>
      {list.isPending && <p className="muted">{t('Loading...')}</p>}
      {list.isError && (
        <p role="alert">
          {t('Could not load your saved searches.')}{' '}
          <button type="button" className="link-button" onClick={() => void list.refetch()}>
            {t('Try again')}
          </button>
        </p>
      )}
      {list.isSuccess && searches.length === 0 && (
        <div className="saved-searches-empty">
          <BellIcon />
          <p>{t('No saved searches yet.')}</p>
          <p className="muted">{t('Search for something, then tap "Save this search" to hear about new ads.')}</p>
        </div>
      )}
      {list.isSuccess && searches.length > 0 && !hasEmail && (
        <p className="muted" data-testid="saved-searches-no-email">
          {t('Alerts reach you in the app and as push notifications. Daily e-mails need an e-mail address: add one on your profile.')}
        </p>
      )}
      <ul className="saved-searches-list">
        {searches.map((s) => (
          <li key={s.id} className="saved-search-card" data-testid="saved-search">
            <button type="button" className="saved-search-card__open" onClick={() => void open(s)}>
              <span className="saved-search-card__name" translate="no">
                {s.name}
              </span>
              <span className="muted saved-search-card__summary">{summaryParts(s.query, t).join(' · ')}</span>
              {s.newCount > 0 ? (
                <span className="saved-search-card__new" data-testid="saved-search-new">
                  {s.newCount} {s.newCount === 1 ? t('new ad') : t('new ads')}
                </span>
              ) : (
                <span className="muted saved-search-card__none">{t('No new ads')}</span>
              )}
            </button>
            <div className="saved-search-card__actions">
              <label className="saved-search-card__alert">
                <BellIcon />
                <span className="visually-hidden">{t('Alert me')}</span>
                <select value={s.alert} disabled={update.isPending} onChange={(e) => update.mutate({ id: s.id, alert: e.target.value as AlertFrequency })}>
                  {alertChoicesFor(hasEmail, s.alert).map((c) => (
                    <option key={c.value} value={c.value}>
                      {t(c.label)}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" className="link-button saved-search-card__delete" disabled={remove.isPending} onClick={() => remove.mutate(s.id)}>
                {t('Delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {searches.length > 0 && <p className="muted saved-searches-foot">{t('You can keep up to 50 saved searches.')}</p>}
    </div>
  );
}
