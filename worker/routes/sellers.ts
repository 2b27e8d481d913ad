import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { docs } from '../lib/openapi';
import { validate } from '../lib/validate';
import { SELLER_PAGE_RULES as R } from '../schemas/seller-page-data';
import { sellerListingsPage, sellerListingsQuery, sellerParam, sellerProfileSchema } from '../schemas/sellers';
import { getSellerProfile, sellerListings } from '../services/sellers/seller-page';

/** A seller's public page (decision 026): GET /sellers/{id}, GET /sellers/{id}/listings. */
export const sellerRoutes = new Hono<AppEnv>()
  .get(
    '/:id',
    docs({
      tags: ['Sellers'],
      summary: "A seller's public profile",
      description: `Name or business name, member since, whether their phone and e-mail are verified (never the number or address), live ads, and how quickly they usually answer: the median time from a buyer's first message to the seller's first reply over their ${R.replySampleSize} most recently active answered conversations, null with fewer than ${R.minConversationsForReplyTime}. A banned or deleted seller is 410 SELLER_GONE; an unknown one 404 SELLER_NOT_FOUND. \`path\` is the page's readable address.`,
      data: sellerProfileSchema,
      errors: [400, 404, 410],
    }),
    validate('param', sellerParam),
    async (c) => c.json({ success: true as const, data: await getSellerProfile(c.env, c.req.valid('param').id) }),
  )
  .get(
    '/:id/listings',
    docs({
      tags: ['Sellers'],
      summary: "A seller's live ads, one page",
      description: `sort: newest (default), price-low, price-high; limit up to ${R.maxPageSize} (default ${R.pageSize}). \`pagination.total\` is the seller's live-ad count. 410 / 404 as for the profile.`,
      data: sellerListingsPage,
      errors: [400, 404, 410],
    }),
    validate('param', sellerParam),
    validate('query', sellerListingsQuery),
    async (c) =>
      c.json({ success: true as const, data: await sellerListings(c.env, getDb(c.env.DB), new URL(c.req.url).origin, c.req.valid('param').id, c.req.valid('query')) }),
  );
