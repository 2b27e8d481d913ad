import { z } from 'zod';
import { normalisePhone } from './auth';
import { pagination, queryInt, queryText } from './common';
import { CONDITIONS, LISTING_STATUSES, listingSchema } from './listings';
import { missingDetails } from './listing-rules';
import { PRICE_CEILING, PRICE_PROBLEMS, readPrice } from './price-text';
import {
  BHK,
  FUEL_TYPES,
  FURNISHING,
  MAX_PHOTOS,
  OWNER_TYPES,
  ROOM_TYPES,
  TRANSMISSIONS,
} from './options';

export const CURRENCIES = ['INR', 'USD', 'EUR', 'GBP', 'CAD'] as const;

/**
 * "₹ 1,25,000", "125000", "1.5 lakh", 125000 → rupees, read by the same rules as the post form
 * (worker/schemas/price-text.ts). Typed text with paise ("45,000.50") is refused, never read as
 * 4500050; a number with a fraction is left to the currency check below (rupees are whole,
 * other currencies may carry cents).
 */
const price = z
  .union([z.number(), z.string().max(40, 'Price is too long')], { error: 'Price is required' })
  .transform((v, ctx) => {
    if (typeof v === 'number') {
      if (!Number.isFinite(v) || v < 0) {
        ctx.addIssue({ code: 'custom', message: 'Price must be a positive number' });
        return z.NEVER;
      }
      if (v > PRICE_CEILING) {
        ctx.addIssue({ code: 'custom', message: PRICE_PROBLEMS['too-large'] });
        return z.NEVER;
      }
      return Math.round(v * 100) / 100;
    }
    const reading = readPrice(v);
    if (!reading.ok) {
      ctx.addIssue({ code: 'custom', message: reading.reason === 'empty' ? 'Price is required' : PRICE_PROBLEMS[reading.reason] });
      return z.NEVER;
    }
    return reading.rupees;
  });

/** Rupee prices are whole rupees (paise refused, not rounded: the seller chooses). */
const wholeRupees = (body: { price?: number; currency?: string }, ctx: z.RefinementCtx) => {
  if (body.price !== undefined && (body.currency ?? 'INR') === 'INR' && !Number.isInteger(body.price)) {
    ctx.addIssue({ code: 'custom', path: ['price'], message: PRICE_PROBLEMS.paise });
  }
};

const featureValue = z.union([
  z.string().max(500, 'Each detail must be at most 500 characters'),
  z.number(),
  z.boolean(),
  z.array(z.string().max(100)).max(30),
]);

/** Category-specific details. Keys are bounded; the family checks below say which are required. */
export const featuresSchema = z
  .record(z.string().max(40, 'Detail names must be at most 40 characters'), featureValue)
  .refine((f) => Object.keys(f).length <= 40, 'Too many details (at most 40)')
  ;

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .min(min, `${label} must be at least ${min} characters`)
    .max(max, `${label} must be less than ${max} characters`);

const placeName = (label: string) => z.string().trim().max(100, `${label} is too long`).optional();

const imageRef = z.string().trim().min(1).max(600);

/** The post form, the create form and the edit form all send this (all optional on edit, no defaults there). */
const listingInputShape = {
  title: text('Title', 5, 100),
  description: text('Description', 10, 4096),
  price,
  currency: z.enum(CURRENCIES, { error: `Currency must be one of ${CURRENCIES.join(', ')}` }),
  condition: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(CONDITIONS, { error: 'Condition must be NEW, USED or REFURBISHED' })),
  categoryId: z.string({ error: 'Category is required' }).trim().min(1, 'Category is required').max(100),
  subcategoryId: z.string().trim().max(100).optional(),
  /** free text ("Koramangala, Bengaluru, Karnataka") or the three parts below */
  location: z.string().trim().max(200, 'Location is too long').optional(),
  state: placeName('State'),
  city: placeName('City'),
  neighbourhood: placeName('Neighbourhood'),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  images: z.array(imageRef).max(MAX_PHOTOS, `You can only upload up to ${MAX_PHOTOS} photos`),
  features: featuresSchema,
  sellerName: z.string().trim().max(30, 'Name must be at most 30 characters').optional(),
  sellerPhone: z.string().trim().max(20).optional(),
};

export const createListingBody = z.object({
  ...listingInputShape,
  currency: listingInputShape.currency.default('INR'),
  condition: listingInputShape.condition.default('USED'),
  images: listingInputShape.images.default([]),
  features: listingInputShape.features.default({}),
}).superRefine(wholeRupees);
export const updateListingBody = z
  .object(Object.fromEntries(Object.entries(listingInputShape).map(([k, v]) => [k, (v as z.ZodType).optional()])) as {
    [K in keyof typeof listingInputShape]: z.ZodOptional<(typeof listingInputShape)[K]>;
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to update')
  .superRefine(wholeRupees);

export type CreateListingInput = z.infer<typeof createListingBody>;
export type UpdateListingInput = z.infer<typeof updateListingBody>;

/** Values that must come from the fixed option lists when present. */
export const ENUM_FEATURES: Record<string, readonly string[]> = {
  fuel: FUEL_TYPES,
  transmission: TRANSMISSIONS,
  noOfOwners: OWNER_TYPES,
  bhk: BHK,
  furnishing: FURNISHING,
  roomType: ROOM_TYPES,
};

export { missingDetails };

export const sellerPhone = (raw: string | undefined) => (raw ? normalisePhone(raw) : undefined);

export const statusChangeBody = z.object({
  status: z.enum(['APPROVED', 'SOLD', 'INACTIVE'], { error: 'status must be APPROVED (reactivate), SOLD or INACTIVE' }),
});

/** Which status changes an owner may make. REJECTED ads go back to review by editing them. */
export const STATUS_TRANSITIONS: Record<string, readonly string[]> = {
  APPROVED: ['SOLD', 'INACTIVE'],
  INACTIVE: ['APPROVED', 'SOLD'],
  SOLD: ['APPROVED'],
  REJECTED: [],
  /** held for review: only a moderator's decision moves it */
  PENDING: [],
  /** ran out (decision 019): renewing brings it back (POST /api/listings/{id}/renew); it can still be marked sold */
  EXPIRED: ['SOLD'],
};

export const favoriteBody = z.object({ isFavorite: z.boolean().optional() }).default({});

export const myListingsQuery = z.object({
  page: queryInt('page', { min: 1, max: 10_000, fallback: 1 }),
  limit: queryInt('limit', { min: 1, max: 100, fallback: 10 }),
  status: z.preprocess(
    (v) => (typeof v === 'string' && v && v.toLowerCase() !== 'all' ? v.toUpperCase() : undefined),
    z.enum(LISTING_STATUSES, { error: 'status must be all, APPROVED, PENDING, REJECTED, SOLD, INACTIVE or EXPIRED' }).optional(),
  ),
  q: queryText('q', 100),
});

export const favoritesQuery = z.object({
  page: queryInt('page', { min: 1, max: 10_000, fallback: 1 }),
  limit: queryInt('limit', { min: 1, max: 100, fallback: 50 }),
});

export const ownListingSchema = listingSchema.extend({
  rejectReason: z.string().nullable(),
  heldReason: z.string().nullable(),
  expiresAt: z.string().nullable(),
  renewableFrom: z.string().nullable(),
});

export const myListingsPage = z.object({
  listings: z.array(ownListingSchema),
  pagination,
  counts: z.object({ all: z.number(), approved: z.number(), rejected: z.number(), sold: z.number(), inactive: z.number(), expired: z.number() }),
});

export const presignBody = z.object({
  contentType: z.enum(['image/jpeg', 'image/png', 'image/webp'], { error: 'This is not a supported image format. Please use JPEG, PNG, or WebP.' }),
  size: z.number({ error: 'size is required' }).int().min(1, 'The file is empty').max(5 * 1024 * 1024, 'This photo is too large. Please use images smaller than 5MB.'),
});
export const confirmUploadBody = z.object({ id: z.string({ error: 'id is required' }).trim().min(1).max(64) });
export const presignResult = z.object({
  id: z.string(),
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  url: z.string(),
  expiresIn: z.number(),
});

export const uploadResult = z.object({ url: z.string(), id: z.string(), width: z.number().nullable(), height: z.number().nullable() });
