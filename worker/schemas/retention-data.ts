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
   * Notifications kept per user, newest first, in the user's inbox object (decision 032); an insert
   * past it removes that user's oldest. Five pages of the notifications screen; a chat
   * notification is one per conversation until read, so a hundred covers months of an active
   * seller's history. D1's notifications table (rows from before, and rows written there while an
   * inbox could not be reached) keeps the same bound by migration 0029's trigger: a test checks the
   * two agree.
   */
  notificationsPerUser: 100,
  /**
   * Users whose D1 notifications one hourly run moves into their inboxes (decision 032): ten inbox
   * calls at a time, each one D1 read and one delete; 200 users is about 40 round trips a run.
   */
  notificationMoveUsersPerRun: 200,
  /**
   * Expired sessions (`sessions`, one row per token issued; a token lives a week) removed per hourly
   * statement, `batchesPerRun` statements a run: 10,000 an hour per accounts database. The capacity
   * model's design has ~31,000 sign-ins an hour across India over 18 accounts databases, ~1,750 each,
   * so a backlog (the first run after this rule, or after an outage) shrinks by ~8,250 an hour.
   */
  expiredSessionsBatchRows: 500,
  /**
   * Days an archived conversation's messages stay in its chat room after its ad was archived (the
   * conversation left D1 then; nobody can read it but a moderator handling an open report about its
   * ad), before the room's alarm deletes them and everything else it holds. 180 days: the period
   * India's intermediary rules ask for — *published*, Information Technology (Intermediary
   * Guidelines and Digital Media Ethics Code) Rules, 2021 (G.S.R. 139(E), 25 February 2021), rule
   * 3(1)(g): information removed is preserved "for one hundred and eighty days for investigation
   * purposes, or for such longer period as may be required by the court or by Government agencies";
   * rule 3(1)(h): a user's registration information is kept 180 days after the account ends. The
   * conversation is the evidence of a scam, a dispute or a report about its ad, so it is kept as
   * long as the ad itself would have to be; longer only while it is held (below).
   */
  archivedChatDays: 180,
  /**
   * A conversation whose ad has an open report when its time is up is held: the room looks again
   * after this many days, and deletes only once no report on the ad is open (a moderator decided).
   * A week: moderators close reports within days; a daily look at every held room buys nothing.
   */
  heldChatRecheckDays: 7,
  /**
   * Chat rooms archived before rooms armed their own removal, armed per hourly run by walking the
   * R2 markers of archived conversations (one list call of up to 1,000 keys, then one room call
   * each, ten at a time). 1,000 a run is about a hundred round trips.
   */
  roomsArmedPerRun: 1000,
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

/** When an archived conversation's room deletes its messages, unless it is held then. */
export const archivedChatRemovalAt = (archivedAt: number) => archivedAt + RETENTION.archivedChatDays * DAY_MS;

/** When a held conversation's room looks again. */
export const heldChatRecheckAt = (now: number) => now + RETENTION.heldChatRecheckDays * DAY_MS;
