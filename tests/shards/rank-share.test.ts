import { env } from 'cloudflare:workers';
import { monotonicFactory } from 'ulid';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '../../worker/db/client';
import { RANK_WINDOW, buildListingQuery, toFtsQuery } from '../../worker/services/listings/listings';
import { PINS_SENT_WHOLE, countShare, countUpTo, rankShare, rankWindows } from '../../worker/services/listings/shard-search';
import { listingsQuery } from '../../worker/schemas/listings';
import { PINNED_PER_PAGE } from '../../worker/services/commerce/featured';
import { ROUND_TRIP_BUDGET } from '../../worker/db/round-trip-budget';
import { groupOfState } from '../../worker/db/shards';
import { sellerCardStatement } from '../../worker/services/listings/shard-writes';
import { createUser } from '../factories';
import { listingsDbs } from './shard-factory';
import { searchCounted } from './counted-d1';
import { roundTripCounting } from './round-trip-counting';

/**
 * The windows a search over four listings databases shares (decision 033), the way its counts do:
 *  - a text search best first ranks the newest matches of the text (one database: its newest
 *    RANK_WINDOW); over several, each database ranks its share (rankShare), and what the databases
 *    with fewer matches than their share leave is split among the others (rankWindows), in a second
 *    round trip: about RANK_WINDOW matches ranked in all, not RANK_WINDOW in each;
 *  - a subcategory + brand page's featured candidates come from the live featured ads' own index
 *    (migration 0047), not from the brand's every live ad walked newest first.
 * The answers: the rule's, computed here from each database's own bm25 over its own window, the
 * same on every page; the same ads as one database when all the matches fit the window; pins and
 * pages as one database holding the same ads. Rows read are D1's own count (countedD1).
 */
const MINUTE = 60_000;
const BASE = Date.UTC(2026, 10, 20, 6);
/** database 0 holds Maharashtra, 1 Delhi, 2 Gujarat, 3 Tamil Nadu */
const CITIES = ['Pune', 'Delhi', 'Ahmedabad', 'Chennai'];
/** ads with "lantern" in each database: more than the share everywhere (no second round trip) */
const LANTERN = [560, 420, 300, 480];
/** of those, with "comet" too: uneven, fewer than RANK_WINDOW in all (database 0 ranks more in the second round trip) */
const COMET = [300, 20, 10, 5];
/** Samsung phones in each database: a few featured, older than many plain ones (the old walk skipped the plain) */
const FEATURED_PHONES = 15;
const PLAIN_PHONES = 400;

let state = 0x5a4e;
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};

const searched = async (databases: 'four' | 'one', qs: string, planned?: { rankFirst: string }) => {
  const { page, rows, roundTrips } = await searchCounted(databases, qs, planned);
  return { ids: page.listings.map((l) => l.id), pinned: page.listings.filter((l) => l.pinned).map((l) => l.id), pagination: page.pagination, rows, roundTrips };
};

/**
 * The rule, computed apart from the service: each database's window from its exact count of
 * matches (rankWindows), its bm25 over its own newest matches in that window, merged best first
 * (equal ranks: the earlier id first, as FTS5 orders them in each database and the merge across).
 */
const byTheRule = async (word: string) => {
  const fts = toFtsQuery(word)!;
  const counts = await Promise.all(listingsDbs.map(async (db) => (await db.prepare('SELECT count(*) AS n FROM listings_fts WHERE listings_fts MATCH ?').bind(fts).first<{ n: number }>())!.n));
  const { windows } = rankWindows(counts.map((c) => Math.min(c, countShare(listingsDbs.length))));
  const ranked = await Promise.all(
    listingsDbs.map(async (db, at) =>
      (
        await db
          .prepare(`SELECT l.id, f.rank FROM (SELECT rowid, rank FROM listings_fts WHERE listings_fts MATCH ? ORDER BY rowid DESC LIMIT ?) f JOIN listings l ON l.num = f.rowid`)
          .bind(fts, windows[at])
          .all<{ id: string; rank: number }>()
      ).results,
    ),
  );
  return { counts, windows, ids: ranked.flat().sort((a, b) => a.rank - b.rank || (a.id < b.id ? -1 : 1)).map((r) => r.id) };
};

beforeAll(async () => {
  const seller = await createUser({ firstName: 'Ravi' });
  const card = await env.DB.prepare('SELECT id, username, first_name, last_name, business_name, avatar, is_verified, created_at, updated_at FROM users WHERE id = ?')
    .bind(seller.id)
    .first<Parameters<typeof sellerCardStatement>[1]>();
  const cities = await Promise.all(
    CITIES.map((name) => env.DB.prepare(`SELECT id, name, parent_id, state FROM locations WHERE kind = 'city' AND name = ?`).bind(name).first<{ id: number; name: string; parent_id: number; state: string }>()),
  );
  type Slot = { at: number; kind: 'lantern' | 'comet' | 'featured' | 'plain' };
  const slots: Slot[] = [
    ...LANTERN.flatMap((n, at) => Array.from({ length: n }, (_, k): Slot => ({ at, kind: k < COMET[at]! ? 'comet' : 'lantern' }))),
    ...CITIES.flatMap((_, at) => Array.from({ length: PLAIN_PHONES }, (): Slot => ({ at, kind: 'plain' }))),
  ];
  // every database's ads interleaved in time, shuffled; the featured phones older than every plain one
  for (let i = slots.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [slots[i], slots[j]] = [slots[j]!, slots[i]!];
  }
  const ordered = [...CITIES.flatMap((_, at) => Array.from({ length: FEATURED_PHONES }, (): Slot => ({ at, kind: 'featured' }))), ...slots];
  const ulid = monotonicFactory(() => random());
  const words = ['good', 'fine', 'working', 'boxed', 'clean'];
  const ads = ordered.map(({ at, kind }, g) => {
    const city = cities[at]!;
    // a distinct listing time each, oldest first: the ids follow it
    const createdAt = BASE - (ordered.length - g) * MINUTE;
    const id = `${ulid(createdAt).toLowerCase()}${groupOfState(city.parent_id)}`;
    const phone = kind === 'featured' || kind === 'plain';
    // the word more or less often, so bm25 tells the ads apart
    const title = phone ? `Samsung phone ${g % 17}` : `${kind === 'comet' ? 'Comet lantern' : 'Lantern'} ${words[g % 5]} ${'lantern '.repeat(g % 3)}lamp ${g % 11}`;
    const sub = phone ? 'electronics-smartphones' : g % 2 ? 'electronics-laptops' : 'electronics-tablets';
    return {
      at,
      id,
      slug: `${sub}-c84-rank-${g}-in-${city.name.toLowerCase()}-iid-${id}`,
      user_id: seller.id,
      title,
      description: `${title} in ${words[(g * 3) % 5]} order, ${'and more words '.repeat(g % 4)}number ${g}.`,
      price_minor: 100_000 * (1 + ((g * 7) % 23)),
      category_id: 'electronics',
      subcategory_id: sub,
      location: `${city.name}, ${city.state}`,
      state_id: city.parent_id,
      city_id: city.id,
      brand: phone ? 'samsung' : null,
      is_featured: kind === 'featured' ? 1 : 0,
      created_at: createdAt,
    };
  });
  const cols = ['id', 'slug', 'user_id', 'title', 'description', 'price_minor', 'category_id', 'subcategory_id', 'location', 'state_id', 'city_id', 'brand', 'is_featured', 'created_at'];
  const insert = (db: D1Database, rows: typeof ads) => {
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < rows.length; i += 400) {
      statements.push(
        db
          .prepare(
            `INSERT INTO listings (${cols.join(', ')}, currency, condition, features, status, views, updated_at)
             SELECT ${cols.map((c) => `json_extract(j.value, '$.${c}')`).join(', ')}, 'INR', 'USED', '{}', 'APPROVED', 0, json_extract(j.value, '$.created_at')
             FROM json_each(?) j ORDER BY j.key`,
          )
          .bind(JSON.stringify(rows.slice(i, i + 400))),
      );
    }
    return db.batch(statements);
  };
  // each database's ads in id order (its row order is the ids' order, as posting leaves it), the one database all of them so
  for (const [at, db] of listingsDbs.entries()) {
    await db.batch([sellerCardStatement(db, card!)]);
    await insert(db, ads.filter((a) => a.at === at));
  }
  await insert(env.DB, ads);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('a text search best first over four databases ranks its shares of the window', () => {
  it('ranks about RANK_WINDOW matches in all, not RANK_WINDOW in each: far fewer rows, one round trip', async () => {
    const rule = await byTheRule('lantern');
    expect(rule.counts).toEqual(LANTERN);
    // every database has more matches than its share: each ranks its share, nothing left to split
    expect(rule.windows).toEqual(LANTERN.map(() => rankShare(4)));
    const four = await searched('four', 'q=lantern&limit=20');
    expect(four.ids).toEqual(rule.ids.slice(0, 20));
    expect(four.pagination).toEqual((await searched('one', 'q=lantern&limit=20')).pagination);
    expect(four.roundTrips).toBe(1);
    // what each database ranking its own newest RANK_WINDOW reads (the page, and its count by its share)
    const query = listingsQuery.parse({ q: 'lantern', limit: '20' });
    const whole = await buildListingQuery(getDb(env.DB), query, {}, { rankColumns: true });
    const count = countUpTo(whole.countSql, countShare(4));
    const each = await Promise.all(listingsDbs.map((db) => db.batch([db.prepare(whole.sql).bind(...whole.params), db.prepare(count.sql).bind(...whole.countParams)])));
    const eachRows = each.flat().reduce((n, r) => n + (r.meta.rows_read ?? 0), 0);
    const figures = `four databases ${four.rows} rows; each ranking its own RANK_WINDOW ${eachRows}`;
    // Each database walks its share's matches once (a row each, to find the window's oldest: 250
    // here against its 300-560 ranked before, each handed over twice) and FTS5 hands over the page's
    // rows alone; the counts their shares; the page's rows whole, about seven rows each.
    const counted = (await Promise.all(listingsDbs.map((db) => db.prepare(count.sql).bind(...whole.countParams).all()))).reduce((n, r) => n + (r.meta.rows_read ?? 0), 0);
    expect(four.rows - counted, figures).toBeLessThan((eachRows - counted) * 0.5);
    expect(four.rows, figures).toBeLessThanOrEqual(RANK_WINDOW + 4 * countShare(4) + 4 * 20 * 9);
  });

  it('gives every page of the rule, deep pages the slice of the first page as deep', async () => {
    const rule = await byTheRule('lantern');
    for (const page of [2, 7, 12]) {
      const deep = await searched('four', `q=lantern&limit=40&page=${page}`);
      expect(deep.ids, `page ${page}`).toEqual(rule.ids.slice((page - 1) * 40, page * 40));
      expect(deep.roundTrips, `page ${page}`).toBe(2);
    }
    // the last page a buyer can open: the end of the window (RANK_WINDOW ranked in all, as one database ranks)
    expect(rule.ids).toHaveLength(RANK_WINDOW);
    expect((await searched('four', 'q=lantern&limit=40&page=25')).ids).toEqual(rule.ids.slice(960, 1000));
    // a subcategory ranked first (query understanding's "where the words' things are sold"): each arm
    // over its share too, the pages consistent
    const planned = { rankFirst: 'electronics-laptops' };
    const first = await searched('four', 'q=lantern&limit=100', planned);
    expect(first.roundTrips).toBe(1);
    for (const page of [2, 4]) {
      const deep = await searched('four', `q=lantern&limit=25&page=${page}`, planned);
      expect(deep.ids, `page ${page}`).toEqual(first.ids.slice((page - 1) * 25, page * 25));
    }
    // laptops first
    const subs = await Promise.all(first.ids.slice(0, 3).map((id) => env.DB.prepare('SELECT subcategory_id FROM listings WHERE id = ?').bind(id).first<{ subcategory_id: string }>()));
    expect(subs.map((s) => s?.subcategory_id)).toEqual(['electronics-laptops', 'electronics-laptops', 'electronics-laptops']);
  });

  it('uneven matches: what the databases with few leave is ranked by the one with many (a second round trip), the same ads as one database', async () => {
    const rule = await byTheRule('comet');
    expect(rule.counts).toEqual(COMET);
    // database 0 passes its share; the others leave theirs to it: every match is ranked, as one database ranks them all
    expect(rule.windows[0]).toBeGreaterThanOrEqual(COMET[0]!);
    expect(rule.ids).toHaveLength(COMET.reduce((a, b) => a + b, 0));
    const seen: string[] = [];
    const oneSeen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const [four, one] = [await searched('four', `q=comet&limit=100&page=${page}`), await searched('one', `q=comet&limit=100&page=${page}`)];
      expect(four.ids, `page ${page}`).toEqual(rule.ids.slice((page - 1) * 100, page * 100));
      expect(four.pagination, `page ${page}`).toEqual(one.pagination);
      expect(four.roundTrips, `page ${page}`).toBe(2);
      seen.push(...four.ids);
      oneSeen.push(...one.ids);
    }
    // the same ads as one database (in the order of each database's own bm25)
    expect(new Set(seen)).toEqual(new Set(oneSeen));
    expect(seen).toHaveLength(COMET.reduce((a, b) => a + b, 0));
    expect((await searched('four', 'q=comet&limit=20')).roundTrips).toBeLessThanOrEqual(ROUND_TRIP_BUDGET.read);
  });

  it('windows: shares of RANK_WINDOW, the rest split among the databases with more; one database asked ranks RANK_WINDOW', () => {
    expect(rankShare(1)).toBe(RANK_WINDOW);
    // the first round trip's counts tell a database with more matches than its share from one without
    for (let n = 1; n <= 12; n++) expect(countShare(n)).toBeGreaterThan(rankShare(n));
    expect(rankWindows([RANK_WINDOW + 1])).toEqual({ windows: [RANK_WINDOW], widened: [] });
    expect(rankWindows([251, 251, 251, 251])).toEqual({ windows: [250, 250, 250, 250], widened: [] });
    expect(rankWindows([251, 20, 10, 5])).toEqual({ windows: [965, 250, 250, 250], widened: [0] });
    expect(rankWindows([251, 251, 100, 0])).toEqual({ windows: [450, 450, 250, 250], widened: [0, 1] });
    expect(rankWindows([30, 20, 10, 5])).toEqual({ windows: [250, 250, 250, 250], widened: [] });
    for (let trial = 0; trial < 500; trial++) {
      const n = 1 + (trial % 4);
      const counts = Array.from({ length: n }, () => Math.min(countShare(n), Math.floor(random() * 600)));
      const { windows } = rankWindows(counts);
      // never more than the window in all, every database with fewer than its window ranked whole
      expect(windows.reduce((a, w, i) => a + Math.min(w, counts[i]!), 0)).toBeLessThanOrEqual(RANK_WINDOW);
      for (const [i, w] of windows.entries()) expect(w).toBeGreaterThanOrEqual(Math.min(counts[i]!, rankShare(n)));
    }
  });
});

describe('through the worker', () => {
  it('a text search over four databases waits on one round trip when the matches are even, two when a database ranks more', async () => {
    const counting = roundTripCounting();
    // once for the spelling dictionary and the places, which the worker keeps (what a warm worker answers)
    await counting('/api/listings?q=lantern&limit=20');
    const even = await counting('/api/listings?q=lantern&limit=20');
    expect(even.status).toBe(200);
    expect(even.body.data.listings).toHaveLength(20);
    expect(even.roundTrips, even.trace).toBe(1);
    const uneven = await counting('/api/listings?q=comet&limit=20');
    expect(uneven.body.data.pagination.total).toBe(COMET.reduce((a, b) => a + b, 0));
    expect(uneven.roundTrips, uneven.trace).toBe(ROUND_TRIP_BUDGET.read);
  });
});

describe('a subcategory + brand page over four databases', () => {
  it('pins what one database pins and lists what it lists, its candidates read from the featured ads alone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BASE + 3 * MINUTE);
    const qs = 'subcategory=electronics-smartphones&brand=Samsung&limit=20';
    const [four, one] = [await searched('four', qs), await searched('one', qs)];
    expect(one.pinned).toHaveLength(PINNED_PER_PAGE);
    expect(four.pinned).toEqual(one.pinned);
    expect(four.ids).toEqual(one.ids);
    expect(four.pagination).toEqual(one.pagination);
    expect(four.roundTrips).toBeLessThanOrEqual(ROUND_TRIP_BUDGET.read);
    // the same page oldest first pins nothing: what the pins cost is the difference
    const plain = await searched('four', `${qs}&sortBy=createdAt&sortOrder=asc`);
    expect(plain.pinned).toEqual([]);
    const forPins = four.rows - plain.rows;
    const figures = `pins ${forPins} rows (page ${four.rows}, ${four.roundTrips} round trips)`;
    // each candidate a few rows where it is found (4 × 15 here), PINS_SENT_WHOLE whole rows a
    // database at most; the brand's index walked newest first read every plain phone newer than the
    // featured ones (4 × 400) before reaching them
    expect(forPins, figures).toBeLessThanOrEqual(4 * FEATURED_PHONES * 5 + 4 * PINS_SENT_WHOLE * 12);
    expect(forPins, figures).toBeLessThan(PLAIN_PHONES);
  });
});
