import { ulid } from '../../lib/ulid';
import type { Env } from '../../env';
import { invalidateListingCaches } from '../../lib/cache';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { hex, hmacSha256 } from '../../lib/crypto';
import { addressKey } from '../../lib/rate-limit';
import { isSharded, listingDbForId } from '../../db/shards';
import { accountsDbForUser, accountsSplit } from '../../db/accounts';
import { readUsers, usersDbFor, usersWithAccounts } from '../../db/users';
import { MOVING, followMoves, lastMovedId, moveInto, type MoveRecord } from '../listings/shard-move';
import { REPORT_HOLD_RULES, REPORTER_STANDINGS, reporterStanding, type ReportReason } from '../../schemas/trust';

const LISTING_NOT_FOUND = "The listing you're looking for doesn't exist or has been removed.";

// ---------------------------------------------------------------- reports

/**
 * The reporter's network as stored with a report: a keyed hash of their IPv4 address or IPv6 /64,
 * so reports from one connection can be told apart from others without keeping an address (an
 * unkeyed hash of an IPv4 address is undone by trying all 2^32).
 */
export const reportNetwork = async (env: Env, ip: string) => hex(await hmacSha256(`report-network:${env.JWT_SECRET ?? ''}`, addressKey(ip))).slice(0, 32);

interface ReportContext {
  id: string | null;
  user_id: string | null;
  status: string | null;
  phone_verified: number;
  u_created_at: number;
  paid: number;
  upheld: number;
  dismissed: number;
}

const REPORT_OUTCOME_COLUMNS = `(SELECT count(*) FROM listing_reports WHERE reporter_id = u.id AND outcome = 'UPHELD') AS upheld,
       (SELECT count(*) FROM listing_reports WHERE reporter_id = u.id AND outcome = 'DISMISSED') AS dismissed`;

/** What decides a reporter's standing (decision 008), as columns of a query over `users u`. */
const REPORTER_COLUMNS = `(EXISTS (SELECT 1 FROM payment_orders WHERE user_id = u.id AND status = 'PAID') OR EXISTS (SELECT 1 FROM business_orders WHERE user_id = u.id AND status = 'PAID')) AS paid,
       ${REPORT_OUTCOME_COLUMNS}`;

/**
 * The same with the plans' orders in their payers' accounts databases (decision 034): the core
 * answers for the seller-package orders it still holds (not moved yet), `paidPlanOrder` for the
 * plans and the moved orders.
 */
const REPORTER_COLUMNS_PLANS_APART = `EXISTS (SELECT 1 FROM business_orders WHERE user_id = u.id AND status = 'PAID') AS paid,
       ${REPORT_OUTCOME_COLUMNS}`;

const reporterColumns = (env: Env) => (accountsSplit(env) ? REPORTER_COLUMNS_PLANS_APART : REPORTER_COLUMNS);

/**
 * Whether the reporter paid for a plan or a seller package, from their accounts database (only asked
 * when those orders live apart; the core still answers for package orders not yet moved there).
 */
const paidPlanOrder = async (env: Env, reporterId: string) =>
  Boolean(
    await accountsDbForUser(env, reporterId)
      .prepare(`SELECT 1 FROM payment_orders WHERE user_id = ?1 AND status = 'PAID' UNION ALL SELECT 1 FROM business_orders WHERE user_id = ?1 AND status = 'PAID' LIMIT 1`)
      .bind(reporterId)
      .first(),
  );

/** The core's facts about the reporter and, beside them (the same wait), their paid plan order when it lives apart. */
const withPaidPlan = async <T extends { paid: number } | null>(env: Env, reporterId: string, core: Promise<T>): Promise<T> => {
  if (!accountsSplit(env)) return core;
  const [facts, plan] = await Promise.all([core, paidPlanOrder(env, reporterId)]);
  return facts && plan ? { ...facts, paid: 1 } : facts;
};

type ReporterFacts = Pick<ReportContext, 'phone_verified' | 'u_created_at' | 'paid' | 'upheld' | 'dismissed'>;

/**
 * The reporter's standing with the ads over several databases: one core statement while `users` is
 * there; once it lives with the accounts (worker/db/users.ts), the account's row from its database
 * beside the core's paid orders and report outcomes (still one wait).
 */
const reporterFacts = (env: Env, reporterId: string): Promise<ReporterFacts | null> => {
  if (!usersWithAccounts(env)) {
    return env.DB.prepare(
      `SELECT u.phone_verified, u.created_at AS u_created_at,
         ${reporterColumns(env)}
       FROM users u WHERE u.id = ?`,
    )
      .bind(reporterId)
      .first<ReporterFacts>();
  }
  return Promise.all([
    usersDbFor(env, reporterId).prepare('SELECT phone_verified, created_at AS u_created_at FROM users WHERE id = ?').bind(reporterId).first<Pick<ReporterFacts, 'phone_verified' | 'u_created_at'>>(),
    env.DB.prepare(`SELECT ${reporterColumns(env)} FROM (SELECT ?1 AS id) u`).bind(reporterId).first<Omit<ReporterFacts, 'phone_verified' | 'u_created_at'>>(),
  ]).then(([account, standing]) => account && standing && { ...account, ...standing });
};

/**
 * The checks and the weight every report goes through, with one database or several: the ad must be
 * there for the public (a held, rejected or deactivated ad is not there for anyone but its owner)
 * and not the reporter's own; the weight comes from the reporter's standing.
 */
const weighReport = async (env: Env, reporterId: string, ad: { user_id: string | null; status: string | null } | undefined, reporter: ReporterFacts | undefined, ip: string) => {
  if (!ad || !reporter || !ad.status || !['APPROVED', 'SOLD'].includes(ad.status)) throw notFound(LISTING_NOT_FOUND, 'LISTING_NOT_FOUND');
  if (ad.user_id === reporterId) throw badRequest('You cannot report your own ad', 'OWN_LISTING');
  const now = Date.now();
  const standing = reporterStanding({
    phoneVerified: Boolean(reporter.phone_verified),
    accountAgeMs: now - reporter.u_created_at,
    hasPaidOrder: Boolean(reporter.paid),
    upheld: reporter.upheld,
    dismissed: reporter.dismissed,
  });
  return { now, standing, weight: REPORTER_STANDINGS[standing].weight, network: await reportNetwork(env, ip), id: `rep_${ulid().toLowerCase()}` };
};

/**
 * The report's context with one listings database once `users` lives with the accounts (decision
 * 034): the core's row of the reporter is at most a seller card, so the account's own columns come
 * from its database, side by side with the ad and the standing's counts from the core (still one wait).
 */
const reportContextApart = async (env: Env, reporterId: string, listingId: string): Promise<ReportContext | null> => {
  const [account, rest] = await Promise.all([
    usersDbFor(env, reporterId).prepare('SELECT phone_verified, created_at AS u_created_at FROM users WHERE id = ?').bind(reporterId).first<Pick<ReportContext, 'phone_verified' | 'u_created_at'>>(),
    env.DB.prepare(`SELECT l.id, l.user_id, l.status, ${reporterColumns(env)} FROM (SELECT ?1 AS id) u LEFT JOIN listings l ON l.id = ?2`)
      .bind(reporterId, listingId.toLowerCase())
      .first<Omit<ReportContext, 'phone_verified' | 'u_created_at'>>(),
  ]);
  return account && rest && { ...rest, ...account };
};

/**
 * One report per account per ad: a repeat changes nothing and answers with the first report.
 * Every report is kept and reaches the moderators' queue; it counts toward the automatic hold by
 * its reporter's standing (REPORTER_STANDINGS, decision 008): open reports made since the ad's
 * `reports_count_from`, the heaviest one per network, must add up to REPORT_HOLD_RULES.weightToHold.
 * The report and the hold are one batch (one transaction), so the report that reaches the weight
 * holds the ad whichever request lands last.
 */
export const reportListing = async (env: Env, reporterId: string, listingId: string, input: { reason: ReportReason; details?: string | undefined }, ip: string) => {
  if (isSharded(env)) return reportShardedListing(env, reporterId, listingId, input, ip);
  // the ad and everything the reporter's standing is decided from, in one round trip
  const ctx = await withPaidPlan(
    env,
    reporterId,
    usersWithAccounts(env)
      ? reportContextApart(env, reporterId, listingId)
      : env.DB.prepare(
          `SELECT l.id, l.user_id, l.status, u.phone_verified, u.created_at AS u_created_at,
       ${reporterColumns(env)}
     FROM users u LEFT JOIN listings l ON l.id = ?2 WHERE u.id = ?1`,
        )
          .bind(reporterId, listingId.toLowerCase())
          .first<ReportContext>(),
  );
  if (!ctx?.id) throw notFound(LISTING_NOT_FOUND, 'LISTING_NOT_FOUND');
  const { now, standing, weight, network, id } = await weighReport(env, reporterId, ctx, ctx, ip);
  const [inserted, held] = await env.DB.batch([
    env.DB.prepare(
      `INSERT OR IGNORE INTO listing_reports (id, listing_id, reporter_id, reason, details, status, weight, standing, network, created_at) VALUES (?, ?, ?, ?, ?, 'OPEN', ?, ?, ?, ?)`,
    ).bind(id, ctx.id, reporterId, input.reason, input.details || null, weight, standing, network, now),
    // only a report that counts can tip the ad over, so a weightless one never runs the sum
    env.DB.prepare(
      `UPDATE listings SET status = 'PENDING', held_reason = 'REPORTED', held_at = ?1, updated_at = max(?1, updated_at + 1)
       WHERE id = ?2 AND status = 'APPROVED' AND changes() > 0 AND ?4 > 0
         AND (SELECT coalesce(sum(w), 0) FROM (
               SELECT max(weight) AS w FROM listing_reports
               WHERE listing_id = ?2 AND status = 'OPEN' AND weight > 0
                 AND created_at >= coalesce((SELECT reports_count_from FROM listings WHERE id = ?2), 0)
               GROUP BY network)) >= ?3`,
    ).bind(now, ctx.id, REPORT_HOLD_RULES.weightToHold, weight),
  ]);
  const created = (inserted?.meta.changes ?? 0) > 0;
  const wasHeld = (held?.meta.changes ?? 0) > 0;
  if (wasHeld) await invalidateListingCaches(env);
  if (created) return { reportId: id, created, held: wasHeld };
  const first = await env.DB.prepare('SELECT id FROM listing_reports WHERE listing_id = ? AND reporter_id = ?').bind(ctx.id, reporterId).first<{ id: string }>();
  return { reportId: first?.id ?? id, created: false, held: false };
};

/**
 * The same with the ads over several databases (decision 033): the reports are the core's, the ad is
 * its own database's, so one transaction cannot hold both. Three round trips: the reporter (core)
 * and the ad (its database) side by side; the report with the weight it brings the ad to, in one
 * core batch (so whichever report lands last sees every one before it); then, when that weight
 * holds the ad, the hold in the ad's database. A hold that fails leaves the report in the
 * moderators' queue and the ad as it was: nothing half done for a buyer to see.
 *
 * An ad moved into another group of states (decision 033, "Moving to another group") is reported
 * where it is now, whichever id the buyer's screen has:
 * - by its old id after the move: the move is followed (only when the id is not found);
 * - by its new id while the move's last step has not run (a read through the old id gives that id):
 *   the copy is the ad if its move committed (with the status it takes), else it is not the ad (404);
 * - read at the old id before the move but written after the core's rows followed the ad: the core
 *   keeps a note of each move (`listing_moves`, written with the re-pointing), and the report's
 *   statements resolve the id through it, so the report joins the ad's others;
 * - a hold due while the ad's copy is still hidden marks the copy (`held_reason` REPORTED), and the
 *   move's last step puts it in the moderators' queue instead of live (`finishMove`); a hold that
 *   finds the old row gone follows the move and holds the ad there.
 */
const reportShardedListing = async (env: Env, reporterId: string, listingId: string, input: { reason: ReportReason; details?: string | undefined }, ip: string) => {
  type AdRow = { id: string; user_id: string; status: string; reports_count_from: number | null };
  const read = (id: string) =>
    listingDbForId(env, id).prepare('SELECT id, user_id, status, reports_count_from FROM listings WHERE id = ?').bind(id.toLowerCase()).first<AdRow>();
  const [reporter, found] = await Promise.all([withPaidPlan(env, reporterId, reporterFacts(env, reporterId)), read(listingId)]);
  // a hidden copy stands for the ad with the status its move gives it; the ids that name the ad are
  // remembered so a reporter who reported it by another of them is not counted twice
  const names = new Set([listingId.toLowerCase()]);
  const asMoved = (row: AdRow | null, move: MoveRecord | null): AdRow | undefined => {
    if (!row || !move) return undefined;
    names.add(move.old_id).add(move.new_id);
    return row.status === MOVING ? { ...row, status: move.status } : row;
  };
  const ad = !found
    ? await followMoves(env, listingId, async (at, move) => asMoved(await read(at), move))
    : found.status === MOVING
      ? asMoved(found, await moveInto(env, found.id))
      : found;
  if (!ad) throw notFound(LISTING_NOT_FOUND, 'LISTING_NOT_FOUND');
  const { now, standing, weight, network, id } = await weighReport(env, reporterId, ad, reporter ?? undefined, ip);
  // the ad's present id as the core knows it: its note of a move that re-pointed the core's rows
  // after the ad was read here (null with no move: the id read)
  const present = `coalesce((SELECT new_id FROM listing_moves WHERE old_id = ?2), ?2)`;
  const [inserted, sum] = await env.DB.batch<{ total: number; listing_id: string }>([
    env.DB.prepare(
      `INSERT OR IGNORE INTO listing_reports (id, listing_id, reporter_id, reason, details, status, weight, standing, network, created_at)
       SELECT ?1, ${present}, ?3, ?4, ?5, 'OPEN', ?6, ?7, ?8, ?9
       WHERE NOT EXISTS (SELECT 1 FROM listing_reports WHERE reporter_id = ?3 AND listing_id IN (SELECT value FROM json_each(?10)))`,
    ).bind(id, ad.id, reporterId, input.reason, input.details || null, weight, standing, network, now, JSON.stringify([...names])),
    env.DB.prepare(
      `SELECT ${present} AS listing_id, (SELECT coalesce(sum(w), 0) FROM (
         SELECT max(weight) AS w FROM listing_reports WHERE listing_id = ${present} AND status = 'OPEN' AND weight > 0 AND created_at >= ?1 GROUP BY network)) AS total`,
    ).bind(ad.reports_count_from ?? 0, ad.id),
  ]);
  const created = (inserted?.meta.changes ?? 0) > 0;
  const at = sum?.results[0]?.listing_id ?? ad.id;
  // only a report that counts can tip the ad over
  let wasHeld = false;
  if (created && weight > 0 && (sum?.results[0]?.total ?? 0) >= REPORT_HOLD_RULES.weightToHold) {
    wasHeld = await holdReported(env, at, now);
    // the old row went after the ad was read: the hold follows the move (only then: one read more)
    if (!wasHeld) {
      const movedTo = await lastMovedId(env, at);
      if (movedTo) wasHeld = await holdReported(env, movedTo, now);
    }
  }
  if (wasHeld) await invalidateListingCaches(env);
  if (created) return { reportId: id, created, held: wasHeld };
  const first = await env.DB.prepare('SELECT id FROM listing_reports WHERE listing_id IN (SELECT value FROM json_each(?)) AND reporter_id = ? ORDER BY created_at LIMIT 1')
    .bind(JSON.stringify([...names, at]), reporterId)
    .first<{ id: string }>();
  return { reportId: first?.id ?? id, created: false, held: false };
};

/**
 * The reports' hold in the ad's database: a live ad goes to the moderators (PENDING, REPORTED); the
 * hidden copy of an ad being moved is marked, and the move's last step holds it instead of putting it
 * live. One transaction, so whichever the row is when it lands, one of the two applies.
 */
const holdReported = async (env: Env, id: string, now: number) => {
  const home = listingDbForId(env, id);
  const [held, marked] = await home.batch([
    home
      .prepare(`UPDATE listings SET status = 'PENDING', held_reason = 'REPORTED', held_at = ?1, updated_at = max(?1, updated_at + 1) WHERE id = ?2 AND status = 'APPROVED'`)
      .bind(now, id),
    home.prepare(`UPDATE listings SET held_reason = 'REPORTED', held_at = ?1 WHERE id = ?2 AND status = '${MOVING}' AND held_reason IS NULL`).bind(now, id),
  ]);
  return (held?.meta.changes ?? 0) + (marked?.meta.changes ?? 0) > 0;
};

// ---------------------------------------------------------------- blocks

const userExists = async (env: Env, userId: string) =>
  usersDbFor(env, userId).prepare(`SELECT id FROM users WHERE id = ? AND status <> 'DELETED'`).bind(userId).first<{ id: string }>();

/**
 * Idempotent: blocking twice is one block. A block lives in the blocker's accounts database
 * (decision 034): "did B block A" reads B's.
 */
export const blockUser = async (env: Env, blockerId: string, blockedId: string) => {
  if (blockerId === blockedId) throw badRequest('You cannot block yourself', 'CANNOT_BLOCK_SELF');
  if (!(await userExists(env, blockedId))) throw notFound('No such user', 'USER_NOT_FOUND');
  await accountsDbForUser(env, blockerId).prepare('INSERT OR IGNORE INTO user_blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)').bind(blockerId, blockedId, Date.now()).run();
  return { userId: blockedId, blocked: true };
};

export const unblockUser = async (env: Env, blockerId: string, blockedId: string) => {
  if (blockerId === blockedId) throw badRequest('You cannot block yourself', 'CANNOT_BLOCK_SELF');
  const res = await accountsDbForUser(env, blockerId).prepare('DELETE FROM user_blocks WHERE blocker_id = ? AND blocked_id = ?').bind(blockerId, blockedId).run();
  if (res.meta.changes === 0 && !(await userExists(env, blockedId))) throw notFound('No such user', 'USER_NOT_FOUND');
  return { userId: blockedId, blocked: false };
};

/** Most blocks the list shows. */
const BLOCKED_LISTED = 500;

type BlockedRow = { id: string; first_name: string; last_name: string; avatar: string | null; created_at: number };

export const listBlocked = async (env: Env, blockerId: string) => {
  const results = accountsSplit(env)
    ? await listBlockedApart(env, blockerId)
    : (
        await env.DB.prepare(
          `SELECT u.id, u.first_name, u.last_name, u.avatar, b.created_at FROM user_blocks b JOIN users u ON u.id = b.blocked_id
     WHERE b.blocker_id = ? ORDER BY b.created_at DESC LIMIT ${BLOCKED_LISTED}`,
        )
          .bind(blockerId)
          .all<BlockedRow>()
      ).results;
  return results.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, avatar: r.avatar, blockedAt: new Date(r.created_at).toISOString() }));
};

/**
 * With several accounts databases the blocks (the blocker's database) cannot join the names (where
 * `users` lives) in SQL: the blocks first, then their names through the grouped reader (two round trips). A block
 * whose user row is missing is left out, as the join left it out.
 */
const listBlockedApart = async (env: Env, blockerId: string): Promise<BlockedRow[]> => {
  const { results: blocks } = await accountsDbForUser(env, blockerId)
    .prepare(`SELECT blocked_id, created_at FROM user_blocks WHERE blocker_id = ? ORDER BY created_at DESC LIMIT ${BLOCKED_LISTED}`)
    .bind(blockerId)
    .all<{ blocked_id: string; created_at: number }>();
  if (!blocks.length) return [];
  const users = await readUsers<Omit<BlockedRow, 'created_at'>>(env, blocks.map((b) => b.blocked_id), ['first_name', 'last_name', 'avatar']);
  return blocks.flatMap((b) => {
    const u = users.get(b.blocked_id);
    return u ? [{ ...u, created_at: b.created_at }] : [];
  });
};

/**
 * Which of two users blocked the other (none, either or both). With several accounts databases each
 * direction is in its blocker's database: both asked side by side (one wait, as with one database).
 */
export const blockersBetween = async (env: Env, a: string, b: string): Promise<string[]> => {
  if (!accountsSplit(env)) {
    const { results } = await env.DB.prepare('SELECT blocker_id FROM user_blocks WHERE (blocker_id = ?1 AND blocked_id = ?2) OR (blocker_id = ?2 AND blocked_id = ?1)')
      .bind(a, b)
      .all<{ blocker_id: string }>();
    return results.map((r) => r.blocker_id);
  }
  const asked = await Promise.all(
    [
      [a, b],
      [b, a],
    ].map(([blocker, blocked]) => accountsDbForUser(env, blocker!).prepare('SELECT 1 FROM user_blocks WHERE blocker_id = ? AND blocked_id = ?').bind(blocker, blocked).first()),
  );
  return [a, b].filter((_, i) => asked[i]);
};

/** Who blocked whom between two users (either direction), for chats. */
export const blockBetween = async (env: Env, senderId: string, recipientId: string): Promise<'BY_RECIPIENT' | 'BY_SENDER' | null> => {
  const blockers = await blockersBetween(env, recipientId, senderId);
  if (blockers.includes(recipientId)) return 'BY_RECIPIENT';
  return blockers.length ? 'BY_SENDER' : null;
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
  Boolean(await accountsDbForUser(env, blockerId).prepare('SELECT 1 FROM user_blocks WHERE blocker_id = ? AND blocked_id = ?').bind(blockerId, userId).first());
