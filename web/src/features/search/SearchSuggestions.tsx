import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useMemo } from 'react';
import { Icon } from '../../components/header/all-icons';
import { useT } from '../../lib/i18n';
import { useStoredValue } from '../../lib/local-store';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { searchQueries, type Suggestion } from './queries';
import { addRecentSearch, recentSearches, removeRecentSearch } from './recent-searches';

/**
 * The search box's list: recent and popular searches when it is empty, the server's suggestions as
 * you type. Its own chunk, fetched on the box's first focus or keystroke: the home page's first
 * screen shows only the box (the home page's JavaScript budget, decision 011).
 */

/** Shown on an empty box to a buyer with no recent searches (spec part 1 §2). */
export const POPULAR_SEARCHES = ['Cars', 'Mobile Phones', 'Motorcycles', 'Laptops', 'Furniture', 'Real Estate', 'Jobs', 'Services'];

export type SearchOption =
  | { kind: 'recent'; text: string }
  | { kind: 'popular'; text: string }
  | { kind: 'suggestion'; text: string; suggestion: Suggestion };

const SUGGEST_DELAY_MS = 120;

/** A search made from the box goes first in the recent list. */
export function rememberSearch(text: string): void {
  recentSearches.set(addRecentSearch(recentSearches.get(), text));
}

/** The typed part in bold, the completion plain: what OLX and Flipkart do. */
function Completion({ text, typed }: { text: string; typed: string }) {
  const n = typed.trim().length;
  if (!n || !text.toLowerCase().startsWith(typed.trim().toLowerCase())) return <span>{text}</span>;
  return (
    <span>
      <strong>{text.slice(0, n)}</strong>
      {text.slice(n)}
    </span>
  );
}

type SearchSuggestionsProps = {
  text: string;
  open: boolean;
  active: number;
  listId: string;
  /** What the list offers now, for the box's keyboard handling (reported before the browser paints). */
  onOptions: (options: readonly SearchOption[]) => void;
  onChoose: (option: SearchOption) => void;
};

/** The options of the box's listbox (the box renders the `<ul>` itself). */
export function SearchSuggestions({ text, open, active, listId, onOptions, onChoose }: SearchSuggestionsProps) {
  const t = useT();
  const recent = useStoredValue(recentSearches);
  const typed = useDebouncedValue(text, SUGGEST_DELAY_MS);
  const suggest = useQuery({ ...searchQueries.suggest(typed), enabled: open && typed.trim() !== '' });
  const suggestions = suggest.data?.suggestions;

  const options = useMemo<SearchOption[]>(
    () =>
      text.trim()
        ? (suggestions ?? []).map((s) => ({ kind: 'suggestion' as const, text: s.text, suggestion: s }))
        : recent.length
          ? recent.map((r) => ({ kind: 'recent' as const, text: r }))
          : POPULAR_SEARCHES.map((p) => ({ kind: 'popular' as const, text: p })),
    [text, suggestions, recent],
  );
  useLayoutEffect(() => onOptions(options), [options, onOptions]);

  const inPlace = (where: string) => t('in {where}').replace('{where}', t(where));
  const label = (option: SearchOption) => {
    if (option.kind !== 'suggestion') return option.kind === 'popular' ? t(option.text) : option.text;
    const where = option.suggestion.subcategoryName ?? option.suggestion.categoryName;
    return where ? `${option.text} ${inPlace(where)}` : option.text;
  };

  return options.map((option, index) => (
    <li
      key={`${option.kind}:${option.text}:${option.kind === 'suggestion' ? option.suggestion.subcategoryId ?? option.suggestion.categoryId ?? '' : ''}`}
      id={`${listId}-${index}`}
      role="option"
      aria-selected={index === active}
      aria-label={label(option)}
      className={index === active ? 'search-suggestions__item is-active' : 'search-suggestions__item'}
      // mousedown, not click: the input's blur would close the list before a click or tap lands
      onMouseDown={(e) => {
        e.preventDefault();
        onChoose(option);
      }}
    >
      <Icon name={option.kind === 'recent' ? 'clock' : 'search'} size={16} />
      {option.kind === 'suggestion' ? (
        <span className="search-suggestions__text">
          <Completion text={option.text} typed={text} />
          {(option.suggestion.subcategoryName ?? option.suggestion.categoryName) && (
            <span className="search-suggestions__where">
              {' '}
              {inPlace(option.suggestion.subcategoryName ?? option.suggestion.categoryName!)}
            </span>
          )}
        </span>
      ) : (
        <span className="search-suggestions__text">{option.kind === 'popular' ? t(option.text) : option.text}</span>
      )}
      {option.kind === 'recent' && (
        <button
          type="button"
          className="search-suggestions__remove"
          aria-label={`${t('Remove')} ${option.text}`}
          onMouseDown={(e) => {
            e.preventDefault();
            e.stopPropagation();
            recentSearches.set(removeRecentSearch(recentSearches.get(), option.text));
          }}
        >
          ×
        </button>
      )}
    </li>
  ));
}
