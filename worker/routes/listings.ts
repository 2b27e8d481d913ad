import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { docs } from '../lib/openapi';
import { validate } from '../lib/validate';
import { listingSchema, listingsPage, listingsQuery, relatedQuery } from '../schemas/listings';
import { getListing, getListingBySlug, recordView, relatedListings, searchListings } from '../services/listings';
import { viewerKey } from '../lib/request';

const idParam = z.object({ id: z.string().trim().min(1, 'id is required').max(64, 'id is too long') });
const slugParam = z.object({ slug: z.string().trim().min(1, 'slug is required').max(400, 'slug is too long') });

const origin = (url: string) => new URL(url).origin;

export const listingRoutes = new Hono<AppEnv>()
  .get(
    '/',
    docs({
      tags: ['Listings'],
      summary: 'Search and browse live listings',
      description:
        'Full-text search (q, relevance-ranked), category/subcategory by id or name, location by state, city or area name ("India" means everywhere), price range in rupees, condition, feature filters (brand, fuel, ...). `pagination.total` is exact.',
      data: listingsPage,
    }),
    validate('query', listingsQuery),
    async (c) => c.json({ success: true as const, data: await searchListings(c.env, getDb(c.env.DB), origin(c.req.url), c.req.valid('query')) }),
  )
  .get(
    '/search',
    docs({ tags: ['Listings'], summary: 'Alias of GET /listings', data: listingsPage }),
    validate('query', listingsQuery),
    async (c) => c.json({ success: true as const, data: await searchListings(c.env, getDb(c.env.DB), origin(c.req.url), c.req.valid('query')) }),
  )
  .get(
    '/slug/:slug',
    docs({ tags: ['Listings'], summary: 'A listing by slug; falls back to the id after "iid-"', data: listingSchema, errors: [400, 404] }),
    validate('param', slugParam),
    async (c) => {
      const listing = await getListingBySlug(c.env, getDb(c.env.DB), origin(c.req.url), c.req.valid('param').slug);
      c.executionCtx.waitUntil(recordView(c.env, listing.id, await viewerKey(c)).catch((e: unknown) => console.warn('view count failed', e)));
      return c.json({ success: true as const, data: listing });
    },
  )
  .get(
    '/:id/related',
    docs({ tags: ['Listings'], summary: 'Related listings: same subcategory, same city first', data: z.array(listingSchema), errors: [400, 404] }),
    validate('param', idParam),
    validate('query', relatedQuery),
    async (c) =>
      c.json({
        success: true as const,
        data: await relatedListings(c.env, getDb(c.env.DB), origin(c.req.url), c.req.valid('param').id, c.req.valid('query').limit),
      }),
  )
  .get(
    '/:id',
    docs({ tags: ['Listings'], summary: 'A listing by id', data: listingSchema, errors: [400, 404] }),
    validate('param', idParam),
    async (c) => {
      const listing = await getListing(c.env, getDb(c.env.DB), origin(c.req.url), c.req.valid('param').id);
      c.executionCtx.waitUntil(recordView(c.env, listing.id, await viewerKey(c)).catch((e: unknown) => console.warn('view count failed', e)));
      return c.json({ success: true as const, data: listing });
    },
  );
