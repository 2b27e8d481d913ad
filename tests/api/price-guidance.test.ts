import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { app } from '../../worker/app';
import { createListing, createUser, createUserWithToken, listingDb } from '../factories';
import { PRICE_GUIDANCE_RULES, priceGroupKey, priceGroupSql, priceRange } from '../../worker/schemas/price-guidance-data';
import migration0031 from '../../migrations/0031_seller_pages_price_guidance.sql?raw';

/**
 * Price guidance (decision 026): the group column the database computes agrees with the rule the
 * form and ad page use; the range is the middle half of comparable live and recently sold ads in
 * the city, else the state, else India; too few is no range; writes refresh the stored ranges.
 */
const request = async (path: string, init: RequestInit = {}) => {
  const ctx = createExecutionContext();
  const res = await app.request(`https://sel.example${path}`, init, env, ctx);
  const body = (await res.json()) as any;
  // the refresh after a write runs after the response (waitUntil): wait for it, as production would
  await waitOnExecutionContext(ctx);
  return { status: res.status, body };
};

/** A group of its own per test: a model name no other test uses. */
let modelSeq = 0;
const model = () => `Creta T${++modelSeq}${Date.now() % 100_000}`;
const car = (m: string, year = 2019) => ({ categoryId: 'vehicles', subcategoryId: 'vehicles-cars', features: { brand: 'Hyundai', model: m, year } });
const query = (m: string, extra = '') => `/api/price-guidance?subcategory=vehicles-cars&brand=Hyundai&model=${encodeURIComponent(m)}&year=2019${extra}`;

describe('comparable groups', () => {
  it('the migration holds the SQL the reviewed data gives', () => {
    expect(migration0031).toContain(`GENERATED ALWAYS AS (iif(json_valid(\`features\`), ${priceGroupSql()}, NULL)) VIRTUAL`);
  });

  it('the database computes the same group key as the code, for every kind of detail', async () => {
    const seller = await createUser();
    const cases: { sub: string; cat: string; features: Record<string, unknown>; title?: string }[] = [
      { cat: 'vehicles', sub: 'vehicles-cars', features: { brand: 'hyundai', model: ' Creta  SX ', year: 2019 } },
      { cat: 'vehicles', sub: 'vehicles-cars', features: { brand: 'hyundai', model: 'Creta', year: '2019' } },
      { cat: 'vehicles', sub: 'vehicles-cars', features: { brand: 'hyundai', year: 2019 } },
      { cat: 'electronics', sub: 'electronics-smartphones', features: { brand: 'samsung', model: 'Galaxy S23', storage: '128 GB', ram: '8 GB' } },
      { cat: 'properties', sub: 'properties-rentals', features: { bhk: '2 BHK', furnishing: 'Semi-Furnished', area: 900 } },
      { cat: 'properties', sub: 'properties-apartments', features: { bhk: '' } },
      { cat: 'properties', sub: 'properties-land', features: { area: 1200 } },
    ];
    for (const c of cases) {
      const ad = await createListing(seller, { categoryId: c.cat, subcategoryId: c.sub, features: c.features });
      const row = await listingDb(ad.id).prepare('SELECT price_group FROM listings WHERE id = ?').bind(ad.id).first<{ price_group: string | null }>();
      expect(row?.price_group, JSON.stringify(c)).toBe(priceGroupKey(c.sub, c.features, ad.title));
    }
    expect(priceGroupKey('vehicles-cars', { brand: 'Hyundai', model: ' Creta  SX ', year: 2019 })).toBe('vehicles-cars|hyundai|cretasx|2019');
    expect(priceGroupKey('properties-rentals', { bhk: '2 BHK', furnishing: 'Semi-Furnished' })).toBe('properties-rentals|2bhk|semi-furnished');
    expect(priceGroupKey('properties-land', { area: 1200 })).toBeNull();
  });
});

describe('the range', () => {
  it('is the middle half of the city’s comparable ads, widening to the state and India, none when too few', async () => {
    const seller = await createUser();
    const m = model();
    const blr = [400_000, 450_000, 500_000, 520_000, 560_000, 600_000, 900_000];
    for (const price of blr) await createListing(seller, { ...car(m), city: 'Bengaluru', price });
    // not comparable: another year, held, and a sale too long ago
    await createListing(seller, { ...car(m, 2015), city: 'Bengaluru', price: 10 });
    await createListing(seller, { ...car(m), city: 'Bengaluru', price: 10, status: 'PENDING' });
    const oldSale = await createListing(seller, { ...car(m), city: 'Bengaluru', price: 10, status: 'SOLD' });
    await listingDb(oldSale.id).prepare('UPDATE listings SET updated_at = ? WHERE id = ?').bind(Date.now() - (PRICE_GUIDANCE_RULES.soldWithinDays + 1) * 86_400_000, oldSale.id).run();

    const city = await request(query(m, '&state=Karnataka&city=Bengaluru&price=300000'));
    expect(city.status).toBe(200);
    const expected = priceRange(blr.map((p) => p * 100))!;
    expect(city.body.data).toEqual({
      range: { low: expected.low / 100, high: expected.high / 100, median: expected.median / 100, ads: 7, scope: 'city', place: 'Bengaluru' },
      missing: [],
      position: 'below',
    });
    expect(city.body.data.range).toMatchObject({ low: 475_000, high: 580_000, median: 520_000 });

    // Mysuru (same state) has none of its own: Karnataka's range
    const state = await request(query(m, '&location=Mysuru'));
    expect(state.body.data.range).toMatchObject({ scope: 'state', place: 'Karnataka', ads: 7 });
    // another state: India
    const india = await request(query(m, '&state=Maharashtra&city=Pune&price=500000'));
    expect(india.body.data.range).toMatchObject({ scope: 'india', place: 'India', ads: 7 });
    expect(india.body.data.position).toBe('within');

    // four comparable ads are too few anywhere
    const rare = model();
    for (const price of [1, 2, 3, 4]) await createListing(seller, { ...car(rare), price: price * 100_000 });
    expect((await request(query(rare))).body.data).toEqual({ range: null, missing: [], position: null });
  });

  it('says which details are still missing, and refuses what it cannot read', async () => {
    const missing = await request('/api/price-guidance?subcategory=vehicles-cars&brand=Hyundai');
    expect(missing.body.data).toEqual({ range: null, missing: ['model', 'year'], position: null });
    expect((await request('/api/price-guidance?subcategory=properties-land')).body.data).toEqual({ range: null, missing: [], position: null });
    const unknown = await request('/api/price-guidance?subcategory=vehicles-rockets');
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('UNKNOWN_CATEGORY');
    const noSub = await request('/api/price-guidance?brand=Hyundai');
    expect(noSub.status).toBe(400);
    expect(noSub.body.error).toMatch(/subcategory is required/);
    expect((await request(`${query('x')}&price=cheap`)).status).toBe(400);
  });

  it('on the ad page says whether the price is below, within or above, and follows a sale at once', async () => {
    const seller = await createUserWithToken();
    const m = model();
    const ads = [];
    for (const price of [300_000, 320_000, 340_000, 360_000, 380_000, 1_000_000]) ads.push(await createListing(seller, { ...car(m), city: 'Chennai', price }));
    const positions = [];
    for (const ad of [ads[0]!, ads[2]!, ads[5]!]) positions.push((await request(`/api/listings/${ad.id}/price-guidance`)).body.data.position);
    expect(positions).toEqual(['below', 'within', 'above']);
    const before = (await request(`/api/listings/${ads[2]!.id}/price-guidance`)).body.data.range;
    expect(before.ads).toBe(6);

    // deactivating one ad refreshes the stored range (not waiting for it to go stale)
    const res = await request(`/api/listings/${ads[5]!.id}/status`, { method: 'POST', headers: { ...seller.auth, 'content-type': 'application/json' }, body: JSON.stringify({ status: 'INACTIVE' }) });
    expect(res.status).toBe(200);
    const after = (await request(`/api/listings/${ads[2]!.id}/price-guidance`)).body.data.range;
    expect(after.ads).toBe(5);
    expect(after.high).toBeLessThan(before.high);
    // an inactive ad is not public
    expect((await request(`/api/listings/${ads[5]!.id}/price-guidance`)).status).toBe(404);
  });

  it('reads a bounded sample: the newest ads of the group, never the whole group', async () => {
    const plan = await env.DB.prepare(
      `EXPLAIN QUERY PLAN SELECT price_minor, sort_at FROM listings INDEXED BY listings_price_group WHERE price_group = ?1 AND ?2 = 0 AND status = 'APPROVED' ORDER BY sort_at DESC LIMIT ?3`,
    )
      .bind('x', 0, 200)
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join(' / ');
    expect(details).toMatch(/USING INDEX listings_price_group/);
    expect(details).not.toMatch(/TEMP B-TREE/);
  });
});
