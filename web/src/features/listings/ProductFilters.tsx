import { Link } from '@tanstack/react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useI18n } from '../../lib/i18n';
import { formatNumber } from '../../lib/format';
import { CONDITIONS, PRODUCT_SORTS, type ProductsSearch } from '../../lib/search-params';
import { findCategory, findSubcategory, type Category } from '../catalog/queries';
import { locationLabel, type Location } from '../locations/queries';
import {
  CONDITION_LABELS,
  SORT_LABELS,
  conditionList,
  conditionParam,
  effectiveSort,
  isAllIndia,
  parsePriceDraft,
  productsApiQuery,
  withFilters,
  type Condition,
  type PriceDraft,
  type PriceDraftError,
} from './filters';
import { facetQuery, placeChoices, withFacetCounts } from './facet-counts';
import { listingQueries } from './queries';

type Mode = 'live' | 'draft';

type FilterPanelProps = {
  search: ProductsSearch;
  onChange: (next: ProductsSearch) => void;
  categories: readonly Category[] | undefined;
  locations: readonly Location[] | undefined;
  /** live: every choice applies at once (desktop sidebar). draft: choices collect until Apply (mobile drawer). */
  mode: Mode;
  /** Drawer only: change it to reset the price inputs after the draft was cleared from outside them. */
  resetToken?: number;
  /** Drawer only: told whenever the price inputs hold something that cannot be applied (null once they can). */
  onPriceError?: (error: PriceDraftError | null) => void;
};

/** One choice in a list: a real link when it applies at once, a toggle button in the drawer. */
function FilterOption({
  mode,
  next,
  onChange,
  selected,
  children,
  className = '',
}: {
  mode: Mode;
  next: ProductsSearch;
  onChange: (next: ProductsSearch) => void;
  selected: boolean;
  children: ReactNode;
  className?: string;
}) {
  const classes = `filter-option${selected ? ' filter-option--selected' : ''} ${className}`.trim();
  if (mode === 'live') {
    return (
      <Link to="/products" search={next} resetScroll={false} className={classes} aria-current={selected ? 'true' : undefined}>
        {children}
      </Link>
    );
  }
  return (
    <button type="button" className={classes} aria-pressed={selected} onClick={() => onChange(next)}>
      {children}
    </button>
  );
}

function Count({ value }: { value: number }) {
  const { language } = useI18n();
  return <span className="filter-option__count">({formatNumber(value, language)})</span>;
}

/** A titled group whose body can be folded away (CATEGORIES, LOCATIONS, ...). */
function FilterSection({ title, children, defaultOpen = true }: { title: string; children: ReactNode; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  return (
    <section className="filter-section">
      <h3 className="filter-section__heading">
        <button type="button" className="filter-section__toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
          {title}
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="chevron">
            <path fill="currentColor" d="m7.4 8.6 4.6 4.6 4.6-4.6L18 10l-6 6-6-6 1.4-1.4Z" />
          </svg>
        </button>
      </h3>
      <div id={bodyId} className="filter-section__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}

function CategoryFilter({ search, onChange, categories: catalogue, mode }: Omit<FilterPanelProps, 'locations'>) {
  const { t } = useI18n();
  // the counts follow the words and filters (the drawer's draft too), not the whole catalogue's
  const facets = useQuery({ ...listingQueries.facets(facetQuery(productsApiQuery(search))), placeholderData: keepPreviousData });
  if (!catalogue) return <p className="muted filter-note">{t('Loading categories...')}</p>;
  const chosenInCatalogue = findCategory(catalogue, search.category);
  const categories = facets.data
    ? withFacetCounts(catalogue, facets.data, { categoryId: chosenInCatalogue?.id, subcategoryId: findSubcategory(chosenInCatalogue, search.subcategory)?.id })
    : catalogue;
  const chosen = findCategory(categories, search.category);
  const chosenSub = findSubcategory(chosen, search.subcategory);

  if (!chosen) {
    if (facets.data && !categories.length) return <p className="muted filter-note">{t('No category has ads for this search')}</p>;
    return (
      <ul className="filter-list">
        {categories.map((category) => (
          <li key={category.id}>
            <FilterOption mode={mode} onChange={onChange} selected={false} next={withFilters(search, { category: category.name, subcategory: undefined })}>
              {t(category.name)} <Count value={category.count} />
            </FilterOption>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <ul className="filter-list">
      <li>
        <FilterOption mode={mode} onChange={onChange} selected={false} className="filter-option--back" next={withFilters(search, { category: undefined, subcategory: undefined })}>
          ‹ {t('All Categories')}
        </FilterOption>
      </li>
      <li>
        <FilterOption mode={mode} onChange={onChange} selected={!chosenSub} className="filter-option--parent" next={withFilters(search, { category: chosen.name, subcategory: undefined })}>
          {t(chosen.name)} <Count value={chosen.count} />
        </FilterOption>
        <ul className="filter-list filter-list--nested">
          {chosen.subcategories.map((sub) => (
            <li key={sub.id}>
              <FilterOption mode={mode} onChange={onChange} selected={chosenSub?.id === sub.id} next={withFilters(search, { category: chosen.name, subcategory: sub.name })}>
                {t(sub.name)} <Count value={sub.count} />
              </FilterOption>
            </li>
          ))}
        </ul>
      </li>
    </ul>
  );
}

function LocationFilter({ search, onChange, locations, mode }: Omit<FilterPanelProps, 'categories'>) {
  const { t } = useI18n();
  // the counts follow the words and the other filters; until they arrive, the most active cities
  const facets = useQuery({ ...listingQueries.facets(facetQuery(productsApiQuery(search))), placeholderData: keepPreviousData });
  const counted = facets.data ? placeChoices(facets.data.locations) : null;
  const everywhere = isAllIndia(search.location);
  const chosenKey = (search.location ?? '').trim().toLowerCase();
  const isChosen = (value: string) => !everywhere && (value.toLowerCase() === chosenKey || value.split(',')[0]!.toLowerCase() === chosenKey.split(',')[0]);
  const places =
    counted?.places ?? locations?.map((l) => ({ id: l.id, name: l.name, value: l.kind === 'city' ? l.name : locationLabel(l), count: l.count })) ?? null;
  const within = counted?.within ?? null;
  const listed = (within && isChosen(within.value)) || (places?.some((p) => isChosen(p.value)) ?? false);
  const option = (place: { id: number; name: string; value: string; count: number }, className?: string) => (
    <FilterOption mode={mode} onChange={onChange} selected={isChosen(place.value)} className={className} next={withFilters(search, { location: place.value })}>
      <span translate="no">{place.name}</span> <Count value={place.count} />
    </FilterOption>
  );
  const list = places?.map((place) => <li key={place.id}>{option(place)}</li>);
  return (
    <ul className="filter-list">
      <li>
        <FilterOption mode={mode} onChange={onChange} selected={everywhere} className={within ? 'filter-option--back' : undefined} next={withFilters(search, { location: undefined })}>
          {within ? `‹ ${t('India')}` : t('India')}
        </FilterOption>
      </li>
      {!listed && !everywhere && search.location && (
        <li>
          <FilterOption mode={mode} onChange={onChange} selected next={search}>
            <span translate="no">{search.location}</span>
          </FilterOption>
        </li>
      )}
      {within ? (
        <li>
          {option(within, 'filter-option--parent')}
          <ul className="filter-list filter-list--nested">{list}</ul>
        </li>
      ) : (
        list
      )}
      {counted && !places?.length && <li className="muted filter-note">{t('No place has ads for this search')}</li>}
      {!places && <li className="muted filter-note">{t('Loading locations...')}</li>}
    </ul>
  );
}

function PriceFilter({ search, onChange, mode, onPriceError }: Pick<FilterPanelProps, 'search' | 'onChange' | 'mode' | 'onPriceError'>) {
  const [min, setMin] = useState(search.minPrice === undefined ? '' : String(search.minPrice));
  const [max, setMax] = useState(search.maxPrice === undefined ? '' : String(search.maxPrice));
  const [problem, setProblem] = useState<PriceDraftError | null>(null);
  const error = problem?.error ?? null;
  const report = (next: PriceDraftError | null) => {
    setProblem(next);
    onPriceError?.(next);
  };
  const minId = useId();
  const maxId = useId();
  const errorId = useId();
  const i18n = useI18n();
  const { t } = i18n;

  const apply = (draft: { min: string; max: string }) => {
    const parsed = parsePriceDraft(draft, i18n);
    if ('error' in parsed) {
      report(parsed);
      return;
    }
    report(null);
    if (parsed.minPrice === search.minPrice && parsed.maxPrice === search.maxPrice) return;
    onChange(withFilters(search, parsed));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply({ min, max });
  };

  const swap = (swapped: PriceDraft) => {
    setMin(swapped.min);
    setMax(swapped.max);
    apply(swapped);
  };

  // In the drawer every keystroke updates the draft; on the sidebar the Apply button commits.
  const update = (which: 'min' | 'max', value: string) => {
    if (which === 'min') setMin(value);
    else setMax(value);
    if (mode === 'draft') apply(which === 'min' ? { min: value, max } : { min, max: value });
  };

  return (
    <form className="price-filter" onSubmit={onSubmit} noValidate>
      <div className="price-filter__inputs">
        <label htmlFor={minId} className="visually-hidden">
          {t('Minimum price in rupees')}
        </label>
        <input
          id={minId}
          className="text-input"
          inputMode="numeric"
          placeholder={t('Min ₹')}
          value={min}
          onChange={(e) => update('min', e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          maxLength={12}
        />
        <span aria-hidden="true">–</span>
        <label htmlFor={maxId} className="visually-hidden">
          {t('Maximum price in rupees')}
        </label>
        <input
          id={maxId}
          className="text-input"
          inputMode="numeric"
          placeholder={t('Max ₹')}
          value={max}
          onChange={(e) => update('max', e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          maxLength={12}
        />
        {mode === 'live' && (
          <button type="submit" className="button button--small button--primary">
            {t('Apply')}
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className="field-error price-filter__error" role="alert">
          {error}{' '}
          {problem?.swapped && (
            <button type="button" className="link-button" onClick={() => swap(problem.swapped!)}>
              {t('Swap min and max')}
            </button>
          )}
        </p>
      )}
    </form>
  );
}

function ConditionFilter({ search, onChange }: Pick<FilterPanelProps, 'search' | 'onChange'>) {
  const { t } = useI18n();
  const chosen = conditionList(search.condition);
  const toggle = (condition: Condition, checked: boolean) => {
    const next = checked ? [...chosen, condition] : chosen.filter((c) => c !== condition);
    onChange(withFilters(search, { condition: conditionParam(next) }));
  };
  return (
    <fieldset className="checkbox-group">
      <legend className="visually-hidden">{t('Condition')}</legend>
      {CONDITIONS.map((condition) => (
        <label key={condition} className="checkbox">
          <input type="checkbox" checked={chosen.includes(condition)} onChange={(e) => toggle(condition, e.target.checked)} />
          {t(CONDITION_LABELS[condition])}
        </label>
      ))}
    </fieldset>
  );
}

export function SortRadios({ search, onChange }: Pick<FilterPanelProps, 'search' | 'onChange'>) {
  const { t } = useI18n();
  const current = effectiveSort(search);
  return (
    <fieldset className="checkbox-group">
      <legend className="visually-hidden">{t('Sort by')}</legend>
      {PRODUCT_SORTS.map((sort) => (
        <label key={sort} className="checkbox">
          <input
            type="radio"
            name="drawer-sort"
            value={sort}
            checked={current === sort}
            onChange={() => onChange(withFilters(search, { sort }))}
          />
          {t(SORT_LABELS[sort])}
        </label>
      ))}
    </fieldset>
  );
}

/** The filters of the products page: the desktop sidebar, and the body of the mobile drawer. */
export function FilterPanel(props: FilterPanelProps) {
  const { search, onChange, mode } = props;
  const { t } = useI18n();
  return (
    <div className="filter-panel">
      <FilterSection title={t('CATEGORIES')}>
        <CategoryFilter {...props} />
      </FilterSection>
      <FilterSection title={t('LOCATIONS')}>
        <LocationFilter {...props} />
      </FilterSection>
      {mode === 'draft' && (
        <FilterSection title={t('SORT BY')}>
          <SortRadios search={search} onChange={onChange} />
        </FilterSection>
      )}
      <FilterSection title={t('PRICE')}>
        <PriceFilter
          // The sidebar's inputs follow the URL (a removed chip empties them); the drawer owns its draft.
          key={mode === 'live' ? `${search.minPrice ?? ''}-${search.maxPrice ?? ''}` : `draft-${props.resetToken ?? 0}`}
          search={search}
          onChange={onChange}
          mode={mode}
          onPriceError={props.onPriceError}
        />
      </FilterSection>
      <FilterSection title={t('CONDITION')}>
        <ConditionFilter search={search} onChange={onChange} />
      </FilterSection>
    </div>
  );
}
