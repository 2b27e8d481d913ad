import { z } from 'zod';
import { COUNT_CAP, pagination, queryDateTime, queryInt, queryText } from './common';
import { searchInfo } from './search';

export { COUNT_CAP };

/**
 * PENDING: held for a moderator (decision 008), visible to its owner only, with `heldReason`.
 * EXPIRED: its lifetime ran out (decision 019); its page stays up saying so, the owner can renew it.
 */
export const LISTING_STATUSES = ['APPROVED', 'PENDING', 'REJECTED', 'SOLD', 'INACTIVE', 'EXPIRED'] as const;
export const CONDITIONS = ['NEW', 'USED', 'REFURBISHED'] as const;
export const SORT_KEYS = ['createdAt', 'price', 'title', 'views', 'relevance', 'distance'] as const;

/** The upper bound the home category sheets send for an open-ended budget range. */
export { OPEN_PRICE_MAX } from './category-guides';

const queryPrice = (name: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : v),
    z.coerce
      .number({ error: `${name} must be a number` })
      .min(0, `${name} cannot be negative`)
      .max(10_000_000_000, `${name} is too large`)
      .optional(),
  );

/** Feature keys the category grid and the products page may filter on (matched against listing features). */
export const FEATURE_FILTER_KEYS = [
  'brand',
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

const featureFilterShape = Object.fromEntries(FEATURE_FILTER_KEYS.map((k) => [k, queryText(k, 60)])) as {
  [K in (typeof FEATURE_FILTER_KEYS)[number]]: ReturnType<typeof queryText>;
};

const queryCoordinate = (name: string, limit: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : Number(v)),
    z.number({ error: `${name} must be a number` }).min(-limit, `${name} must be between -${limit} and ${limit}`).max(limit, `${name} must be between -${limit} and ${limit}`).optional(),
  );

/** The earliest `since` accepted: nothing on SEL is older. */
const SINCE_MIN = Date.UTC(2020, 0, 1);
/**
 * `since`: only ads that went live after this moment (a saved search's "only the new ads",
 * decision 009). An ISO 8601 date and time with a zone ("2026-11-25T09:30:00Z", "…+05:30") or a date
 * ("2026-11-25", midnight UTC); read as epoch milliseconds. A day ahead is allowed for clock skew.
 */
const querySince = queryDateTime('since', { min: SINCE_MIN, aheadMs: 86_400_000, rangeText: 'between 2020 and today' });

export const listingsQuery = z
  .object({
    page: queryInt('page', { min: 1, max: 10_000, fallback: 1 }),
    limit: queryInt('limit', { min: 1, max: 100, fallback: 12 }),
    sortBy: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(SORT_KEYS, { error: `sortBy must be one of ${SORT_KEYS.join(', ')}` }).optional(),
    ),
    sortOrder: z.preprocess(
      (v) => (typeof v === 'string' && v ? v.toLowerCase() : undefined),
      z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }).optional(),
    ),
    q: queryText('q', 200),
    category: queryText('category', 100),
    subcategory: queryText('subcategory', 100),
    location: queryText('location', 150),
    minPrice: queryPrice('minPrice'),
    maxPrice: queryPrice('maxPrice'),
    /** one condition or a comma list ("NEW,USED") */
    condition: z.preprocess(
      (v) => (typeof v === 'string' && v ? [...new Set(v.toUpperCase().split(',').map((c) => c.trim()).filter(Boolean))] : undefined),
      z.array(z.enum(CONDITIONS, { error: 'condition must be NEW, USED or REFURBISHED' })).max(3).optional(),
    ),
    featuredFirst: z.preprocess((v) => v === 'true' || v === '1', z.boolean()).optional(),
    /** the words exactly as typed: no spelling correction ("search instead for …") */
    exact: z.preprocess((v) => v === 'true' || v === '1', z.boolean()).optional(),
    /** near me: the buyer's position (both or neither) and how far to look */
    lat: queryCoordinate('lat', 90),
    lng: queryCoordinate('lng', 180),
    radiusKm: z.preprocess(
      (v) => (v === '' || v === undefined ? undefined : Number(v)),
      z.number({ error: 'radiusKm must be a number' }).min(1, 'radiusKm must be between 1 and 500').max(500, 'radiusKm must be between 1 and 500').optional(),
    ),
    ...featureFilterShape,
    since: querySince,
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), { message: 'lat and lng go together: send both or neither', path: ['lat'] })
  .refine((q) => q.sortBy !== 'distance' || q.lat !== undefined, { message: 'sortBy=distance needs your position (lat and lng)', path: ['sortBy'] })
  .refine((q) => q.radiusKm === undefined || q.lat !== undefined, { message: 'radiusKm needs your position (lat and lng)', path: ['radiusKm'] })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'minPrice cannot be greater than maxPrice',
    path: ['minPrice'],
  })
  .refine((q) => (q.page - 1) * q.limit < COUNT_CAP, {
    message: `Only the first ${COUNT_CAP.toLocaleString('en-IN')} results can be paged through: add a search word or a filter to narrow them`,
    path: ['page'],
  });
export type ListingsQuery = z.infer<typeof listingsQuery>;

export const sellerSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  businessName: z.string().nullable(),
  avatar: z.string().nullable(),
  isVerified: z.boolean(),
  userCreatedAt: z.string(),
  totalListings: z.number().int(),
});

export const namedRef = z.object({ id: z.string(), name: z.string() });

export const listingSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  currency: z.string(),
  condition: z.enum(CONDITIONS),
  location: z.string(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  neighbourhood: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** with lat/lng in the search: how far the ad is, in km (its own position, else its city's) */
  distanceKm: z.number().optional(),
  /** with lat/lng: the ad's only position is its city's centre and the buyer is in or near that city — say "in {nearCity}", not a distance */
  nearCity: z.string().optional(),
  images: z.array(z.string()),
  /** 320 px wide WebP variants of `images`, for cards and lists */
  thumbnails: z.array(z.string()),
  features: z.record(z.string(), z.unknown()),
  category: namedRef,
  subcategory: namedRef.nullable(),
  user: sellerSchema,
  views: z.number().int(),
  status: z.enum(LISTING_STATUSES),
  isFeatured: z.boolean(),
  /** end of the paid Featured period (null when not featured; decision 014) */
  featuredUntil: z.string().nullable(),
  /** last Boost; newest-first sorts by it when set */
  bumpedAt: z.string().nullable(),
  /** pinned on top of page 1 as a featured ad (decision 014) */
  pinned: z.boolean().optional(),
  badges: z.array(z.string()),
  verified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  date: z.string(),
  breadcrumbs: z.array(z.object({ name: z.string(), url: z.string() })),
  /** owner only: why a PENDING ad is held (REPORTED | DUPLICATE_PHOTOS | ACCOUNT_BANNED) */
  heldReason: z.string().nullable().optional(),
  /** owner only (decision 019): when the ad expires or expired; null for an ad without an expiry */
  expiresAt: z.string().nullable().optional(),
  /** owner only: from when a renewal is accepted (the last RENEW_WINDOW_DAYS; at once once expired) */
  renewableFrom: z.string().nullable().optional(),
});
export type Listing = z.infer<typeof listingSchema>;

/** `search` comes with text searches (q): what understanding made of the words and how it relaxed them. */
export const listingsPage = z.object({ listings: z.array(listingSchema), pagination, search: searchInfo.optional() });
export type ListingsPage = z.infer<typeof listingsPage>;

export const relatedQuery = z.object({ limit: queryInt('limit', { min: 1, max: 12, fallback: 4 }) });
