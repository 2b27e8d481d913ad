/**
 * A search over several listings databases (decision 033). A search narrowed to a state, a city or
 * an area asks the one database of that state's group; a near-me search the databases of the cities
 * in its radius; any other (all-India) asks every database at once, in one round trip (the calls run
 * side by side), and merges the pages by the sort key.
 *
 * Paging: each database answers its first page × limit rows, the merge keeps the requested slice,
 * so page 3 is exactly what one database holding every ad would answer (pages end at COUNT_CAP, so
 * no database is ever asked for more than COUNT_CAP rows). Page 1 comes whole; from page 2 the
 * databases send their rows' merge keys only and the page's rows are read whole afterwards
 * (KEYS_FIRST_FROM_PAGE). Totals: each database counts up to its share of the cap (countShare),
 * further only when the sum cannot tell the total (settleCount); then capped as with one database.
 *
 * Featured ads pinned on page 1: each database asked gives its newest featured candidates' ids and
 * listing times in the same batch, with whole rows only for its best few by the day's key; the
 * day's choice is made over the newest of all as one database makes it (shardPinsSql). Nearest first merges by the
 * distance of each ad's city (each row carries it), then newest first, as one database orders. Relevance merges FTS5's bm25 scores, which each database computes
 * over its own documents: close to, not exactly, one database's order. One database ranks its newest
 * RANK_WINDOW matches; several rank about as many together, each its share (rankWindows: what a
 * database with fewer matches leaves goes to those with more, ranked in a second round trip).
 */

import type { Env } from '../../env';
import type { Db } from '../../db/client';
import { COUNT_CAP, type ListingsPage, type ListingsQuery } from '../../schemas/listings';
import { listingDatabases, listingDbForState } from '../../db/shards';
import { loadLocations, resolveLocation } from './locations';
import { PINNED_PER_PAGE, PIN_CANDIDATES, choosePinned, choosePinnedSql, pinHash, pinParams, pinsFeatured } from '../commerce/featured';
import { DEFAULT_ORDER, LISTING_COLUMNS, LISTING_JOINS, RANK_WINDOW, buildListingQuery, hydrate, type ListingRow, type PlannedSearch } from './listings';

type MergedRow = ListingRow & { search_rank?: number; search_group?: number; search_km?: number };

/**
 * How many of its candidates each of several databases sends whole: its best by the day's key
 * (choosePinnedSql over its own candidates). A database's share of the newest PIN_CANDIDATES of all
 * is a part of its own list (about PIN_CANDIDATES / databases when the featured ads are spread
 * evenly), and the day's pick among that share need not be among its own best three of the whole
 * list. Simulated (random ids, 300 days; *measured*, not from production): with 4 databases of 60
 * candidates each, the pick is outside each database's best 3 on 56 % of pages (each such page
 * reads the missing pins in a second round trip), outside its best 6 on 8 % and its best 10 on 1 %;
 * with 30 candidates each, 16 %, 0 % and 0 %. Six costs three whole rows more a database (each
 * ~10 rows read: the seller, three places, the photos) to save a round trip on about half of the
 * busiest pages. A database whose list is no longer than an even share, or the one database
 * asked, sends three (shardPinsSql).
 */
export const PINS_SENT_WHOLE = 6;

/**
 * One database's part of the pins of a page over several (decision 014's rule, decision 023's
 * choice in SQL). The newest PIN_CANDIDATES featured ads of all the databases can only be told
 * after the merge, so each database sends the ids and listing times of its own newest (as
 * `pin_candidates`, a JSON array of [num, id, sort_at], on every row: cheap to send, nothing
 * joined), and whole only its best few by the day's key (PINS_SENT_WHOLE) (choosePinnedSql over its own
 * candidates, the same seeded hash as one database). When the candidates of all the databases
 * asked are no more than PIN_CANDIDATES, the day's choice is always among each database's best
 * three (an ad pinned among all is pinned among its own database's), so the pins cost no round
 * trip of their own. `candidatesCte` is the candidates' pageCte built with rankColumns (its p has
 * num, id and sort_at); bind its parameters, then pinParams. Always one row at least (the list),
 * the columns null when no ad is chosen.
 */
export const shardPinsSql = (candidatesCte: string, databases: number) => {
  // A list no longer than an even share of PIN_CANDIDATES is seldom cut by the merge: its best three
  // are enough there (simulated: 4 databases × 16 candidates, 0 %), and few candidates stay cheap.
  // Told by stepping at most share + 1 candidates, not by counting them all.
  const share = Math.trunc(PIN_CANDIDATES / Math.max(1, databases));
  const best = `(SELECT * FROM ${choosePinnedSql('p', PINS_SENT_WHOLE)} LIMIT (CASE WHEN EXISTS (SELECT 1 FROM p LIMIT 1 OFFSET ${share}) THEN ${PINS_SENT_WHOLE} ELSE ${PINNED_PER_PAGE} END))`;
  return `${candidatesCte} SELECT w.*, j.pin_candidates FROM (SELECT json_group_array(json_array(num, id, sort_at)) AS pin_candidates FROM p) j LEFT JOIN (SELECT ${LISTING_COLUMNS} FROM ${best} c CROSS JOIN listings l ON l.num = c.num ${LISTING_JOINS}) w ON 1`;
};

/** A featured candidate of one database: its row number there, its id, its listing time. */
interface PinCandidate {
  num: number;
  id: string;
  sortAt: number;
  /** the index of its database among those asked */
  at: number;
}

/** A database's candidates from shardPinsSql's answer, in its own order: newest listing time first, then the newest row. */
const candidatesOf = (rows: { pin_candidates?: string | null }[], at: number): PinCandidate[] =>
  (JSON.parse(rows[0]?.pin_candidates ?? '[]') as [number, string, number][])
    .map(([num, id, sortAt]) => ({ num, id, sortAt, at }))
    .sort((a, b) => b.sortAt - a.sortAt || b.num - a.num);

/**
 * The newest n candidates of several databases: merged by listing time, newest first, ties between
 * databases by the id (a ULID: the later posted, to the millisecond), never reordering one
 * database's own list (where one database orders ties by its row number, as it does alone).
 */
export const newestCandidates = (lists: PinCandidate[][], n: number): PinCandidate[] => {
  const next = lists.map(() => 0);
  const merged: PinCandidate[] = [];
  while (merged.length < n) {
    let best: PinCandidate | undefined;
    for (let i = 0; i < lists.length; i++) {
      const c = lists[i]![next[i]!];
      if (c && (!best || c.sortAt > best.sortAt || (c.sortAt === best.sortAt && c.id > best.id))) best = c;
    }
    if (!best) break;
    merged.push(best);
    next[best.at]!++;
  }
  return merged;
};

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
const comparator = (query: ListingsQuery, text: boolean, tiesOldestFirst = false) => {
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
  // equal ranks in a shared text window come oldest first from each database (FTS5's own order)
  const tie = (sortBy === 'relevance' && tiesOldestFirst) || (sortBy !== 'relevance' && sortBy !== 'distance' && order === 'asc') ? 1 : -1;
  return (a: MergedRow, b: MergedRow) => key(a, b) || tie * cmp(a.id, b.id);
};

/**
 * From this page on, each database sends only its rows' merge keys (MERGE_KEY_COLUMNS) for the
 * page's depth, and the page's own rows are read whole afterwards from the databases that hold them:
 * one round trip more (two in all, the budget), for far fewer rows read. Page 50 of a broad
 * all-India query read 47,390 rows over four databases at 1M ads when each sent its first 1,000 ads
 * whole, every one with its seller, places and photo keys (about seven rows read each); page 1 stays one
 * round trip, its rows whole (only the page itself is asked of each database there).
 */
export const KEYS_FIRST_FROM_PAGE = 2;

/**
 * How far each of `databases` counts a search's matches in the first round trip: an even share of
 * COUNT_CAP + 1, so four databases read about COUNT_CAP index entries together rather than each
 * COUNT_CAP. One database asked counts to COUNT_CAP + 1 as alone.
 */
export const countShare = (databases: number) => Math.ceil((COUNT_CAP + 1) / Math.max(1, databases));

const CAPPED_COUNT_TAIL = `LIMIT ${COUNT_CAP + 1})`;
/** The search's count statement, counting up to `cap` (every count shape ends in its cap). */
export const countUpTo = (countSql: string, cap: number) =>
  countSql.endsWith(CAPPED_COUNT_TAIL) ? { sql: `${countSql.slice(0, -CAPPED_COUNT_TAIL.length)}LIMIT ${Math.trunc(cap)})`, cap } : { sql: countSql, cap: COUNT_CAP + 1 };

/**
 * The total from the databases' counts, each made up to `caps[i]`: the sum when it is settled —
 * above COUNT_CAP (capped, as one database says), or no database stopped at its cap (exact) — or
 * which databases to count further, and how far. A database that stopped at its cap while the sum
 * is still COUNT_CAP or less counts again up to COUNT_CAP + 1 less what the others found: enough to
 * tell the exact sum or that it passes the cap, whatever the others recount.
 */
export const settleCount = (counts: number[], caps: number[]): { counted: number; recount: { at: number; cap: number }[] } => {
  const sum = counts.reduce((a, b) => a + b, 0);
  if (sum > COUNT_CAP) return { counted: sum, recount: [] };
  const recount = counts.flatMap((c, at) => (c >= caps[at]! ? [{ at, cap: COUNT_CAP + 1 - (sum - c) }] : []));
  return { counted: sum, recount };
};

/**
 * How many of its newest matches each of `databases` ranks for a text search best first: an even
 * share of RANK_WINDOW, so four rank about RANK_WINDOW matches together (as one database ranks its
 * newest RANK_WINDOW), not RANK_WINDOW each. One database asked ranks RANK_WINDOW as alone.
 */
export const rankShare = (databases: number) => Math.floor(RANK_WINDOW / Math.max(1, databases));

/**
 * Each database's ranking window, from its matches counted in the first round trip (each up to
 * countShare, more than rankShare): a database with no more matches than its share ranks them all;
 * what such databases leave of RANK_WINDOW is split evenly among those with more (the rule of
 * decision 033: the windows depend on the counts alone, so every page of a search ranks the same
 * ads). `widened` names the databases whose window is wider than the share they ranked in the first
 * round trip: they rank again, in the second.
 */
export const rankWindows = (counts: number[]): { windows: number[]; widened: number[] } => {
  const share = rankShare(counts.length);
  const more = counts.flatMap((c, at) => (c > share ? [at] : []));
  const left = RANK_WINDOW - counts.reduce((n, c) => n + Math.min(c, share), 0);
  const extra = more.length ? Math.floor(left / more.length) : 0;
  return { windows: counts.map((c) => (c > share ? share + extra : share)), widened: extra > 0 ? more : [] };
};

export const searchShards = async (
  env: Env,
  db: Db,
  origin: string,
  query: ListingsQuery,
  planned: PlannedSearch = {},
  /** rows D1 read for the answer, summed over the databases asked (X-D1-Rows-Read) */
  stats?: { rowsRead: number },
): Promise<ListingsPage> => {
  const none = { listings: [], pagination: { page: query.page, limit: query.limit, total: 0, pages: 0, totalCapped: false } };
  const depth = query.page * query.limit;
  const deep = query.page >= KEYS_FIRST_FROM_PAGE;
  // page 1 of a category (or the home list): each database's featured candidates in the same round trip
  const now = Date.now();
  const [built, targets, pin] = await Promise.all([
    buildListingQuery(db, { ...query, page: 1, limit: depth }, planned, { rankColumns: true, keysOnly: deep }),
    databasesFor(env, db, query, planned),
    pinsFeatured(query)
      ? buildListingQuery(db, { ...query, page: 1, limit: PIN_CANDIDATES, sortBy: 'createdAt', sortOrder: 'desc' }, { ...planned, featuredOnly: now }, { rankColumns: true })
      : undefined,
  ]);
  if (built.empty) return none;
  // One database asked (a state, a city, an area): it answers the page itself, from its offset, as
  // one database alone does — nothing to merge, so neither the rows before the page nor a second
  // round trip (the place and category were resolved above, so building again reads nothing).
  const alone = deep && targets.length === 1;
  // a text search best first over several databases: each ranks its share of the window first
  // (rankShare); building again reads nothing (the place and category were resolved above)
  const sharing = built.rankedNewest === true && targets.length > 1;
  const share = rankShare(targets.length);
  const paged = alone
    ? await buildListingQuery(db, query, planned, { rankColumns: true })
    : sharing
      ? await buildListingQuery(db, { ...query, page: 1, limit: depth }, planned, { rankColumns: true, keysOnly: deep, rankWindow: share })
      : built;
  // the day's draw, seeded as with one database (the search's count statement, as one database counts)
  const seed = built.countSql + JSON.stringify(built.countParams);
  const pinning = pin && !pin.empty && pin.pageCte ? { sql: shardPinsSql(pin.pageCte, targets.length), params: [...pin.params, ...pinParams(pinHash(seed, now))] } : undefined;
  const count = countUpTo(built.countSql, countShare(targets.length));
  const answers = await Promise.all(
    targets.map((target) =>
      target.batch<unknown>([
        target.prepare(paged.sql).bind(...paged.params),
        target.prepare(count.sql).bind(...built.countParams),
        ...(pinning ? [target.prepare(pinning.sql).bind(...pinning.params)] : []),
      ]),
    ),
  );
  let rowsRead = answers.flat().reduce((n, r) => n + (r?.meta.rows_read ?? 0), 0);
  const counts = answers.map(([, c]) => (c?.results[0] as { total: number } | undefined)?.total ?? 0);
  const settled = settleCount(counts, counts.map(() => count.cap));
  // Uneven text matches (some databases with fewer than their share, some with more): the latter
  // rank again over their wider windows in the second round trip, their rows whole; on a deep page
  // every database sends its rows whole there (the keys of the first were ranked over the shares).
  const windows = sharing ? rankWindows(counts) : { windows: [], widened: [] };
  const rerank = windows.widened.length ? (deep ? targets.map((_, i) => i) : windows.widened) : [];
  const keysFirst = deep && !alone && !rerank.length;
  // each row remembers the database that sent it (a deep page reads its rows whole there)
  let rows = answers.flatMap(([page], at) => (rerank.includes(at) ? [] : ((page?.results ?? []) as MergedRow[]).map((r) => ({ ...r, at }))));
  const order = comparator(query, planned.text !== undefined || query.q !== undefined, paged.tiesOldestFirst === true);
  rows.sort(order);
  let slice = alone ? rows : rows.slice((query.page - 1) * query.limit, depth);
  // the newest PIN_CANDIDATES of all the databases asked, then the day's choice among them as one
  // database makes it; an ad chosen comes whole from its database's own three or from the page
  const chosen = pinning
    ? choosePinned(
        newestCandidates(answers.map(([, , pins], at) => candidatesOf((pins?.results ?? []) as { pin_candidates?: string }[], at)), PIN_CANDIDATES),
        seed,
        now,
      )
    : [];
  const whole = new Map<string, MergedRow>();
  for (const [, , pins] of answers) for (const r of (pins?.results ?? []) as MergedRow[]) if (r.id !== null) whole.set(r.id, r);
  // page 1: every row a database sent is whole (a pin may be among them, past the merged page)
  if (!keysFirst) for (const r of rows) whole.set(r.id, r);
  // Only when the candidates of all the databases asked are more than PIN_CANDIDATES: a database's
  // share of the newest of all is then a part of its own list, and the day's pick among that part
  // can be an ad it did not send whole (PINS_SENT_WHOLE says how often).
  const missing = chosen.filter((c) => !whole.has(c.id));
  // A deep page's own rows, by their number in the database that sent them.
  const pageNums = keysFirst ? slice.map((r) => ({ num: r.num, at: r.at })) : [];
  // The second round trip, when anything is left: whole rows (missing pins, a deep page's rows) and
  // counts that stopped at their share before the sum passed the cap; the databases side by side,
  // each one batch.
  const second = new Map<number, { statements: D1PreparedStatement[]; counts: number[]; page?: number }>();
  const at = (i: number) => second.get(i) ?? second.set(i, { statements: [], counts: [] }).get(i)!;
  if (rerank.length) {
    // at most two windows (the share, and the share widened): each built once
    const builds = new Map<number, Awaited<ReturnType<typeof buildListingQuery>>>();
    for (const i of rerank) {
      const window = windows.windows[i]!;
      if (!builds.has(window)) builds.set(window, await buildListingQuery(db, { ...query, page: 1, limit: depth }, planned, { rankColumns: true, rankWindow: window }));
      const wide = builds.get(window)!;
      at(i).page = at(i).statements.length;
      at(i).statements.push(targets[i]!.prepare(wide.sql).bind(...wide.params));
    }
  }
  // by row number, the numbers first (CROSS JOIN): left to itself the planner may start from the
  // seller and read every ad of theirs (1,375 rows for 15 ads of a seller with 1,330 in a test)
  const wholeByNum = (i: number, nums: number[]) =>
    at(i).statements.push(
      targets[i]!.prepare(`SELECT ${LISTING_COLUMNS} FROM json_each(?) p CROSS JOIN listings l ON l.num = p.value ${LISTING_JOINS} WHERE l.status = 'APPROVED'`).bind(JSON.stringify(nums)),
    );
  for (const i of new Set([...missing.map((c) => c.at), ...pageNums.map((p) => p.at)])) {
    wholeByNum(i, [...new Set([...missing.filter((c) => c.at === i).map((c) => c.num), ...pageNums.filter((p) => p.at === i).map((p) => p.num)])]);
  }
  for (const { at: i, cap } of settled.recount) {
    at(i).counts.push(at(i).statements.length);
    at(i).statements.push(targets[i]!.prepare(countUpTo(built.countSql, cap).sql).bind(...built.countParams));
  }
  let counted = settled.counted;
  if (second.size) {
    const reads = await Promise.all([...second].map(async ([i, { statements, counts: countAt, page }]) => ({ i, countAt, page, results: await targets[i]!.batch<unknown>(statements) })));
    for (const { i, countAt, page, results } of reads) {
      results.forEach((read, k) => {
        rowsRead += read.meta.rows_read ?? 0;
        if (countAt.includes(k)) counted += ((read.results[0] as { total: number } | undefined)?.total ?? 0) - counts[i]!;
        else if (k === page) rows = rows.concat((read.results as MergedRow[]).map((r) => ({ ...r, at: i })));
        else for (const r of read.results as MergedRow[]) whole.set(r.id, r);
      });
    }
  }
  if (rerank.length) {
    // every row merged now is whole (a first page's from the first round trip or the second, a deep page's from the second)
    for (const r of rows) whole.set(r.id, r);
    rows.sort(order);
    slice = rows.slice((query.page - 1) * query.limit, depth);
  }
  if (stats) stats.rowsRead += rowsRead;
  const total = Math.min(counted, COUNT_CAP);
  // in the day's order
  const pinned = chosen.flatMap((c) => whole.get(c.id) ?? []);
  const pinnedIds = new Set(pinned.map((r) => r.id));
  // a deep page's row gone from the listings between the two reads (sold, removed) is left out
  const pageRows = [...pinned, ...slice.filter((r) => !pinnedIds.has(r.id)).flatMap((r) => whole.get(r.id) ?? [])];
  const listings = await hydrate(db, env, origin, pageRows);
  return {
    listings: pinned.length ? listings.map((l) => (pinnedIds.has(l.id) ? { ...l, pinned: true } : l)) : listings,
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit), totalCapped: counted > COUNT_CAP },
  };
};
