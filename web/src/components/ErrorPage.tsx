import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';

/** Last-resort view for an unexpected render or loader error (spec part 1 §8). */
export function ErrorPage({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();

  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <section className="page page--centered" role="alert">
      <h1 className="page-title">Something went wrong</h1>
      <p className="page-lead">An unexpected error occurred. Try again, or refresh the page if it keeps happening.</p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={() => void router.invalidate()}>
          Try Again
        </button>
        <button type="button" className="button button--outline" onClick={() => window.location.reload()}>
          Refresh Page
        </button>
      </div>
    </section>
  );
}
