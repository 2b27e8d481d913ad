import { z } from 'zod';
import { queryText } from './common';
import { PRICE_SCOPES } from './price-guidance-data';

const queryPrice = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : Number(v)),
  z.number({ error: 'price must be a number' }).min(0, 'price cannot be negative').max(1_000_000_000, 'price is too large').optional(),
);

/** The post and edit forms' details (the ones any group uses; decision 026) and where the ad is. */
export const priceGuidanceQuery = z.object({
  subcategory: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: 'subcategory is required' }).min(1, 'subcategory is required').max(100, 'subcategory must be at most 100 characters')),
  title: queryText('title', 100),
  brand: queryText('brand', 60),
  model: queryText('model', 60),
  year: queryText('year', 10),
  storage: queryText('storage', 30),
  bhk: queryText('bhk', 30),
  furnishing: queryText('furnishing', 40),
  state: queryText('state', 100),
  city: queryText('city', 100),
  location: queryText('location', 200),
  /** the price typed so far (rupees): the answer then says where it sits */
  price: queryPrice,
});
export type PriceGuidanceQuery = z.infer<typeof priceGuidanceQuery>;

export const priceGuidanceSchema = z.object({
  /** the middle half of comparable ads' prices (rupees) at the narrowest place with enough ads; null when there are too few anywhere */
  range: z
    .object({
      low: z.number(),
      high: z.number(),
      median: z.number(),
      ads: z.number().int(),
      scope: z.enum(PRICE_SCOPES),
      /** the city or state name, "India" */
      place: z.string().nullable(),
    })
    .nullable(),
  /** details the subcategory's comparison still needs ("brand", "model", …); empty when complete or when the subcategory has no guidance */
  missing: z.array(z.string()),
  position: z.enum(['below', 'within', 'above']).nullable(),
});
export type PriceGuidance = z.infer<typeof priceGuidanceSchema>;
