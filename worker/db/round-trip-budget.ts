/**
 * How many database round trips a request may wait on, one after another (decision 022). Each
 * costs the network distance to the D1 primary or replica: tens of milliseconds inside Asia,
 * 150–250 ms from another continent (*estimate*: public ping tables between Cloudflare regions).
 * Counted by tests/api/round-trips.test.ts and printed by `npm run bench:journeys`.
 */
export const ROUND_TRIP_BUDGET = {
  /** a page or API call that only reads */
  read: 2,
  /** a call that writes (post an ad, favourite, send a message) */
  write: 3,
} as const;
