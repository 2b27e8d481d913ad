import { ROUND_TRIP_BUDGET } from '../../worker/db/round-trip-budget';

/** Decision 022: a read page or API call waits on at most this many database round trips. */
export const READ_BUDGET = ROUND_TRIP_BUDGET.read;

/**
 * The signed-in reads of the authorization matrix that still wait on more than READ_BUDGET round
 * trips, with the most they may wait on (the highest of the layouts the matrix runs in). The list
 * may only shrink and its counts only go down (tests/hardening/authorization-matrix.test.ts).
 */
export const READS_OVER_BUDGET: Record<string, number> = {
  // four listings databases: the core's reported ads, then each database's queue rows, then the
  // items' reads, then the reports against the sellers' ads (one database: 2)
  'GET /admin/moderation': 4,
  // the accounts beside the staff check, then each account's ads in every listings database, then the reports against them
  'GET /admin/users?q=': 3,
  // a first view fixes the place of supply: the order with the seller's posting, the posted ad's
  // state beside the newest ad's, the write with the place read back (3 the first time, 1 after)
  'GET /business/orders/{id}/invoice (paid)': 3,
  // favourites, then their ads' categories (in the ads' own databases), then the feed: asking every
  // database for every category's rows at once would save the wait but read each database's whole
  // live table per request (decision 034, sixth part)
  'GET /premium/curated-listings/{userId}': 3,
};
