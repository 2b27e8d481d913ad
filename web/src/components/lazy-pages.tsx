import type { ErrorComponentProps } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';

// Rarely shown: fetched when needed, not with every page's first JavaScript (the home page's JavaScript budget, decision 011).
const LazyErrorPage = lazy(() => import('./ErrorPage').then((m) => ({ default: m.ErrorPage })));
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
