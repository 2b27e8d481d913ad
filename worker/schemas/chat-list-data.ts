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

/**
 * Moving the chat list of existing conversations into their members' accounts databases (decision 034,
 * worker/services/chat/chat-members.ts). Reviewed data.
 */
export const CHAT_LIST_MOVE = {
  /**
   * Conversations copied a run of the every-minute cron: two member rows each, written as one statement
   * per accounts database (the rows as one JSON parameter), so a run is one core read and at most one
   * write per database. 200 a minute is 288,000 conversations a day, with each run's JSON well under D1's
   * limits (about 400 bytes a row); raise it once a run's time has been measured in production.
   */
  chatsPerRun: 200,
} as const;

/**
 * Copying the conversations' directory rows (`chats`) from the core into their buyers' accounts
 * databases (decision 034, worker/services/chat/chats-move.ts). Reviewed data.
 */
export const CHATS_MOVE = {
  /**
   * Conversations copied a run of the every-minute cron: one core read, then one statement per accounts
   * database (the rows as one JSON parameter, about 500 bytes each), side by side. 200 a minute is
   * 288,000 a day, the same pace as the chat list's move, whose rows are the same conversations.
   */
  chatsPerRun: 200,
  /**
   * The core's rows removed a run once the move is over (the switch on, its last pass finished): one core
   * read, the copies read side by side, one delete. The same pace as the copy; each row's guard in the
   * delete's JSON is about 100 bytes.
   */
  coreRowsRemovedPerRun: 200,
} as const;
