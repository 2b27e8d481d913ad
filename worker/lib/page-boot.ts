/**
 * Which API responses a page's first render asks for, as the exact request keys the client builds
 * (path after /api plus query string: web/src/lib/api.ts buildQueryString). The worker inlines
 * those responses into the HTML it renders (worker/routes/seo.ts), and the client answers a guest's
 * first matching GET from them instead of the network (web/src/lib/boot-data.ts).
 *
 * A key that does not match what the client builds is only a missed shortcut (the client fetches
 * as usual); web/src/lib/boot-keys.test.ts keeps these in step with the client's own builders.
 * Pure functions: no worker-only imports.
 */
import { FEATURE_FILTER_KEYS } from '../schemas/listings';

/** Home: desktop (FreshRecommendations, HOME_FILTERS) and phone (MobileHome, first page). */
export const HOME_BOOT_KEYS = {
  desktop: '/listings?limit=12&sortBy=createdAt&sortOrder=desc',
  mobile: '/listings?limit=6&featuredFirst=true&sortBy=createdAt&sortOrder=desc&page=1',
} as const;

/**
 * A seller's page (decision 026): the profile and one page of their ads, as SellerPage.tsx asks for
 * them (`{ sort, page }`, in that order).
 */
export const sellerBootKeys = (id: string, sort: string, page: number) => ({
  profile: `/sellers/${encodeURIComponent(id)}`,
  listings: `/sellers/${encodeURIComponent(id)}/listings?sort=${encodeURIComponent(sort)}&page=${page}`,
});

/** The products page lists 20 per page (web/src/features/listings/filters.ts PRODUCTS_PAGE_SIZE). */
const PRODUCTS_PAGE_SIZE = 20;
const PRODUCT_SORTS = new Set(['createdAt-desc', 'price-asc', 'price-desc', 'relevance-desc']);
const CONDITIONS = ['NEW', 'USED', 'REFURBISHED'];
const TEXT_PARAMS = new Set(['q', 'category', 'subcategory', 'location', ...FEATURE_FILTER_KEYS]);
/** Every query parameter the /products page reads (the edge cache keys the page by these alone). */
export const PRODUCTS_PAGE_PARAMS: readonly string[] = [...TEXT_PARAMS, 'minPrice', 'maxPrice', 'condition', 'sort', 'page'];
const KNOWN_PARAMS = new Set(PRODUCTS_PAGE_PARAMS);

/** What JSON text can start with; anything else is no JSON, told without a thrown error (they are slow). */
const JSON_START = /^(?:[-\d"[{]|true$|false$|null$)/;
const parsesAsJson = (value: string) => {
  if (!JSON_START.test(value)) return false;
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
};
const isAllIndia = (location: string) => ['', 'india', 'all in india'].includes(location.trim().toLowerCase());
const wholeNumber = (value: string | null, min: number, max: number) => {
  if (value === null) return undefined;
  if (!/^\d{1,11}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
};

/**
 * GET /api/listings key for a /products URL (mirrors productsApiQuery), or undefined for URLs
 * whose parsing on the client is not a plain copy (unknown or repeated parameters, odd values).
 */
export const productsBootKey = (search: URLSearchParams): string | undefined => {
  for (const key of search.keys()) if (!KNOWN_PARAMS.has(key) || search.getAll(key).length > 1) return undefined;
  const text = (key: string) => {
    const value = search.get(key);
    if (value === null) return undefined;
    // the router JSON-parses each value: keep to values it leaves as they are
    if (value !== value.trim() || value.length > 100 || parsesAsJson(value)) throw new Error('not plain');
    return value || undefined;
  };
  try {
    const out = new URLSearchParams();
    const put = (key: string, value: string | number | undefined) => value !== undefined && out.append(key, String(value));
    put('q', text('q'));
    put('category', text('category'));
    put('subcategory', text('subcategory'));
    const location = text('location');
    put('location', location && !isAllIndia(location) ? location : undefined);
    put('brand', text('brand'));
    const minPrice = wholeNumber(search.get('minPrice'), 0, 10_000_000_000);
    const maxPrice = wholeNumber(search.get('maxPrice'), 0, 10_000_000_000);
    if (minPrice === null || maxPrice === null) return undefined;
    put('minPrice', minPrice);
    put('maxPrice', maxPrice);
    const condition = search.get('condition');
    if (condition !== null) {
      const chosen = new Set(condition.toUpperCase().split(/[\s,]+/));
      const list = CONDITIONS.filter((c) => chosen.has(c));
      put('condition', list.length === 0 || list.length === CONDITIONS.length ? undefined : list.join(','));
    }
    const page = wholeNumber(search.get('page'), 1, 10_000);
    if (page === null) return undefined;
    put('page', page ?? 1);
    put('limit', PRODUCTS_PAGE_SIZE);
    for (const key of FEATURE_FILTER_KEYS) {
      if (key === 'brand') continue;
      if (key !== 'bhk') put(key, text(key));
      else {
        // the client reads bedrooms as a number ("2 BHK" and "2" alike), so must the inlined key
        const rooms = Number.parseInt((text(key) ?? '').replace(/^\D+/, ''), 10);
        put(key, Number.isInteger(rooms) && rooms >= 1 && rooms <= 20 ? rooms : undefined);
      }
    }
    const sort = search.get('sort');
    if (sort !== null) {
      if (!PRODUCT_SORTS.has(sort)) return undefined;
      const [sortBy, sortOrder] = sort.split('-') as [string, string];
      put('sortBy', sortBy);
      put('sortOrder', sortOrder);
    }
    return `/listings?${out.toString()}`;
  } catch {
    return undefined;
  }
};

/** The listing detail's first request (its loader), by slug. */
export const listingBootKey = (slug: string) => `/listings/slug/${encodeURIComponent(slug)}`;

/** The products page's reference data: categories (filters, heading), banner and popular searches. */
export const productsReferenceKeys = (search: URLSearchParams): string[] => {
  const category = search.get('category')?.trim();
  const popular = new URLSearchParams(category ? { category } : {}).toString();
  return ['/categories', '/banner-ads', `/popular-searches${popular ? `?${popular}` : ''}`];
};

/** Crawlers and link previews read the head; their visits are not views and need no inlined data. */
export const isBot = (userAgent: string | undefined) => /bot|crawl|spider|slurp|preview|facebookexternalhit|whatsapp|lighthouse-ci/i.test(userAgent ?? '');
