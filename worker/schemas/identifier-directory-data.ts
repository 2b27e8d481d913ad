/**
 * The identifier directory's timings (decision 034): with several accounts databases, sign-up first
 * claims each identifier (e-mail, phone, Google id) in the directory, then writes the account. A
 * claim whose account never arrived (the worker stopped between the two steps) blocks that
 * identifier until it is swept. Reviewed data; every figure is about us (a product choice).
 */
export const IDENTIFIER_DIRECTORY = {
  /**
   * A claim younger than this may still be waiting for its account to be written: the two steps of
   * a sign-up take well under a second (two round trips and one password hash), so a minute leaves
   * a wide margin and is the longest a crashed sign-up keeps its e-mail or phone from being used.
   */
  claimGraceMs: 60_000,
  /**
   * The every-minute sweep looks at claims made in this window before the grace (claims between
   * 11 and 1 minutes old): ten runs see each claim, so a few missed cron runs still sweep it, and
   * each run reads about ten minutes of sign-ups (a few hundred rows at the capacity model's volume)
   * from each accounts database instead of the whole directory.
   */
  sweepWindowMs: 10 * 60_000,
  /**
   * The directory's backfill (accounts made while there was one accounts database have no rows):
   * the hourly cron writes them for at most this long a run, resuming where the last run stopped,
   * until a whole pass is done. Five minutes of a fifteen-minute cron leaves room for the run's other
   * jobs; at a batch's two round trips it writes tens of thousands of accounts a run.
   */
  backfillBudgetMs: 5 * 60_000,
  /** Accounts read per backfill batch: their identifiers' rows are read and written in one statement per accounts database. */
  backfillBatchAccounts: 200,
} as const;
