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

/** Open reports from this many different accounts hold an ad for review. */
export const REPORTS_TO_HOLD = 3;
export const REPORT_DETAILS_MAX = 1000;
export const MODERATION_REASON_MAX = 500;

/** Why a PENDING ad is held. */
export const HELD_REASONS = {
  REPORTED: 'Several people reported this ad. It is hidden while a moderator reviews it.',
  DUPLICATE_PHOTOS: 'Its photos match another seller’s ad. It is hidden while a moderator reviews it.',
  ACCOUNT_BANNED: 'The seller’s account is suspended.',
} as const;
export type HeldReason = keyof typeof HELD_REASONS;


// What each reporter is told when a moderator decides (never who decided) lives with the other
// texts written for users, in both languages: reportKept* / reportRemoved* in notification-texts.ts.
