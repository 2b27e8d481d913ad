import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { call } from '../api/helpers';
import { createUserWithToken } from '../factories';
import { categoryCountsFromDb } from '../../worker/services/listings/catalog';
import { locationCountsFromDb } from '../../worker/services/listings/locations';
import { formatReport, runConsistencyChecks } from '../../worker/services/consistency';
import { priceRange } from '../../worker/schemas/price-guidance-data';
import { shardAd } from './support';

/**
 * Counts and price ranges with the listings over four databases (decision 033): live counts per
 * category and place are summed over the databases; a city's or state's price range comes from its
 * state's database, India's from all of them, with the same percentiles one database would give.
 */
describe('live counts per category and place', () => {
  it('add up the live ads of every listings database', async () => {
    const [categoriesBefore, placesBefore] = await Promise.all([categoryCountsFromDb(env), locationCountsFromDb(env)]);
    const seller = await createUserWithToken();
    const phone = { categoryId: 'electronics', subcategoryId: 'electronics-smartphones' };
    const ads = [
      await shardAd(seller, { ...phone, city: 'Mumbai' }),
      await shardAd(seller, { ...phone, city: 'Delhi' }),
      await shardAd(seller, { ...phone, city: 'Delhi' }),
      await shardAd(seller, { ...phone, city: 'Chennai' }),
      await shardAd(seller, { ...phone, city: 'Chennai', status: 'SOLD' }),
    ];
    expect(new Set(ads.map((a) => a.index))).toEqual(new Set([0, 1, 3]));
    const [categories, places] = await Promise.all([categoryCountsFromDb(env), locationCountsFromDb(env)]);
    const delta = (after: Record<string, number>, before: Record<string, number>, key: string | number) => (after[key] ?? 0) - (before[key] ?? 0);
    expect(delta(categories, categoriesBefore, 'electronics-smartphones')).toBe(4);
    expect(delta(categories, categoriesBefore, 'electronics')).toBe(4);
    expect(delta(places, placesBefore, ads[1]!.cityId)).toBe(2);
    expect(delta(places, placesBefore, ads[3]!.stateId)).toBe(1);
    expect(delta(places, placesBefore, ads[0]!.cityId)).toBe(1);

    // what the app shows: the categories list counts every database
    const listed = await call('/api/categories');
    expect(listed.status).toBe(200);
    const electronics = listed.body.data.find((c: { id: string }) => c.id === 'electronics');
    expect(electronics.count).toBe(categories.electronics);
  });
});

describe('price guidance over four databases', () => {
  it("a city's range from its own database; India's from every database, exactly the middle half of all their ads", async () => {
    const seller = await createUserWithToken();
    const model = `Creta S${Date.now() % 100_000}`;
    const car = { categoryId: 'vehicles', subcategoryId: 'vehicles-cars', features: { brand: 'Hyundai', model, year: 2019 } };
    const delhi = [500_000, 520_000, 540_000, 600_000, 650_000];
    const chennai = [700_000, 720_000, 900_000];
    const mumbai = [300_000, 310_000];
    const ads = [];
    for (const price of delhi) ads.push(await shardAd(seller, { ...car, city: 'Delhi', price }));
    for (const price of chennai) ads.push(await shardAd(seller, { ...car, city: 'Chennai', price }));
    for (const price of mumbai) ads.push(await shardAd(seller, { ...car, city: 'Mumbai', price }));
    const query = (place: string) => `/api/price-guidance?subcategory=vehicles-cars&brand=Hyundai&model=${encodeURIComponent(model)}&year=2019&${place}`;
    const rupees = (prices: number[]) => {
      const r = priceRange(prices.map((p) => p * 100))!;
      return { low: Math.round(r.low / 100), median: Math.round(r.median / 100), high: Math.round(r.high / 100) };
    };

    const inDelhi = await call(query('state=Delhi&city=Delhi'));
    expect(inDelhi.status, JSON.stringify(inDelhi.body)).toBe(200);
    expect(inDelhi.body.data.range).toMatchObject({ scope: 'city', place: 'Delhi', ads: 5, ...rupees(delhi) });

    // three in Chennai are too few: India, every database's ads together
    const inChennai = await call(query('state=Tamil%20Nadu&city=Chennai'));
    expect(inChennai.body.data.range).toMatchObject({ scope: 'india', place: 'India', ads: 10, ...rupees([...delhi, ...chennai, ...mumbai]) });
    const adPage = await call(`/api/listings/${ads[5]!.id}/price-guidance`);
    expect(adPage.status, JSON.stringify(adPage.body)).toBe(200);
    expect(adPage.body.data.range).toEqual(inChennai.body.data.range);

    // the stored ranges are kept in the core (written after the answers), and the checker re-derives them from the listings databases
    await vi.waitFor(async () =>
      expect(await env.DB.prepare(`SELECT count(*) AS n FROM price_guides WHERE group_key LIKE ?`).bind(`%${model.toLowerCase().replace(/\s/g, '')}%`).first('n')).toBeGreaterThanOrEqual(3),
    );
    const clean = await runConsistencyChecks(env, { only: ['price_guides'] });
    expect(clean.clean, formatReport(clean)).toBe(true);
    expect(clean.checks[0]!.rowsChecked).toBeGreaterThanOrEqual(3);
    await env.DB.prepare(`UPDATE price_guides SET median_minor = median_minor + 100 WHERE scope = 'india' AND group_key LIKE ?`).bind(`%${model.toLowerCase().replace(/\s/g, '')}%`).run();
    const found = await runConsistencyChecks(env, { only: ['price_guides'] });
    expect(found.checks[0]!.disagreements).toEqual([expect.objectContaining({ field: 'median_minor', delta: 100 })]);
  });
});
