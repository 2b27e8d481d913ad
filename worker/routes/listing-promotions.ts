import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { invalidateListingCaches } from '../lib/cache';
import { currentUser, requireAuth } from '../lib/auth';
import { docs } from '../lib/openapi';
import { validate } from '../lib/validate';
import { orderIdParam, promoteBody, promotionResult } from '../schemas/business';
import { promoteListing } from '../services/commerce/business';

/** POST /listings/{id}/promote (decision 014): Featured or Boost with a bought package. */
export const listingPromotionRoutes = new Hono<AppEnv>().post(
  '/:id/promote',
  docs({
    tags: ['Business packages'],
    summary: 'Feature or boost my live ad with one unit of a bought package of its category',
    description: 'Owner only (403), live ads only (409), 402 NO_CREDITS with the packages that would do it when none is left. FEATURED: badge for the pack’s days; BOOST: back to the top of newest first.',
    data: promotionResult,
    auth: true,
    errors: [400, 401, 402, 403, 404, 409],
  }),
  requireAuth,
  validate('param', orderIdParam),
  validate('json', promoteBody),
  async (c) => {
    const result = await promoteListing(c.env, getDb(c.env.DB), currentUser(c).id, c.req.valid('param').id, c.req.valid('json').type);
    await invalidateListingCaches(c.env);
    return c.json({ success: true as const, data: result });
  },
);
