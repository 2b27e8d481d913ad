/**
 * A search over several listings databases (decision 033). A search narrowed to a state, a city or
 * an area asks the one database of that state's group; a near-me search the databases of the cities
 * in its radius; any other (all-India) asks every database at once, in one round trip (the calls run
 * side by side), and merges the pages by the sort key.
 *
 * Paging: each database answers its first page × limit rows, the merge keeps the requested slice,
 * so page 3 is exactly what one database holding every ad would answer (pages end at COUNT_CAP, so
 * no database is ever asked for more than COUNT_CAP rows). Totals are each database's count (each
 * capped at COUNT_CAP + 1) summed, then capped as with one database.
 *
 * Featured ads pinned on page 1: each database asked gives its newest featured candidates in the
 * same batch; the newest of all are chosen from as one database chooses. Nearest first merges by the
 * distance of each ad's city (each row carries it), then newest first, as one database orders. Relevance merges FTS5's bm25 scores, which each database computes
 * over its own documents: close to, not exactly, one database's order.
 */

import type { Env } from '../../env';
import type { Db } from '../../db/client';
import { COUNT_CAP, type ListingsPage, type ListingsQuery } from '../../schemas/listings';
import { listingDatabases, listingDbForState } from '../../db/shards';
import { loadLocations, resolveLocation } from './locations';
import { PIN_CANDIDATES, choosePinned, pinsFeatured } from '../commerce/featured';
import { DEFAULT_ORDER, buildListingQuery, hydrate, type ListingRow, type PlannedSearch } from './listings';

type MergedRow = ListingRow & { search_rank?: number; search_group?: number; search_km?: number };

/** The state a place lies in (an area's city's state), by the locations index. */
const stateOf = async (db: Db, placeId: number): Promise<number | undefined> => {
  const index = await loadLocations(db);
  let row = index.byId.get(placeId);
  while (row && row.kind !== 'state') row = row.parentId ? index.byId.get(row.parentId) : undefined;
  return row?.id;
};

/** The databases a search must ask: the place's, the near-me cities', or all of them. */
export const databasesFor = async (env: Env, db: Db, query: ListingsQuery, planned: PlannedSearch = {}): Promise<D1Database[]> => {
  const all = listingDatabases(env);
  // one database: nothing to choose, and nothing read to choose it
  if (all.length === 1) return all;
  const place = planned.place !== undefined ? planned.place : query.location ? await resolveLocation(db, query.location) : null;
  const stateIds = new Set<number | undefined>();
  if (planned.near?.cities.length) for (const c of planned.near.cities) stateIds.add(await stateOf(db, c.id));
  else if (place) stateIds.add(await stateOf(db, place.id));
  if (!stateIds.size || stateIds.has(undefined)) return all;
  return [...new Set([...stateIds].map((id) => listingDbForState(env, id)))];
};

/** The order one database's statement sorts by, for rows from several (ties by id: time-ordered across databases). */
const comparator = (query: ListingsQuery, text: boolean) => {
  const sortBy = query.sortBy ?? (text ? 'relevance' : 'createdAt');
  const order = query.sortOrder ?? DEFAULT_ORDER[sortBy] ?? 'desc';
  const sign = order === 'asc' ? 1 : -1;
  const sortAt = (r: ListingRow) => r.bumped_at ?? r.created_at;
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  const key = (a: MergedRow, b: MergedRow): number => {
    switch (sortBy) {
      case 'price':
        return sign * cmp(a.price_minor, b.price_minor);
      case 'distance':
        // the city's distance, then newest first (one database's order); without nearby cities, newest first
        if (a.search_km === undefined || b.search_km === undefined) return -cmp(sortAt(a), sortAt(b));
        return sign * cmp(a.search_km, b.search_km) || -cmp(sortAt(a), sortAt(b));
      case 'views':
        return sign * cmp(a.views, b.views);
      case 'title':
        return sign * cmp(a.title, b.title);
      case 'relevance':
        if (a.search_rank === undefined || b.search_rank === undefined) return -cmp(sortAt(a), sortAt(b));
        // bm25: lower is better; a subcategory ranked first comes as group 0
        return cmp(a.search_group ?? 0, b.search_group ?? 0) || -sign * cmp(a.search_rank, b.search_rank);
      default:
        return sign * cmp(sortAt(a), sortAt(b));
    }
  };
  const tie = sortBy !== 'relevance' && sortBy !== 'distance' && order === 'asc' ? 1 : -1;
  return (a: MergedRow, b: MergedRow) => key(a, b) || tie * cmp(a.id, b.id);
};

export const searchShards = async (env: Env, db: Db, origin: string, query: ListingsQuery, planned: PlannedSearch = {}): Promise<ListingsPage> => {
  const none = { listings: [], pagination: { page: query.page, limit: query.limit, total: 0, pages: 0, totalCapped: false } };
  const depth = query.page * query.limit;
  // page 1 of a category (or the home list): each database's featured candidates in the same round trip
  const now = Date.now();
  const [built, targets, pin] = await Promise.all([
    buildListingQuery(db, { ...query, page: 1, limit: depth }, planned, { rankColumns: true }),
    databasesFor(env, db, query, planned),
    pinsFeatured(query) ? buildListingQuery(db, { ...query, page: 1, limit: PIN_CANDIDATES, sortBy: 'createdAt', sortOrder: 'desc' }, { ...planned, featuredOnly: now }) : undefined,
  ]);
  if (built.empty) return none;
  const pinning = pin && !pin.empty ? pin : undefined;
  const answers = await Promise.all(
    targets.map((target) =>
      target.batch<unknown>([
        target.prepare(built.sql).bind(...built.params),
        target.prepare(built.countSql).bind(...built.countParams),
        ...(pinning ? [target.prepare(pinning.sql).bind(...pinning.params)] : []),
      ]),
    ),
  );
  const counted = answers.reduce((n, [, count]) => n + ((count?.results[0] as { total: number } | undefined)?.total ?? 0), 0);
  const rows = answers.flatMap(([page]) => (page?.results ?? []) as MergedRow[]);
  rows.sort(comparator(query, planned.text !== undefined || query.q !== undefined));
  const total = Math.min(counted, COUNT_CAP);
  // the newest PIN_CANDIDATES featured ads over the databases asked, then the day's choice among
  // them as one database makes it (the same seed: the search's count statement)
  const candidates = answers.flatMap(([, , pins]) => (pins?.results ?? []) as MergedRow[]);
  candidates.sort(comparator({ ...query, sortBy: 'createdAt', sortOrder: 'desc' }, false));
  const pinned = pinning ? choosePinned(candidates.slice(0, PIN_CANDIDATES), built.countSql + JSON.stringify(built.countParams), now) : [];
  const pinnedIds = new Set(pinned.map((r) => r.id));
  const pageRows = [...pinned, ...rows.slice((query.page - 1) * query.limit, depth).filter((r) => !pinnedIds.has(r.id))];
  const listings = await hydrate(db, env, origin, pageRows);
  return {
    listings: pinned.length ? listings.map((l) => (pinnedIds.has(l.id) ? { ...l, pinned: true } : l)) : listings,
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit), totalCapped: counted > COUNT_CAP },
  };
};
