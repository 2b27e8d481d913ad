import { z } from 'zod';
import { queryText } from './common';

/** Seller packages (#18): shared with the client, imports nothing server-side. */
export const PACKAGE_TYPES = ['FEATURED', 'BOOST', 'AD_SLOTS'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

/** GST on our services (SAC 998365), in percent. */
export const GST_PERCENT = 18;

export const sellerPackageSchema = z.object({
  id: z.string(),
  type: z.enum(PACKAGE_TYPES),
  name: z.string(),
  description: z.string(),
  /** rupees, before GST */
  price: z.number(),
  currency: z.literal('INR'),
  validityDays: z.number().int(),
  quantity: z.number().int(),
  useWithinDays: z.number().int(),
  categoryId: z.string().optional(),
  subcategoryId: z.string().optional(),
});
export type SellerPackage = z.infer<typeof sellerPackageSchema>;

export const adLimitSchema = z.object({
  categoryId: z.string(),
  subcategoryId: z.string().optional(),
  /** the limit group's name, e.g. "Cars" or "Home & Garden" */
  name: z.string(),
  freeAds: z.number().int(),
  periodDays: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  /** when the oldest free ad of the period stops counting (null while none is used) */
  resetsAt: z.string().nullable(),
  /** paid slots left for this group */
  paidSlots: z.number().int(),
  /** a new ad here can be posted now (free or with a paid slot) */
  canPost: z.boolean(),
});
export type AdLimit = z.infer<typeof adLimitSchema>;

export const creditSchema = z.object({
  id: z.string(),
  type: z.enum(PACKAGE_TYPES),
  packageId: z.string(),
  name: z.string(),
  categoryId: z.string().optional(),
  subcategoryId: z.string().optional(),
  quantity: z.number().int(),
  remaining: z.number().int(),
  validityDays: z.number().int(),
  expiresAt: z.string(),
});

export const packagesQuery = z.object({
  category: queryText('category', 100),
  subcategory: queryText('subcategory', 100),
  type: z.enum(PACKAGE_TYPES, { error: 'type must be FEATURED, BOOST or AD_SLOTS' }).optional(),
});

export const accountQuery = z.object({
  category: queryText('category', 100),
  subcategory: queryText('subcategory', 100),
});

export const packagesResult = z.object({ packages: z.array(sellerPackageSchema), limit: adLimitSchema.nullable() });
export const accountResult = z.object({ limits: z.array(adLimitSchema), credits: z.array(creditSchema) });
