import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { createUserWithToken } from '../factories';
import { priceRange } from '../../worker/schemas/price-guidance-data';
import { READ_BUDGET } from '../hardening/read-round-trips';
import { roundTripCounting } from './round-trip-counting';
import { shardAd } from './support';

/**
 * The price guidance of the post form and of an ad page, counted (decision 022's read budget, 2 round
 * trips): a range not yet stored waits on the stored rows, then the comparable ads' samples; the
 * computed rows are stored after the answer, so the next read finds them (one round trip). Four
 * listings and four accounts databases, and one database for everything.
 */
const tab = roundTripCounting({ accountsDatabases: 4 });
const LAYOUTS = {
  'four listings databases': {},
  'one database': { LISTING_DATABASES: '1', ACCOUNTS_DATABASES: '1' },
} as const;

const groupRows = (model: string) =>
  env.DB.prepare(`SELECT scope, ads, low_minor, median_minor, high_minor FROM price_guides WHERE group_key LIKE ? ORDER BY scope`)
    .bind(`%${model.toLowerCase().replace(/\s/g, '')}%`)
    .all<{ scope: string; ads: number; low_minor: number | null; median_minor: number | null; high_minor: number | null }>()
    .then((r) => r.results);

// a warm isolate, as decision 022 counts: the places every request shares, filled once by an ordinary read
beforeAll(async () => {
  await call('/api/listings?limit=1&location=Delhi');
});

describe.each(Object.entries(LAYOUTS))('price guidance, %s', (layout, vars) => {
  it('a range not yet stored waits on two round trips, is stored after the answer, and is then read in one', async () => {
    const model = `Venue R${Date.now() % 1_000_000}${layout.length}`;
    const prices = [400_000, 420_000, 450_000, 480_000, 520_000];
    // four databases: the ads in Delhi's database, a range of the city; one database: no ads, no range
    if (layout === 'four listings databases') {
      const seller = await createUserWithToken();
      for (const price of prices)
        await shardAd(seller, { categoryId: 'vehicles', subcategoryId: 'vehicles-cars', city: 'Delhi', price, features: { brand: 'Hyundai', model, year: 2021 } });
    }
    const query = `/api/price-guidance?subcategory=vehicles-cars&brand=Hyundai&model=${encodeURIComponent(model)}&year=2021&state=Delhi&city=Delhi`;
    expect(await groupRows(model)).toEqual([]);

    const first = await tab(query, {}, vars);
    expect(first.status, first.trace).toBe(200);
    expect(first.roundTrips, `not yet stored:\n${first.trace}`).toBeLessThanOrEqual(READ_BUDGET);
    if (layout === 'four listings databases') {
      const r = priceRange(prices.map((p) => p * 100))!;
      expect(first.body.data.range).toMatchObject({ scope: 'city', place: 'Delhi', ads: 5, low: Math.round(r.low / 100), high: Math.round(r.high / 100) });
    } else expect(first.body.data.range).toBeNull();

    // stored once the work after the answer ran (the counting waits on it): city, state and India
    const stored = await groupRows(model);
    expect(stored.map((r) => r.scope)).toEqual(['city', 'india', 'state']);
    expect(stored.find((r) => r.scope === 'city')!.ads).toBe(layout === 'four listings databases' ? 5 : 0);

    // the same range, read from the stored rows (another query string: not the edge cache's answer)
    const again = await tab(`${query}&price=430000`, {}, vars);
    expect(again.status, again.trace).toBe(200);
    expect(again.roundTrips, again.trace).toBe(1);
    expect(again.body.data.range).toEqual(first.body.data.range);
  });
});
