/**
 * Trust and safety (decision 008): roles, report reasons, blocks and moderation. Shared with the web
 * client; imports nothing server-side. The report reasons and thresholds are reviewed data: change
 * them here (and in trust.test.ts), not in conditions scattered through the code.
 */
import { z } from 'zod';
import { pagination, queryInt } from './common';
import { plainText } from './text';

export { REPORT_REASONS, REPORT_REASON_CODES, REPORTS_TO_HOLD, REPORT_HOLD_RULES, REPORTER_STANDINGS, reporterStanding, REPORT_DETAILS_MAX, MODERATION_REASON_MAX, HELD_REASONS, ROLES, STAFF_ROLES } from './trust-data';
export type { ReportReason, HeldReason, Role, ReporterStanding, ReporterFacts } from './trust-data';
import { REPORT_REASON_CODES, REPORT_DETAILS_MAX, MODERATION_REASON_MAX, REPORTER_STANDINGS, type ReporterStanding } from './trust-data';

export const reportBody = z.object({
  reason: z.enum(REPORT_REASON_CODES, { error: `reason must be one of ${REPORT_REASON_CODES.join(', ')}` }),
  // a reporter's words, read by moderators in the queue: lines kept, nothing invisible or reordering
  details: plainText('details', { max: REPORT_DETAILS_MAX, multiline: true }).optional(),
});
export const reportResult = z.object({ reportId: z.string(), created: z.boolean(), held: z.boolean() });

export const blockedUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
  blockedAt: z.string(),
});
export const blockResult = z.object({ userId: z.string(), blocked: z.boolean() });

// ---------------------------------------------------------------- moderation

/** A moderator's reason: one clean line in the audit log and the owner's notice (decision 008). */
const reasonText = plainText('reason', { min: 3, max: MODERATION_REASON_MAX, messages: { min: 'Please give a reason of at least 3 characters' } });

export const decisionBody = z.object({
  action: z.enum(['APPROVE', 'REJECT'], { error: 'action must be APPROVE or REJECT' }),
  reason: reasonText,
});
export const banBody = z.object({ reason: reasonText });

export const moderationQuery = z.object({
  status: z.preprocess(
    (v) => (typeof v === 'string' && v ? v.toLowerCase() : undefined),
    z.enum(['open', 'closed'], { error: 'status must be open or closed' }).default('open'),
  ),
  page: queryInt('page', { min: 1, max: 10_000, fallback: 1 }),
  limit: queryInt('limit', { min: 1, max: 50, fallback: 20 }),
});
export const auditQuery = z.object({
  page: queryInt('page', { min: 1, max: 10_000, fallback: 1 }),
  limit: queryInt('limit', { min: 1, max: 100, fallback: 50 }),
});
/** A page of a held conversation's messages for a moderator: page 1 is the newest. */
export const heldChatQuery = z.object({
  page: queryInt('page', { min: 1, max: 10_000, fallback: 1 }),
  limit: queryInt('limit', { min: 1, max: 100, fallback: 50 }),
});
export const userLookupQuery = z.object({
  q: z.string({ error: 'q is required' }).trim().min(3, 'Type at least 3 characters of an e-mail, phone or user id').max(100, 'q is too long'),
});

const reportEntry = z.object({
  reason: z.string(),
  details: z.string().nullable(),
  reporterId: z.string(),
  createdAt: z.string(),
  /** the reporter's standing when they reported, and what the report weighs toward the automatic hold (decision 008) */
  standing: z.enum(Object.keys(REPORTER_STANDINGS) as [ReporterStanding, ...ReporterStanding[]]),
  weight: z.number().int(),
  /** reports with the same number came from one network (IPv4 address or IPv6 /64); numbered per ad, in report order */
  network: z.number().int(),
});
export const moderationItem = z.object({
  listing: z.object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    price: z.number(),
    status: z.string(),
    heldReason: z.string().nullable(),
    rejectReason: z.string().nullable(),
    heldAt: z.string().nullable(),
    images: z.array(z.string()),
    createdAt: z.string(),
  }),
  seller: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    status: z.string(),
    createdAt: z.string(),
    /** the seller's history: ads by status, earlier rejections, reports against their other ads */
    listingsByStatus: z.record(z.string(), z.number()),
    reportsAgainst: z.number().int(),
  }),
  reportCount: z.number().int(),
  reasons: z.record(z.string(), z.number()),
  reports: z.array(reportEntry),
  /**
   * The automatic hold as it stands: the weight the open reports add up to (one per network) against
   * the weight that holds the ad, and the end of the pause after a moderator kept it (null when none).
   */
  hold: z.object({ weight: z.number().int(), weightToHold: z.number().int(), pausedUntil: z.string().nullable() }),
  /** for DUPLICATE_PHOTOS holds: the other ads whose photos match */
  matches: z.array(z.object({ id: z.string(), title: z.string(), slug: z.string(), images: z.array(z.string()) })),
});
export type ModerationItem = z.infer<typeof moderationItem>;
export const moderationPage = z.object({ items: z.array(moderationItem), pagination });

export const auditEntry = z.object({
  id: z.string(),
  actor: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** the ad's title or the person's name; null when it is no longer in the database */
  targetName: z.string().nullable(),
  reason: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = z.object({ entries: z.array(auditEntry), pagination });

export const adminUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.string(),
  status: z.string(),
  banReason: z.string().nullable(),
  createdAt: z.string(),
  listingsByStatus: z.record(z.string(), z.number()),
  reportsAgainst: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const banResult = z.object({ userId: z.string(), status: z.string() });
