import { z } from 'zod';
import { queryInt } from './common';

export const MAX_MESSAGE_LENGTH = 2000;

export const messageSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  seq: z.number().int(),
  senderId: z.string(),
  content: z.string(),
  messageType: z.string(),
  clientId: z.string().nullable(),
  /** a safety banner for the recipient when the text looks like a known payment scam */
  warning: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof messageSchema>;

const person = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), avatar: z.string().nullable(), isPremium: z.boolean() });

export const chatSchema = z.object({
  id: z.string(),
  buyerId: z.string(),
  sellerId: z.string(),
  buyer: person,
  seller: person,
  listing: z.object({ id: z.string(), title: z.string(), price: z.number(), currency: z.string(), slug: z.string(), image: z.string().nullable(), status: z.string() }).nullable(),
  lastMessage: z.string().nullable(),
  lastMessageAt: z.string().nullable(),
  lastSeq: z.number().int(),
  unreadCount: z.number().int(),
  otherLastReadSeq: z.number().int(),
  isStarred: z.boolean(),
  createdAt: z.string(),
});
export type Chat = z.infer<typeof chatSchema>;

export const chatsQuery = z.object({
  page: queryInt('page', { min: 1, max: 10_000, fallback: 1 }),
  limit: queryInt('limit', { min: 1, max: 100, fallback: 20 }),
});

export const messagesQuery = z.object({
  page: queryInt('page', { min: 1, max: 100_000, fallback: 1 }),
  limit: queryInt('limit', { min: 1, max: 200, fallback: 50 }),
  /** resync cursor: only messages with a larger sequence number, oldest first */
  after: z.preprocess((v) => (v === '' || v === undefined ? undefined : v), z.coerce.number({ error: 'after must be a number' }).int().min(0, 'after must be at least 0').optional()),
});

export const sendMessageBody = z.object({
  chatId: z.string({ error: 'chatId is required' }).min(1, 'chatId is required').max(64),
  content: z
    .string({ error: 'Message cannot be empty' })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, 'Message cannot be empty').max(MAX_MESSAGE_LENGTH, `Messages can be at most ${MAX_MESSAGE_LENGTH} characters`)),
  messageType: z.enum(['TEXT', 'OFFER'], { error: 'messageType must be TEXT or OFFER' }).default('TEXT'),
  clientId: z.string().trim().min(1).max(64, 'clientId is too long').optional(),
});

export const startChatBody = z.object({ listingId: z.string({ error: 'listingId is required' }).trim().min(1, 'listingId is required').max(64) });
export const starBody = z.object({ starred: z.boolean({ error: 'starred must be true or false' }) });

export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuery = z.object({
  page: queryInt('page', { min: 1, max: 10_000, fallback: 1 }),
  limit: queryInt('limit', { min: 1, max: 100, fallback: 20 }),
  type: z.preprocess(
    (v) => (typeof v === 'string' && v ? v.toUpperCase() : undefined),
    z.enum(['MESSAGE', 'FAVORITE', 'LISTING_STATUS', 'PREMIUM', 'SYSTEM'], { error: 'type must be MESSAGE, FAVORITE, LISTING_STATUS, PREMIUM or SYSTEM' }).optional(),
  ),
});

export const unreadCountSchema = z.object({ unreadMessages: z.number().int(), unreadNotifications: z.number().int(), total: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** Server → client socket events. */
export type ChatEventType =
  | 'new_message'
  | 'user_typing'
  | 'read'
  | 'chat_read'
  | 'ack'
  | 'nack'
  | 'sync'
  | 'synced'
  | 'error'
  | 'notification'
  | 'notification_read'
  | 'unread_count'
  | 'chat_updated';
export const chatEvent = <T extends Record<string, unknown>>(type: ChatEventType, payload: T) => ({ type, ...payload });

/** Client → server socket events. */
const clientEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('typing_start') }),
  z.object({ type: z.literal('typing_stop') }),
  z.object({ type: z.literal('read'), seq: z.number().int().min(0).optional() }),
  z.object({ type: z.literal('sync'), after: z.number().int().min(0) }),
  z.object({
    type: z.literal('send'),
    clientId: z.string().min(1).max(64),
    content: z.string().trim().min(1).max(MAX_MESSAGE_LENGTH),
  }),
]);
export type ClientEvent = z.infer<typeof clientEvent>;

export const parseClientEvent = (raw: string): ClientEvent | null => {
  if (raw.length > MAX_MESSAGE_LENGTH * 4) return null;
  try {
    const parsed = clientEvent.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};
