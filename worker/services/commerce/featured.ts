import type { ListingsQuery } from '../../schemas/listings';

/**
 * Featured pinning (decision 014). On page 1 of a category or subcategory result page, and of
 * the home list (featuredFirst), up to PINNED_PER_PAGE live featured ads that match every filter
 * of the query are pinned above the plain ads. Which ones: a shuffle seeded by the India date and
 * the query, so every featured ad of a busy category gets its turn on top, day by day, and the
 * same visitor sees a stable page all day (and the guest edge cache stays valid). The pinned ads
 * are taken out of page 1's normal run; further featured ads keep their normal place.
 */
export const PINNED_PER_PAGE = 3;
/** at most this many candidates are read (newest listing time first) before the shuffle */
export const PIN_CANDIDATES = 60;

/** Pin on page 1 of newest-first or best-match pages that name a category, and on the home list. */
export const pinsFeatured = (query: ListingsQuery) => {
  if (query.page !== 1) return false;
  const sortBy = query.sortBy ?? (query.q !== undefined ? 'relevance' : 'createdAt');
  const defaultOrder = (sortBy === 'createdAt' || sortBy === 'relevance') && (query.sortOrder ?? 'desc') === 'desc';
  return defaultOrder && (Boolean(query.category || query.subcategory) || query.featuredFirst === true);
};

/** The date in India (UTC+5:30) as YYYY-MM-DD: the rotation's day. */
export const indiaDay = (now: number) => new Date(now + 5.5 * 3600_000).toISOString().slice(0, 10);

/** FNV-1a, 32 bit, from a running state: a stable, cheap hash for the seeded order (not a secret). */
const FNV_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const fnv1aFrom = (start: number, text: string) => {
  let h = start;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME) >>> 0;
  }
  return h;
};

/**
 * The hash's state after `day|seed|`: every candidate's key is this state carried on over its id,
 * so the database can finish the hash for each id without being told the seed (choosePinnedSql).
 */
export const pinHashStart = (seed: string, now: number) => fnv1aFrom(FNV_BASIS, `${indiaDay(now)}|${seed}|`);

/** The featured ads to pin today, in order: the candidates sorted by hash(day, seed, id). */
export const choosePinned = <T extends { id: string }>(candidates: T[], seed: string, now: number, n = PINNED_PER_PAGE): T[] => {
  const start = pinHashStart(seed, now);
  return candidates
    .map((c) => ({ c, k: fnv1aFrom(start, c.id) }))
    .sort((a, b) => a.k - b.k || (a.c.id < b.c.id ? -1 : 1))
    .slice(0, n)
    .map((x) => x.c);
};

/** D1 allows at most 32 arguments to an SQL function (min() over the candidates' keys is split). */
const MAX_FUNCTION_ARGS = 30;

/**
 * choosePinned in SQL, so the chosen rows can be read whole in the same statement that finds the
 * candidates (one round trip) without reading every candidate whole: at 100k ads the 60 candidates'
 * seller, places and photo keys were ~400 of a category page's ~2,000 rows read (decision 023's
 * fourth addendum). `candidates` names a CTE with an `id` column (≤ PIN_CANDIDATES rows, any
 * order); the result is CTE text ending in `pin_chosen`, one row with `pin1`…`pinN`, the chosen ids
 * in order (NULL where there are fewer candidates). The same choice as choosePinned, tested so:
 *
 * - The ids go into one JSON array and the hash runs over all candidates at once, one recursion
 *   step per character position (~27 steps for ULIDs) — one step per character per candidate would
 *   read ~1,600 rows of the recursion's own queue, which D1 counts as rows read.
 * - XOR is `(h | c) - (h & c)`; `h * prime` stays below 2^57, so the 64-bit integer product and
 *   `% 2^32` are exact, as Math.imul and `>>> 0` are in JavaScript.
 * - Characters are `unicode()` code points where JavaScript hashes UTF-16 units: the same for
 *   every id we make (ULIDs: ASCII).
 * - The order (hash, then id) is a text key: the hash as ten digits, then the id; `~` sorts after
 *   every key and stands for a missing candidate. The N smallest come from min() N times over.
 */
export const choosePinnedSql = (candidates: string, start: number, n = PINNED_PER_PAGE, slots = PIN_CANDIDATES): string => {
  const ks = Array.from({ length: slots }, (_, k) => k);
  // the statement is ~17 KB: written without spaces that SQLite does not need
  const id = (k: number) => `json_extract(ids,'$[${k}]')`;
  const ch = (k: number) => `unicode(substr(${id(k)},i,1))`;
  // past an id's end unicode('') is NULL: that candidate's hash stays as it is
  const step = (k: number) => `coalesce(((h${k}|${ch(k)})-(h${k}&${ch(k)}))*${FNV_PRIME}%4294967296,h${k})`;
  const key = (k: number) => `coalesce(printf('%010d',h${k})||${id(k)},'~')`;
  const minOf = (terms: string[]): string =>
    terms.length <= MAX_FUNCTION_ARGS ? (terms.length === 1 ? terms[0]! : `min(${terms.join(',')})`) : minOf(chunk(terms).map(minOf));
  const hs = ks.map((k) => `h${k}`).join(',');
  const keys = ks.map((k) => `k${k}`).join(',');
  const ranks = Array.from({ length: n }, (_, r) => r + 1);
  const rankCtes = ranks.map((r) => {
    const smallest = minOf(ks.map((k) => (r === 1 ? `k${k}` : `iif(k${k}>t${r - 1},k${k},'~')`)));
    return `pin_t${r} AS MATERIALIZED (SELECT ${[keys, ...ranks.slice(0, r - 1).map((q) => `t${q}`)].join(',')},${smallest} AS t${r} FROM ${r === 1 ? 'pin_keys' : `pin_t${r - 1}`})`;
  });
  const start32 = Math.trunc(start) >>> 0;
  return [
    `pin_ids AS MATERIALIZED (SELECT json_group_array(id) AS ids, max(length(id)) AS len FROM ${candidates})`,
    `pin_hash(i, len, ids, ${hs}) AS (SELECT 1, len, ids, ${ks.map(() => start32).join(',')} FROM pin_ids UNION ALL SELECT i+1,len,ids,${ks.map(step).join(',')} FROM pin_hash WHERE i <= len)`,
    `pin_keys AS MATERIALIZED (SELECT ${ks.map((k) => `${key(k)} k${k}`).join(',')} FROM pin_hash WHERE i > len)`,
    ...rankCtes,
    `pin_chosen AS MATERIALIZED (SELECT ${ranks.map((r) => `nullif(substr(t${r}, 11), '') AS pin${r}`).join(', ')} FROM pin_t${n})`,
  ].join(',\n');
};

const chunk = <T>(items: T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += MAX_FUNCTION_ARGS) out.push(items.slice(i, i + MAX_FUNCTION_ARGS));
  return out;
};
