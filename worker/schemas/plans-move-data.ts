/**
 * Moving the plans bought while there was one accounts database (in the core) to their payers'
 * accounts databases once there are several (decision 034). Reviewed data; the figure is about us.
 */
export const PLANS_MOVE = {
  /**
   * Payers moved per run of the every-minute job. A payer has a few orders and subscriptions (one a
   * month at most while a plan runs), so a run copies a few thousand rows of a few hundred bytes as a
   * handful of statements (the rows go as JSON parameters), and 720,000 payers a day: the plans of
   * the anchor volume (a few per cent of its 49 million accounts pay: an *estimate*) move in a few days,
   * and every payer who is read meanwhile waits at most that long for their plan to show again.
   */
  payersPerRun: 500,
} as const;
