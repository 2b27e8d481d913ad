/**
 * The usual price range of each kind of ad, in rupees: a price outside it is not refused, the post
 * form asks "did you mean …?" first (docs/decisions/024-phone-snags.md), because the usual slip is
 * a factor of 100 or 1,000 (paise typed as digits, a missing "000", lakh confused with thousand).
 *
 * Every range is an *estimate*: wide bounds that hold the ordinary used and new goods of each kind
 * as sold on Indian classifieds in 2025–26 (a used bicycle from ₹500, a car up to ₹5 crore), chosen
 * so that an honest price is almost never questioned. Jobs are monthly salaries; Rentals monthly
 * rent. A subcategory without its own range uses its category's. Reviewed data: change a range
 * here and price-range-data.test.ts.
 */
export interface PriceRange {
  low: number;
  high: number;
}

const LAKH = 100_000;
const CRORE = 10_000_000;

/** By category id (worker/schemas/taxonomy.ts). */
export const CATEGORY_PRICE_RANGES: Record<string, PriceRange> = {
  vehicles: { low: 500, high: 5 * CRORE },
  properties: { low: 2_000, high: 100 * CRORE },
  electronics: { low: 100, high: 10 * LAKH },
  jobs: { low: 3_000, high: 20 * LAKH },
  sports: { low: 50, high: 5 * LAKH },
  'home-and-garden': { low: 50, high: 10 * LAKH },
  fashion: { low: 50, high: 10 * LAKH },
  'books-and-media': { low: 10, high: 1 * LAKH },
  pets: { low: 10, high: 5 * LAKH },
  services: { low: 50, high: 5 * LAKH },
};

/** By subcategory id, where the category's range is far too wide to catch a slip. */
export const SUBCATEGORY_PRICE_RANGES: Record<string, PriceRange> = {
  'vehicles-cars': { low: 30_000, high: 5 * CRORE },
  'vehicles-motorcycles': { low: 5_000, high: 50 * LAKH },
  'vehicles-scooters': { low: 3_000, high: 5 * LAKH },
  'vehicles-bicycles': { low: 500, high: 5 * LAKH },
  'vehicles-commercial-vehicles': { low: 30_000, high: 2 * CRORE },
  'vehicles-spare-parts': { low: 50, high: 10 * LAKH },
  'properties-apartments': { low: 3 * LAKH, high: 100 * CRORE },
  'properties-houses': { low: 3 * LAKH, high: 100 * CRORE },
  'properties-land': { low: 50_000, high: 100 * CRORE },
  'properties-commercial-properties': { low: 2_000, high: 100 * CRORE },
  'properties-rentals': { low: 1_000, high: 20 * LAKH },
  'electronics-smartphones': { low: 500, high: 3 * LAKH },
  'electronics-laptops': { low: 2_000, high: 6 * LAKH },
  'electronics-tablets': { low: 1_000, high: 3 * LAKH },
  'electronics-headphones': { low: 100, high: 1 * LAKH },
  'electronics-cameras': { low: 500, high: 10 * LAKH },
  'electronics-gaming-consoles': { low: 1_000, high: 2 * LAKH },
  'home-and-garden-appliances': { low: 300, high: 5 * LAKH },
  'home-and-garden-furniture': { low: 200, high: 10 * LAKH },
  'fashion-jewelry': { low: 50, high: 50 * LAKH },
  'fashion-watches': { low: 100, high: 50 * LAKH },
};

export function usualPriceRange(categoryId: string, subcategoryId?: string | null): PriceRange | null {
  return (subcategoryId ? SUBCATEGORY_PRICE_RANGES[subcategoryId] : undefined) ?? CATEGORY_PRICE_RANGES[categoryId] ?? null;
}

/** The factors a typing slip multiplies a price by, most likely first (paise as digits, "000"s). */
const SLIPS = [1 / 100, 100, 1 / 1000, 1000, 1 / 10, 10];

/**
 * Whether a price is far outside the usual range, and what the seller probably meant: the first
 * slip that brings it inside. 0 (a giveaway) is never questioned here.
 */
export function unusualPrice(rupees: number, range: PriceRange | null): { unusual: false } | { unusual: true; direction: 'low' | 'high'; suggestion: number | null } {
  if (!range || rupees <= 0 || (rupees >= range.low && rupees <= range.high)) return { unusual: false };
  const suggestion = SLIPS.map((f) => Math.round(rupees * f)).find((n) => n >= range.low && n <= range.high) ?? null;
  return { unusual: true, direction: rupees < range.low ? 'low' : 'high', suggestion };
}
