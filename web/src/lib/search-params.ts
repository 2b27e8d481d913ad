/**
 * URL search-state schemas for `validateSearch`. Route options (unlike route components) land in the
 * entry chunk, so they use the small validator of ./search-schema (not zod: the home page's JavaScript budget, decision 011).
 *
 * TanStack Router JSON-parses each search value, so `?q=2024` arrives as the number 2024 and
 * `?showLoginModal=true` as a boolean: the helpers accept both shapes. Every field falls back to
 * `undefined` on bad input, so a hand-edited URL never breaks the page.
 */
import { optionalBoolean, optionalChoice, optionalNumber, optionalText, searchObject, textOrNumber, type SearchOutput } from './search-schema';
import type { Listing } from '../../../worker/schemas/listings';
import { parseIsoDateTime } from '../../../worker/schemas/dates';

export const CONDITIONS = ['NEW', 'USED', 'REFURBISHED'] as const satisfies readonly Listing['condition'][];
// Mirrors SORT_KEYS in worker/schemas/listings.ts (a value import would pull zod into this chunk).
export const SORT_KEYS = ['createdAt', 'price', 'title', 'views', 'relevance'] as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;
/** The open upper bound of an "over ₹x" budget (spec part 1 §2); shown as "Above ₹x", never as a number. */
export const OPEN_PRICE_MAX = 999_999_999;
/** The products page's one-word sort (spec part 1 §2), mapped to sortBy/sortOrder in features/listings/filters.ts. */
export const PRODUCT_SORTS = ['createdAt-desc', 'price-asc', 'price-desc', 'relevance-desc', 'distance-asc'] as const;
// Mirrors FEATURE_FILTER_KEYS in worker/schemas/listings.ts, minus brand (a filter of its own here).
export const FEATURE_FILTER_KEYS = [
  'model',
  'fuel',
  'transmission',
  'year',
  'noOfOwners',
  'storage',
  'ram',
  'bhk',
  'propertyType',
  'furnishing',
] as const;
export type FeatureFilterKey = (typeof FEATURE_FILTER_KEYS)[number];

/** Home (`/`): the login modal is opened through the URL (spec part 1 §2). */
export const homeSearchSchema = searchObject({
  showLoginModal: optionalBoolean,
  error: optionalText(500),
  redirect: optionalText(2000),
});
export type HomeSearch = SearchOutput<typeof homeSearchSchema>;

/** /products and /listings: filters mirrored in the URL. Filter keys match GET /api/listings. */
export const listingFiltersSearchSchema = searchObject({
  q: optionalText(200),
  category: optionalText(100),
  subcategory: optionalText(100),
  location: optionalText(150),
  brand: optionalText(60),
  minPrice: optionalNumber({ min: 0, max: 10_000_000_000 }),
  maxPrice: optionalNumber({ min: 0, max: 10_000_000_000 }),
  condition: optionalChoice(CONDITIONS, (v) => v.toUpperCase()),
  page: optionalNumber({ min: 1, max: 10_000, integer: true }),
  limit: optionalNumber({ min: 1, max: 100, integer: true }),
  sortBy: optionalChoice(SORT_KEYS),
  sortOrder: optionalChoice(SORT_ORDERS, (v) => v.toLowerCase()),
});
export type ListingFiltersSearch = SearchOutput<typeof listingFiltersSearchSchema>;

/**
 * Several conditions as one canonical comma list ('NEW,USED'), so the URL stays readable and two
 * spellings of the same choice share a cache entry. Unknown words are dropped.
 */
const optionalConditionList = (value: unknown) => {
  const input = textOrNumber(value);
  if (input === undefined) return undefined;
  const chosen = new Set(String(input).toUpperCase().split(/[\s,]+/));
  const list = CONDITIONS.filter((c) => chosen.has(c));
  return list.length ? list.join(',') : undefined;
};

/**
 * `since`: only ads that went live after this moment (a saved search's "only the new ads",
 * decision 009), an ISO date-time as GET /api/listings takes it; anything else is dropped, never an error page.
 */
const optionalSince = (value: unknown) => {
  const input = textOrNumber(value);
  const text = input === undefined ? '' : String(input).trim();
  // the worker's own rule (a real calendar date and clock time), so a link never leads to a 400
  const ms = parseIsoDateTime(text);
  return ms !== undefined && ms >= Date.UTC(2020, 0, 1) && ms <= Date.now() + 86_400_000 ? text : undefined;
};

const featureFilterShape = {
  ...(Object.fromEntries(FEATURE_FILTER_KEYS.map((key) => [key, optionalText(60)])) as {
    [K in Exclude<FeatureFilterKey, 'bhk'>]: ReturnType<typeof optionalText>;
  }),
  // bedrooms as a number, so the URL reads bhk=2 (a string "2" was written bhk=%222%22); "2 BHK" reads as 2
  bhk: (value: unknown) => {
    const input = textOrNumber(value);
    const rooms = Number.parseInt(String(input ?? '').replace(/^\D+/, ''), 10);
    return Number.isInteger(rooms) && rooms >= 1 && rooms <= 20 ? rooms : undefined;
  },
};

/** /products: filters, the sort word and the page (spec part 1 §2 "Products page"). */
export const productsSearchSchema = searchObject(
  {
  q: optionalText(200),
  category: optionalText(100),
  subcategory: optionalText(100),
  location: optionalText(150),
  brand: optionalText(60),
  minPrice: optionalNumber({ min: 0, max: 10_000_000_000 }),
  maxPrice: optionalNumber({ min: 0, max: 10_000_000_000 }),
  condition: optionalConditionList,
  sort: optionalChoice(PRODUCT_SORTS),
  page: optionalNumber({ min: 1, max: 10_000, integer: true }),
  /** the words exactly as typed ("search instead for …") */
  exact: optionalBoolean,
  /** near me: the buyer's position and how far to look (km) */
  lat: optionalNumber({ min: -90, max: 90 }),
  lng: optionalNumber({ min: -180, max: 180 }),
  radius: optionalNumber({ min: 1, max: 500, integer: true }),
  /** only the ads new since this moment (a saved search's alert) */
  since: optionalSince,
  /** opened from this saved search's alert: it counts as looked at (the page then drops it) */
  savedSearch: optionalText(64),
  ...featureFilterShape,
  },
  // "₹50,000 to ₹1,000" means the range between them: swapped, never an error page
  (search) =>
    search.minPrice !== undefined && search.maxPrice !== undefined && search.minPrice > search.maxPrice ? { ...search, minPrice: search.maxPrice, maxPrice: search.minPrice } : search,
);
export type ProductsSearch = SearchOutput<typeof productsSearchSchema>;

/** /selected-product?id=...: the listing detail by id (spec part 1 §2). */
export const selectedProductSearchSchema = searchObject({
  id: optionalText(64),
});

/** /settings and /en-in/settings/privacy: `?action=logout-all` opens the logout-all dialog. */
export const settingsSearchSchema = searchObject({
  action: optionalChoice(['logout-all'] as const),
});

/** /auth/callback: what the OAuth return carries. */
export const authCallbackSearchSchema = searchObject({
  token: optionalText(4096),
  success: optionalBoolean,
  error: optionalText(500),
});
