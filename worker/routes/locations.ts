import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { docs } from '../lib/openapi';
import { validate } from '../lib/validate';
import { areasQuery, locationSchema, locationSearchQuery, locationsQuery } from '../schemas/catalog';
import { getLocation, listAreas, listCities, listLocations, listStates, searchLocations } from '../services/listings/locations';

const idParam = z.object({ id: z.coerce.number({ error: 'id must be a number' }).int('id must be a whole number').positive('id must be positive').max(1e9, 'id is too large') });
const stateParam = z.object({ state: z.string().trim().min(1, 'state is required').max(100, 'state is too long') });

export const locationRoutes = new Hono<AppEnv>()
  .get(
    '/',
    docs({ tags: ['Locations'], summary: 'Cities, those with most live listings first', data: z.array(locationSchema) }),
    validate('query', locationsQuery),
    async (c) => c.json({ success: true as const, data: await listLocations(c.env, getDb(c.env.DB), c.req.valid('query').limit) }),
  )
  .get(
    '/search',
    docs({
      tags: ['Locations'],
      summary: 'Search states, cities and areas by prefix, alias ("bangalore") or near-miss spelling',
      data: z.array(locationSchema),
    }),
    validate('query', locationSearchQuery),
    async (c) => {
      const { q, limit } = c.req.valid('query');
      return c.json({ success: true as const, data: await searchLocations(c.env, getDb(c.env.DB), q, limit) });
    },
  )
  .get(
    '/states',
    docs({ tags: ['Locations'], summary: 'State and union territory names', data: z.array(z.string()), errors: [] }),
    async (c) => c.json({ success: true as const, data: await listStates(getDb(c.env.DB)) }),
  )
  .get(
    '/cities/:state',
    docs({ tags: ['Locations'], summary: 'Cities of a state', data: z.array(locationSchema), errors: [400, 404] }),
    validate('param', stateParam),
    async (c) => c.json({ success: true as const, data: await listCities(c.env, getDb(c.env.DB), c.req.valid('param').state) }),
  )
  .get(
    '/areas',
    docs({ tags: ['Locations'], summary: 'Areas (neighbourhoods) of a city', data: z.array(locationSchema), errors: [400, 404] }),
    validate('query', areasQuery),
    async (c) => {
      const { city, state } = c.req.valid('query');
      return c.json({ success: true as const, data: await listAreas(c.env, getDb(c.env.DB), city, state) });
    },
  )
  .get(
    '/:id',
    docs({ tags: ['Locations'], summary: 'One location', data: locationSchema, errors: [400, 404] }),
    validate('param', idParam),
    async (c) => c.json({ success: true as const, data: await getLocation(c.env, getDb(c.env.DB), c.req.valid('param').id) }),
  );
