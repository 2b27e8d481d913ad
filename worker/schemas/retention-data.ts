/**
 * How long per-day and per-user history stays in the hot database (decision 020). Reviewed data:
 * the capacity model (`npm run capacity`) reads the same figures, so a change here changes its
 * answer too. Every figure is about us (a product choice), not about the world.
 */
export const RETENTION = {
  /**
   * Per-day view counters (`listing_daily_stats`) are kept this many days: the seller's stats
   * screen shows the last 30 days day by day. Older days are added into the ad's running total
   * (`listing_view_totals`) and their rows removed.
   */
  dailyViewDays: 30,
  /**
   * Rows that say "this viewer already counted today" (`listing_views`, one per viewer per ad per
   * day) are only needed while their day lasts. They are kept one day more, so the consistency
   * checker can still compare yesterday's finished counters with their source, then removed: at
   * the market leader's volume they are the largest table by far (decision 020's model).
   */
  viewerRowDays: 2,
  /**
   * Notifications kept per user, newest first; an insert past it removes that user's oldest
   * (a trigger, so every way a notification is written obeys it). Five pages of the
   * notifications screen; a chat notification is one per conversation until read, so a hundred
   * covers months of an active seller's history. Migration 0029 holds the same number: a test
   * checks the two agree.
   */
  notificationsPerUser: 100,
  /**
   * Expired sessions (`sessions`, one row per token issued; a token lives a week) removed per hourly
   * statement, `batchesPerRun` statements a run: 10,000 an hour per accounts database. The capacity
   * model's design has ~31,000 sign-ins an hour across India over 15 accounts databases, ~2,100 each,
   * so a backlog (the first run after this rule, or after an outage) shrinks by ~8,000 an hour.
   */
  expiredSessionsBatchRows: 500,
  /** Rows one cron statement rolls up or removes: small enough for D1's per-statement limits. */
  batchRows: 500,
  /** Statements per hourly run; what is left waits for the next hour (the backlog only shrinks). */
  batchesPerRun: 20,
} as const;

const DAY_MS = 86_400_000;

/** The UTC day number (days since 1970-01-01) of a moment; view rows are keyed by it. */
export const utcDay = (ms: number) => Math.floor(ms / DAY_MS);

/** Per-day counter rows older than this day (strictly before it) roll into the ad's total. */
export const dailyViewCutoff = (now: number) => utcDay(now) - (RETENTION.dailyViewDays - 1);

/** Viewer rows older than this day (strictly before it) are removed; days from it on are complete. */
export const viewerRowCutoff = (now: number) => utcDay(now) - (RETENTION.viewerRowDays - 1);
