import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useT } from '../lib/i18n';
import { usePageTitle } from '../lib/page-title';

const REDIRECT_AFTER_MS = 3000;

export function NotFoundPage() {
  const navigate = useNavigate();
  const t = useT();
  usePageTitle(t('Page Not Found'));

  useEffect(() => {
    const timer = setTimeout(() => void navigate({ to: '/', replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <section className="page page--centered">
      <p className="page-code" aria-hidden="true">
        404
      </p>
      <h1 className="page-title">{t('Page Not Found')}</h1>
      <p className="page-lead">{t("The page you're looking for doesn't exist. Taking you to the home page in 3 seconds.")}</p>
      <div className="button-row">
        <Link to="/" className="button button--primary">
          {t('Go Home')}
        </Link>
        <Link to="/products" className="button button--outline">
          {t('Browse Listings')}
        </Link>
      </div>
    </section>
  );
}
