import { beforeAll, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { app } from '../../worker/app';
import { call } from './helpers';
import { createListing, createUser } from '../factories';
import { invalidateListingCaches } from '../../worker/lib/cache';
import { guideShortcuts, shortcutId } from '../../web/src/features/catalog/category-guides';
import type { HomeShortcuts } from '../../worker/schemas/shortcuts';

type Sheets = HomeShortcuts;

const shortcuts = async (location?: string) => {
  const res = await call(`/api/listings/shortcuts${location ? `?${new URLSearchParams({ location })}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { data: Sheets }).data;
};
const offered = (data: Sheets) => data.guides.flatMap((g) => g.shortcuts.map((s) => `${g.name}|${shortcutId(s)}`));

/** What each link of the sheets finds on GET /listings: the very search the app's link runs. */
const withAds = async (location?: string) => {
  const found: string[] = [];
  for (const s of guideShortcuts(location)) {
    const params = Object.fromEntries(Object.entries(s.search).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
    const res = await call(`/api/listings?${new URLSearchParams({ ...params, limit: '1' })}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if ((res.body as { data: { pagination: { total: number } } }).data.pagination.total > 0) found.push(`${s.guide}|${shortcutId(s)}`);
  }
  return found;
};

beforeAll(async () => {
  const seller = await createUser({ firstName: 'Asha' });
  const cars = { categoryId: 'vehicles', subcategoryId: 'vehicles-cars' };
  await createListing(seller, { ...cars, title: 'Honda City petrol', price: 650_000, city: 'Pune', features: { brand: 'Honda', fuel: 'Petrol', transmission: 'Manual', noOfOwners: '1st' } });
  await createListing(seller, { ...cars, title: 'Maruti Wagon R CNG', price: 280_000, city: 'Delhi', features: { brand: 'Maruti Suzuki', fuel: 'CNG & Hybrids', transmission: 'Manual', noOfOwners: '2nd' } });
  await createListing(seller, { categoryId: 'properties', subcategoryId: 'properties-for-sale-houses-and-apartments', title: '2 BHK flat in Kothrud', price: 8_500_000, city: 'Pune', area: 'Kothrud', features: { bhk: '2 BHK', furnishing: 'Semi-Furnished' } });
  await createListing(seller, { categoryId: 'electronics', subcategoryId: 'electronics-smartphones', title: 'iPhone 13 128GB', price: 38_000, city: 'Pune', features: { brand: 'Apple', storage: '128GB' } });
  // out of search: never a reason to offer a shortcut
  await createListing(seller, { ...cars, title: 'Toyota Innova sold', price: 1_800_000, city: 'Pune', status: 'SOLD', features: { brand: 'Toyota', fuel: 'Diesel' } });
  await createListing(seller, { ...cars, title: 'Hyundai Creta waiting', price: 1_200_000, city: 'Pune', status: 'PENDING', features: { brand: 'Hyundai', fuel: 'Diesel', transmission: 'Automatic' } });
});

describe('GET /api/listings/shortcuts', () => {
  it('offers exactly the shortcuts whose search finds ads, everywhere and in a place', async () => {
    const everywhere = await shortcuts();
    expect(offered(everywhere).sort()).toEqual((await withAds()).sort());
    expect(offered(everywhere)).toEqual(
      expect.arrayContaining(['Cars|all:View All', 'Cars|budget:Under ₹3 Lakh', 'Cars|budget:₹5 - 8 Lakh', 'Cars|brand:Honda', 'Cars|extra:CNG', 'Cars|extra:First owner', 'Properties|extra:2 BHK', 'Mobiles|brand:Apple', 'Mobiles|extra:128 GB']),
    );
    for (const none of ['Cars|brand:Toyota', 'Cars|brand:Hyundai', 'Cars|extra:Diesel', 'Cars|extra:Automatic', 'Cars|budget:Over ₹15 Lakh', 'Properties|extra:3 BHK', 'Bikes|all:View All']) {
      expect(offered(everywhere)).not.toContain(none);
    }
    const pune = await shortcuts('Pune');
    expect(offered(pune).sort()).toEqual((await withAds('Pune')).sort());
    expect(offered(pune)).not.toContain('Cars|extra:CNG'); // the CNG car is in Delhi
    expect(offered(await shortcuts('Kothrud, Pune'))).toEqual(['Properties|all:View All', 'Properties|budget:₹50 Lakh - 1 Crore', 'Properties|extra:2 BHK', 'Properties|extra:Semi-Furnished']);
  });

  it('lists every sheet in order, each shortcut with the parameters its link adds', async () => {
    const data = await shortcuts();
    expect(data.guides.map((g) => g.name)).toEqual(['Cars', 'Bikes', 'Mobiles', 'Properties', 'Electronics', 'Commercial Vehicles', 'Furniture', 'Fashion', 'Jobs']);
    const cars = data.guides[0]!;
    expect(cars).toMatchObject({ category: 'Vehicles', subcategory: 'Cars' });
    expect(cars.shortcuts.find((s) => s.label === 'Under ₹3 Lakh')).toEqual({ kind: 'budget', label: 'Under ₹3 Lakh', filters: { minPrice: 0, maxPrice: 300_000 } });
    expect(cars.shortcuts.find((s) => s.label === 'CNG')?.filters).toEqual({ fuel: 'CNG & Hybrids' });
    expect(data.guides[3]!.shortcuts.find((s) => s.label === '2 BHK')?.filters).toEqual({ bhk: 2 });
  });

  it('is cached until a listing changes, then shows the new ad’s shortcuts', async () => {
    const before = offered(await shortcuts());
    expect(before).not.toContain('Bikes|brand:Royal Enfield');
    await createListing(await createUser(), { categoryId: 'vehicles', subcategoryId: 'vehicles-motorcycles', title: 'Royal Enfield Classic 350', price: 150_000, city: 'Pune', features: { brand: 'Royal Enfield' } });
    // the answer is kept per place: an ad written behind the cache's back is not seen yet
    expect(offered(await shortcuts())).toEqual(before);
    await invalidateListingCaches(env); // what every write that changes live ads does
    expect(offered(await shortcuts())).toEqual(expect.arrayContaining(['Bikes|all:View All', 'Bikes|brand:Royal Enfield', 'Bikes|budget:₹1 - 2 Lakh']));
  });

  it('a guest’s repeat request is answered from the edge cache, like a search', async () => {
    const get = async (path: string) => {
      const ctx = createExecutionContext();
      const res = await app.request(`https://sel.example${path}`, {}, { ...env, EDGE_CACHE: 'on' }, ctx);
      const body = (await res.json()) as { data: Sheets };
      await waitOnExecutionContext(ctx);
      return { cache: res.headers.get('x-edge-cache'), data: body.data };
    };
    const path = `/api/listings/shortcuts?${new URLSearchParams({ location: 'Delhi' })}`;
    expect((await get(path)).cache).toBe('MISS');
    const again = await get(path);
    expect(again.cache).toBe('HIT');
    expect(offered(again.data)).toEqual(expect.arrayContaining(['Cars|extra:CNG', 'Cars|budget:Under ₹3 Lakh']));
  });

  it('offers nothing in a place nobody knows, and answers bad input with a 400', async () => {
    expect(offered(await shortcuts('Atlantis'))).toEqual([]);
    expect(offered(await shortcuts('India'))).toEqual(offered(await shortcuts()));
    const res = await call(`/api/listings/shortcuts?location=${'x'.repeat(151)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: expect.stringContaining('location') });
  });
});
