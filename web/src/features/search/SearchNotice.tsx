import { Link } from '@tanstack/react-router';
import type { SearchInfo } from '../../../../worker/schemas/search';
import type { ProductsSearch } from '../../lib/search-params';
import { useI18n, withNodes } from '../../lib/i18n';

/**
 * What the search did with the buyer's words, above the results: the spelling it corrected (with
 * "search instead for" the words as typed), the words it loosened, the place it read from the text
 * or widened to, and the category a word stood for.
 */
export function SearchNotice({ info, search }: { info: SearchInfo; search: ProductsSearch }) {
  const { t } = useI18n();
  const lines: React.ReactNode[] = [];
  const { interpretedAs } = info;
  if (info.relaxed === 'corrected' && info.correctedQuery) {
    lines.push(
      <>
        {withNodes(t('Showing results for {query}.'), { query: <strong>{info.correctedQuery}</strong> })}{' '}
        <Link to="/products" search={{ ...search, exact: true, page: undefined }} className="search-notice__link">
          {t('Search instead for “{query}”', { query: info.query })}
        </Link>
      </>,
    );
  } else if (info.relaxed === 'anyWord') {
    lines.push(
      <>
        {t('No ads match all of “{query}”: showing ads that match some of the words.', { query: info.correctedQuery ?? info.query })}
      </>,
    );
  }
  if (!search.location && interpretedAs.location && !search.lat) {
    lines.push(
      <>
        {withNodes(t('Searching in {place}, the place in your search.'), { place: <strong>{interpretedAs.location}</strong> })}{' '}
        <Link to="/products" search={{ ...search, q: interpretedAs.q || search.q, location: 'India', exact: undefined, page: undefined }} className="search-notice__link">
          {t('Search all of India')}
        </Link>
      </>,
    );
  }
  if (info.relaxed === 'widerPlace' && info.widenedTo) {
    lines.push(
      <>
        {withNodes(t('Nothing in {place} yet: showing ads from {wider}.', { place: interpretedAs.location ?? t('that place') }), {
          wider: <strong>{info.widenedTo === 'India' ? t('all of India') : info.widenedTo}</strong>,
        })}
      </>,
    );
  }
  if (info.relaxed === 'kind') {
    // no ad is the thing asked for: every ad of its kind, said plainly so it is not taken for an answer
    lines.push(
      <>
        {withNodes(t('No ads for “{query}” yet: showing all {category}.', { query: info.query }), {
          category: <strong>{t(interpretedAs.subcategory ?? interpretedAs.category ?? '')}</strong>,
        })}
        {info.widenedTo ? <> {withNodes(t('From {wider}.'), { wider: <strong>{info.widenedTo === 'India' ? t('all of India') : info.widenedTo}</strong> })}</> : null}
      </>,
    );
  } else if (!search.subcategory && !search.category && (interpretedAs.subcategory || interpretedAs.category) && !interpretedAs.q) {
    lines.push(
      <>
        {withNodes(t('Showing all {category} for “{query}”.', { query: info.query }), {
          category: <strong>{t(interpretedAs.subcategory ?? interpretedAs.category ?? '')}</strong>,
        })}
      </>,
    );
  }
  if (!lines.length) return null;
  return (
    <div className="search-notice" role="status">
      {lines.map((line, i) => (
        <p key={i}>{line}</p>
      ))}
    </div>
  );
}
