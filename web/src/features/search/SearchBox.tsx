import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { Icon } from '../../components/header/icons';
import { useT } from '../../lib/i18n';
import { useStoredValue } from '../../lib/local-store';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { isAllIndia } from '../locations/all-india';
import { useSelectedLocation } from '../locations/selected-location';
import { searchQueries, type Suggestion } from './queries';
import { addRecentSearch, recentSearches, removeRecentSearch } from './recent-searches';

/** Shown on an empty box to a buyer with no recent searches (spec part 1 §2). */
export const POPULAR_SEARCHES = ['Cars', 'Mobile Phones', 'Motorcycles', 'Laptops', 'Furniture', 'Real Estate', 'Jobs', 'Services'];

type Option =
  | { kind: 'recent'; text: string }
  | { kind: 'popular'; text: string }
  | { kind: 'suggestion'; text: string; suggestion: Suggestion };

const SUGGEST_DELAY_MS = 120;

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

/**
 * The one search box of the site, on phones and desktops: a combobox with recent and popular
 * searches when empty and the server's suggestions as you type (keyboard and touch). Choosing
 * "iphone in Smartphones" searches the word inside that subcategory.
 */
export function SearchBox({ variant }: { variant: 'desktop' | 'mobile' }) {
  const t = useT();
  const navigate = useNavigate();
  const location = useSelectedLocation();
  const currentQuery = useSearch({ strict: false, select: (search) => search.q });
  const recent = useStoredValue(recentSearches);
  const [text, setText] = useState(String(currentQuery ?? ''));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  useEffect(() => setText(String(currentQuery ?? '')), [currentQuery]);

  const typed = useDebouncedValue(text, SUGGEST_DELAY_MS);
  const suggest = useQuery({ ...searchQueries.suggest(typed), enabled: open && typed.trim() !== '' });

  const options: Option[] = text.trim()
    ? (suggest.data?.suggestions ?? []).map((s) => ({ kind: 'suggestion' as const, text: s.text, suggestion: s }))
    : recent.length
      ? recent.map((r) => ({ kind: 'recent' as const, text: r }))
      : POPULAR_SEARCHES.map((p) => ({ kind: 'popular' as const, text: p }));
  const showList = open && options.length > 0;

  const go = (q: string, where?: { category?: string; subcategory?: string }) => {
    const clean = q.trim();
    if (clean) recentSearches.set(addRecentSearch(recentSearches.get(), clean));
    setText(clean);
    setOpen(false);
    setActive(-1);
    // empty text browses everything: /products without q (spec part 1 §5); the chosen place comes along
    const place = isAllIndia(location) || location === 'Current Location' ? undefined : location;
    void navigate({ to: '/products', search: { ...(clean ? { q: clean } : {}), ...(place ? { location: place } : {}), ...where } });
  };

  const choose = (option: Option) => {
    if (option.kind === 'suggestion' && option.suggestion.subcategoryName) go(option.text, { category: option.suggestion.categoryName, subcategory: option.suggestion.subcategoryName });
    else if (option.kind === 'suggestion' && option.suggestion.categoryName) go(option.text, { category: option.suggestion.categoryName });
    else go(option.kind === 'popular' ? t(option.text) : option.text);
  };

  const inPlace = (where: string) => t('in {where}').replace('{where}', t(where));
  const label = (option: Option) => {
    if (option.kind !== 'suggestion') return option.kind === 'popular' ? t(option.text) : option.text;
    const where = option.suggestion.subcategoryName ?? option.suggestion.categoryName;
    return where ? `${option.text} ${inPlace(where)}` : option.text;
  };

  return (
    <form
      className={variant === 'mobile' ? 'search-form search-form--mobile' : 'search-form'}
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const option = showList && active >= 0 ? options[active] : undefined;
        if (option) choose(option);
        else go(text);
      }}
    >
      <input
        className="search-form__input"
        type="search"
        name="q"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        aria-label={t('Search listings')}
        placeholder={t('Search "Mobiles"')}
        enterKeyHint="search"
        autoComplete="off"
        maxLength={200}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((i) => Math.min(i + 1, options.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((i) => Math.max(i - 1, -1));
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      <button type="submit" className="search-form__button" aria-label={t('Search')}>
        <Icon name="search" size={22} />
      </button>
      <ul
        id={listId}
        role="listbox"
        className="search-suggestions"
        hidden={!showList}
        aria-label={text.trim() ? t('Suggestions') : recent.length ? t('Recent searches') : t('Popular searches')}
      >
        {options.map((option, index) => (
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
              choose(option);
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
        ))}
      </ul>
    </form>
  );
}
