/**
 * Moving the per-user rows written while there was one accounts database (in the core) to their
 * users' accounts databases once there are several (decision 034). Reviewed data; the figures are
 * about us.
 *
 * Each entry names a table of ACCOUNT_TABLES whose rows belong to one user and point at nothing
 * else that moves: the column naming the user (whose database takes the row) and the columns of its
 * primary key (how exactly the copied rows are removed from the core). Left out on purpose:
 * saved searches (their compiled queries and matches are shared by the searches of one database and
 * numbered by it, so a row cannot be copied as it is: services/accounts/saved-searches-move.ts moves
 * them, `SAVED_SEARCHES_MOVE` below) and the plans (moved with their orders and webhook events by
 * services/commerce/plans-move.ts).
 */
export const MOVED_USER_ROWS = [
  { table: 'favorites', user: 'user_id', key: ['user_id', 'listing_id'] },
  { table: 'cart_items', user: 'user_id', key: ['user_id', 'package_id'] },
  // by blocker: "did B block A" reads B's database
  { table: 'user_blocks', user: 'blocker_id', key: ['blocker_id', 'blocked_id'] },
  { table: 'phone_access_log', user: 'user_id', key: ['user_id', 'listing_id', 'period_start'] },
  // an endpoint is unique: if the user's database already has it (subscribed again after the split) the newer row wins
  { table: 'push_subscriptions', user: 'user_id', key: ['id'] },
  // the user's database keeps its newest hundred (its trigger), as the core did
  { table: 'notifications', user: 'user_id', key: ['id'] },
  { table: 'inbox_presence', user: 'user_id', key: ['user_id'] },
  { table: 'sessions', user: 'user_id', key: ['id'] },
] as const;

export const ROWS_MOVE = {
  /**
   * Rows of each table moved per run of the every-minute job. Rows are a few hundred bytes (a
   * notification up to a few kilobytes) and go as JSON parameters, so a run is eight reads, a
   * handful of copies per accounts database and eight deletes, far from D1's queries per invocation;
   * 1,000 rows a table a minute is 1.4 million a day per table.
   */
  rowsPerTablePerRun: 1000,
} as const;

export const SAVED_SEARCHES_MOVE = {
  /**
   * Searches moved per run of the every-minute job. A search row is under a kilobyte (its filters,
   * name, compiled matcher) and goes as JSON in one statement per accounts database, so a run is one
   * read, one read of their queries' matches, one batch per accounts database and one delete; 100 a
   * minute is 144,000 a day, and the 50-search limit per account keeps any one user's share small.
   */
  searchesPerRun: 100,
  /**
   * Matches read per run, at most (a figure about us: about 100 bytes each as the JSON the copy
   * sends, so 10,000 are about 1 MB, at most two statements per accounts database). The run takes
   * searches in id order until their queries' matches would pass this; the first search always goes,
   * so a query that matches more than this moves alone in its run instead of never.
   */
  matchesPerRun: 10_000,
} as const;
