/**
 * Moving the per-user rows written while there was one accounts database (in the core) to their
 * users' accounts databases once there are several (decision 034). Reviewed data; the figures are
 * about us.
 *
 * Each entry names a table of ACCOUNT_TABLES whose rows belong to one user and point at nothing
 * else that moves: the column naming the user (whose database takes the row) and the columns of its
 * primary key (how exactly the copied rows are removed from the core). Left out on purpose:
 * saved searches (their compiled queries and matches are shared by the searches of one database and
 * numbered by it, so a row cannot be copied as it is) and the plans (moved with their orders and
 * webhook events by services/commerce/plans-move.ts).
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
