import { ulid } from '../lib/ulid';
import type { Env } from '../env';
import { invalidateListingCaches } from '../lib/cache';
import { AppError, badRequest, notFound } from '../lib/errors';
import { REPORTS_TO_HOLD, type ReportReason } from '../schemas/trust';

const LISTING_NOT_FOUND = "The listing you're looking for doesn't exist or has been removed.";

// ---------------------------------------------------------------- reports

/**
 * One report per account per ad: a repeat changes nothing and answers with the first report.
 * The report and the hold are one batch (one transaction): the hold counts the open reports the
 * batch can see, so the third distinct reporter holds the ad whichever request lands last.
 */
export const reportListing = async (env: Env, reporterId: string, listingId: string, input: { reason: ReportReason; details?: string | undefined }) => {
  const listing = await env.DB.prepare('SELECT id, user_id, status FROM listings WHERE id = ?')
    .bind(listingId.toLowerCase())
    .first<{ id: string; user_id: string; status: string }>();
  // a held, rejected or deactivated ad is not there for anyone but its owner
  if (!listing || !['APPROVED', 'SOLD'].includes(listing.status)) throw notFound(LISTING_NOT_FOUND, 'LISTING_NOT_FOUND');
  if (listing.user_id === reporterId) throw badRequest('You cannot report your own ad', 'OWN_LISTING');
  const now = Date.now();
  const id = `rep_${ulid().toLowerCase()}`;
  const [inserted, held] = await env.DB.batch([
    env.DB.prepare(
      `INSERT OR IGNORE INTO listing_reports (id, listing_id, reporter_id, reason, details, status, created_at) VALUES (?, ?, ?, ?, ?, 'OPEN', ?)`,
    ).bind(id, listing.id, reporterId, input.reason, input.details || null, now),
    env.DB.prepare(
      `UPDATE listings SET status = 'PENDING', held_reason = 'REPORTED', held_at = ?1, updated_at = max(?1, updated_at + 1)
       WHERE id = ?2 AND status = 'APPROVED' AND changes() > 0
         AND (SELECT count(DISTINCT reporter_id) FROM listing_reports WHERE listing_id = ?2 AND status = 'OPEN') >= ?3`,
    ).bind(now, listing.id, REPORTS_TO_HOLD),
  ]);
  const created = (inserted?.meta.changes ?? 0) > 0;
  const wasHeld = (held?.meta.changes ?? 0) > 0;
  if (wasHeld) await invalidateListingCaches(env);
  if (created) return { reportId: id, created, held: wasHeld };
  const first = await env.DB.prepare('SELECT id FROM listing_reports WHERE listing_id = ? AND reporter_id = ?').bind(listing.id, reporterId).first<{ id: string }>();
  return { reportId: first?.id ?? id, created: false, held: false };
};

// ---------------------------------------------------------------- blocks

const userExists = async (env: Env, userId: string) =>
  env.DB.prepare(`SELECT id FROM users WHERE id = ? AND status <> 'DELETED'`).bind(userId).first<{ id: string }>();

/** Idempotent: blocking twice is one block. */
export const blockUser = async (env: Env, blockerId: string, blockedId: string) => {
  if (blockerId === blockedId) throw badRequest('You cannot block yourself', 'CANNOT_BLOCK_SELF');
  if (!(await userExists(env, blockedId))) throw notFound('No such user', 'USER_NOT_FOUND');
  await env.DB.prepare('INSERT OR IGNORE INTO user_blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)').bind(blockerId, blockedId, Date.now()).run();
  return { userId: blockedId, blocked: true };
};

export const unblockUser = async (env: Env, blockerId: string, blockedId: string) => {
  if (blockerId === blockedId) throw badRequest('You cannot block yourself', 'CANNOT_BLOCK_SELF');
  const res = await env.DB.prepare('DELETE FROM user_blocks WHERE blocker_id = ? AND blocked_id = ?').bind(blockerId, blockedId).run();
  if (res.meta.changes === 0 && !(await userExists(env, blockedId))) throw notFound('No such user', 'USER_NOT_FOUND');
  return { userId: blockedId, blocked: false };
};

export const listBlocked = async (env: Env, blockerId: string) => {
  const { results } = await env.DB.prepare(
    `SELECT u.id, u.first_name, u.last_name, u.avatar, b.created_at FROM user_blocks b JOIN users u ON u.id = b.blocked_id
     WHERE b.blocker_id = ? ORDER BY b.created_at DESC LIMIT 500`,
  )
    .bind(blockerId)
    .all<{ id: string; first_name: string; last_name: string; avatar: string | null; created_at: number }>();
  return results.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, avatar: r.avatar, blockedAt: new Date(r.created_at).toISOString() }));
};

/** Who blocked whom between two users (either direction), for chats. */
export const blockBetween = async (env: Env, senderId: string, recipientId: string): Promise<'BY_RECIPIENT' | 'BY_SENDER' | null> => {
  const { results } = await env.DB.prepare('SELECT blocker_id FROM user_blocks WHERE (blocker_id = ?1 AND blocked_id = ?2) OR (blocker_id = ?2 AND blocked_id = ?1)')
    .bind(recipientId, senderId)
    .all<{ blocker_id: string }>();
  if (results.some((r) => r.blocker_id === recipientId)) return 'BY_RECIPIENT';
  return results.length ? 'BY_SENDER' : null;
};

export const BLOCKED_BY_RECIPIENT = 'You cannot message this user.';
export const BLOCKED_BY_SENDER = 'You blocked this user. Unblock them in Settings to send messages.';

/** 403 BLOCKED when either member of a conversation blocked the other. */
export const assertNotBlocked = async (env: Env, senderId: string, recipientId: string) => {
  const block = await blockBetween(env, senderId, recipientId);
  if (block) throw new AppError(403, 'BLOCKED', block === 'BY_RECIPIENT' ? BLOCKED_BY_RECIPIENT : BLOCKED_BY_SENDER);
};

/** Has `blockerId` blocked `userId`? (notifications from a blocked user are dropped) */
export const hasBlocked = async (env: Env, blockerId: string, userId: string) =>
  Boolean(await env.DB.prepare('SELECT 1 FROM user_blocks WHERE blocker_id = ? AND blocked_id = ?').bind(blockerId, userId).first());
