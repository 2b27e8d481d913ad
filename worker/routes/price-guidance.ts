import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { badRequest } from '../lib/errors';
import { docs } from '../lib/openapi';
import { validate } from '../lib/validate';
import { PRICE_GROUP_DETAILS, PRICE_GUIDANCE_RULES as R } from '../schemas/price-guidance-data';
import { priceGuidanceQuery, priceGuidanceSchema } from '../schemas/price-guidance';
import { subcategoryById } from '../schemas/taxonomy';
import { listingPriceGuidance, priceGuidanceFor } from '../services/listings/price-guidance';

/** ctx.waitUntil; with no execution context (the app called directly, as scripts and some tests do) the task still runs. */
const afterAnswer = (c: Context<AppEnv>) => (task: Promise<unknown>) => {
  try {
    c.executionCtx.waitUntil(task);
  } catch {
    void task;
  }
};

const groups = Object.entries(PRICE_GROUP_DETAILS)
  .map(([sub, details]) => `${sub}: ${details.join(', ')}`)
  .join('; ');
const HOW = `Comparable ads: the same subcategory and details (${groups}), live or sold in the last ${R.soldWithinDays} days, the newest ${R.sampleSize} per place. The range is their middle half (25th to 75th percentile) in the ad's city, else its state, else India: the first with at least ${R.minAds} ads; null when none has.`;

/** GET /price-guidance (the post and edit forms). */
export const priceGuidanceRoutes = new Hono<AppEnv>().get(
  '/',
  docs({
    tags: ['Selling'],
    summary: 'Prices of similar ads for the details chosen so far',
    description: `${HOW} \`missing\` lists the details still needed; a subcategory without guidance answers range null and missing empty. With \`price\`, \`position\` says whether it is below, within or above the range. The subcategory by id or name; an unknown one is 400.`,
    data: priceGuidanceSchema,
    errors: [400],
  }),
  validate('query', priceGuidanceQuery),
  async (c) => {
    const q = c.req.valid('query');
    // by id ("vehicles-cars") or by name ("Cars"), as the other listing reads take it
    const wanted = q.subcategory.toLowerCase();
    const sub = subcategoryById.get(wanted) ?? [...subcategoryById.values()].find((s) => s.name.toLowerCase() === wanted);
    if (!sub) throw badRequest(`Unknown subcategory "${q.subcategory}"`, 'UNKNOWN_CATEGORY');
    return c.json({ success: true as const, data: await priceGuidanceFor(c.env, getDb(c.env.DB), { ...q, subcategory: sub.id }, afterAnswer(c)) });
  },
);

const idParam = z.object({ id: z.string().trim().min(1, 'id is required').max(64, 'id is too long') });

/** GET /listings/{id}/price-guidance (the ad page). */
export const listingPriceGuidanceRoutes = new Hono<AppEnv>().get(
  '/:id/price-guidance',
  docs({
    tags: ['Listings'],
    summary: "Where an ad's price sits against similar ads",
    description: `${HOW} For a live or sold ad; anything else is 404.`,
    data: priceGuidanceSchema,
    errors: [400, 404],
  }),
  validate('param', idParam),
  async (c) => c.json({ success: true as const, data: await listingPriceGuidance(c.env, getDb(c.env.DB), c.req.valid('param').id, afterAnswer(c)) }),
);
