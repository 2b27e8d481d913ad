import type { Env } from '../../env';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { archivedGone, isArchived } from './archive';
import { COUNT_CAP, FEATURE_FILTER_KEYS, type Listing, type ListingsPage, type ListingsQuery } from '../../schemas/listings';
import { subcategoryById } from '../../schemas/taxonomy';
import { brandKey } from '../../schemas/brands';
import { allCategories, resolveCategory } from './catalog';
import { PIN_CANDIDATES, choosePinnedSql, pinHash, pinParams, pinsFeatured } from '../commerce/featured';
import { resolveLocation } from './locations';
import { THUMB_WIDTH, mediaUrl } from '../photos/media';
import { isLikelyBot } from '../../lib/bots';
import { timed } from '../../lib/server-timing';
import { expiryFields } from './lifecycle';
import { viewCounter, viewShardOfListing } from './view-counter';
import { isSharded, listingDbForId } from '../../db/shards';
import { searchShards } from './shard-search';
import { MOVING, followMoves, lastMovedId, type MoveRecord } from './shard-move';

/** Columns every listing read selects; joins give the seller block and place names. */
export const LISTING_COLUMNS = `
  l.num, l.id, l.slug, l.user_id, l.title, l.description, l.price_minor, l.currency, l.condition,
  l.category_id, l.subcategory_id, l.location, l.latitude, l.longitude, l.features, l.status,
  l.is_featured, l.featured_until, l.bumped_at, l.views, l.created_at, l.updated_at, l.reject_reason, l.held_reason, l.expires_at,
  st.name AS state_name, ci.name AS city_name, ar.name AS area_name,
  u.first_name, u.last_name, u.business_name, u.avatar, u.is_verified, u.created_at AS user_created_at, u.live_ads + u.live_ads_elsewhere AS seller_live_ads,
  (SELECT json_group_array(r2_key) FROM (SELECT r2_key FROM media WHERE listing_id = l.id ORDER BY position)) AS image_keys`;


/**
 * What merging several databases' pages needs of each row and no more (decision 033): its number
 * and id (which database holds it, the last tie), and every sort key the comparator may use. No
 * seller, places or photos: those are read for the page's own rows only.
 */
export const MERGE_KEY_COLUMNS = 'l.num, l.id, l.bumped_at, l.created_at, l.price_minor, l.views, l.title';

export const LISTING_JOINS = `
  JOIN users u ON u.id = l.user_id
  LEFT JOIN locations st ON st.id = l.state_id
  LEFT JOIN locations ci ON ci.id = l.city_id
  LEFT JOIN locations ar ON ar.id = l.area_id`;

export interface ListingRow {
  num: number;
  id: string;
  slug: string;
  user_id: string;
  title: string;
  description: string;
  price_minor: number;
  currency: string;
  condition: Listing['condition'];
  category_id: string;
  subcategory_id: string | null;
  location: string;
  latitude: number | null;
  longitude: number | null;
  features: string;
  status: Listing['status'];
  reject_reason: string | null;
  held_reason: string | null;
  /** decision 019; null for rows written by a path that predates expiries */
  expires_at: number | null;
  is_featured: number;
  featured_until: number | null;
  bumped_at: number | null;
  views: number;
  created_at: number;
  updated_at: number;
  state_name: string | null;
  city_name: string | null;
  area_name: string | null;
  first_name: string;
  last_name: string;
  business_name: string | null;
  avatar: string | null;
  is_verified: number;
  user_created_at: number;
  /** the seller's live ads: this database's (users.live_ads, kept by triggers) and the others' (spread every minute, migration 0049) */
  seller_live_ads: number;
  /**
   * the photos' keys in order, as a JSON array: read in the same statement as the ad, so showing
   * ads costs no second round trip to the database (decision 022)
   */
  image_keys?: string | null;
}


const parseFeatures = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** Turns rows into the API's listing shape, fetching all their photos in one query. */
export const hydrate = async (
  db: Db,
  env: Env,
  origin: string,
  rows: ListingRow[],
  opts: { owner?: boolean } = {},
): Promise<Listing[]> => {
  if (!rows.length) return [];
  const unread = rows.filter((r) => typeof r.image_keys !== 'string').map((r) => r.id);
  const [categories, fetched] = await Promise.all([allCategories(db), unread.length ? imagesFor(env, unread) : new Map<string, string[]>()]);
  const images = new Map(fetched);
  for (const r of rows) if (typeof r.image_keys === 'string') images.set(r.id, JSON.parse(r.image_keys) as string[]);
  const names = new Map(categories.map((c) => [c.id, c.name]));
  return timed('hydrate', () => rows.map((r) => {
    const categoryName = names.get(r.category_id) ?? r.category_id;
    const subcategoryName = r.subcategory_id ? (names.get(r.subcategory_id) ?? r.subcategory_id) : null;
    const isVerified = r.is_verified === 1;
    // the cron ends features; until it runs, an ended one already reads as plain
    const isFeatured = r.is_featured === 1 && (r.featured_until === null || r.featured_until > Date.now());
    const createdAt = new Date(r.created_at).toISOString();
    const breadcrumbs = [
      { name: 'Home', url: '/' },
      { name: categoryName, url: `/products?category=${encodeURIComponent(categoryName)}` },
      ...(subcategoryName
        ? [{ name: subcategoryName, url: `/products?category=${encodeURIComponent(categoryName)}&subcategory=${encodeURIComponent(subcategoryName)}` }]
        : []),
      ...(r.city_name ? [{ name: `${subcategoryName ?? categoryName} in ${r.city_name}`, url: `/products?category=${encodeURIComponent(categoryName)}${subcategoryName ? `&subcategory=${encodeURIComponent(subcategoryName)}` : ''}&location=${encodeURIComponent(r.city_name)}` }] : []),
      { name: r.title, url: `/item/${r.slug}` },
    ];
    return {
      id: r.id,
      slug: r.slug,
      title: r.title,
      description: r.description,
      price: r.price_minor / 100,
      currency: r.currency,
      condition: r.condition,
      location: r.location,
      state: r.state_name,
      city: r.city_name,
      neighbourhood: r.area_name,
      latitude: r.latitude,
      longitude: r.longitude,
      images: (images.get(r.id) ?? []).map((key) => mediaUrl(origin, key)),
      thumbnails: (images.get(r.id) ?? []).map((key) => mediaUrl(origin, key, THUMB_WIDTH)),
      features: parseFeatures(r.features),
      category: { id: r.category_id, name: categoryName },
      subcategory: r.subcategory_id && subcategoryName ? { id: r.subcategory_id, name: subcategoryName } : null,
      user: {
        id: r.user_id,
        firstName: r.first_name,
        lastName: r.last_name,
        businessName: r.business_name,
        avatar: r.avatar,
        isVerified,
        userCreatedAt: new Date(r.user_created_at).toISOString(),
        totalListings: r.seller_live_ads,
      },
      views: r.views,
      status: r.status,
      isFeatured,
      featuredUntil: isFeatured && r.featured_until ? new Date(r.featured_until).toISOString() : null,
      bumpedAt: r.bumped_at ? new Date(r.bumped_at).toISOString() : null,
      badges: [...(isFeatured ? ['FEATURED'] : []), ...(isVerified ? ['VERIFIED SELLER'] : [])],
      verified: isVerified,
      createdAt,
      updatedAt: new Date(r.updated_at).toISOString(),
      date: createdAt,
      breadcrumbs,
      ...(opts.owner ? { rejectReason: r.reject_reason, heldReason: r.held_reason, ...expiryFields(r.status, r.expires_at) } : {}),
    };
  }));
};

const imagesFor = (env: Env, listingIds: string[]): Promise<Map<string, string[]>> => timed('photos', () => readImages(env, listingIds));
const readImages = async (env: Env, listingIds: string[]): Promise<Map<string, string[]>> => {
  const out = new Map<string, string[]>();
  // several listings databases (decision 033): each ad's photo copies beside it, the databases side by side
  if (isSharded(env)) {
    const byDatabase = new Map<D1Database, string[]>();
    for (const id of listingIds) byDatabase.set(listingDbForId(env, id), [...(byDatabase.get(listingDbForId(env, id)) ?? []), id]);
    const answers = await Promise.all(
      [...byDatabase].map(([target, ids]) => {
        const statements: D1PreparedStatement[] = [];
        for (let i = 0; i < ids.length; i += 90) {
          const chunk = ids.slice(i, i + 90);
          statements.push(target.prepare(`SELECT listing_id, r2_key FROM media WHERE listing_id IN (${chunk.map(() => '?').join(',')}) ORDER BY listing_id, position`).bind(...chunk));
        }
        return target.batch<{ listing_id: string; r2_key: string }>(statements);
      }),
    );
    for (const r of answers.flat().flatMap((a) => a.results)) out.set(r.listing_id, [...(out.get(r.listing_id) ?? []), r.r2_key]);
    return out;
  }
  // 100 bound parameters per statement in D1
  for (let i = 0; i < listingIds.length; i += 90) {
    const chunk = listingIds.slice(i, i + 90);
    const { results } = await env.DB.prepare(
      `SELECT listing_id, r2_key FROM media WHERE listing_id IN (${chunk.map(() => '?').join(',')}) ORDER BY listing_id, position`,
    )
      .bind(...chunk)
      .all<{ listing_id: string; r2_key: string }>();
    for (const r of results) {
      const list = out.get(r.listing_id) ?? [];
      list.push(r.r2_key);
      out.set(r.listing_id, list);
    }
  }
  return out;
};

/** The text columns buyers' words search (never the facet tokens). */
const TEXT_COLUMNS = '{title description location categories}';

/**
 * Free text → an FTS5 query that cannot be a syntax error: words only, each quoted (so AND, NEAR
 * and friends are plain words), each a prefix match so "bang" finds "bangalore". Query
 * understanding (services/search) builds richer expressions and passes them as `text`.
 */
export const toFtsQuery = (q: string, facets: string[] = []): string | undefined => {
  const words = (q.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, 8);
  if (!words.length) return undefined;
  return withFacets(words.map((w) => `"${w}"*`).join(' '), facets);
};

/** A text expression confined to the text columns, AND the facet tokens of the filters. */
const withFacets = (text: string, facets: string[]) => [`${TEXT_COLUMNS} : (${text})`, ...facets.map((f) => `facets : "${f}"`)].join(' AND ');

/** Facet tokens in listings_fts.facets (migrations/0008): xc + category id without dashes, xl + location id. */
const categoryFacet = (id: string) => `xc${id.replace(/-/g, '')}`;
const locationFacet = (id: number) => `xl${id}`;

export interface BuiltListingQuery {
  /** SQL text of the filtered set, selecting listing rows (with `rank` when searching) */
  sql: string;
  countSql: string;
  params: unknown[];
  countParams: unknown[];
  /** live matches per category and subcategory (the filter's counts follow the search) */
  facetSql: string;
  facetParams: unknown[];
  /**
   * The filtered set for other counts, to put around a SELECT of one's own:
   * `${facetCte}SELECT … ${facetFrom} GROUP BY …` with facetParams (`l` is the listing row).
   */
  facetCte: string;
  facetFrom: string;
  /**
   * `WITH … p AS MATERIALIZED (…)`: the page's rows chosen from the index, without the columns (for
   * featured candidates, p also has each candidate's id: searchListings chooses the pins in SQL)
   */
  pageCte?: string;
  empty: boolean;
  /**
   * the page is ranked among the newest matches of the text (shape.rankWindow), counted by the
   * count statement: the text index's matches, no row filters
   */
  rankedNewest?: boolean;
  /** equal ranks come oldest first (a shared window, ranked by FTS5 itself), not newest first */
  tiesOldestFirst?: boolean;
}

export const DEFAULT_ORDER: Record<string, 'asc' | 'desc'> = { createdAt: 'desc', price: 'asc', title: 'asc', views: 'desc', relevance: 'desc', distance: 'asc' };
const SORT_COLUMNS: Record<string, string> = { createdAt: 'l.sort_at', price: 'l.price_minor', title: 'l.title', views: 'l.views' };

/** What query understanding hands the index on top of the request's own filters. */
export interface PlannedSearch {
  /** an FTS5 expression over the text columns (replaces the plain words of q) */
  text?: string;
  /** a place found in the text, or its widening; null searches everywhere (overrides query.location) */
  place?: { id: number; kind: string } | null;
  /** near me: the cities within the radius with their distance in km (from services/search/near.ts) */
  near?: { cities: { id: number; km: number }[] };
  /** a subcategory id whose ads rank first by relevance (where the words' things are sold) */
  rankFirst?: string;
  /** only live featured ads (features ending after this time): the candidates for pinning (services/commerce/featured.ts) */
  featuredOnly?: number;
}

/** Builds the listing search SQL. Exported so a test can check every shape with EXPLAIN QUERY PLAN. */
export const buildListingQuery = async (
  db: Db,
  query: ListingsQuery,
  planned: PlannedSearch = {},
  /**
   * also select what merging several databases' answers needs (decision 033): the text rank
   * (search_rank, and search_group when a subcategory ranks first), the distance, and a featured
   * candidate's listing time (sort_at in pageCte's p)
   */
  shape: {
    rankColumns?: boolean;
    keysOnly?: boolean;
    /**
     * a text search best first ranks this many of its newest matches (RANK_WINDOW unless told):
     * over several databases each ranks its share of the window (services/listings/shard-search.ts)
     */
    rankWindow?: number;
  } = {},
): Promise<BuiltListingQuery> => {
  // a deep page over several databases: each sends its rows' merge keys only, the page's few rows come whole after
  const columns = shape.keysOnly ? MERGE_KEY_COLUMNS : LISTING_COLUMNS;
  const joins = shape.keysOnly ? '' : LISTING_JOINS;
  const where: string[] = [`l.status = 'APPROVED'`];
  /** a category or subcategory filter: it has a newest-first index of its own */
  let byCategory = false;
  /** an equality filter narrower than a category (subcategory, place, nearby cities) has an index of its own */
  let narrow = false;
  /**
   * The live featured ads' own index for this search's featured candidates: by subcategory, by
   * category, or the country's; none where a place, nearby cities or a brand narrow it further
   * (then the filter's own index is walked, stopping at the candidates)
   */
  let featuredIndex: string | undefined = 'listings_featured_created';
  const params: unknown[] = [];
  /** filters the full-text index can apply itself; the rest need the listings rows */
  const facets: string[] = [];
  let empty = false;

  if (query.category || query.subcategory) {
    const resolved = await resolveCategory(db, query.category, query.subcategory);
    if (!resolved) empty = true;
    else if (resolved.subcategory) {
      byCategory = true;
      narrow = true;
      featuredIndex = 'listings_featured_sub';
      where.push('l.subcategory_id = ?');
      params.push(resolved.subcategory.id);
      facets.push(categoryFacet(resolved.subcategory.id));
    } else if (resolved.category) {
      byCategory = true;
      featuredIndex = 'listings_featured_cat';
      where.push('l.category_id = ?');
      params.push(resolved.category.id);
      facets.push(categoryFacet(resolved.category.id));
    }
  }
  if (planned.place !== undefined || query.location) {
    const place = planned.place !== undefined ? planned.place : await resolveLocation(db, query.location!);
    if (place === undefined) empty = true;
    else if (place) {
      narrow = true;
      featuredIndex = undefined;
      where.push(place.kind === 'state' ? 'l.state_id = ?' : place.kind === 'city' ? 'l.city_id = ?' : 'l.area_id = ?');
      params.push(place.id);
      facets.push(locationFacet(place.id));
    }
  }
  const beforeRowFilters = where.length;
  if (query.since !== undefined) {
    // went live after `since`: posted then, or approved / reactivated then, or its price lowered then,
    // or moved into this place then (with several databases, decision 033)
    // (it may only now fit a saved price range); the listing-events outbox (decision 009) records those moments. Read
    // from the (status, created_at) and (created_at) indexes, so a narrow window costs a few rows.
    where.push(
      `l.num IN (SELECT num FROM listings WHERE status = 'APPROVED' AND created_at > ? UNION SELECT x.num FROM listing_events e CROSS JOIN listings x ON x.id = e.listing_id WHERE e.created_at > ? AND e.kind IN ('posted', 'approved', 'reactivated', 'price_lowered', 'moved'))`,
    );
    params.push(query.since, query.since);
  }
  if (query.minPrice !== undefined) {
    where.push('l.price_minor >= ?');
    params.push(Math.round(query.minPrice * 100));
  }
  if (query.maxPrice !== undefined) {
    where.push('l.price_minor <= ?');
    params.push(Math.round(query.maxPrice * 100));
  }
  if (query.condition?.length) {
    where.push(`l.condition IN (${query.condition.map(() => '?').join(', ')})`);
    params.push(...query.condition);
  }
  for (const key of FEATURE_FILTER_KEYS) {
    const value = query[key];
    if (!value) continue;
    if (key === 'brand') {
      // a subcategory's brand has its live featured ads' own index (migration 0047); a category's
      // brand, or one in a place, walks the filter's index
      featuredIndex = featuredIndex === 'listings_featured_sub' ? 'listings_featured_brand' : undefined;
      // one key per brand ("Apple" and "iPhone" alike), the same one the ad was stored with
      where.push('l.brand = ?');
      params.push(brandKey(value));
    } else if (key === 'bhk') {
      // "2", "2 BHK" and the stored "2 BHK" / "5+ BHK" compare as the number of bedrooms
      const rooms = Number.parseInt(value.replace(/^\D+/, ''), 10);
      if (!Number.isFinite(rooms)) empty = true;
      else {
        where.push(`CAST(json_extract(l.features, '$.bhk') AS INTEGER) = ?`);
        params.push(rooms);
      }
    } else {
      // key comes from a fixed list, never from the request
      where.push(`lower(CAST(json_extract(l.features, '$.${key}') AS TEXT)) = ?`);
      params.push(value.toLowerCase());
    }
  }

  /** the position of the near-me city filter in `where`, for the nearest-first page below */
  let nearAt = -1;
  if (planned.near) {
    // ids and distances come from the locations table, never from the request: safe to inline
    if (!planned.near.cities.length) empty = true;
    else {
      narrow = true;
      featuredIndex = undefined;
      nearAt = where.length;
      where.push(`l.city_id IN (${planned.near.cities.map((c) => Math.trunc(c.id)).join(', ')})`);
    }
  }

  if (planned.featuredOnly !== undefined) {
    where.push('l.is_featured = 1 AND (l.featured_until IS NULL OR l.featured_until > ?)');
    params.push(planned.featuredOnly);
  }

  const rowFilters = where.length - beforeRowFilters;
  const fts = planned.text ? withFacets(planned.text, facets) : query.q !== undefined ? toFtsQuery(query.q, facets) : undefined;
  if (query.q !== undefined && !fts && !planned.text) empty = true;

  const sortBy = query.sortBy ?? (fts ? 'relevance' : 'createdAt');
  const order = (query.sortOrder ?? DEFAULT_ORDER[sortBy] ?? 'desc').toUpperCase();
  const nearCities = planned.near?.cities ?? [];
  /** each nearby city's distance in km, by the ad's city (what nearest-first orders by) */
  const cityKm = nearCities.length ? `CASE l.city_id ${nearCities.map((c) => `WHEN ${Math.trunc(c.id)} THEN ${Number(c.km.toFixed(3))}`).join(' ')} END` : undefined;
  /** nearest first over several databases: each row carries its city's distance for the merge */
  const kmColumn = shape.rankColumns && sortBy === 'distance' && cityKm ? `, ${cityKm} AS search_km` : '';
  const orderParts: string[] = [];
  // featuredFirst (the home list) no longer floats every featured ad: up to three are pinned on page 1 (searchListings)
  // only an id the catalogue knows (never the request's text), so it is safe to inline
  const rankFirst = sortBy === 'relevance' && fts && planned.rankFirst && subcategoryById.has(planned.rankFirst) ? planned.rankFirst : undefined;
  if (sortBy === 'relevance') {
    if (rankFirst) orderParts.push(`(l.subcategory_id = '${rankFirst.replace(/'/g, '')}') DESC`);
    // bm25 rank: lower is better, so "desc" relevance means ascending rank
    if (fts) orderParts.push(`m.rank ${order === 'DESC' ? 'ASC' : 'DESC'}`);
    else orderParts.push('l.sort_at DESC');
  } else if (sortBy === 'distance') {
    orderParts.push(cityKm ? `${cityKm} ${order}` : 'l.sort_at DESC');
    orderParts.push('l.sort_at DESC');
  } else {
    orderParts.push(`${SORT_COLUMNS[sortBy]} ${order}`);
  }
  orderParts.push(`l.num ${order === 'ASC' && sortBy !== 'relevance' ? 'ASC' : 'DESC'}`);

  const whereSql = where.join(' AND ');
  const facetGroup = 'SELECT l.category_id AS categoryId, l.subcategory_id AS subcategoryId, count(*) AS count';
  const facetCte = fts ? 'WITH m AS MATERIALIZED (SELECT rowid AS num FROM listings_fts WHERE listings_fts MATCH ?) ' : '';
  const facetFrom = fts ? `FROM m CROSS JOIN listings l ON l.num = m.num WHERE ${whereSql}` : `FROM listings l WHERE ${whereSql}`;
  const facet = { facetSql: `${facetCte}${facetGroup} ${facetFrom} GROUP BY 1, 2`, facetParams: fts ? [fts, ...params] : params, facetCte, facetFrom };
  const offset = (query.page - 1) * query.limit;
  const orderSql = orderParts.join(', ');
  // Deferred join: the page is chosen from bare listing rows (numbers and sort keys only), and the
  // seller, places and the seller's ad count are joined for those few rows alone, not for every
  // match that had to be sorted or skipped (page 50 of a broad query skips hundreds).
  // Featured candidates (services/commerce/featured.ts): with one database the pins are chosen in
  // SQL from the candidates' ids (pageCte, read from the rows the walk visits anyway) and only the
  // chosen come whole, in the page's own round trip (decision 023's fourth addendum); with several,
  // each database sends its candidates' ids and listing times, by which the newest of all are told
  // after the merge (services/listings/shard-search.ts).
  const candidateIds = planned.featuredOnly !== undefined ? (shape.rankColumns ? ', l.id, l.sort_at' : ', l.id') : '';
  const selectPage = (pageCte: string, rank: boolean) => {
    const pageOrder = rank ? orderSql.replace('m.rank', 'p.rank') : orderSql;
    return `${pageCte} SELECT ${columns}${rank && shape.rankColumns ? ', p.rank AS search_rank' : ''}${kmColumn} FROM p CROSS JOIN listings l ON l.num = p.num ${joins} ORDER BY ${pageOrder}`;
  };
  if (fts && rowFilters === 0 && sortBy === 'relevance' && !query.featuredFirst) {
    // Text (with category and place filters as facets), best first: the index holds live listings
    // only (migrations/0007, 0008), so FTS5 picks the page by rank itself and counts without
    // touching listings. The filters stay in WHERE as a guard; the join is for the page's rows only.
    const rankOrder = order === 'DESC' ? 'ASC' : 'DESC';
    // Best first among the newest RANK_WINDOW matches: FTS5 scores every row it ranks, so a common
    // word ranked whole cost 30-180 ms at 1M ads (18,000-40,000 matches) on the one worker thread;
    // the index hands over matches newest first and the scoring stops at the window. A search with
    // fewer matches is ranked whole; with more, the pages a buyer can open (COUNT_CAP) are the window.
    const newestMatches = `SELECT rowid AS num, rank FROM listings_fts WHERE listings_fts MATCH ? ORDER BY rowid DESC LIMIT ${RANK_WINDOW}`;
    // Over several databases each ranks its share (shape.rankWindow): the matches from the window's
    // oldest row on, ordered by FTS5 itself (ORDER BY rank on the index), which hands over only the
    // rows the page takes. The window set apart first and sorted by SQLite (above) hands every match
    // of the window over twice: D1 counts each, 519 rows for a window of 250 against 268 (measured).
    // FTS5 orders equal ranks by row number, oldest first: the merge breaks such ties by id alike.
    if (shape.rankWindow !== undefined) {
      const window = Math.max(1, Math.trunc(shape.rankWindow));
      const ranked = (n?: number) =>
        `SELECT rowid AS num, rank${n === undefined ? '' : `, ${n} AS grp`} FROM listings_fts WHERE listings_fts MATCH ? AND rowid >= coalesce((SELECT rowid FROM listings_fts WHERE listings_fts MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ${window - 1}), 0) ORDER BY rank ${rankOrder}`;
      const home = rankFirst ? `facets : "${categoryFacet(rankFirst)}"` : undefined;
      const texts = home ? [`(${fts}) AND ${home}`, `(${fts}) NOT ${home}`] : [fts];
      return {
        sql: home
          ? `WITH p AS MATERIALIZED (SELECT * FROM (SELECT * FROM (${ranked(0)}) UNION ALL SELECT * FROM (${ranked(1)})) LIMIT ? OFFSET ?) SELECT ${columns}${shape.rankColumns ? ', p.rank AS search_rank, p.grp AS search_group' : ''} FROM p CROSS JOIN listings l ON l.num = p.num ${joins} WHERE ${whereSql} ORDER BY p.grp, p.rank ${rankOrder}, l.num ASC`
          : `WITH p AS MATERIALIZED (${ranked()} LIMIT ? OFFSET ?) SELECT ${columns}${shape.rankColumns ? ', p.rank AS search_rank' : ''} FROM p CROSS JOIN listings l ON l.num = p.num ${joins} WHERE ${whereSql} ORDER BY p.rank ${rankOrder}, l.num ASC`,
        countSql: `SELECT count(*) AS total FROM (SELECT 1 FROM listings_fts WHERE listings_fts MATCH ? LIMIT ${COUNT_CAP + 1})`,
        params: [...texts.flatMap((t) => [t, t]), query.limit, offset, ...params],
        countParams: [fts],
        ...facet,
        empty,
        rankedNewest: true,
        tiesOldestFirst: true,
      };
    }
    if (rankFirst) {
      // the subcategory's ads first, then the rest, each by rank: two streams of the index read
      // only as far as the page needs (UNION ALL under LIMIT stops early)
      const home = `facets : "${categoryFacet(rankFirst)}"`;
      const arm = (n: number) => `SELECT * FROM (SELECT num, rank, ${n} AS grp FROM (${newestMatches}) ORDER BY rank ${rankOrder})`;
      return {
        sql: `WITH p AS MATERIALIZED (SELECT * FROM (${arm(0)} UNION ALL ${arm(1)}) LIMIT ? OFFSET ?) SELECT ${columns}${shape.rankColumns ? ', p.rank AS search_rank, p.grp AS search_group' : ''} FROM p CROSS JOIN listings l ON l.num = p.num ${joins} WHERE ${whereSql} ORDER BY p.grp, p.rank ${rankOrder}, l.num DESC`,
        countSql: `SELECT count(*) AS total FROM (SELECT 1 FROM listings_fts WHERE listings_fts MATCH ? LIMIT ${COUNT_CAP + 1})`,
        params: [`(${fts}) AND ${home}`, `(${fts}) NOT ${home}`, query.limit, offset, ...params],
        countParams: [fts],
        ...facet,
        empty,
        rankedNewest: true,
      };
    }
    return {
      sql: `WITH p AS MATERIALIZED (SELECT num, rank FROM (${newestMatches}) ORDER BY rank ${rankOrder} LIMIT ? OFFSET ?) SELECT ${columns}${shape.rankColumns ? ', p.rank AS search_rank' : ''} FROM p CROSS JOIN listings l ON l.num = p.num ${joins} WHERE ${whereSql} ORDER BY p.rank ${rankOrder}, l.num DESC`,
      countSql: `SELECT count(*) AS total FROM (SELECT 1 FROM listings_fts WHERE listings_fts MATCH ? LIMIT ${COUNT_CAP + 1})`,
      params: [fts, query.limit, offset, ...params],
      countParams: [fts],
      ...facet,
      empty,
      rankedNewest: true,
    };
  }
  if (fts) {
    // MATCH first, in a CTE, so SQLite never walks the whole listings table for a text search, and
    // CROSS JOIN pins the matches as the outer loop: without statistics the planner otherwise
    // drives from the status index (every live listing) and probes the matches for each.
    // bm25 is computed for every row that selects `rank`: only when the page is ordered by it (a
    // count, a newest-first page or featured candidates of a common word would score every match)
    const ranked = sortBy === 'relevance';
    const matches = (withRank: boolean) => `m AS MATERIALIZED (SELECT rowid AS num${withRank ? ', rank' : ''} FROM listings_fts WHERE listings_fts MATCH ?)`;
    const from = `FROM m CROSS JOIN listings l ON l.num = m.num WHERE ${whereSql}`;
    const pageCte = `WITH ${matches(ranked)}, p AS MATERIALIZED (SELECT l.num${ranked ? ', m.rank' : ''}${candidateIds} ${from} ORDER BY ${orderSql} LIMIT ? OFFSET ?)`;
    return {
      // the page carries a rank only when it is ordered by one (a text search sorted by price has none to merge by)
      sql: shape.keysOnly
        ? `WITH ${matches(ranked)} SELECT ${MERGE_KEY_COLUMNS}${ranked && shape.rankColumns ? ', m.rank AS search_rank' : ''} ${from} ORDER BY ${orderSql} LIMIT ? OFFSET ?`
        : selectPage(pageCte, ranked),
      pageCte,
      countSql: `WITH ${matches(false)} SELECT count(*) AS total FROM (SELECT 1 ${from} LIMIT ${COUNT_CAP + 1})`,
      params: [fts, ...params, query.limit, offset],
      countParams: [fts, ...params],
      ...facet,
      empty,
    };
  }
  // near me: the cities' index, never a walk over every live ad waiting for nearby ones
  const fromWhere = (conditions: string) => `FROM listings l${planned.near?.cities.length ? ' INDEXED BY listings_city_created' : ''} WHERE ${conditions}`;
  const from = fromWhere(whereSql);
  // A page not sorted by price, with an equality filter that has its own newest-first index (a
  // category, subcategory, place): a price range matches most of those ads, so the page walks that
  // index and checks the price on the way, stopping at the page. Without statistics SQLite would
  // take the price index and sort every ad in the range (105,000 rows for "cars in Delhi between
  // ₹1 and ₹5 lakh" at 1M ads; 45,000 for "Electronics between ₹10,000 and ₹50,000" at 100k). The
  // unary + keeps it off the price index; featured candidates never use it. The count keeps it: it
  // reads at most COUNT_CAP entries of (filter, price).
  const pagePrice = planned.featuredOnly !== undefined || (sortBy !== 'price' && (narrow || byCategory));
  const pageWhereSql = pagePrice ? whereSql.replaceAll('l.price_minor', '+l.price_minor') : whereSql;
  const pageFromFiltered = fromWhere(pageWhereSql);
  const pageFrom =
    // Featured candidates. A subcategory, a category or everything: the live featured ads of that
    // subcategory or category (listings_featured_sub, _cat: partial on live featured ads, so no other
    // statement can use them) or of the country, newest first, the other filters on those rows only.
    // Walking every featured ad of the country and skipping the other categories' read ~4,600 rows
    // a category page at 100k ads (SQLite without statistics chose that walk for a subcategory too).
    // A subcategory's brand: its live featured ads' own index (listings_featured_brand) — the brand's
    // index walked newest first skipped ~930 plain ads for 60 featured at 1M ads in each database.
    // A place, nearby cities or a category's brand: that filter's own index newest first, stopping at
    // the page of candidates — walking every featured ad of the country for one city's or one brand's
    // read ~50,000 rows at 1M ads.
    planned.featuredOnly !== undefined && featuredIndex
      ? `FROM listings l INDEXED BY ${featuredIndex} WHERE ${pageWhereSql}`
      : pageFromFiltered;
  const cities = planned.near?.cities ?? [];
  const streams = Math.min(cities.length, NEAREST_ARMS);
  if (sortBy === 'distance' && nearAt >= 0 && !query.featuredFirst && params.length * streams <= MAX_BOUND) {
    // Nearest first, read city by city: one newest-first stream per city, nearest city first, under
    // one LIMIT, so the page reads only as many ads as it shows (plus the offset), not every ad of
    // every city in the radius. Each stream repeats the filters (and their parameters). D1 allows
    // five streams: with more cities in range, the last stream holds the farther ones, sorted, and
    // is read only when the nearer cities do not fill the page.
    const km = (c: { km: number }) => Number(c.km.toFixed(3));
    const withCities = (list: { id: number }[]) =>
      where.map((w, i) => (i === nearAt ? (list.length === 1 ? `l.city_id = ${Math.trunc(list[0]!.id)}` : `l.city_id IN (${list.map((c) => Math.trunc(c.id)).join(', ')})`) : w)).join(' AND ');
    const arm = (c: { id: number; km: number }) =>
      `SELECT * FROM (SELECT l.num, ${km(c)} AS km FROM listings l INDEXED BY listings_city_created WHERE ${withCities([c])} ORDER BY l.sort_at DESC, l.num DESC)`;
    const farther = cities.slice(NEAREST_ARMS - 1);
    const rest = () =>
      `SELECT * FROM (SELECT l.num, CASE l.city_id ${farther.map((c) => `WHEN ${Math.trunc(c.id)} THEN ${km(c)}`).join(' ')} END AS km FROM listings l INDEXED BY listings_city_created WHERE ${withCities(farther)} ORDER BY km, l.sort_at DESC, l.num DESC)`;
    const arms = cities.length <= NEAREST_ARMS ? cities.map(arm) : [...cities.slice(0, NEAREST_ARMS - 1).map(arm), rest()];
    return {
      sql: `WITH p AS MATERIALIZED (SELECT * FROM (${arms.join(' UNION ALL ')}) LIMIT ? OFFSET ?) SELECT ${columns}${shape.rankColumns ? ', p.km AS search_km' : ''} FROM p CROSS JOIN listings l ON l.num = p.num ${joins} ORDER BY p.km, l.sort_at DESC, l.num DESC`,
      countSql: `SELECT count(*) AS total FROM (SELECT 1 ${from} LIMIT ${COUNT_CAP + 1})`,
      params: [...arms.flatMap(() => params), query.limit, offset],
      countParams: params,
      ...facet,
      empty,
    };
  }
  const pageCte = `WITH p AS MATERIALIZED (SELECT l.num${candidateIds} ${pageFrom} ORDER BY ${orderSql} LIMIT ? OFFSET ?)`;
  return {
    // keys only: straight from the walk, in its order (no page to set apart, no second pass over it)
    sql: shape.keysOnly ? `SELECT ${MERGE_KEY_COLUMNS} ${pageFrom} ORDER BY ${orderSql} LIMIT ? OFFSET ?` : selectPage(pageCte, false),
    pageCte,
    countSql: `SELECT count(*) AS total FROM (SELECT 1 ${from} LIMIT ${COUNT_CAP + 1})`,
    params: [...params, query.limit, offset],
    countParams: params,
    ...facet,
    empty,
  };
};

/**
 * The pinned ads of a page, whole, in the day's order: the featured candidates' ids (the `p` of
 * their pageCte), the choice made over them in SQL (choosePinnedSql), the columns and joins for the
 * chosen alone. Binds the candidates' parameters, then pinParams.
 */
export const pinnedSql = (candidatesCte: string) =>
  `${candidatesCte} SELECT ${LISTING_COLUMNS} FROM ${choosePinnedSql('p')} c CROSS JOIN listings l ON l.num = c.num ${LISTING_JOINS} ORDER BY c.pin_key, c.id`;

/** Text searches are ranked among this many newest matches: the COUNT_CAP a buyer can page through. */
export const RANK_WINDOW = COUNT_CAP;

/** Nearest-first pages read city by city for at most this many cities: D1 allows 5 terms in a compound SELECT. */
const NEAREST_ARMS = 5;
/** D1 binds at most 100 parameters per statement. */
const MAX_BOUND = 90;

/**
 * A page of live listings with a cheap total: counted up to COUNT_CAP (above it the total says
 * "1,000+"), in the same round trip as the page. (Totals were kept in KV per query shape; a fresh
 * search — the one that matters, every other answer comes from the edge cache — always missed
 * there, and waited for that miss before it could ask D1: decision 023.) The page's rows carry their
 * photos (the image_keys column of LISTING_COLUMNS). `stats.rowsRead` gets the rows D1 read (the
 * benchmark and monitoring).
 */
export const searchListings = async (
  env: Env,
  db: Db,
  origin: string,
  query: ListingsQuery,
  opts: { stats?: { rowsRead: number }; defer?: (task: Promise<unknown>) => void; planned?: PlannedSearch } = {},
): Promise<ListingsPage> => {
  // several listings databases: the page is merged from each database's (decision 033)
  if (isSharded(env)) return searchShards(env, db, origin, query, opts.planned, opts.stats);
  const built = await timed('sql', () => buildListingQuery(db, query, opts.planned));
  if (built.empty) return { listings: [], pagination: { page: query.page, limit: query.limit, total: 0, pages: 0, totalCapped: false } };
  const page = env.DB.prepare(built.sql).bind(...built.params);
  // page 1 of a category (or the home list): the featured candidates in the same round trip
  const now = Date.now();
  const pin = pinsFeatured(query) ? await timed('pins', () => buildListingQuery(db, { ...query, page: 1, limit: PIN_CANDIDATES, sortBy: 'createdAt', sortOrder: 'desc' }, { ...opts.planned, featuredOnly: now })) : undefined;
  // the day's choice is made by the database from the candidates' ids, seeded as choosePinned is (the
  // search's count statement): only the chosen rows are read whole, in the same round trip (a
  // candidates' query is newest first, so it always has a pageCte: only nearest-first pages lack one)
  const pinStatement = pin && !pin.empty && pin.pageCte ? [env.DB.prepare(pinnedSql(pin.pageCte)).bind(...pin.params, ...pinParams(pinHash(built.countSql + JSON.stringify(built.countParams), now)))] : [];
  const [rows, count, pins] = await env.DB.batch<unknown>([page, env.DB.prepare(built.countSql).bind(...built.countParams), ...pinStatement]);
  const counted = (count?.results[0] as { total: number } | undefined)?.total ?? 0;
  if (opts.stats) opts.stats.rowsRead += [rows, count, pins].reduce((n, r) => n + (r?.meta.rows_read ?? 0), 0);
  const total = Math.min(counted, COUNT_CAP);
  // in the day's order (the statement sorts them so)
  const pinned = (pins?.results ?? []) as ListingRow[];
  const pinnedIds = new Set(pinned.map((r) => r.id));
  const listed = (rows?.results ?? []) as ListingRow[];
  const pageRows = [...pinned, ...listed.filter((r) => !pinnedIds.has(r.id))];
  const listings = await hydrate(db, env, origin, pageRows);
  return {
    listings: pinned.length ? listings.map((l) => (pinnedIds.has(l.id) ? { ...l, pinned: true } : l)) : listings,
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit), totalCapped: counted > COUNT_CAP },
  };
};

/** One ad from the database it lives in (decision 033: the id, or the id inside the slug, says which). */
const readOne = async (env: Env, db: Db, origin: string, where: string, value: string, viewerId: string | undefined, id: string, move?: MoveRecord) => {
  const row = await listingDbForId(env, id).prepare(`SELECT ${LISTING_COLUMNS} FROM listings l ${LISTING_JOINS} WHERE ${where} LIMIT 1`)
    .bind(value)
    .first<ListingRow>();
  // reached through its old id while its move is not finished: the ad as the move leaves it
  if (row && move && (row.status as string) === MOVING) row.status = move.status as ListingRow['status'];
  return row ? (await hydrate(db, env, origin, [row], { owner: row.user_id === viewerId }))[0] : undefined;
};

/**
 * Public read: live, sold and expired ads are visible to everyone (a sold or expired ad's page says
 * so and shows similar live ads; decision 019); other states only to their owner.
 */
const PUBLIC_STATUSES = new Set(['APPROVED', 'SOLD', 'EXPIRED']);
const visibleTo = (listing: Listing, viewerId?: string) => PUBLIC_STATUSES.has(listing.status) || listing.user.id === viewerId;

const LISTING_NOT_FOUND = "The listing you're looking for doesn't exist or has been removed.";

export const getListing = async (env: Env, db: Db, origin: string, id: string, viewerId?: string): Promise<Listing> => {
  const listing =
    (await readOne(env, db, origin, 'l.id = ?', id.toLowerCase(), viewerId, id)) ??
    // an ad moved into another group of states answers at its old id too (decision 033): asked only
    // when the id is not found, so the usual read costs nothing more
    (await followMoves(env, id, (at, move) => readOne(env, db, origin, 'l.id = ?', at, viewerId, at, move)));
  if (listing && visibleTo(listing, viewerId)) return listing;
  // an ad moved to the archive is gone for good (410), for its seller too: they open it from My Ads (decision 021)
  if (!listing && (await archivedAt(env, id))) throw archivedGone();
  throw notFound(LISTING_NOT_FOUND, 'LISTING_NOT_FOUND');
};

/**
 * Is the ad of this id archived (deleted, or ended long ago)? An ad moved into another group of
 * states (decision 033) was archived under its new id: its old id answers as the new one does, so a
 * buyer's old link says the ad is gone (410), not that it never was. With one database: one look.
 */
const archivedAt = async (env: Env, id: string) => {
  if (!isSharded(env)) return isArchived(env, id);
  const [here, movedTo] = await Promise.all([isArchived(env, id), lastMovedId(env, id)]);
  return here || (movedTo !== null && (await isArchived(env, movedTo)));
};

/** By slug; a slug that no longer matches (the title changed) still finds the ad by the id after `iid-`. */
export const getListingBySlug = async (env: Env, db: Db, origin: string, slug: string, viewerId?: string): Promise<Listing> => {
  const marker = slug.toLowerCase().lastIndexOf('iid-');
  const id = marker >= 0 ? slug.slice(marker + 4) : '';
  const exact = await readOne(env, db, origin, 'l.slug = ?', slug.toLowerCase(), viewerId, id);
  if (exact && visibleTo(exact, viewerId)) return exact;
  if (id) return getListing(env, db, origin, id, viewerId);
  throw notFound(LISTING_NOT_FOUND, 'LISTING_NOT_FOUND');
};

/**
 * Same subcategory (or category, for an ad without one), nearest first: the same city, then
 * anywhere; never the ad itself. One batch, one round trip to the database (decision 022): the ad,
 * its nearest candidates and its newest ones; up to `limit` of each are merged here.
 */
export const relatedListings = async (env: Env, db: Db, origin: string, id: string, limit: number, viewerId?: string): Promise<Listing[]> => {
  // from the ad's own database: with several (decision 033) "anywhere" means its group of states
  const related = relatedFrom(await listingDbForId(env, id).batch<unknown>(relatedStatements(env, id, limit)), limit, viewerId);
  if (!related) throw notFound(LISTING_NOT_FOUND, 'LISTING_NOT_FOUND');
  return hydrate(db, env, origin, related);
};

/** relatedListings' batch: the ad itself, its nearest candidates and its newest ones. */
const relatedStatements = (env: Env, id: string, limit: number) => {
  // each scope's statement on its own index; the one that does not apply finds nothing
  const arm = (scope: string, near: boolean) =>
    `SELECT * FROM (SELECT ${LISTING_COLUMNS} FROM listings b JOIN listings l ON ${scope}${near ? ' AND l.city_id = b.city_id' : ''} ${LISTING_JOINS}
       WHERE b.id = ?1 AND l.status = 'APPROVED' AND l.id != b.id ORDER BY l.sort_at DESC LIMIT ?2)`;
  const bySubcategory = 'l.subcategory_id = b.subcategory_id';
  const byCategory = 'b.subcategory_id IS NULL AND l.category_id = b.category_id';
  const home = listingDbForId(env, id);
  const candidates = (near: boolean) => home.prepare(`${arm(bySubcategory, near)} UNION ALL ${arm(byCategory, near)}`).bind(id.toLowerCase(), limit);
  return [home.prepare(`SELECT id, user_id, status FROM listings WHERE id = ?`).bind(id.toLowerCase()), candidates(true), candidates(false)];
};

/** The related rows from relatedStatements' results, up to `limit`; undefined when the ad is missing or hidden. */
const relatedFrom = ([baseResult, ...found]: D1Result<unknown>[], limit: number, viewerId?: string): ListingRow[] | undefined => {
  const base = baseResult?.results[0] as { id: string; user_id: string; status: string } | undefined;
  // a hidden ad is as missing here as on its own page (only its owner sees it)
  if (!base || !(PUBLIC_STATUSES.has(base.status) || base.user_id === viewerId)) return undefined;
  const rows: ListingRow[] = [];
  const seen = new Set<string>();
  for (const result of found) {
    for (const row of (result?.results ?? []) as ListingRow[]) {
      if (rows.length >= limit || seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  }
  return rows;
};

/**
 * A listing page's reads in one round trip (decision 023's addendum): a guest's ad, by its slug or
 * its id, and the related ads of `relatedId` (the id in the page's URL) in the same batch. The ad
 * is what getListingBySlug / getListing would answer a guest, the related ads what
 * relatedListings would (undefined when it would answer 404). Undefined when the ad is not found
 * or not visible this way: the caller takes the usual path (a changed slug, the archive, 404).
 */
export const listingWithRelated = async (
  env: Env,
  db: Db,
  origin: string,
  by: 'slug' | 'id',
  value: string,
  relatedId: string,
  limit: number,
): Promise<{ listing: Listing; related?: Listing[] } | undefined> => {
  // one database with several (decision 033): the page's ad and its related ads share it when the
  // URL's id names the ad; otherwise (a slug not of this id) the usual path answers
  const home = listingDbForId(env, relatedId);
  const [own, ...relatedResults] = await home.batch<unknown>([
    home.prepare(`SELECT ${LISTING_COLUMNS} FROM listings l ${LISTING_JOINS} WHERE ${by === 'slug' ? 'l.slug' : 'l.id'} = ? LIMIT 1`).bind(value.toLowerCase()),
    ...relatedStatements(env, relatedId, limit),
  ]);
  const row = own?.results[0] as ListingRow | undefined;
  if (!row) return undefined;
  const related = relatedFrom(relatedResults, limit);
  // one hydrate for both: the category names are read once
  const [listing, ...relatedListings] = await hydrate(db, env, origin, [row, ...(related ?? [])]);
  if (!listing || !visibleTo(listing)) return undefined;
  return { listing, ...(related ? { related: relatedListings } : {}) };
};

/**
 * Counts a view at most once per viewer per listing per UTC day, and never the seller's own look at
 * their ad nor an obvious bot (these feed the seller's ad stats, `listing_daily_stats`; decision 015).
 * The view counter object of the ad's listings database remembers the day's viewers and writes the
 * counts in batches every few seconds (decision 020, addendum): no D1 statement on the view itself.
 */
export const recordView = async (env: Env, listingId: string, sellerId: string, viewerKey: string, userAgent?: string): Promise<boolean> => {
  if (isLikelyBot(userAgent)) return false;
  const shard = viewShardOfListing(env, listingId);
  return viewCounter(env, shard).record({ shard, listingId, sellerId, viewerKey, now: Date.now() });
};

/**
 * Counts a view of a live or sold listing that the page itself carried (a guest's first page
 * inlines the listing instead of fetching it, see worker/lib/page-boot.ts).
 */
export const recordPageView = async (env: Env, listingId: string, viewerKey: string, userAgent?: string): Promise<boolean> => {
  const row = await listingDbForId(env, listingId).prepare(`SELECT id, user_id FROM listings WHERE id = ? AND status IN ('APPROVED', 'SOLD')`).bind(listingId.toLowerCase()).first<{ id: string; user_id: string }>();
  if (!row) throw notFound(LISTING_NOT_FOUND, 'LISTING_NOT_FOUND');
  return recordView(env, row.id, row.user_id, viewerKey, userAgent);
};
