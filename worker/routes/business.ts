import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { currentUser, optionalAuth, requireAuth } from '../lib/auth';
import { docs } from '../lib/openapi';
import { validate } from '../lib/validate';
import { accountQuery, accountResult, packagesQuery, packagesResult } from '../schemas/business';
import { businessAccount, limitStatus, listSellerPackages, resolveLimitGroup } from '../services/business';

/** Seller packages, free-ad limits, cart and orders (#18). */
export const businessRoutes = new Hono<AppEnv>()
  .get(
    '/packages',
    docs({
      tags: ['Business packages'],
      summary: 'Seller packages (FEATURED, BOOST, AD_SLOTS) for a category or subcategory; prices in rupees before 18 % GST',
      description:
        'With `category` (and optionally `subcategory`, by id or name) the packages of that limit group only; signed in, `data.limit` is where the caller stands against its free-ad limit (null signed out or without a category).',
      data: packagesResult,
      errors: [400],
    }),
    optionalAuth,
    validate('query', packagesQuery),
    async (c) => {
      const db = getDb(c.env.DB);
      const { packages, group } = await listSellerPackages(c.env, db, c.req.valid('query'));
      const user = c.get('user');
      return c.json({ success: true as const, data: { packages, limit: user && group ? await limitStatus(c.env, user.id, group) : null } });
    },
  )
  .use(requireAuth)
  .get(
    '/account',
    docs({
      tags: ['Business packages'],
      summary: 'My free-ad limits per category (used, remaining, reset date) and my unused paid credits',
      description: 'With `category` (and `subcategory`) only that limit group is listed: what the post form asks when a category is picked.',
      data: accountResult,
      auth: true,
      errors: [400, 401],
    }),
    validate('query', accountQuery),
    async (c) => {
      const db = getDb(c.env.DB);
      const userId = currentUser(c).id;
      const q = c.req.valid('query');
      const account = await businessAccount(c.env, db, userId);
      if (!q.category) return c.json({ success: true as const, data: account });
      const group = await resolveLimitGroup(c.env, db, q.category, q.subcategory);
      return c.json({ success: true as const, data: { ...account, limits: [await limitStatus(c.env, userId, group)] } });
    },
  );
