import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore } from 'react';
import { isApiError } from '../lib/api';
import { useT } from '../lib/i18n';

/** A request or a page's code that could not be fetched: the network, not the app, failed. */
export function isNetworkFailure(error: unknown): boolean {
  if (isApiError(error)) return error.status === 0;
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|importing a module script failed|failed to fetch|networkerror|load failed/i.test(message);
}

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/**
 * Last-resort view for an unexpected render or loader error (spec part 1 §8), in the app's frame and
 * language. When the network is what failed (offline, or a page's code that could not be fetched),
 * it says so and tries again by itself once the network is back (decision 025).
 */
export function ErrorPage({ error }: ErrorComponentProps) {
  const router = useRouter();
  const t = useT();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  const offline = useSyncExternalStore(subscribeOnline, () => navigator.onLine === false, () => false);
  const networkFailed = offline || isNetworkFailure(error);

  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  useEffect(() => {
    if (networkFailed) console.warn('page unavailable without the network', error);
    else console.error(error);
  }, [error, networkFailed]);

  useEffect(() => {
    if (!networkFailed) return;
    const retry = () => void router.invalidate();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [networkFailed, router]);

  return (
    <section className="page page--centered" role="alert">
      <h1 className="page-title">{networkFailed ? t('You are offline') : t('Something went wrong')}</h1>
      <p className="page-lead">
        {networkFailed
          ? t('This page is not saved on this phone, so it needs the network. It opens by itself when you are back online.')
          : t('An unexpected error occurred. Try again, or refresh the page if it keeps happening.')}
      </p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={() => void router.invalidate()}>
          {t('Try Again')}
        </button>
        {!networkFailed && (
          <button type="button" className="button button--outline" onClick={() => window.location.reload()}>
            {t('Refresh Page')}
          </button>
        )}
      </div>
    </section>
  );
}
