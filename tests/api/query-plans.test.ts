import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { getDb } from '../../worker/db/client';
import { buildListingQuery, pinnedSql } from '../../worker/services/listings/listings';
import { pinHash, pinParams } from '../../worker/services/commerce/featured';
import { listingsQuery } from '../../worker/schemas/listings';

/**
 * Every query shape the listings API can build must reach listings through an index: a plan line
 * "SCAN l" without an index means a walk over the whole table, which at 1M rows is seconds.
 */
const shapes: Record<string, string>[] = [
  {},
  { sortBy: 'price', sortOrder: 'asc' },
  { sortBy: 'price', sortOrder: 'desc' },
  { sortBy: 'views' },
  { sortBy: 'title' },
  { featuredFirst: 'true' },
  { category: 'Vehicles' },
  { category: 'Vehicles', sortBy: 'price', sortOrder: 'asc' },
  { category: 'Cars', minPrice: '100000', maxPrice: '500000', sortBy: 'price' },
  { category: 'Electronics', minPrice: '10000', maxPrice: '50000', sortBy: 'createdAt', sortOrder: 'desc' },
  { subcategory: 'electronics-smartphones', brand: 'Samsung' },
  { location: 'Bengaluru' },
  { location: 'Bengaluru', sortBy: 'price', sortOrder: 'asc' },
  { location: 'Karnataka' },
  { location: 'Koramangala' },
  { location: 'Mumbai', category: 'Vehicles' },
  { condition: 'NEW' },
  { minPrice: '1000', maxPrice: '5000' },
  { q: 'honda' },
  { q: 'honda city', location: 'Bengaluru' },
  { q: 'iphone', category: 'Electronics', sortBy: 'price', sortOrder: 'asc' },
  { q: 'sofa', page: '50' },
  { fuel: 'Diesel', category: 'Cars' },
];

const planOf = async (sql: string, params: unknown[]) => {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
  return results.map((r) => r.detail);
};

describe('listing query plans', () => {
  it.each(shapes.map((s) => [new URLSearchParams(s).toString() || '(no filters)', s] as const))('%s uses an index', async (_name, shape) => {
    const query = listingsQuery.parse(shape);
    const built = await buildListingQuery(getDb(env.DB), query);
    expect(built.empty).toBe(false);
    for (const [sql, params] of [
      [built.sql, built.params],
      [built.countSql, built.countParams],
    ] as const) {
      const plan = await planOf(sql, [...params]);
      const fullScans = plan.filter((line) => /^SCAN (l|listings)\b/.test(line) && !/USING (COVERING )?INDEX/.test(line));
      expect(fullScans, `${sql}\n${plan.join('\n')}`).toEqual([]);
      // the indexes of live featured ads by category and subcategory are the featured candidates' alone (partial on their terms)
      expect(plan.some((line) => /listings_featured_(cat|sub)\b/.test(line)), plan.join('\n')).toBe(false);
      if (shape.q) {
        // a text search reaches listings only by rowid from its matches, never through a status
        // index (which would visit every live listing and probe the matches for each)
        const reads = plan.filter((line) => /^(SCAN|SEARCH) l\b/.test(line));
        expect(reads.every((line) => line.includes('INTEGER PRIMARY KEY')), plan.join('\n')).toBe(true);
      }
    }
  });
});

describe('near-me query plans (planned cities from services/search/near.ts)', () => {
  const nearShapes: Record<string, string>[] = [
    { lat: '12.97', lng: '77.59' },
    { lat: '12.97', lng: '77.59', sortBy: 'distance' },
    { lat: '12.97', lng: '77.59', sortBy: 'distance', category: 'Vehicles' },
    { lat: '12.97', lng: '77.59', sortBy: 'price', minPrice: '1000' },
  ];
  it.each(nearShapes.map((s) => [new URLSearchParams(s).toString(), s] as const))('%s reads listings through the city index', async (_name, shape) => {
    const { citiesWithin } = await import('../../worker/services/search/near');
    const query = listingsQuery.parse(shape);
    const cities = await citiesWithin(getDb(env.DB), query.lat!, query.lng!, 150);
    expect(cities.map((c) => c.name)).toEqual(expect.arrayContaining(['Bengaluru']));
    const built = await buildListingQuery(getDb(env.DB), query, { near: { cities } });
    for (const [sql, params] of [
      [built.sql, built.params],
      [built.countSql, built.countParams],
    ] as const) {
      const plan = await planOf(sql, [...params]);
      const fullScans = plan.filter((line) => /^SCAN (l|listings)\b/.test(line) && !/USING (COVERING )?INDEX/.test(line));
      expect(fullScans, `${sql}\n${plan.join('\n')}`).toEqual([]);
      // the nearby cities pick the rows, not the newest-first walk over every live ad
      const reads = plan.filter((line) => /^(SCAN|SEARCH) l\b/.test(line) && !line.includes('INTEGER PRIMARY KEY'));
      expect(reads.every((line) => /city_id=\?/.test(line)), plan.join('\n')).toBe(true);
    }
  });
});

describe('a category and a price range, newest first', () => {
  it('walks the category newest first for the page (no sort of every match) and counts on the price index', async () => {
    for (const shape of [
      { category: 'Electronics', minPrice: '10000', maxPrice: '50000', sortBy: 'createdAt', sortOrder: 'desc' },
      { subcategory: 'Smartphones', maxPrice: '20000' },
    ]) {
      const built = await buildListingQuery(getDb(env.DB), listingsQuery.parse(shape));
      const page = await planOf(built.sql, [...built.params]);
      expect(page.some((line) => /USING (COVERING )?INDEX listings_(cat|sub)_created/.test(line)), page.join('\n')).toBe(true);
      // choosing the page needs no sort (the outer sort of the 20 chosen rows is fine)
      const choosing = page.slice(0, page.findIndex((line) => /^SCAN p\b/.test(line)));
      expect(choosing.some((line) => /TEMP B-TREE FOR ORDER BY/.test(line)), page.join('\n')).toBe(false);
    }
  });
});

describe('at 1M ads: narrow filters read their own index', () => {
  const pageOf = async (shape: Record<string, string>, planned: { featuredOnly?: number } = {}) => {
    const built = await buildListingQuery(getDb(env.DB), listingsQuery.parse(shape), planned);
    const plan = await planOf(built.sql, [...built.params]);
    // the lines that choose the page (before the chosen rows are joined)
    return { plan, choosing: plan.slice(0, plan.findIndex((line) => /^SCAN p\b/.test(line))), sql: built.sql };
  };

  it('a place with a price range, newest first, walks the place and subcategory newest first, never the price index', async () => {
    const shapes: Record<string, string>[] = [
      { subcategory: 'Cars', location: 'Bengaluru', minPrice: '100000', maxPrice: '500000' },
      { category: 'Vehicles', location: 'Karnataka', minPrice: '100000' },
      { location: 'Mumbai', maxPrice: '20000' },
    ];
    for (const shape of shapes) {
      const { choosing, plan } = await pageOf(shape);
      expect(choosing.some((line) => /_price\b/.test(line)), plan.join('\n')).toBe(false);
      expect(choosing.some((line) => /TEMP B-TREE FOR ORDER BY/.test(line)), plan.join('\n')).toBe(false);
    }
    // sorted by price, the price index is the right walk
    const byPrice = await pageOf({ location: 'Bengaluru', minPrice: '100000', sortBy: 'price', sortOrder: 'asc' });
    expect(byPrice.choosing.some((line) => /listings_city_price/.test(line)), byPrice.plan.join('\n')).toBe(true);
  });

  it('a subcategory in a city, or in a state, has its own index', async () => {
    const { choosing, plan } = await pageOf({ subcategory: 'Headphones', location: 'Chennai' });
    expect(choosing.some((line) => /listings_city_sub/.test(line)), plan.join('\n')).toBe(true);
    const state = await pageOf({ subcategory: 'Cars', location: 'Maharashtra', minPrice: '100000', maxPrice: '500000' });
    expect(state.choosing.some((line) => /listings_state_sub/.test(line)), state.plan.join('\n')).toBe(true);
  });

  it('featured candidates: the featured index for broad pages, the filter’s own index for narrow ones, joined for the chosen rows only', async () => {
    const now = Date.now();
    // a category or a subcategory: its own live featured ads newest first (not every featured ad of the
    // country, skipping the others'); everything (the home list): the country's
    for (const [shape, index] of [
      [{ category: 'Electronics' }, 'listings_featured_cat (category_id=?)'],
      [{ category: 'Vehicles', minPrice: '1000' }, 'listings_featured_cat (category_id=?)'],
      [{ subcategory: 'Cars' }, 'listings_featured_sub (subcategory_id=?)'],
      [{ category: 'Vehicles', subcategory: 'Cars', minPrice: '1000', condition: 'USED' }, 'listings_featured_sub (subcategory_id=?)'],
      // a subcategory's brand: its live featured ads (migration 0047), not the brand's every live ad
      [{ subcategory: 'Cars', brand: 'Toyota' }, 'listings_featured_brand (subcategory_id=? AND brand=?)'],
      [{}, 'listings_featured_created'],
    ] as const) {
      const broad = await pageOf(shape, { featuredOnly: now });
      expect(broad.choosing.some((line) => line.includes(index)), broad.plan.join('\n')).toBe(true);
      expect(broad.choosing.some((line) => /TEMP B-TREE FOR ORDER BY/.test(line)), broad.plan.join('\n')).toBe(false);
    }
    const narrowShapes: [Record<string, string>, string][] = [
      [{ subcategory: 'Headphones', location: 'Chennai' }, 'listings_city_sub'],
      [{ subcategory: 'Cars', location: 'Maharashtra', minPrice: '100000', maxPrice: '500000' }, 'listings_state_sub'],
      [{ category: 'Vehicles', location: 'Pune', minPrice: '50000' }, 'listings_city_cat'],
    ];
    for (const [shape, index] of narrowShapes) {
      const narrow = await pageOf(shape, { featuredOnly: now });
      expect(narrow.choosing.some((line) => line.includes(index)), `${JSON.stringify(shape)}\n${narrow.plan.join('\n')}`).toBe(true);
      // chosen by number from the index; the seller and places are joined for those ≤ PIN_CANDIDATES rows
      // alone (they come whole in the page's batch, decision 023), never while the candidates are walked
      const [choose, joined] = narrow.sql.split(') SELECT ');
      expect(choose, narrow.sql).not.toContain('JOIN users');
      expect(joined, narrow.sql).toContain('FROM p CROSS JOIN listings l ON l.num = p.num');
    }
    // one database: the day's three chosen in SQL from the candidates' ids, then read whole by their row number
    for (const [shape, index] of [[{ category: 'Electronics' }, 'listings_featured_cat'], [{ subcategory: 'Headphones' }, 'listings_featured_sub'], [{ subcategory: 'Cars', brand: 'Toyota' }, 'listings_featured_brand'], [{}, 'listings_featured_created'], ...narrowShapes] as [Record<string, string>, string][]) {
      const built = await buildListingQuery(getDb(env.DB), listingsQuery.parse(shape), { featuredOnly: now });
      const sql = pinnedSql(built.pageCte!);
      const plan = await planOf(sql, [...built.params, ...pinParams(pinHash('seed', now))]);
      expect(plan.some((line) => line.includes(index)), `${JSON.stringify(shape)}\n${plan.join('\n')}`).toBe(true);
      expect(plan.some((line) => /SEARCH l USING INTEGER PRIMARY KEY \(rowid=\?\)/.test(line)), plan.join('\n')).toBe(true);
      expect(plan.some((line) => /^SCAN (l|listings|users|media)\b/.test(line)), plan.join('\n')).toBe(false);
    }
  });
});

describe('saved-search alerts read through their indexes (decision 009)', () => {
  it('candidates: the distinct queries of a category and place; then the searches behind the matching ones', async () => {
    const matchers = await planOf(`SELECT id, matcher FROM saved_search_matchers WHERE scope IN ('', ?, ?) AND place_id IN (0, ?, ?, ?)`, ['Vehicles', 'Scooters', 1, 2, 3]);
    expect(matchers.join(' | ')).toMatch(/USING (COVERING )?INDEX saved_search_matchers_key/);
    const searches = await planOf(`SELECT s.id FROM saved_searches s WHERE s.matcher_id IN (?, ?) AND s.user_id != ? AND s.created_at <= ?`, [1, 2, 'u', Date.now()]);
    expect(searches.join(' | ')).toMatch(/USING INDEX saved_searches_matcher/);
  });

  it('a search’s new-ad count reads its query’s matches from the index; the digest reads each daily search’s by the same index', async () => {
    const count = await planOf(
      `SELECT count(*) FROM saved_query_matches q JOIN listings l ON l.id = q.listing_id AND l.status = 'APPROVED' WHERE q.matcher_id = ? AND q.live_at > ? AND q.seller_id != ?`,
      [1, 0, 'u'],
    );
    expect(count.join(' | ')).toMatch(/SEARCH q USING COVERING INDEX saved_query_matches_live \(matcher_id=\? AND live_at>\?\)/);
    expect(count.join(' | ')).toMatch(/SEARCH l USING INDEX sqlite_autoindex_listings_1 \(id=\?\)|SEARCH l USING PRIMARY KEY|SEARCH l USING INDEX .*\(id=\?\)/);
    const digest = await planOf(
      `SELECT s.id, q.listing_id FROM saved_searches s
       JOIN saved_query_matches q ON q.matcher_id = s.matcher_id AND q.live_at > max(s.created_at, s.digested_until - 1) AND q.matched_at > s.digested_until AND q.matched_at <= ? AND q.seller_id != s.user_id
       WHERE s.alert = 'daily' AND s.user_id IN (?, ?) ORDER BY s.user_id, s.id, q.live_at DESC`,
      [Date.now(), 'u1', 'u2'],
    );
    expect(digest.join(' | ')).toMatch(/SEARCH s USING INDEX saved_searches_user \(user_id=\?\)/);
    expect(digest.join(' | ')).toMatch(/SEARCH q USING INDEX saved_query_matches_live \(matcher_id=\? AND live_at>\?\)/);
  });

  it('the hourly notification move walks D1’s users by index, not by scanning the table', async () => {
    const users = await planOf('SELECT DISTINCT user_id FROM notifications WHERE user_id > ? ORDER BY user_id LIMIT ?', ['', 200]);
    expect(users.join(' | ')).toMatch(/SEARCH notifications USING (COVERING )?INDEX notifications_user_(created|unread) \(user_id>\?\)/);
    expect(users.join(' | ')).not.toMatch(/TEMP B-TREE/);
  });
});
