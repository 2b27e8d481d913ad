import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { docs } from '../lib/openapi';
import { validate } from '../lib/validate';
import { CAR_BRANDS, FUEL_TYPES, OWNER_TYPES, TRANSMISSIONS, VEHICLE_BRANDS, type VehicleKind } from '../schemas/options';

const list = z.array(z.string());
const kinds = Object.keys(VEHICLE_BRANDS) as [VehicleKind, ...VehicleKind[]];
const kindParam = z.object({ kind: z.enum(kinds, { error: `Vehicle kind must be one of ${kinds.join(', ')}` }) });

/** Post-form option lists (part 2 §7). Static data: cached by browsers and the edge for a day. */
const staticList = (c: Context<AppEnv>, data: readonly string[]) => {
  c.header('Cache-Control', 'public, max-age=86400');
  return c.json({ success: true as const, data: [...data] });
};

export const optionRoutes = new Hono<AppEnv>()
  .get('/cars/brands', docs({ tags: ['Options'], summary: 'Car brands', data: list, errors: [] }), (c) => staticList(c, CAR_BRANDS))
  .get('/cars/fuel-types', docs({ tags: ['Options'], summary: 'Fuel types', data: list, errors: [] }), (c) => staticList(c, FUEL_TYPES))
  .get('/cars/transmission-types', docs({ tags: ['Options'], summary: 'Transmission types', data: list, errors: [] }), (c) =>
    staticList(c, TRANSMISSIONS),
  )
  .get('/cars/owner-types', docs({ tags: ['Options'], summary: 'Number of owners', data: list, errors: [] }), (c) => staticList(c, OWNER_TYPES))
  .get(
    '/vehicles/:kind/brands',
    docs({ tags: ['Options'], summary: 'Brands for motorcycles, scooters, bicycles, spare-parts or commercial-vehicles', data: list, errors: [400] }),
    validate('param', kindParam),
    (c) => staticList(c, VEHICLE_BRANDS[c.req.valid('param').kind]),
  );
