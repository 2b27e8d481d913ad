/**
 * Spreading a seller's live-ad counts between listings databases (migration 0049, decision 033):
 * how much one run of the every-minute job does.
 */
export const LIVE_ADS_SPREAD = {
  /**
   * Sellers taken from each listings database's marks per run (*estimate*, a choice about us, not
   * measured): each run reads and writes one statement per database for them, with the ids as one
   * JSON parameter of about 30 kB at 1,000, far under D1's limits; a larger backlog drains over the
   * following minutes, the cards meanwhile showing their own database's count at once.
   */
  sellersPerRun: 1_000,
} as const;
