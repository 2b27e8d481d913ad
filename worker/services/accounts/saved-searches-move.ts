import type { Env } from '../../env';
import { accountsDbForUser, accountsSplit } from '../../db/accounts';
import { SAVED_SEARCHES_MOVE } from '../../schemas/rows-move-data';

type SearchRow = Record<string, unknown> & { id: string; user_id: string; scope: string; place_id: number; matcher: string; matcher_id: number | null; matches: number };
type MatchRow = { matcher_id: number; listing_id: string; seller_id: string; live_at: number; matched_at: number };

/** Below D1's 2 MB for a string: one statement's rows as one JSON parameter stay under this. */
const JSON_PARAMETER_MAX = 900_000;

/** `items` in runs whose JSON stays under the parameter limit (never an empty run). */
const chunked = <T>(items: T[]): T[][] => {
  const chunks: T[][] = [[]];
  let size = 0;
  for (const item of items) {
    const length = JSON.stringify(item).length + 1;
    if (size + length > JSON_PARAMETER_MAX && chunks.at(-1)!.length) {
      chunks.push([]);
      size = 0;
    }
    chunks.at(-1)!.push(item);
    size += length;
  }
  return chunks.filter((c) => c.length);
};

/** A shared query by what it is (its unique key), not by the number one database gave it. */
const keyOf = (s: SearchRow) => JSON.stringify([s.scope, s.place_id, s.matcher]);
const MATCHER_BY_KEY = (key: string) =>
  `m.scope = json_extract(${key}, '$[0]') AND m.place_id = json_extract(${key}, '$[1]') AND m.matcher = json_extract(${key}, '$[2]')`;

/**
 * One accounts database's part of a run, one batch (one transaction): the shared queries its searches
 * point at (found by their key, inserted if that database has none), the searches pointing at that
 * database's number for the query, and the queries' matches under that number. Every insert keeps what
 * is already there: a search copied by an earlier run stopped before its delete, a query another
 * buyer of that database saved since the split, a match the consumer recorded there since.
 */
const copyStatements = (db: D1Database, searches: SearchRow[], matches: Map<number, MatchRow[]>, now: number): D1PreparedStatement[] => {
  const keys = [...new Set(searches.map(keyOf))];
  const keyIndex = new Map(keys.map((k, i) => [k, i]));
  const statements = [
    db
      .prepare(
        `INSERT OR IGNORE INTO saved_search_matchers (scope, place_id, matcher, created_at)
         SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), ?2 FROM json_each(?1)`,
      )
      .bind(`[${keys.join(',')}]`, now),
  ];
  const columns = Object.keys(searches[0]!).filter((c) => c !== 'matcher_id' && c !== 'matches');
  for (const chunk of chunked(searches.map(({ matcher_id: _m, matches: _n, ...row }) => row))) {
    statements.push(
      db
        .prepare(
          `INSERT OR IGNORE INTO saved_searches (${columns.join(', ')}, matcher_id)
           SELECT ${columns.map((c) => `json_extract(j.value, '$.${c}')`).join(', ')},
             (SELECT m.id FROM saved_search_matchers m WHERE m.scope = json_extract(j.value, '$.scope') AND m.place_id = json_extract(j.value, '$.place_id') AND m.matcher = json_extract(j.value, '$.matcher'))
           FROM json_each(?1) j`,
        )
        .bind(JSON.stringify(chunk)),
    );
  }
  // each match as [its query's place in `keys`, ad, seller, live at, matched at]
  const rows: unknown[][] = [];
  const done = new Set<number>();
  for (const s of searches) {
    if (s.matcher_id === null || done.has(s.matcher_id)) continue;
    done.add(s.matcher_id);
    for (const m of matches.get(s.matcher_id) ?? []) rows.push([keyIndex.get(keyOf(s)), m.listing_id, m.seller_id, m.live_at, m.matched_at]);
  }
  for (const chunk of rows.length ? chunked(rows) : []) {
    statements.push(
      db
        .prepare(
          `INSERT OR IGNORE INTO saved_query_matches (matcher_id, listing_id, seller_id, live_at, matched_at)
           SELECT m.id, json_extract(j.value, '$[1]'), json_extract(j.value, '$[2]'), json_extract(j.value, '$[3]'), json_extract(j.value, '$[4]')
           FROM json_each(?1) j JOIN json_each(?2) k ON k.key = json_extract(j.value, '$[0]') JOIN saved_search_matchers m ON ${MATCHER_BY_KEY('k.value')}`,
        )
        .bind(JSON.stringify(chunk), `[${keys.join(',')}]`),
    );
  }
  return statements;
};

/**
 * Saved searches written while there was one accounts database live in the core (`saved_searches`,
 * the shared queries `saved_search_matchers` they point at, and those queries' `saved_query_matches`);
 * once there are several the worker reads a buyer's searches only from their accounts database
 * (decision 034), and the alert consumer asks only the accounts databases, so until moved they are
 * neither listed nor alerted. A search cannot be copied as it is: its query is shared with the other
 * searches of its database and numbered by it, and the buyer's database numbers its own. So each run
 * takes the core's first searches by id (`SAVED_SEARCHES_MOVE`: at most `searchesPerRun`, and only as
 * many as keep their queries' matches within `matchesPerRun`, the first always), reads their queries'
 * matches, and copies into each buyer's database, one batch each, side by side: the query found by its
 * key (scope, place, matcher) or added, the search pointing at that database's number, the matches
 * re-numbered the same way. Only then are exactly the copied searches removed from the core; the
 * hourly `removeUnusedMatchers` removes the core's queries (and their matches) once no search there
 * uses them. A run that stops between the two leaves the search in both places (the buyer sees theirs
 * once; a later save or alert finds the copy) and the next run copies nothing new and removes it.
 * Nothing writes these rows in the core once the accounts are split, so no change is lost.
 * `stopAfterCopy` stands for a run cut between copy and delete (tests only).
 * Returns how many searches were moved; with one accounts database it does nothing.
 */
export const moveSavedSearchesToAccounts = async (
  env: Env,
  limits: { searchesPerRun: number; matchesPerRun: number } = SAVED_SEARCHES_MOVE,
  stopAfterCopy = false,
  now = Date.now(),
): Promise<number> => {
  if (!accountsSplit(env)) return 0;
  const { results: first } = await env.DB.prepare(
    `SELECT s.*, (SELECT count(*) FROM saved_query_matches q WHERE q.matcher_id = s.matcher_id) AS matches FROM saved_searches s ORDER BY s.id LIMIT ?`,
  )
    .bind(limits.searchesPerRun)
    .all<SearchRow>();
  if (!first.length) return 0;
  // searches in id order while their queries' matches fit the run (a query's matches counted once)
  const searches: SearchRow[] = [];
  const counted = new Set<number | null>();
  let matchCount = 0;
  for (const s of first) {
    const adds = counted.has(s.matcher_id) ? 0 : s.matches;
    if (searches.length && matchCount + adds > limits.matchesPerRun) break;
    searches.push(s);
    counted.add(s.matcher_id);
    matchCount += adds;
  }
  const matcherIds = [...new Set(searches.flatMap((s) => (s.matcher_id === null ? [] : [s.matcher_id])))];
  const matches = new Map<number, MatchRow[]>();
  if (matchCount > 0) {
    const { results } = await env.DB.prepare(
      'SELECT matcher_id, listing_id, seller_id, live_at, matched_at FROM saved_query_matches WHERE matcher_id IN (SELECT value FROM json_each(?1))',
    )
      .bind(JSON.stringify(matcherIds))
      .all<MatchRow>();
    for (const m of results) matches.set(m.matcher_id, [...(matches.get(m.matcher_id) ?? []), m]);
  }
  const byDb = new Map<D1Database, SearchRow[]>();
  for (const s of searches) {
    const db = accountsDbForUser(env, s.user_id);
    byDb.set(db, [...(byDb.get(db) ?? []), s]);
  }
  await Promise.all([...byDb].map(([db, own]) => db.batch(copyStatements(db, own, matches, now))));
  if (stopAfterCopy) return 0;
  const { meta } = await env.DB.prepare('DELETE FROM saved_searches WHERE id IN (SELECT value FROM json_each(?1))')
    .bind(JSON.stringify(searches.map((s) => s.id)))
    .run();
  return meta.changes ?? 0;
};
