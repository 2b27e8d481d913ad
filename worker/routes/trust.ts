import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { currentUser, requireAuth } from '../lib/auth';
import { docs } from '../lib/openapi';
import { LIMITS, enforce } from '../lib/rate-limit';
import { clientIp } from '../lib/request';
import { validate } from '../lib/validate';
import { REPORT_HOLD_RULES as R, blockResult, blockedUserSchema, reportBody, reportResult } from '../schemas/trust';
import { chatsBetween, roomsChanged } from '../services/chat/chat';
import { blockUser, listBlocked, reportListing, unblockUser } from '../services/trust/trust';

const idParam = z.object({ id: z.string().trim().min(1, 'id is required').max(64, 'id is too long') });

/** POST /listings/{id}/report (mounted beside the listings sub-app). */
export const reportRoutes = new Hono<AppEnv>().post(
  '/:id/report',
  docs({
    tags: ['Trust and safety'],
    summary: 'Report an ad (one report per account per ad; a repeat changes nothing)',
    description:
      `Reasons: FRAUD, SPAM, DUPLICATE, WRONG_CATEGORY, PROHIBITED, OFFENSIVE, SOLD, OTHER; details up to 1,000 characters. Every report goes to the moderators. Reports hold the ad automatically (status PENDING, heldReason REPORTED; it leaves search, related ads and the sitemap and is 404 for everyone but its owner) only when they come from reporters with a verified phone and an account at least ${R.minAccountAgeDays} days old (or an upheld report or a paid order), on different networks (one IPv4 address or IPv6 /64 counts once), adding up to weight ${R.weightToHold} (a reporter with a record of upheld reports weighs 2); for ${R.pauseAfterKeptDays} days after a moderator keeps an ad, reports do not hold it again. 201 for a new report, 200 for a repeat. Your own ad is 400; a missing or held ad is 404.`,
    data: reportResult,
    auth: true,
    errors: [400, 401, 404, 429],
  }),
  requireAuth,
  validate('param', idParam),
  validate('json', reportBody),
  async (c) => {
    const me = currentUser(c).id;
    await enforce(c.env, LIMITS.reportsPerUser, me);
    const result = await reportListing(c.env, me, c.req.valid('param').id, c.req.valid('json'), clientIp(c));
    return c.json({ success: true as const, data: result }, result.created ? 201 : 200);
  },
);

/** Blocking other users: /users/blocked, /users/{id}/block. */
export const userRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    '/blocked',
    docs({ tags: ['Trust and safety'], summary: 'The users I blocked, latest first', data: z.object({ users: z.array(blockedUserSchema) }), auth: true, errors: [401] }),
    async (c) => c.json({ success: true as const, data: { users: await listBlocked(c.env, currentUser(c).id) } }),
  )
  .post(
    '/:id/block',
    docs({
      tags: ['Trust and safety'],
      summary: 'Block a user (idempotent)',
      description: 'A blocked user can neither start a chat about your ads nor send in an existing chat (403 BLOCKED, over REST and the WebSocket), and creates no notifications for you. You cannot message them either until you unblock.',
      data: blockResult,
      auth: true,
      errors: [400, 401, 404],
    }),
    validate('param', idParam),
    async (c) => {
      // the rooms the two share are looked up beside the block (one wait less) and told only after it
      // is written: their open chat rooms refuse the next send at once
      const [data, chats] = await Promise.all([
        blockUser(c.env, currentUser(c).id, c.req.valid('param').id),
        chatsBetween(c.env, currentUser(c).id, c.req.valid('param').id),
      ]);
      await roomsChanged(c.env, chats);
      return c.json({ success: true as const, data });
    },
  )
  .delete(
    '/:id/block',
    docs({ tags: ['Trust and safety'], summary: 'Unblock a user (idempotent)', data: blockResult, auth: true, errors: [400, 401, 404] }),
    validate('param', idParam),
    async (c) => {
      const [data, chats] = await Promise.all([
        unblockUser(c.env, currentUser(c).id, c.req.valid('param').id),
        chatsBetween(c.env, currentUser(c).id, c.req.valid('param').id),
      ]);
      await roomsChanged(c.env, chats);
      return c.json({ success: true as const, data });
    },
  );
