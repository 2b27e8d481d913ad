/**
 * Price guidance from comparable ads (decision 026): reviewed data, free of zod and of worker-only
 * imports, so the post form, the ad page, the worker, the migration test and the benchmark all read
 * the same rules. Changing which details make a group changes the stored keys: it needs a migration
 * that rewrites `listings.price_group` (the SQL below is generated from this table; a test compares
 * it with migration 0031) and empties `price_guides`.
 */
import { listingBrand } from './brands';

/**
 * Which details define a group of comparable ads, per subcategory. Chosen from what moves a price in
 * Indian classifieds and what the post form asks for (so a seller can be shown the range while they
 * type): a car's make, model and year; a phone's make, model and storage; a home's size in bedrooms
 * (and for rent, whether it is furnished). Subcategories not listed get no guidance: their prices
 * depend on things the form does not ask (jobs, services, furniture, land by area…).
 * `brand` is the brand key the search uses (worker/schemas/brands.ts), so "iPhone" and "Apple" agree.
 */
export const PRICE_GROUP_DETAILS: Readonly<Record<string, readonly string[]>> = {
  'vehicles-cars': ['brand', 'model', 'year'],
  'vehicles-motorcycles': ['brand', 'model', 'year'],
  'vehicles-scooters': ['brand', 'model', 'year'],
  'vehicles-commercial-vehicles': ['brand', 'model', 'year'],
  'vehicles-bicycles': ['brand', 'model'],
  'electronics-smartphones': ['brand', 'model', 'storage'],
  'properties-apartments': ['bhk'],
  'properties-houses': ['bhk'],
  'properties-rentals': ['bhk', 'furnishing'],
};

/** The numbers the guidance obeys. Numbers about us (estimates until measured; see docs/performance.md). */
export const PRICE_GUIDANCE_RULES = {
  /**
   * Comparable ads a range needs before it is shown. Five prices give a quartile range that one odd
   * ad cannot move far; fewer is a guess dressed as data. *estimate*, checked by bench:price-guidance.
   */
  minAds: 5,
  /**
   * Ads per group and place the range is computed from: the newest ones. Keeps every refresh a
   * bounded read (one index range of at most this many rows) however popular the group is.
   */
  sampleSize: 200,
  /** Sold ads count for this many days after they sold (what things actually went for, recently). */
  soldWithinDays: 90,
  /**
   * A stored range older than this is computed again when read, so changes no write refreshes
   * (moderation, bans, deletions, sold ads ageing out) are never older than this. Minutes.
   */
  staleAfterMinutes: 60,
} as const;

/** Narrowest first: the range shown is the first place with enough comparable ads. */
export const PRICE_SCOPES = ['city', 'state', 'india'] as const;
export type PriceScope = (typeof PRICE_SCOPES)[number];

/**
 * A detail as the group key holds it: ASCII letters lower-cased and all whitespace removed, so
 * "128 GB" and "128GB", "Swift VXi" and "swift vxi" agree. Only ASCII is lower-cased because
 * SQLite's lower() (the migration's backfill and the column's trigger) does only that.
 */
export const normaliseDetail = (value: unknown): string | null => {
  if (value === null || value === undefined || typeof value === 'object' || typeof value === 'boolean') return null;
  const text = String(value).replace(/[A-Z]/g, (c) => c.toLowerCase()).replace(/[ \t\r\n]+/g, '');
  return text === '' ? null : text;
};

/** The details a group needs that are still missing, in the order the form asks them. */
export const missingPriceDetails = (subcategoryId: string | null | undefined, features: Record<string, unknown>, title = ''): string[] => {
  const details = subcategoryId ? PRICE_GROUP_DETAILS[subcategoryId] : undefined;
  if (!details) return [];
  return details.filter((d) => (d === 'brand' ? !listingBrand(features, title) : normaliseDetail(features[d]) === null));
};

/**
 * The group key of an ad (what `listings.price_group` holds): subcategory and each detail in order,
 * joined by "|"; null when the subcategory has no groups or a detail is missing. The brand is the
 * ad's brand key (`listingBrand`, what `listings.brand` holds: the brand field, else a brand the
 * title names), so the key can be computed in SQL from the row.
 */
export const priceGroupKey = (subcategoryId: string | null | undefined, features: Record<string, unknown>, title = ''): string | null => {
  const details = subcategoryId ? PRICE_GROUP_DETAILS[subcategoryId] : undefined;
  if (!subcategoryId || !details) return null;
  const parts: string[] = [subcategoryId];
  for (const d of details) {
    const value = d === 'brand' ? listingBrand(features, title) : normaliseDetail(features[d]);
    if (value === null || value === '') return null;
    parts.push(value);
  }
  return parts.join('|');
};

/**
 * The same key as SQL over a `listings` row (brand from the `brand` column, which holds
 * `listingBrand`), for the trigger that keeps `price_group` and the migration's backfill. NULL when a
 * detail is missing, because `||` with NULL is NULL.
 */
export const priceGroupSql = (): string => {
  const detail = (d: string) =>
    d === 'brand'
      ? "nullif(`brand`, '')"
      : `nullif(replace(replace(replace(replace(lower(CAST(json_extract(\`features\`, '$.${d}') AS TEXT)), ' ', ''), char(9), ''), char(10), ''), char(13), ''), '')`;
  const arms = Object.entries(PRICE_GROUP_DETAILS).map(([sub, details]) => `iif(\`subcategory_id\` = '${sub}', '${sub}' || ${details.map((d) => `'|' || ${detail(d)}`).join(' || ')}, `);
  return `${arms.join('')}NULL${')'.repeat(arms.length)}`;
};

/** Where an ad's price sits against its range (the ad page's line). */
export type PricePosition = 'below' | 'within' | 'above';
export const pricePosition = (price: number, low: number, high: number): PricePosition => (price < low ? 'below' : price > high ? 'above' : 'within');

/**
 * The range from a sample of prices: the interquartile range (25th to 75th percentile, linear
 * interpolation between the closest ranks, as R's type 7 and numpy's default) and the median.
 * Undefined for an empty sample.
 */
export const priceRange = (pricesMinor: readonly number[]): { low: number; median: number; high: number } | undefined => {
  if (!pricesMinor.length) return undefined;
  const sorted = [...pricesMinor].sort((a, b) => a - b);
  const at = (q: number) => {
    const pos = (sorted.length - 1) * q;
    const lo = Math.floor(pos);
    const hi = Math.ceil(pos);
    return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
  };
  return { low: Math.round(at(0.25)), median: Math.round(at(0.5)), high: Math.round(at(0.75)) };
};
