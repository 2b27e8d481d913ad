import { env } from 'cloudflare:workers';
import { monotonicFactory } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../worker/db/client';
import { buildListingQuery } from '../../worker/services/listings/listings';
import { KEYS_FIRST_FROM_PAGE, countShare, settleCount } from '../../worker/services/listings/shard-search';
import { COUNT_CAP, listingsQuery } from '../../worker/schemas/listings';
import { ROUND_TRIP_BUDGET } from '../../worker/db/round-trip-budget';
import { groupOfState } from '../../worker/db/shards';
import { sellerCardStatement } from '../../worker/services/listings/shard-writes';
import { createUser } from '../factories';
import { listingsDbs } from './shard-factory';
import { searchCounted } from './counted-d1';
import { roundTripCounting } from './round-trip-counting';

/**
 * Deep pages and totals over four listings databases (decision 033): from page KEYS_FIRST_FROM_PAGE
 * each database sends only its rows' merge keys and the page's rows are read whole afterwards, and
 * each database counts only its share of the cap, counting further only when the sum cannot tell
 * the total. Every answer must be what one database holding the same ads answers: the same ads in
 * the same order (ties on the sort key included), the same total, capped alike. The one database
 * is the core `DB` holding a copy of every ad (in id order, so its row order is the ids' order, as
 * the merge breaks ties), searched as a deployment without LISTING_DATABASES.
 */
const MINUTE = 60_000;
const BASE = Date.UTC(2026, 10, 20, 6);
/** database 0 holds Maharashtra, 1 Delhi, 2 Gujarat, 3 Tamil Nadu */
const CITIES = ['Pune', 'Delhi', 'Ahmedabad', 'Chennai'];
/**
 * Ads per subcategory in each database, uneven on purpose: smartphones pass the cap only with
 * database 0's many (which alone passes its share), laptops stay under it (900: database 0 passes its
 * share, the sum does not), tablets are few everywhere, headphones pass the cap in every database.
 */
const SPREAD: Record<string, number[]> = {
  'electronics-smartphones': [700, 200, 50, 60],
  'electronics-laptops': [600, 100, 100, 100],
  'electronics-tablets': [30, 25, 20, 5],
  // past the cap in every database: what an all-India search of a big category is at 1M ads
  'electronics-headphones': [1010, 1010, 1010, 1010],
};
const CONDITIONS = ['NEW', 'USED', 'REFURBISHED'];

let state = 0xdee9;
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};

/** One search as the service answers it, over the four databases or the one, with its rows read and round trips. */
const searched = async (databases: 'four' | 'one', qs: string) => {
  const { page, rows, roundTrips } = await searchCounted(databases, qs);
  return { ids: page.listings.map((l) => l.id), titles: page.listings.map((l) => `${l.title} ${l.city}`), pagination: page.pagination, rows, roundTrips };
};

beforeAll(async () => {
  const seller = await createUser({ firstName: 'Dipa' });
  const card = await env.DB.prepare('SELECT id, username, first_name, last_name, business_name, avatar, is_verified, created_at, updated_at FROM users WHERE id = ?')
    .bind(seller.id)
    .first<Parameters<typeof sellerCardStatement>[1]>();
  const cities = await Promise.all(
    CITIES.map((name) => env.DB.prepare(`SELECT id, name, parent_id, state FROM locations WHERE kind = 'city' AND name = ?`).bind(name).first<{ id: number; name: string; parent_id: number; state: string }>()),
  );
  // every ad of every database in one shuffled order, which the ids follow: ties on every sort key
  // fall across the databases and inside each
  const slots = Object.entries(SPREAD).flatMap(([sub, perDb]) => perDb.flatMap((n, at) => Array.from({ length: n }, () => ({ sub, at }))));
  for (let i = slots.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [slots[i], slots[j]] = [slots[j]!, slots[i]!];
  }
  const ulid = monotonicFactory(() => random());
  const ads = slots.map(({ sub, at }, g) => {
    const city = cities[at]!;
    const id = `${ulid(BASE).toLowerCase()}${groupOfState(city.parent_id)}`;
    const title = `${g % 3 === 0 ? 'Lantern' : 'Plain'} gadget ${g % 13}`;
    return {
      at,
      id,
      slug: `${sub}-c84-deep-${g}-in-${city.name.toLowerCase()}-iid-${id}`,
      user_id: seller.id,
      title,
      description: `A ${title.toLowerCase()} in good order, number ${g}.`,
      price_minor: 100_000 * (1 + ((g * 7) % 23)),
      condition: CONDITIONS[g % 3],
      category_id: 'electronics',
      subcategory_id: sub,
      location: `${city.name}, ${city.state}`,
      state_id: city.parent_id,
      city_id: city.id,
      views: g % 9,
      // many ads share a listing time, in every database
      created_at: BASE - (g % 97) * MINUTE,
    };
  });
  const insert = (db: D1Database, rows: typeof ads) => {
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < rows.length; i += 400) {
      const cols = ['id', 'slug', 'user_id', 'title', 'description', 'price_minor', 'condition', 'category_id', 'subcategory_id', 'location', 'state_id', 'city_id', 'views', 'created_at'];
      statements.push(
        db
          .prepare(
            `INSERT INTO listings (${cols.join(', ')}, currency, features, status, is_featured, updated_at)
             SELECT ${cols.map((c) => `json_extract(j.value, '$.${c}')`).join(', ')}, 'INR', '{}', 'APPROVED', 0, json_extract(j.value, '$.created_at')
             FROM json_each(?) j ORDER BY j.key`,
          )
          .bind(JSON.stringify(rows.slice(i, i + 400))),
      );
    }
    return db.batch(statements);
  };
  // each database's ads in id order (its row order is then the ids' order), the one database all of them so
  for (const [at, db] of listingsDbs.entries()) {
    await db.batch([sellerCardStatement(db, card!)]);
    await insert(db, ads.filter((a) => a.at === at));
  }
  await insert(env.DB, ads);
  const live = await Promise.all(listingsDbs.map((db) => db.prepare(`SELECT count(*) AS n FROM listings WHERE category_id = 'electronics'`).first<{ n: number }>()));
  expect(live.map((r) => r!.n)).toEqual([0, 1, 2, 3].map((at) => Object.values(SPREAD).reduce((n, perDb) => n + perDb[at]!, 0)));
});

describe('deep pages over four databases', () => {
  it('are the pages one database holding the same ads gives, for every sort, filter and tie', async () => {
    const cases: [string, number[]][] = [
      ['subcategory=electronics-smartphones&limit=20', [1, 2, 13, 35, 50]],
      ['category=electronics&sortBy=createdAt&sortOrder=asc&limit=20', [2, 49]],
      ['category=electronics&sortBy=price&sortOrder=asc&limit=15', [3, 40]],
      ['category=electronics&sortBy=price&sortOrder=desc&limit=20', [7]],
      ['category=electronics&sortBy=views&limit=20', [11]],
      ['category=electronics&sortBy=title&limit=20', [6]],
      ['subcategory=electronics-laptops&minPrice=5000&maxPrice=15000&condition=USED&limit=10', [1, 4]],
      ['subcategory=electronics-tablets&limit=7', [1, 2, 12]],
      ['category=electronics&location=Delhi&limit=20', [1, 5]],
      ['q=lantern&sortBy=price&sortOrder=desc&limit=20', [9]],
    ];
    for (const [qs, pages] of cases) {
      for (const page of pages) {
        const [four, one] = [await searched('four', `${qs}&page=${page}`), await searched('one', `${qs}&page=${page}`)];
        expect(one.ids.length, `${qs} page ${page}`).toBeGreaterThan(0);
        expect(four.ids, `${qs} page ${page}`).toEqual(one.ids);
        expect(four.pagination, `${qs} page ${page}`).toEqual(one.pagination);
        expect(four.roundTrips, `${qs} page ${page}`).toBeLessThanOrEqual(ROUND_TRIP_BUDGET.read);
      }
    }
  });

  it('by relevance, are the slice of the merged first page as deep (each database ranks its own matches)', async () => {
    for (const [qs, page] of [['q=lantern&limit=20', 4], ['q=lantern&limit=20', 5], ['q=lantern&subcategory=electronics-laptops&limit=12', 3]] as const) {
      const limit = Number(new URLSearchParams(qs).get('limit'));
      const deep = await searched('four', `${qs}&page=${page}`);
      // page 1 as deep as the page: each database's rows whole, merged in one go (the one-step merge)
      const whole = await searched('four', `${qs.replace(`limit=${limit}`, `limit=${limit * page}`)}&page=1`);
      expect(deep.ids.length, qs).toBe(limit);
      expect(deep.ids, qs).toEqual(whole.ids.slice((page - 1) * limit));
      expect(deep.pagination.total, qs).toBe(whole.pagination.total);
    }
  });

  it('read whole rows for the page alone: far fewer rows than every database sending its rows whole', async () => {
    const page = 35;
    const limit = 20;
    const qs = `subcategory=electronics-smartphones&limit=${limit}&page=${page}`;
    expect(page).toBeGreaterThanOrEqual(KEYS_FIRST_FROM_PAGE);
    const four = await searched('four', qs);
    // what each database sending its first page × limit rows whole costs (the one-step merge)
    const query = listingsQuery.parse(Object.fromEntries(new URLSearchParams(qs)));
    const built = await buildListingQuery(getDb(env.DB), { ...query, page: 1, limit: page * limit }, {}, { rankColumns: true });
    const whole = await Promise.all(listingsDbs.map((db) => db.prepare(built.sql).bind(...built.params).all()));
    const wholeRows = whole.reduce((n, r) => n + (r.meta.rows_read ?? 0), 0);
    const figures = `deep page ${four.rows} rows in ${four.roundTrips} round trips; every database's rows whole ${wholeRows} (page and count alone)`;
    // the keys walk reads a row an ad, the counts their shares (and database 0 further: it passes
    // its share, the sum does not reach the cap without it), the second read the page's rows
    // whole: well under half of the rows read whole
    expect(four.rows, figures).toBeLessThan(wholeRows / 2);
    expect(four.roundTrips, figures).toBe(2);
    // one database asked (a city's): its page from its offset, as one database alone reads it
    const cityPage = 5;
    const city = await searched('four', `category=electronics&location=Delhi&limit=${limit}&page=${cityPage}`);
    expect(city.pagination).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    expect(city.roundTrips).toBe(1);
    // its count to the cap, a row for each ad skipped, the page whole (about seven rows an ad);
    // every row before the page whole would be about seven rows each of those too
    expect(city.rows, `${city.rows} rows read`).toBeLessThanOrEqual(COUNT_CAP + 1 + (cityPage - 1) * limit + limit * 8);
  });
});

describe('totals over four databases', () => {
  it('are one database\u2019s totals, capped alike, each database counting its share and further only when needed', async () => {
    const cases: [string, number, boolean][] = [
      // database 0 alone passes its share and the sum passes the cap
      ['subcategory=electronics-smartphones', COUNT_CAP, true],
      // database 0 passes its share, the sum stays under the cap: counted further, exactly
      ['subcategory=electronics-laptops', 900, false],
      ['subcategory=electronics-tablets', 80, false],
      ['category=electronics', COUNT_CAP, true],
      ['subcategory=electronics-laptops&location=Delhi', 100, false],
      ['category=electronics&location=Delhi', COUNT_CAP, true],
      ['category=electronics&condition=NEW&maxPrice=12000', -1, false],
    ];
    for (const [qs, total, capped] of cases) {
      const [four, one] = [await searched('four', `${qs}&limit=5`), await searched('one', `${qs}&limit=5`)];
      expect(four.pagination, qs).toEqual(one.pagination);
      if (total >= 0) expect(four.pagination, qs).toMatchObject({ total, totalCapped: capped });
      expect(four.roundTrips, qs).toBeLessThanOrEqual(ROUND_TRIP_BUDGET.read);
    }
    // a search whose counts all stay under their shares is counted in the page's own round trip
    expect((await searched('four', 'subcategory=electronics-tablets&limit=5')).roundTrips).toBe(1);
  });

  it('of a search past the cap in every database read about COUNT_CAP index entries in all, not COUNT_CAP each', async () => {
    const limit = 5;
    const four = await searched('four', `subcategory=electronics-headphones&sortBy=price&limit=${limit}`);
    expect(four.pagination).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    expect(four.roundTrips).toBe(1);
    // the counts (a share each: about COUNT_CAP together) and each database's page whole (about
    // seven rows an ad: the row, its seller, places and photos); each database counting to the
    // cap would read COUNT_CAP + 1 each
    const counts = listingsDbs.length * countShare(listingsDbs.length);
    expect(counts).toBeLessThan(COUNT_CAP * 1.01);
    expect(four.rows, `${four.rows} rows read`).toBeLessThanOrEqual(counts + listingsDbs.length * limit * 10);
  });

  it('settle to the capped sum of what every database holds, whatever the spread', () => {
    for (let trial = 0; trial < 3000; trial++) {
      const databases = 1 + (trial % 4);
      const held = Array.from({ length: databases }, () => Math.floor(random() * (trial % 3 === 0 ? 1500 : 420)));
      const share = countShare(databases);
      const first = held.map((n) => Math.min(n, share));
      const { counted, recount } = settleCount(first, first.map(() => share));
      const counts = [...first];
      for (const { at, cap } of recount) counts[at] = Math.min(held[at]!, cap);
      const settled = recount.length ? counts.reduce((a, b) => a + b, 0) : counted;
      const sum = held.reduce((a, b) => a + b, 0);
      const what = `${held.join(' + ')} = ${sum}`;
      expect(Math.min(settled, COUNT_CAP), what).toBe(Math.min(sum, COUNT_CAP));
      expect(settled > COUNT_CAP, what).toBe(sum > COUNT_CAP);
      // one database asked counts as one database alone, never further
      if (databases === 1) expect(recount, what).toEqual([]);
    }
  });
});

describe('through the worker', () => {
  it('a deep page waits on two round trips, a deep page of one database and a first page whose counts settle on one', async () => {
    const counting = roundTripCounting();
    const deep = await counting('/api/listings?category=electronics&page=20&limit=20');
    expect(deep.status).toBe(200);
    expect(deep.body.data.listings).toHaveLength(20);
    expect(deep.roundTrips, deep.trace).toBe(2);
    // one database asked (a city's): its own page from its offset, in one round trip, as one database alone
    const city = await counting('/api/listings?category=electronics&location=Delhi&page=5&limit=20');
    expect(city.body.data.listings).toHaveLength(20);
    expect(city.roundTrips, city.trace).toBe(1);
    const first = await counting('/api/listings?subcategory=electronics-tablets&sortBy=price&limit=20');
    expect(first.body.data.pagination.total).toBe(80);
    expect(first.roundTrips, first.trace).toBe(1);
  });
});
