import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useT } from '../lib/i18n';

/** Last-resort view for an unexpected render or loader error (spec part 1 §8). */
export function ErrorPage({ error }: ErrorComponentProps) {
  const router = useRouter();
  const t = useT();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();

  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <section className="page page--centered" role="alert">
      <h1 className="page-title">{t('Something went wrong')}</h1>
      <p className="page-lead">{t('An unexpected error occurred. Try again, or refresh the page if it keeps happening.')}</p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={() => void router.invalidate()}>
          {t('Try Again')}
        </button>
        <button type="button" className="button button--outline" onClick={() => window.location.reload()}>
          {t('Refresh Page')}
        </button>
      </div>
    </section>
  );
}
