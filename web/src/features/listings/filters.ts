/**
 * URL ⇄ filter mapping for the products page: the one-word sort ⇄ sortBy/sortOrder, the request
 * sent to GET /api/listings, the active-filter chips, and the "change a filter, back to page 1" rule.
 * Pure functions: the route component only wires them to navigate().
 */
import { formatPrice } from '../../lib/format';
import { ENGLISH, msg, type I18n } from '../../lib/i18n';
import {
  CONDITIONS,
  FEATURE_FILTER_KEYS,
  OPEN_PRICE_MAX,
  PRODUCT_SORTS,
  type FeatureFilterKey,
  type ProductsSearch,
  type SORT_KEYS,
} from '../../lib/search-params';
import type { SearchInfo } from '../../../../worker/schemas/search';
import { understoodSubject } from '../../../../worker/schemas/search-subject';
import { isAllIndia } from '../locations/all-india';
import type { ListingFilters } from './queries';

export { isAllIndia };

export type ProductSort = (typeof PRODUCT_SORTS)[number];
export type Condition = (typeof CONDITIONS)[number];

export const PRODUCTS_PAGE_SIZE = 20;
/** How far "near me" looks unless the buyer chooses (the API's default too). */
export const DEFAULT_RADIUS_KM = 25;
export const RADIUS_CHOICES = [5, 10, 25, 50, 100, 250] as const;

export const hasPosition = (search: Pick<ProductsSearch, 'lat' | 'lng'>) => search.lat !== undefined && search.lng !== undefined;

/** The sorts the dropdown offers: nearest first only when the search has a position. */
export const sortChoices = (search: Pick<ProductsSearch, 'lat' | 'lng'>) => PRODUCT_SORTS.filter((s) => s !== 'distance-asc' || hasPosition(search));

export const SORT_LABELS: Record<ProductSort, string> = {
  'createdAt-desc': msg('Date Published'),
  'price-asc': msg('Price: Low to High'),
  'price-desc': msg('Price: High to Low'),
  'relevance-desc': msg('Relevance'),
  'distance-asc': msg('Distance: Nearest first'),
};

export const CONDITION_LABELS: Record<Condition, string> = { NEW: msg('New'), USED: msg('Used'), REFURBISHED: msg('Refurbished') };

const FEATURE_LABELS: Record<FeatureFilterKey, string> = {
  model: msg('Model'),
  fuel: msg('Fuel'),
  transmission: msg('Transmission'),
  year: msg('Year'),
  noOfOwners: msg('Owners'),
  storage: msg('Storage'),
  ram: msg('RAM'),
  bhk: msg('BHK'),
  propertyType: msg('Type'),
  furnishing: msg('Furnishing'),
};

type SortKey = (typeof SORT_KEYS)[number];

export function sortToApi(sort: ProductSort): { sortBy: SortKey; sortOrder: 'asc' | 'desc' } {
  const [sortBy, sortOrder] = sort.split('-') as [SortKey, 'asc' | 'desc'];
  return { sortBy, sortOrder };
}

/** The sort word for an API pair, or undefined when the pair is not one the dropdown offers. */
export function apiToSort(sortBy: string | undefined, sortOrder: string | undefined): ProductSort | undefined {
  if (!sortBy) return undefined;
  const word = `${sortBy}-${(sortOrder ?? '').toLowerCase()}`;
  return (PRODUCT_SORTS as readonly string[]).includes(word) ? (word as ProductSort) : undefined;
}

/** What the dropdown shows: the URL's sort, else what the API does by default (relevance for text searches). */
export function effectiveSort(search: Pick<ProductsSearch, 'sort' | 'q'>): ProductSort {
  return search.sort ?? (search.q ? 'relevance-desc' : 'createdAt-desc');
}


export function conditionList(condition: string | undefined): Condition[] {
  if (!condition) return [];
  const chosen = new Set(condition.toUpperCase().split(/[\s,]+/));
  return CONDITIONS.filter((c) => chosen.has(c));
}

/** Canonical URL form of a set of conditions; none (or all three, which filters nothing) is no filter. */
export function conditionParam(conditions: readonly string[]): string | undefined {
  const list = conditionList(conditions.join(','));
  return list.length === 0 || list.length === CONDITIONS.length ? undefined : list.join(',');
}

/** GET /api/listings parameters for the products page (20 per page). */
export function productsApiQuery(search: ProductsSearch): ListingFilters {
  const query: ListingFilters = {
    q: search.q,
    category: search.category,
    subcategory: search.subcategory,
    location: isAllIndia(search.location) ? undefined : search.location,
    brand: search.brand,
    minPrice: search.minPrice,
    maxPrice: search.maxPrice,
    condition: conditionParam(conditionList(search.condition)),
    page: search.page ?? 1,
    limit: PRODUCTS_PAGE_SIZE,
  };
  for (const key of FEATURE_FILTER_KEYS) if (search[key] !== undefined && search[key] !== '') query[key] = String(search[key]);
  if (search.exact) query.exact = true;
  if (search.since) query.since = search.since;
  const near = hasPosition(search);
  if (near) Object.assign(query, { lat: search.lat, lng: search.lng, radiusKm: search.radius ?? DEFAULT_RADIUS_KM });
  // nearest first needs a position; without one the dropdown's default applies
  if (search.sort && (search.sort !== 'distance-asc' || near)) Object.assign(query, sortToApi(search.sort));
  return query;
}

/** A filter change always starts again at page 1 (spec part 1 §4). */
export function withFilters(search: ProductsSearch, patch: Partial<ProductsSearch>): ProductsSearch {
  const next: ProductsSearch = { ...search, ...patch, page: undefined };
  // A subcategory belongs to its category: changing the category drops it unless the patch sets one.
  if ('category' in patch && patch.category !== search.category && !('subcategory' in patch)) next.subcategory = undefined;
  return dropEmpty(next);
}

/** Clear All keeps only the sort order. */
export function clearedFilters(search: ProductsSearch): ProductsSearch {
  return search.sort ? { sort: search.sort } : {};
}

export function hasActiveFilters(search: ProductsSearch): boolean {
  return filterChips(search).length > 0;
}

function dropEmpty<T extends Record<string, unknown>>(value: T): T {
  const out = {} as T;
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || item === null || item === '') continue;
    (out as Record<string, unknown>)[key] = item;
  }
  return out;
}

export function priceRangeLabel(minPrice: number | undefined, maxPrice: number | undefined, { t, language }: I18n = ENGLISH): string | undefined {
  const hasMin = minPrice !== undefined && minPrice > 0;
  const hasMax = maxPrice !== undefined && maxPrice < OPEN_PRICE_MAX;
  const price = (value: number) => formatPrice(value, 'INR', language);
  if (hasMin && hasMax) return `${price(minPrice)} - ${price(maxPrice)}`;
  if (hasMin) return t('Above {price}', { price: price(minPrice) });
  if (hasMax) return t('Under {price}', { price: price(maxPrice) });
  // minPrice=0 with the open maximum filters nothing, but say so rather than hide an active URL value.
  if (minPrice !== undefined || maxPrice !== undefined) return t('Any price');
  return undefined;
}

export interface FilterChip {
  key: string;
  label: string;
  /** The search with this one filter removed (page reset). */
  next: ProductsSearch;
}

/** The active-filter chips, in reading order, each with the search that removes it. */
export function filterChips(search: ProductsSearch, i18n: I18n = ENGLISH): FilterChip[] {
  const { t } = i18n;
  const chips: FilterChip[] = [];
  if (search.q) chips.push({ key: 'q', label: `"${search.q}"`, next: withFilters(search, { q: undefined }) });
  if (search.category) {
    chips.push({
      key: 'category',
      label: t(search.category),
      next: withFilters(search, { category: undefined, subcategory: undefined }),
    });
  }
  if (search.subcategory) {
    chips.push({ key: 'subcategory', label: t(search.subcategory), next: withFilters(search, { subcategory: undefined }) });
  }
  if (search.location && !isAllIndia(search.location)) {
    chips.push({ key: 'location', label: search.location, next: withFilters(search, { location: undefined }) });
  }
  if (hasPosition(search)) {
    chips.push({ key: 'near', label: t('Within {km} km of you', { km: search.radius ?? DEFAULT_RADIUS_KM }), next: withFilters(search, { lat: undefined, lng: undefined, radius: undefined, sort: search.sort === 'distance-asc' ? undefined : search.sort }) });
  }
  if (search.brand) chips.push({ key: 'brand', label: t('Brand: {brand}', { brand: search.brand }), next: withFilters(search, { brand: undefined }) });
  for (const key of FEATURE_FILTER_KEYS) {
    const value = search[key];
    if (value) chips.push({ key, label: key === 'bhk' ? `${value} BHK` : `${t(FEATURE_LABELS[key])}: ${value}`, next: withFilters(search, { [key]: undefined }) });
  }
  const price = priceRangeLabel(search.minPrice, search.maxPrice, i18n);
  if (price) chips.push({ key: 'price', label: price, next: withFilters(search, { minPrice: undefined, maxPrice: undefined }) });
  const conditions = conditionList(search.condition);
  for (const condition of conditions) {
    chips.push({
      key: `condition-${condition}`,
      label: t(CONDITION_LABELS[condition]),
      next: withFilters(search, { condition: conditionParam(conditions.filter((c) => c !== condition)) }),
    });
  }
  if (search.since) {
    chips.push({ key: 'since', label: i18n.t('New since {time}', { time: sinceLabel(search.since, i18n.locale) }), next: withFilters(search, { since: undefined }) });
  }
  return chips;
}

/**
 * The budget the search read from the words ("sofa under 10k"), as a chip like the price filter's:
 * removing it searches the words without the budget (docs/decisions/017-budgets-in-the-words.md).
 */
export function budgetChip(search: ProductsSearch, info: SearchInfo | undefined, i18n: I18n = ENGLISH): FilterChip | undefined {
  if (!info || info.withoutBudget === undefined || !search.q) return undefined;
  const label = priceRangeLabel(info.interpretedAs.minPrice, info.interpretedAs.maxPrice, i18n);
  if (!label) return undefined;
  return { key: 'budget', label, next: withFilters(search, { q: info.withoutBudget || undefined }) };
}

/** "25 Nov, 9:30 am": when the "new since" window starts, in the reader's language and time zone. */
export function sinceLabel(since: string, locale = 'en-IN'): string {
  const at = new Date(since);
  if (Number.isNaN(at.getTime())) return since;
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(at);
}

/**
 * The heading of the results: 'Cars in Mumbai', '"iphone" in India' — once the answer says how the
 * search read the words, what it searched ('"buds" in Chennai' for "buds chennai").
 */
export function productsHeading(search: ProductsSearch, i18n: I18n = ENGLISH, info?: SearchInfo): string {
  const { t } = i18n;
  const understood = hasPosition(search) ? undefined : understoodSubject({ q: search.q, location: isAllIndia(search.location) ? undefined : search.location }, info);
  if (understood) return productsHeading({ q: understood.q, category: understood.category, location: understood.location ?? 'India' }, i18n);
  const place = hasPosition(search) ? t('your area') : isAllIndia(search.location) ? t('India') : (search.location ?? '');
  if (search.q) return t('"{q}" in {place}', { q: search.q, place });
  const subject = search.subcategory ?? search.category;
  return t('{subject} in {place}', { subject: subject ? t(subject) : t('Items'), place });
}

/** Tab title (spec part 1 §2): '{category} - Buy & Sell Online'. */
export function productsPageTitle(search: ProductsSearch, { t }: I18n = ENGLISH): string {
  const named = search.subcategory ?? search.category;
  const subject = named ? t(named) : (search.q ?? t('All Categories'));
  return t('{subject} - Buy & Sell Online', { subject });
}

export type PriceDraft = { min: string; max: string };

/** A price input that cannot be applied: what to tell the buyer, and for a reversed range the swap that fixes it. */
export type PriceDraftError = { error: string; swapped?: PriceDraft };

/** Reads the price inputs: blanks mean no limit; a bad or reversed range is an error message. */
export function parsePriceDraft(draft: PriceDraft, { t }: I18n = ENGLISH): { minPrice?: number; maxPrice?: number } | PriceDraftError {
  const read = (text: string) => {
    const cleaned = text.replace(/[,\s₹]/g, '');
    if (cleaned === '') return undefined;
    const value = Number(cleaned);
    return Number.isFinite(value) && value >= 0 ? value : Number.NaN;
  };
  const minPrice = read(draft.min);
  const maxPrice = read(draft.max);
  if (Number.isNaN(minPrice) || Number.isNaN(maxPrice)) return { error: t('Enter prices as whole numbers of rupees.') };
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    // most often the two boxes were filled the wrong way round: offer to swap them rather than guess
    return { error: t('Minimum price cannot be more than maximum price.'), swapped: { min: draft.max, max: draft.min } };
  }
  return { minPrice, maxPrice };
}
