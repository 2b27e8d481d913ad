import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { docs } from '../lib/openapi';
import { validate } from '../lib/validate';
import { bannerAdSchema, categorySchema, popularSearchQuery, popularSearchSchema } from '../schemas/catalog';
import { listBannerAds, listCategories, listPopularSearches } from '../services/listings/catalog';

export const catalogRoutes = new Hono<AppEnv>()
  .get(
    '/categories',
    docs({ tags: ['Catalog'], summary: 'Categories with subcategories and live listing counts', data: z.array(categorySchema), errors: [] }),
    async (c) => c.json({ success: true as const, data: await listCategories(c.env, getDb(c.env.DB)) }),
  )
  .get(
    '/popular-searches',
    docs({ tags: ['Catalog'], summary: 'Popular search terms, for a category (id or name) or overall', data: z.array(popularSearchSchema) }),
    validate('query', popularSearchQuery),
    async (c) => c.json({ success: true as const, data: await listPopularSearches(getDb(c.env.DB), c.req.valid('query').category) }),
  )
  .get(
    '/banner-ads',
    docs({ tags: ['Catalog'], summary: 'Active banner ads', data: z.array(bannerAdSchema), errors: [] }),
    async (c) => c.json({ success: true as const, data: await listBannerAds(getDb(c.env.DB)) }),
  );
