import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { usePageTitle } from '../../lib/page-title';
import { useT } from '../../lib/i18n';

export function ListingNotFound() {
  const t = useT();
  usePageTitle(t('Listing not found'));
  return (
    <section className="page page--centered">
      <h1 className="page-title">{t('Listing not found')}</h1>
      <p className="page-lead">{t("The listing you're looking for doesn't exist or has been removed.")}</p>
      <Link to="/products" className="button button--primary">
        {t('Browse Listings')}
      </Link>
    </section>
  );
}

export function ListingLoadError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const t = useT();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);
  return (
    <section className="page page--centered" role="alert">
      <h1 className="page-title">{t('Error loading listing')}</h1>
      <p className="page-lead">{t('There was an error loading the listing. Please try again later.')}</p>
      <p className="muted">{error instanceof Error ? error.message : String(error)}</p>
      <button type="button" className="button button--primary" onClick={() => void router.invalidate()}>
        {t('Try Again')}
      </button>
    </section>
  );
}
