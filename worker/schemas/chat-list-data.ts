/**
 * The chat list's "premium buyers first" with the plans in their payers' accounts databases
 * (decision 034). Reviewed data; the figure is about us (a product choice), not about the world.
 */
export const CHAT_LIST_PREMIUM_FIRST = {
  /**
   * How many of a seller's newest unread chats are looked at for premium buyers to lift to the top.
   * The core cannot sort by a plan it does not hold, so it reads these candidates and the plans are
   * asked for their members; a premium buyer's unread chat older than this many unread chats keeps its
   * place by activity. Fifty is more unread conversations than a seller answers in a sitting (and
   * ~2½ pages of the app's list of 20), while keeping the read to a few dozen rows.
   */
  unreadScanned: 50,
} as const;
