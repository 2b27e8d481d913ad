import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { currentUser, requireAuth } from '../lib/auth';
import { docs } from '../lib/openapi';
import { validate } from '../lib/validate';
import { createSavedSearchBody, savedSearchSchema, updateSavedSearchBody } from '../schemas/saved-searches';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, markSavedSearchSeen, updateSavedSearch } from '../services/alerts/saved-searches';

const idParam = z.object({ id: z.string().trim().min(1, 'id is required').max(64, 'id is too long') });

export const savedSearchRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post(
    '/',
    docs({
      tags: ['Saved searches'],
      summary: 'Save a search with an alert',
      description:
        '`query` holds exactly the filters GET /listings takes (q, category, subcategory, location, minPrice, maxPrice, condition, feature filters, lat/lng/radiusKm, sortBy…), checked by the same rules; unknown filters are refused. A budget in the words (q=\"sofa under 10k\") is stored as the filter it is (q=sofa, maxPrice=10000) unless the query names that bound itself. `alert`: instant (a notification and Web Push as soon as a matching ad goes live), daily (one digest e-mail a day: refused with 409 EMAIL_REQUIRED when the account has no e-mail address) or off. At most 50 per account (409 beyond).',
      data: z.object({ id: z.string() }),
      auth: true,
      errors: [400, 401, 409],
    }),
    validate('json', createSavedSearchBody),
    async (c) => c.json({ success: true as const, data: await createSavedSearch(c.env, getDb(c.env.DB), currentUser(c).id, c.req.valid('json')) }, 201),
  )
  .get(
    '/',
    docs({ tags: ['Saved searches'], summary: 'My saved searches, newest first, each with newCount (ads matched since last opened)', data: z.array(savedSearchSchema), auth: true, errors: [401] }),
    async (c) => c.json({ success: true as const, data: await listSavedSearches(c.env, currentUser(c).id) }),
  )
  .put(
    '/:id',
    docs({ tags: ['Saved searches'], summary: 'Rename a saved search or change its alert (owner only); daily needs an e-mail address on the account (409 EMAIL_REQUIRED)', data: savedSearchSchema, auth: true, errors: [400, 401, 404, 409] }),
    validate('param', idParam),
    validate('json', updateSavedSearchBody),
    async (c) => c.json({ success: true as const, data: await updateSavedSearch(c.env, currentUser(c).id, c.req.valid('param').id, c.req.valid('json')) }),
  )
  .delete(
    '/:id',
    docs({ tags: ['Saved searches'], summary: 'Delete a saved search (owner only)', data: z.object({ deleted: z.boolean(), id: z.string() }), auth: true, errors: [400, 401, 404] }),
    validate('param', idParam),
    async (c) => c.json({ success: true as const, data: await deleteSavedSearch(c.env, currentUser(c).id, c.req.valid('param').id) }),
  )
  .post(
    '/:id/seen',
    docs({ tags: ['Saved searches'], summary: 'Mark a saved search opened: its newCount starts again from now', data: savedSearchSchema, auth: true, errors: [400, 401, 404] }),
    validate('param', idParam),
    async (c) => c.json({ success: true as const, data: await markSavedSearchSeen(c.env, currentUser(c).id, c.req.valid('param').id) }),
  );
