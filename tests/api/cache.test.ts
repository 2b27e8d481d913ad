import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { call } from './helpers';
import { createListing, createUser, listingDb } from '../factories';
import { invalidateListingCaches } from '../../worker/lib/cache';
import { COUNT_CAP } from '../../worker/schemas/common';
import { listCategories } from '../../worker/services/listings/catalog';
import { searchLocations } from '../../worker/services/listings/locations';
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

describe('listing search totals', () => {
  const totalFor = async (q: string) => (await call(`/api/listings?q=${q}`)).body.data.pagination as { total: number; totalCapped: boolean };

  it('are counted with the page, in its round trip, so they always agree with it (no total kept in KV: decision 023)', async () => {
    const seller = await createUser();
    await createListing(seller, { title: 'Quokka figurine one' });
    expect(await totalFor('quokka')).toMatchObject({ total: 1, totalCapped: false });
    // written behind the services' back (no version bump): the page and its total both show it
    await createListing(seller, { title: 'Quokka figurine two' });
    const res = await call('/api/listings?q=quokka');
    expect(res.body.data.listings).toHaveLength(2);
    expect(res.body.data.pagination.total).toBe(2);
    const keys = await env.CACHE.list({ prefix: 'count:listings:' });
    expect(keys.keys).toHaveLength(0);
  });

  it('stop counting at COUNT_CAP and say so; pages beyond the cap are a clear 400', async () => {
    const seller = await createUser();
    const template = await createListing(seller, { title: 'Wombat plush toy' });
    // COUNT_CAP more copies in one statement (ids and slugs made unique from the row number), in the template's database
    await listingDb(template.id).prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO listings (id, slug, user_id, title, description, price_minor, currency, condition, category_id, subcategory_id,
         location, state_id, city_id, area_id, features, brand, status, is_featured, views, created_at, updated_at)
       SELECT l.id || '-' || n.i, l.slug || '-' || n.i, l.user_id, l.title, l.description, l.price_minor, l.currency, l.condition,
         l.category_id, l.subcategory_id, l.location, l.state_id, l.city_id, l.area_id, l.features, l.brand, l.status, 0, 0,
         l.created_at - n.i, l.updated_at
       FROM listings l, n WHERE l.id = ?`,
    )
      .bind(COUNT_CAP, template.id)
      .run();
    await invalidateListingCaches(env);

    const first = await call('/api/listings?q=wombat&limit=20');
    expect(first.status).toBe(200);
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 20, total: COUNT_CAP, pages: COUNT_CAP / 20, totalCapped: true });
    // the count stopped at the cap instead of reading every match (plus the page's own reads)
    expect(Number(first.headers.get('X-D1-Rows-Read'))).toBeLessThan(3 * COUNT_CAP + 1_000);

    const last = await call(`/api/listings?q=wombat&limit=20&page=${COUNT_CAP / 20}`);
    expect(last.status).toBe(200);
    expect(last.body.data.listings).toHaveLength(20);

    const beyond = await call(`/api/listings?q=wombat&limit=20&page=${COUNT_CAP / 20 + 1}`);
    expect(beyond.status).toBe(400);
    expect(beyond.body.error).toMatch(new RegExp(`first ${COUNT_CAP.toLocaleString('en-IN')} results`));

    // a narrower query under the cap is exact again
    expect((await call('/api/listings?q=wombat&condition=NEW')).body.data.pagination).toMatchObject({ total: 0, totalCapped: false });
  });
});
