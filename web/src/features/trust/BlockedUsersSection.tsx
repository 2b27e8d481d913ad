import { useQuery } from '@tanstack/react-query';
import { useT } from '../../lib/i18n';
import { trustQueries, useSetBlocked } from './api';
import './trust.css';

/** Settings: the people I blocked, each with Unblock. */
export function BlockedUsersSection() {
  const t = useT();
  const blocked = useQuery(trustQueries.blocked());
  const setBlocked = useSetBlocked();
  const users = blocked.data ?? [];
  return (
    <section className="settings__section settings__section--stacked" aria-labelledby="settings-blocked">
      <h3 id="settings-blocked" className="settings__section-title">
        {t('Blocked users')}
      </h3>
      {blocked.isLoading ? (
        <p className="auth-muted">{t('Loading...')}</p>
      ) : users.length === 0 ? (
        <p className="auth-muted">{t('You have not blocked anyone.')}</p>
      ) : (
        <ul className="blocked-list">
          {users.map((u) => {
            const name = `${u.firstName} ${u.lastName}`.trim();
            return (
              <li key={u.id} className="blocked-list__row">
                <span>{name}</span>
                <button type="button" className="auth-button auth-button--outline" disabled={setBlocked.isPending} onClick={() => setBlocked.mutate({ userId: u.id, block: false, name })}>
                  {t('Unblock')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
