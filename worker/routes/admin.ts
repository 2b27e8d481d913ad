import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { currentUser, requireRole } from '../lib/auth';
import { docs } from '../lib/openapi';
import { validate } from '../lib/validate';
import { adminUserSchema, auditPage, auditQuery, banBody, banResult, decisionBody, moderationPage, moderationQuery, userLookupQuery } from '../schemas/trust';
import { auditLog, banUser, decide, lookupUsers, moderationQueue, unbanUser } from '../services/trust/admin';
import { readHeldChat } from '../services/chat/chat-retention';
import { messageSchema } from '../schemas/chat';
import { heldChatQuery } from '../schemas/trust';

const idParam = z.object({ id: z.string().trim().min(1, 'id is required').max(64, 'id is too long') });
const origin = (url: string) => new URL(url).origin;
const ROLE_NOTE = 'Moderators and admins only: 401 signed out, 403 for other accounts (the role is read from the database on every request).';

/** The moderation console's API. Everything here is for MODERATOR and ADMIN accounts. */
export const adminRoutes = new Hono<AppEnv>()
  // the two pure reads start their first read beside the role check (decision 022's budget of 2)
  .use('/moderation', requireRole(undefined, { readBesideCheck: true }))
  .use('/audit', requireRole(undefined, { readBesideCheck: true }))
  .use('/users', requireRole(undefined, { readBesideCheck: true }))
  .use(requireRole())
  .get(
    '/moderation',
    docs({
      tags: ['Moderation'],
      summary: 'The moderation queue: held ads and ads with open reports (open), or decided ones (closed)',
      description: `Open: held ads first (oldest hold first), then live ads with open reports. Each item has the reports (reason, details, when, the reporter's standing and weight toward the automatic hold, and a number per network so reports from one connection can be told apart), the hold's summed weight against the weight that holds and the end of any pause after a moderator kept the ad, counts per reason, the seller's history and, for duplicate-photo holds, the matching ads. ${ROLE_NOTE}`,
      data: moderationPage,
      auth: true,
      errors: [400, 401, 403],
    }),
    validate('query', moderationQuery),
    async (c) => c.json({ success: true as const, data: await moderationQueue(c.env, origin(c.req.url), c.req.valid('query'), c.get('roleChecked')) }),
  )
  .post(
    '/listings/:id/decision',
    docs({
      tags: ['Moderation'],
      summary: 'Approve or reject an ad in the queue, with a reason (audited)',
      description: `APPROVE restores a held ad and closes its reports (on a live ad it dismisses them); the reports are recorded as dismissed, and reports made in the next 30 days do not hold the ad again (an edit by its owner ends the pause). REJECT records them as upheld. REJECT sets REJECTED with the reason as rejectReason, which the owner sees in My Ads, and notifies the owner. 409 when there is nothing to decide or the seller is banned (REJECTION_NOT_RECORDED, listings over several databases: a rejection whose record was not written, which only REJECT records); 403 OWN_LISTING on the moderator's own ad (another moderator decides). ${ROLE_NOTE}`,
      data: z.object({ listingId: z.string(), status: z.string(), rejectReason: z.string().nullable() }),
      auth: true,
      errors: [400, 401, 403, 404, 409],
    }),
    validate('param', idParam),
    validate('json', decisionBody),
    async (c) => c.json({ success: true as const, data: await decide(c.env, currentUser(c).id, c.req.valid('param').id, c.req.valid('json')) }),
  )
  .get(
    '/users',
    docs({ tags: ['Moderation'], summary: 'Find an account by exact e-mail, mobile number or user id', data: z.object({ users: z.array(adminUserSchema) }), auth: true, errors: [400, 401, 403] }),
    validate('query', userLookupQuery),
    async (c) => c.json({ success: true as const, data: await lookupUsers(c.env, c.req.valid('query').q, c.get('roleChecked')) }),
  )
  .post(
    '/users/:id/ban',
    docs({
      tags: ['Moderation'],
      summary: 'Ban an account (audited; banning twice changes nothing)',
      description: `Its tokens die at once, its live ads leave search (held with heldReason ACCOUNT_BANNED), sign-in answers 403 ACCOUNT_BANNED. Staff accounts cannot be banned (403). ${ROLE_NOTE}`,
      data: banResult,
      auth: true,
      errors: [400, 401, 403, 404, 409],
    }),
    validate('param', idParam),
    validate('json', banBody),
    async (c) => c.json({ success: true as const, data: await banUser(c.env, currentUser(c).id, c.req.valid('param').id, c.req.valid('json').reason) }),
  )
  .delete(
    '/users/:id/ban',
    docs({
      tags: ['Moderation'],
      summary: 'Lift a ban (audited): the account signs in again and the ads the ban held go live',
      data: banResult,
      auth: true,
      errors: [400, 401, 403, 404, 409],
    }),
    validate('param', idParam),
    validate('json', banBody),
    async (c) => c.json({ success: true as const, data: await unbanUser(c.env, currentUser(c).id, c.req.valid('param').id, c.req.valid('json').reason) }),
  )
  .get(
    '/chats/:id/messages',
    docs({
      tags: ['Moderation'],
      summary: 'Read an ended conversation while a report about its ad is open (audited)',
      description: `A conversation leaves D1 with its archived ad; its messages stay in its chat room for 180 days and longer while a report about the ad is open. While such a report is open, moderators read it here, page 1 the newest messages (oldest first within a page); each read is written to the audit log (READ_CHAT). 404 ARCHIVED_CHAT_NOT_FOUND for a conversation that never was or is still live; 403 CHAT_NOT_HELD when no report on its ad is open; 410 CHAT_MESSAGES_REMOVED once its messages were removed. ${ROLE_NOTE}`,
      data: z.object({
        chatId: z.string(),
        listingId: z.string(),
        buyerId: z.string(),
        sellerId: z.string(),
        archivedAt: z.string(),
        messages: z.array(messageSchema),
        pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() }),
      }),
      auth: true,
      errors: [400, 401, 403, 404, 410],
    }),
    validate('param', idParam),
    validate('query', heldChatQuery),
    async (c) => c.json({ success: true as const, data: await readHeldChat(c.env, currentUser(c).id, c.req.valid('param').id, c.req.valid('query')) }),
  )
  .get(
    '/audit',
    docs({ tags: ['Moderation'], summary: 'The audit log: every moderator action (who, what, which, why, when), newest first; append-only', data: auditPage, auth: true, errors: [400, 401, 403] }),
    validate('query', auditQuery),
    async (c) => c.json({ success: true as const, data: await auditLog(c.env, c.req.valid('query'), c.get('roleChecked')) }),
  );
