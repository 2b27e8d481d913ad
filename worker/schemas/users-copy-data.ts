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

/**
 * Retiring the core's `users` rows once `USERS_WITH_ACCOUNTS` is on and every copy is at least as new
 * (decision 034; worker/services/accounts/users-retire.ts). Reviewed data; every figure is about us.
 */
export const USERS_RETIRE = {
  /**
   * Core rows per batch: the same size as the copy's (a batch is three round trips: the core's rows,
   * their copies side by side, one guarded delete or update in the core).
   */
  batchRows: 200,
  /** The every-minute job retires for at most this long a run (as the copy does: room for the run's other jobs). */
  budgetMs: 20_000,
  /**
   * With one listings database the core's rows stay as the seller cards the listing reads join: these
   * columns are kept, as a card in a listings database keeps them (the seller's public face, the
   * live-ad counts, the status the old seller-page statement filters on, and the row's own times).
   */
  cardColumns: ['id', 'username', 'first_name', 'last_name', 'business_name', 'avatar', 'is_verified', 'status', 'live_ads', 'live_ads_elsewhere', 'created_at', 'updated_at'],
  /**
   * …and every other column is set to what a card written since the switch holds (the column's default,
   * as posting's card upsert leaves it): nothing private stays in the core. A new column of `users` must
   * be put in one of the two lists (tested).
   */
  clearedColumns: {
    email: null,
    password_hash: null,
    phone: null,
    google_sub: null,
    email_verified: 0,
    phone_verified: 0,
    token_version: 0,
    share_phone: 1,
    role: 'USER',
    ban_reason: null,
    banned_at: null,
    language: 'en',
  },
} as const;
