import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { call } from './helpers';
import { createListing, createUser } from '../factories';
import { invalidateListingCaches } from '../../worker/lib/cache';
import { listCategories } from '../../worker/services/catalog';
import { searchLocations } from '../../worker/services/locations';
import { getDb } from '../../worker/db/client';

const vehiclesCount = async () => (await call('/api/categories')).body.data.find((c: { id: string }) => c.id === 'vehicles').count as number;

describe('KV caching of counts', () => {
  it('serves cached counts until listings change, then the new truth', async () => {
    const seller = await createUser();
    await createListing(seller);
    expect(await vehiclesCount()).toBe(1);
    // a write that bypasses the services is not seen: proof the answer came from the cache
    await createListing(seller);
    expect(await vehiclesCount()).toBe(1);
    await invalidateListingCaches(env);
    expect(await vehiclesCount()).toBe(2);
  });

  it('location counts are invalidated the same way', async () => {
    const seller = await createUser();
    const before = (await call('/api/locations/search?q=mysuru')).body.data[0].count as number;
    await createListing(seller, { city: 'Mysuru' });
    await invalidateListingCaches(env);
    expect((await call('/api/locations/search?q=mysuru')).body.data[0].count).toBe(before + 1);
  });

  it('a failing KV never breaks a request', async () => {
    const broken = {
      get: () => Promise.reject(new Error('KV GET failed: 503')),
      put: () => Promise.reject(new Error('KV PUT failed: 503')),
    } as unknown as KVNamespace;
    const brokenEnv = { ...env, CACHE: broken };
    const categories = await listCategories(brokenEnv, getDb(env.DB));
    expect(categories).toHaveLength(10);
    const places = await searchLocations(brokenEnv, getDb(env.DB), 'bengaluru', 5);
    expect(places[0]?.name).toBe('Bengaluru');
    await expect(invalidateListingCaches(brokenEnv)).resolves.toBeUndefined();
  });
});
