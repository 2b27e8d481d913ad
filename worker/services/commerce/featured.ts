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

/** FNV-1a, 32 bit: a stable, cheap hash for the seeded order (not a secret). */
const fnv1a = (text: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
};

/** The featured ads to pin today, in order: the candidates sorted by hash(day, seed, id). */
export const choosePinned = <T extends { id: string }>(candidates: T[], seed: string, now: number, n = PINNED_PER_PAGE): T[] => {
  const day = indiaDay(now);
  return candidates
    .map((c) => ({ c, k: fnv1a(`${day}|${seed}|${c.id}`) }))
    .sort((a, b) => a.k - b.k || (a.c.id < b.c.id ? -1 : 1))
    .slice(0, n)
    .map((x) => x.c);
};
