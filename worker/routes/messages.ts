import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { currentUser, requireAuth } from '../lib/auth';
import { docs } from '../lib/openapi';
import { validate } from '../lib/validate';
import { pagination } from '../schemas/common';
import { chatSchema, chatsQuery, messageSchema, messagesQuery, sendMessageBody, starBody, startChatBody } from '../schemas/chat';
import { getChat, getOrCreateChat, listChats, listMessages, markChatRead, sendMessage, starChat } from '../services/chat/chat';

const chatParam = z.object({ id: z.string().trim().min(1).max(64, 'id is too long') });
const origin = (url: string) => new URL(url).origin;
const messageWithSender = messageSchema.extend({ sender: z.object({ firstName: z.string(), lastName: z.string() }) });

/** Chats between a buyer and a seller about one ad. Realtime delivery: /parties/chat-room/{chatId}. */
export const messageRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    '/chats',
    docs({ tags: ['Chat'], summary: 'My conversations, latest first', data: z.object({ chats: z.array(chatSchema), pagination }), auth: true, errors: [400, 401] }),
    validate('query', chatsQuery),
    async (c) => c.json({ success: true as const, data: await listChats(c.env, currentUser(c).id, c.req.valid('query'), origin(c.req.url)) }),
  )
  .post(
    '/chats',
    docs({
      tags: ['Chat'],
      summary: 'Get or create the conversation about a listing (the caller is the buyer)',
      data: z.object({ chat: chatSchema, created: z.boolean() }),
      auth: true,
      errors: [400, 401, 404, 409],
    }),
    validate('json', startChatBody),
    async (c) => {
      const result = await getOrCreateChat(c.env, currentUser(c).id, c.req.valid('json').listingId, origin(c.req.url));
      return c.json({ success: true as const, data: result }, result.created ? 201 : 200);
    },
  )
  .get(
    '/chats/:id',
    docs({ tags: ['Chat'], summary: 'One conversation (members only; 410 CHAT_ARCHIVED: it left with its archived ad)', data: chatSchema, auth: true, errors: [401, 403, 404, 410] }),
    validate('param', chatParam),
    async (c) => c.json({ success: true as const, data: await getChat(c.env, currentUser(c).id, c.req.valid('param').id, origin(c.req.url)) }),
  )
  .get(
    '/chats/:id/messages',
    docs({
      tags: ['Chat'],
      summary: 'Messages: page 1 is the newest; `after` returns everything after a sequence number (resync)',
      data: z.object({ messages: z.array(messageWithSender), pagination, lastSeq: z.number() }),
      auth: true,
      errors: [400, 401, 403, 404, 410],
    }),
    validate('param', chatParam),
    validate('query', messagesQuery),
    async (c) => c.json({ success: true as const, data: await listMessages(c.env, currentUser(c).id, c.req.valid('param').id, c.req.valid('query')) }),
  )
  .put(
    '/chats/:id/read',
    docs({ tags: ['Chat'], summary: 'Mark the conversation read', data: z.object({ lastReadSeq: z.number() }), auth: true, errors: [401, 403, 404, 410] }),
    validate('param', chatParam),
    async (c) => c.json({ success: true as const, data: await markChatRead(c.env, currentUser(c).id, c.req.valid('param').id) }),
  )
  .put(
    '/chats/:id/star',
    docs({ tags: ['Chat'], summary: 'Mark the conversation important (the Important filter)', data: z.object({ isStarred: z.boolean() }), auth: true, errors: [400, 401, 403, 404, 410] }),
    validate('param', chatParam),
    validate('json', starBody),
    async (c) => c.json({ success: true as const, data: await starChat(c.env, currentUser(c).id, c.req.valid('param').id, c.req.valid('json').starred) }),
  )
  .post(
    '/messages',
    docs({
      tags: ['Chat'],
      summary: 'Send a message; idempotent on clientId (a retry never duplicates)',
      description: 'Answers once the message is stored with its sequence number. Plain text up to 2,000 characters. A message that looks like a payment scam carries a `warning`.',
      data: z.object({ message: messageSchema, duplicate: z.boolean() }),
      auth: true,
      errors: [400, 401, 403, 404, 409, 410, 429],
    }),
    validate('json', sendMessageBody),
    async (c) => {
      const result = await sendMessage(c.env, currentUser(c).id, c.req.valid('json'));
      return c.json({ success: true as const, data: result }, result.duplicate ? 200 : 201);
    },
  );
