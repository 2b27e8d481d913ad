/**
 * Trust-and-safety reference data (decision 008), free of zod so the web client can import it without
 * pulling the validator into its pages. Reviewed data: change it here and in tests/api/trust.test.ts.
 */
export const ROLES = ['USER', 'MODERATOR', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];
/** who may use /api/admin/* and /admin */
export const STAFF_ROLES: readonly Role[] = ['MODERATOR', 'ADMIN'];

/** Reasons a buyer can give, in the order the "Report this ad" sheet lists them. */
export const REPORT_REASONS = [
  { code: 'FRAUD', label: 'Fraud or scam', hint: 'Asks for advance payment, fake photos, too good to be true' },
  { code: 'SPAM', label: 'Spam', hint: 'Posted again and again, or an ad for something else' },
  { code: 'DUPLICATE', label: 'Duplicate ad', hint: 'The same item is already listed' },
  { code: 'WRONG_CATEGORY', label: 'Wrong category', hint: 'Listed where it does not belong' },
  { code: 'PROHIBITED', label: 'Prohibited item', hint: 'Drugs, weapons, documents, wildlife and other banned items' },
  { code: 'OFFENSIVE', label: 'Offensive content', hint: 'Abusive, hateful or adult words or photos' },
  { code: 'SOLD', label: 'Already sold', hint: 'The seller says it is no longer available' },
  { code: 'OTHER', label: 'Something else', hint: 'Tell us what is wrong' },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]['code'];
export const REPORT_REASON_CODES = REPORT_REASONS.map((r) => r.code) as [ReportReason, ...ReportReason[]];

/**
 * Reports hold an ad automatically only when they come from reporters who proved something, on
 * different networks (decision 008, "Weighted reports"). Every report, whatever its weight, is kept
 * and shown to the moderators; the weight decides only the automatic hold.
 */
export const REPORT_HOLD_RULES = {
  /**
   * The summed weight of open reports, one per network (a network's heaviest reporter), that holds
   * an ad: three ordinary reporters on three networks, or a trusted one and one other. Always two
   * networks at least, because no reporter weighs more than 2.
   */
  weightToHold: 3,
  /**
   * Days an account with a verified phone must exist before its reports count. A brigade then has
   * to buy SIMs and wait a week before it can hide anyone; a real buyer who reports on their first
   * day still reaches the moderators' queue.
   */
  minAccountAgeDays: 7,
  /**
   * Upheld reports (a moderator took the ad down) that stand in for account age: someone whose
   * report was right once has shown they report real problems.
   */
  upheldInsteadOfAge: 1,
  /** Upheld reports, and the least share of all decided ones, that make a reporter trusted (weight 2). */
  trustedMinUpheld: 3,
  trustedMinUpheldShare: 0.75,
  /**
   * Dismissed reports (a moderator kept the ad) after which a reporter who is dismissed more often
   * than upheld counts for nothing: a mistake or two is honest, a habit is a campaign.
   */
  distrustedMinDismissed: 3,
  /**
   * Days after a moderator keeps a reported ad during which reports do not hold it again (they go
   * to the queue): the moderator already looked. An edit by the owner ends the pause, since the
   * moderator did not see the new text; reports from before the decision never count again.
   */
  pauseAfterKeptDays: 30,
} as const;

/** Open reports from this many different qualifying networks hold an ad (the ordinary case of the rule above). */
export const REPORTS_TO_HOLD = REPORT_HOLD_RULES.weightToHold;

/**
 * Where a reporter stands, and what their report weighs toward the automatic hold. Stored with each
 * report (as of when it was made) and shown to moderators.
 */
export const REPORTER_STANDINGS = {
  UNVERIFIED: { weight: 0, label: 'No verified phone' },
  NEW: { weight: 0, label: 'New account' },
  DISTRUSTED: { weight: 0, label: 'Past reports mostly dismissed' },
  ESTABLISHED: { weight: 1, label: 'Verified reporter' },
  TRUSTED: { weight: 2, label: 'Trusted reporter' },
} as const;
export type ReporterStanding = keyof typeof REPORTER_STANDINGS;

/** What the standing is decided from, read at the moment of the report. */
export interface ReporterFacts {
  phoneVerified: boolean;
  accountAgeMs: number;
  /** a paid premium plan or seller package: money moved through a real payment account */
  hasPaidOrder: boolean;
  /** the reporter's earlier reports a moderator decided: ad taken down (upheld) or kept (dismissed) */
  upheld: number;
  dismissed: number;
}

const DAY_MS = 86_400_000;

export const reporterStanding = (f: ReporterFacts): ReporterStanding => {
  const r = REPORT_HOLD_RULES;
  if (!f.phoneVerified) return 'UNVERIFIED';
  if (f.dismissed >= r.distrustedMinDismissed && f.dismissed > f.upheld) return 'DISTRUSTED';
  if (f.upheld >= r.trustedMinUpheld && f.upheld >= r.trustedMinUpheldShare * (f.upheld + f.dismissed)) return 'TRUSTED';
  if (f.accountAgeMs >= r.minAccountAgeDays * DAY_MS || f.hasPaidOrder || f.upheld >= r.upheldInsteadOfAge) return 'ESTABLISHED';
  return 'NEW';
};
export const REPORT_DETAILS_MAX = 1000;
export const MODERATION_REASON_MAX = 500;

/**
 * With the listings over several databases (decision 033) the moderation queue is merged from every
 * database, each answering its rows up to the page asked: the queue pages this deep (100 pages of the
 * largest page, 50), and the ads with open reports and the decided ads read from the core are capped
 * alike (the totals then stop there). Numbers about us (estimate): a moderator works from the oldest
 * hold, and a queue deeper than this is a staffing problem no page reaches.
 */
export const MODERATION_QUEUE_DEPTH = 5_000;

/** Why a PENDING ad is held. */
export const HELD_REASONS = {
  REPORTED: 'Several people reported this ad. It is hidden while a moderator reviews it.',
  DUPLICATE_PHOTOS: 'Its photos match another seller’s ad. It is hidden while a moderator reviews it.',
  ACCOUNT_BANNED: 'The seller’s account is suspended.',
} as const;
export type HeldReason = keyof typeof HELD_REASONS;


// What each reporter is told when a moderator decides (never who decided) lives with the other
// texts written for users, in both languages: reportKept* / reportRemoved* in notification-texts.ts.
