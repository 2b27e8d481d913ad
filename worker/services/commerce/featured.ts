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

/** FNV-1a, 32 bit: a stable, cheap hash of the day and the seed (not a secret). */
const fnv1a = (text: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
};

/**
 * The day's order is a seeded hash of each candidate's id: the sum of its characters' codes, each
 * times a weight drawn from hash(day, seed), plus an offset, modulo a prime (a universal hash: for
 * any two ids, which comes first is a fair coin from day to day). Every operation is an integer one
 * that SQLite and JavaScript compute exactly alike (codes < 2^16, weights < 2^31: each sum stays
 * below 2^53), so the database can order the candidates itself (choosePinnedSql) and read only the
 * chosen ones whole. (Until 2026-11-27 the key was FNV-1a of day, seed and id, which SQL can only
 * compute one character at a time: a recursion that cost more CPU than the rows it saved.)
 */
const PIN_MODULUS = 2_147_483_647;
/** an id's first characters that count: a ULID has 26 (longer ids are told apart by the tie-break on the id) */
export const PIN_ID_CHARS = 26;

export interface PinHash {
  offset: number;
  weights: number[];
}

/** The day's hash for one seed (the search's count statement): an offset and a weight per character position. */
export const pinHash = (seed: string, now: number): PinHash => {
  const base = `${indiaDay(now)}|${seed}|`;
  return {
    offset: fnv1a(`${base}offset`) % PIN_MODULUS,
    weights: Array.from({ length: PIN_ID_CHARS }, (_, k) => fnv1a(`${base}${k}`) % PIN_MODULUS),
  };
};

const pinKey = (hash: PinHash, id: string) => {
  let sum = hash.offset;
  for (let k = 0; k < Math.min(id.length, PIN_ID_CHARS); k++) sum += id.charCodeAt(k) * hash.weights[k]!;
  return sum % PIN_MODULUS;
};

/** The featured ads to pin today, in order: the candidates sorted by their key, then by id. */
export const choosePinned = <T extends { id: string }>(candidates: T[], seed: string, now: number, n = PINNED_PER_PAGE): T[] => {
  const hash = pinHash(seed, now);
  return candidates
    .map((c) => ({ c, k: pinKey(hash, c.id) }))
    .sort((a, b) => a.k - b.k || (a.c.id < b.c.id ? -1 : 1))
    .slice(0, n)
    .map((x) => x.c);
};

/**
 * choosePinned in SQL, for a page's own batch: `candidates` names a CTE with `num` and `id` columns
 * (≤ PIN_CANDIDATES rows); the result is a subquery of the chosen `num`, `id` and `pin_key`, best
 * first. Its parameters (pinParams: the offset, then a weight per character position) come after
 * any of `candidates`; the text is the same for every seed and day, so the database prepares it once
 * per shape of search. Characters are `unicode()` code points where JavaScript reads UTF-16 units:
 * the same for every id we make (ULIDs: ASCII). Tested equal to choosePinned.
 */
export const choosePinnedSql = (candidates: string, n = PINNED_PER_PAGE) => {
  const terms = Array.from({ length: PIN_ID_CHARS }, (_, k) => `coalesce(unicode(substr(id, ${k + 1}, 1)), 0) * ?`);
  return `(SELECT num, id, (? + ${terms.join(' + ')}) % ${PIN_MODULUS} AS pin_key FROM ${candidates} ORDER BY pin_key, id LIMIT ${Math.trunc(n)})`;
};

/** choosePinnedSql's parameters, in order. */
export const pinParams = (hash: PinHash) => [hash.offset, ...hash.weights];
