import type { ErrorComponentProps } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { useT } from '../lib/i18n';

// Rarely shown: fetched when needed, not with every page's first JavaScript (the home page's JavaScript budget, decision 011).
// Its own code failing to arrive (offline before the service worker kept it) must not take the app down with it.
const LazyErrorPage = lazy(() =>
  import('./ErrorPage').then(
    (m) => ({ default: m.ErrorPage }),
    () => ({ default: ErrorFallback }),
  ),
);

function ErrorFallback() {
  const t = useT();
  return (
    <section className="page page--centered" role="alert">
      <h1 className="page-title">{t('Something went wrong')}</h1>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('Try Again')}
      </button>
    </section>
  );
}
const LazyNotFoundPage = lazy(() => import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

export function ErrorPage(props: ErrorComponentProps) {
  return (
    <Suspense fallback={null}>
      <LazyErrorPage {...props} />
    </Suspense>
  );
}

export function NotFoundPage() {
  return (
    <Suspense fallback={null}>
      <LazyNotFoundPage />
    </Suspense>
  );
}
