/**
 * The view counter (decision 020, addendum): ad views are counted by a Durable Object per listings
 * database, which remembers the day's viewers itself and writes the counters to D1 in a few
 * multi-row statements every few seconds. Reviewed data, numbers about us (design choices); change
 * a value here and in worker/schemas/view-counter-data.test.ts.
 */
export const VIEW_COUNTER = {
  /**
   * A view waits at most this long before it is written to D1 (`listings.views`, the seller's daily
   * stats). Five seconds: a seller who reloads their stats sees a view almost at once, and at the
   * market leader's peak (~1,000 ad views a second across India, decision 020's model) one flush
   * carries hundreds of views, so the counters cost the listings database a few statements every
   * five seconds instead of three on every view.
   */
  flushEveryMs: 5_000,
  /**
   * Ad-days (one ad on one day) written by one flush; more wait for the next flush, which follows at
   * once. Each goes as one JSON element of a single bound parameter (D1 allows 100 parameters but
   * a parameter of up to 2 MB): 500 elements are ~25 KB.
   */
  rowsPerFlush: 500,
  /** After a failed write (D1 unavailable) the counts stay in the object's storage and are tried again after this long. */
  retryAfterMs: 30_000,
} as const;

/**
 * The counter object of a listings database. Today there is one database ("main"); a name per
 * database lets each have its own counter when listings spread over several.
 */
export const viewCounterName = (shard: string) => `views:${shard}`;

/** The listings database every ad lives in today. */
export const MAIN_LISTINGS_SHARD = 'main';
