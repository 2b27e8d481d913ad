import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { listingsLoadErrorMessage } from './queries';
import { useT } from '../../lib/i18n';

/** The home route's error view: a file of its own, so the home page's code does not carry it (decision 011). */
export function FreshRecommendationsError({ error }: ErrorComponentProps) {
  const t = useT();
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();

  // Let the next render's useSuspenseQuery fetch again instead of rethrowing the cached error.
  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  return (
    <section className="home-section">
      <h2 className="section-title">{t('Fresh recommendations')}</h2>
      <div className="error-panel" role="alert">
        <p>{listingsLoadErrorMessage(error)}</p>
        <button type="button" className="button button--primary" onClick={() => void router.invalidate()}>
          {t('Try Again')}
        </button>
      </div>
    </section>
  );
}
