import type { ReactNode } from 'react';
import { pageItems } from './pagination';
import { useT } from '../lib/i18n';

type PaginationProps = {
  page: number;
  pages: number;
  /** Renders one page link; the caller decides how a page is addressed (a Link with ?page=n). */
  renderLink: (page: number, props: { className: string; children: ReactNode; 'aria-label': string; 'aria-current'?: 'page' }) => ReactNode;
};

/** Page numbers with Previous/Next, shown when there is more than one page. */
export function Pagination({ page, pages, renderLink }: PaginationProps) {
  const t = useT();
  if (pages <= 1) return null;
  const current = Math.min(Math.max(1, page), pages);
  return (
    <nav className="pagination" aria-label={t('Pagination')}>
      {current > 1 ? (
        renderLink(current - 1, { className: 'pagination__step', children: `‹ ${t('Previous')}`, 'aria-label': t('Previous page') })
      ) : (
        <span className="pagination__step pagination__step--disabled" aria-hidden="true">
          ‹ {t('Previous')}
        </span>
      )}
      <ul className="pagination__pages">
        {pageItems(current, pages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              {renderLink(item, {
                className: item === current ? 'pagination__page pagination__page--current' : 'pagination__page',
                children: item,
                'aria-label': t('Page {n}', { n: item }),
                ...(item === current ? { 'aria-current': 'page' as const } : {}),
              })}
            </li>
          ) : (
            <li key={item} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ),
        )}
      </ul>
      {current < pages ? (
        renderLink(current + 1, { className: 'pagination__step', children: `${t('Next')} ›`, 'aria-label': t('Next page') })
      ) : (
        <span className="pagination__step pagination__step--disabled" aria-hidden="true">
          {t('Next')} ›
        </span>
      )}
    </nav>
  );
}
