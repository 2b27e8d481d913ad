/**
 * Copying the core's `users` rows to their users' accounts databases before `USERS_WITH_ACCOUNTS` is
 * turned on (decision 034). Reviewed data; every figure is about us.
 */
export const USERS_COPY = {
  /**
   * Accounts read from the core per batch. A `users` row is about 371 bytes (measured, decision 034),
   * so a batch's rows go as one JSON parameter of well under 100 kB per accounts database; a batch
   * is three round trips (the core's rows, the copies' `updated_at` side by side, the guarded writes
   * side by side).
   */
  batchRows: 200,
  /**
   * The every-minute job copies for at most this long a run, resuming where the last run stopped.
   * Twenty seconds of a one-minute trigger leaves room for the run's other jobs and never overlaps
   * the next run; at three round trips a batch it copies about a million accounts an hour, so a pass
   * over the anchor volume's 49 million accounts takes about two days, and each pass after it
   * re-copies only what changed (the others are read and kept).
   */
  budgetMs: 20_000,
  /**
   * Columns the copy brings over but the comparison leaves out: counts of a seller's live ads kept by
   * triggers and the every-minute spread on the card beside the ads, not by the account's own writes
   * (they change without `updated_at`), and checked by `users.live_ads` and the card checks.
   */
  derivedColumns: ['live_ads', 'live_ads_elsewhere'],
} as const;
