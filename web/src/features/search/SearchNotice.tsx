import { Link } from '@tanstack/react-router';
import type { SearchInfo } from '../../../../worker/schemas/search';
import type { ProductsSearch } from '../../lib/search-params';

/**
 * What the search did with the buyer's words, above the results: the spelling it corrected (with
 * "search instead for" the words as typed), the words it loosened, the place it read from the text
 * or widened to, and the category a word stood for.
 */
export function SearchNotice({ info, search }: { info: SearchInfo; search: ProductsSearch }) {
  const lines: React.ReactNode[] = [];
  const { interpretedAs } = info;
  if (info.relaxed === 'corrected' && info.correctedQuery) {
    lines.push(
      <>
        Showing results for <strong>{info.correctedQuery}</strong>.{' '}
        <Link to="/products" search={{ ...search, exact: true, page: undefined }} className="search-notice__link">
          Search instead for “{info.query}”
        </Link>
      </>,
    );
  } else if (info.relaxed === 'anyWord') {
    lines.push(
      <>
        No ads match all of “{info.correctedQuery ?? info.query}”: showing ads that match some of the words.
      </>,
    );
  }
  if (!search.location && interpretedAs.location && !search.lat) {
    lines.push(
      <>
        Searching in <strong>{interpretedAs.location}</strong>, the place in your search.{' '}
        <Link to="/products" search={{ ...search, q: interpretedAs.q || search.q, location: 'India', exact: undefined, page: undefined }} className="search-notice__link">
          Search all of India
        </Link>
      </>,
    );
  }
  if (info.relaxed === 'widerPlace' && info.widenedTo) {
    lines.push(
      <>
        Nothing in {interpretedAs.location ?? 'that place'} yet: showing ads from <strong>{info.widenedTo === 'India' ? 'all of India' : info.widenedTo}</strong>.
      </>,
    );
  }
  if (!search.subcategory && !search.category && (interpretedAs.subcategory || interpretedAs.category) && !interpretedAs.q) {
    lines.push(
      <>
        Showing all <strong>{interpretedAs.subcategory ?? interpretedAs.category}</strong> for “{info.query}”.
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
