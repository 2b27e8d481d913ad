import { useNavigate, useSearch } from '@tanstack/react-router';
import { Suspense, lazy, useEffect, useId, useState } from 'react';
import { Icon } from '../../components/header/icons';
import { useT } from '../../lib/i18n';
import { isAllIndia } from '../locations/all-india';
import { useSelectedLocation } from '../locations/selected-location';
import type { SearchOption } from './SearchSuggestions';

// The list (recent, popular, suggestions) is fetched on the box's first focus or keystroke: the box
// takes typing at once, and the first screen does not carry the list's code (decision 011).
const loadSuggestions = () => import('./SearchSuggestions');
// offline before the service worker kept them, typing must not take the page down: no suggestions instead
const SearchSuggestions = lazy(() =>
  loadSuggestions().then(
    (m) => ({ default: m.SearchSuggestions }),
    () => ({ default: noSuggestions }),
  ),
);
const noSuggestions = (() => []) as typeof import('./SearchSuggestions').SearchSuggestions;

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
  const [text, setText] = useState(String(currentQuery ?? ''));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [options, setOptions] = useState<readonly SearchOption[]>([]);
  const [listWanted, setListWanted] = useState(false);
  const listId = useId();
  useEffect(() => setText(String(currentQuery ?? '')), [currentQuery]);
  const openList = () => {
    setOpen(true);
    setListWanted(true);
  };
  const showList = open && options.length > 0;

  const go = (q: string, where?: { category?: string; subcategory?: string }) => {
    const clean = q.trim();
    if (clean)
      void loadSuggestions()
        .then((m) => m.rememberSearch(clean))
        .catch(() => {
          // offline and the list's code never came: the search goes ahead, unremembered
        });
    setText(clean);
    setOpen(false);
    setActive(-1);
    // empty text browses everything: /products without q (spec part 1 §5); the chosen place comes along
    const place = isAllIndia(location) || location === 'Current Location' ? undefined : location;
    void navigate({ to: '/products', search: { ...(clean ? { q: clean } : {}), ...(place ? { location: place } : {}), ...where } });
  };

  const choose = (option: SearchOption) => {
    if (option.kind === 'suggestion' && option.suggestion.subcategoryName) go(option.text, { category: option.suggestion.categoryName, subcategory: option.suggestion.subcategoryName });
    else if (option.kind === 'suggestion' && option.suggestion.categoryName) go(option.text, { category: option.suggestion.categoryName });
    else go(option.kind === 'popular' ? t(option.text) : option.text);
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
          openList();
          setActive(-1);
        }}
        onFocus={openList}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            openList();
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
        aria-label={text.trim() ? t('Suggestions') : options[0]?.kind === 'recent' ? t('Recent searches') : t('Popular searches')}
      >
        {listWanted && (
          <Suspense fallback={null}>
            <SearchSuggestions text={text} open={open} active={active} listId={listId} onOptions={setOptions} onChoose={choose} />
          </Suspense>
        )}
      </ul>
    </form>
  );
}
