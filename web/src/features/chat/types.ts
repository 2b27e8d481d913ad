import type { Chat, ChatMessage, Notification, UnreadCount } from '../../../../worker/schemas/chat';

export type { Chat, ChatMessage, Notification, UnreadCount };

export type ChatPerson = Chat['buyer'];

/** State of a realtime socket (inbox or chat room) as the UI shows it. */
export type RealtimeStatus = 'connecting' | 'connected' | 'closed';

/** GET .../messages adds the sender's name; socket events don't (the chat itself names both members). */
export type ServerMessage = ChatMessage & { sender?: { firstName: string; lastName: string } };

/**
 * A message as the screen holds it. Confirmed messages carry the server's id and `seq`; a message
 * still on its way exists only here, keyed by its clientId, until the server's copy replaces it.
 */
/** `queued`: written offline, kept on the phone and sent when the network is back (features/chat/outbox.ts). */
export type DeliveryStatus = 'sent' | 'sending' | 'queued' | 'failed';
/** `final`: a failure no retry can fix (a block), so no Retry is offered */
export type LocalMessage = ServerMessage & { status: DeliveryStatus; error?: string; final?: boolean };

export type MessageType = 'TEXT' | 'OFFER';

export interface ChatsPage {
  chats: Chat[];
  pagination: { page: number; limit: number; total: number; pages: number };
}

export interface MessagesPage {
  messages: ServerMessage[];
  pagination: { page: number; limit: number; total: number; pages: number };
  lastSeq: number;
}

export interface NotificationsPage {
  notifications: Notification[];
  pagination: { page: number; limit: number; total: number; pages: number };
}

/** What the chat room sends (durable-objects/chat-room.ts). */
export type RoomEvent =
  | { type: 'new_message'; message: ServerMessage }
  | { type: 'user_typing'; userId: string; chatId: string; isTyping: boolean }
  | { type: 'read'; userId: string; chatId: string; seq: number }
  | { type: 'ack'; clientId: string; message: ServerMessage }
  | { type: 'nack'; clientId: string; error: string; code?: string }
  | { type: 'sync'; messages: ServerMessage[] }
  | { type: 'synced'; chatId: string; seq: number }
  | { type: 'error'; message: string };

/** What the user's inbox sends (durable-objects/user-inbox.ts). */
export type InboxEvent =
  | ({ type: 'unread_count' } & UnreadCount)
  | { type: 'chat_updated'; chatId: string; lastMessage: string; lastMessageAt: string; lastSeq: number; senderId: string }
  | { type: 'notification'; notification: Notification }
  | { type: 'notification_read'; id?: string; all?: boolean };

export type ChatUpdate = Extract<InboxEvent, { type: 'chat_updated' }>;
