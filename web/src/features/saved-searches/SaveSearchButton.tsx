/**
 * "Save this search" on /products (decision 009): a bell that opens a small dialog with the filters in
 * words, a name and how often to be told. Guests are asked to log in first.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { isApiError } from '../../lib/api';
import { useT } from '../../lib/i18n';
import type { ProductsSearch } from '../../lib/search-params';
import { toast } from '../../lib/toast';
import { openLoginModal, useAuth } from '../auth/use-auth';
import { alertChoicesFor, type AlertFrequency, canSave, savedQueryOf, savedSearchKeys, savedSearchesApi, summaryParts } from './saved-searches';
import './saved-searches.css';

export function BellIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}

export function SaveSearchButton({ search }: { search: ProductsSearch }) {
  const t = useT();
  const { status, user } = useAuth();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [alert, setAlert] = useState<AlertFrequency>('instant');
  const [savedId, setSavedId] = useState<string | null>(null);
  const nameId = useId();
  const query = savedQueryOf(search);
  const summary = summaryParts(query, t).join(' · ');

  const save = useMutation({
    mutationFn: () => savedSearchesApi.create({ query, alert, ...(name.trim() ? { name: name.trim() } : {}) }),
    onSuccess: ({ id }) => {
      setSavedId(id);
      toast.success(t('Search saved'));
      void queryClient.invalidateQueries({ queryKey: savedSearchKeys.all });
    },
    onError: (error) => toast.error(isApiError(error) ? error.message : t('Could not save the search. Please try again.')),
  });

  if (!canSave(search)) return null;

  const start = () => {
    if (status !== 'authenticated') {
      openLoginModal({ redirect: window.location.pathname + window.location.search });
      return;
    }
    setSavedId(null);
    setName('');
    setOpen(true);
  };

  return (
    <>
      <button type="button" className="button button--outline button--small save-search-button" onClick={start} aria-haspopup="dialog">
        <BellIcon /> {t('Save this search')}
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={savedId ? t('Search saved') : t('Save this search')}
        footer={
          savedId ? (
            <div className="button-row">
              <Link to="/saved-searches" className="button button--outline" onClick={() => setOpen(false)}>
                {t('See saved searches')}
              </Link>
              <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
                {t('Done')}
              </button>
            </div>
          ) : (
            <div className="button-row">
              <button type="button" className="button button--outline" onClick={() => setOpen(false)}>
                {t('Cancel')}
              </button>
              <button type="button" className="button button--primary" disabled={save.isPending} onClick={() => save.mutate()}>
                {save.isPending ? t('Saving...') : t('Save')}
              </button>
            </div>
          )
        }
      >
        <div className="save-search">
          <p className="save-search__summary" data-testid="save-search-summary">
            <BellIcon /> {summary}
          </p>
          {savedId ? (
            <p className="muted">{alert === 'off' ? t('We kept this search for you.') : t("We'll tell you when new ads match.")}</p>
          ) : (
            <>
              <label htmlFor={nameId} className="save-search__label">
                {t('Name (optional)')}
              </label>
              <input id={nameId} className="input" maxLength={80} value={name} placeholder={summary.slice(0, 80)} onChange={(e) => setName(e.target.value)} />
              <fieldset className="save-search__alerts">
                <legend className="save-search__label">{t('Alert me')}</legend>
                {alertChoicesFor(!!user?.email).map((choice) => (
                  <label key={choice.value} className="save-search__choice">
                    <input type="radio" name="alert" value={choice.value} checked={alert === choice.value} onChange={() => setAlert(choice.value)} />
                    <span>
                      <strong>{t(choice.label)}</strong>
                      <span className="muted"> — {t(choice.hint)}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            </>
          )}
        </div>
      </Dialog>
    </>
  );
}
