import type { ChatMessage } from '../../schemas/chat';

/** A chat message as stored in D1 (written by the chat room, read by the chat service). */
export interface MessageRow {
  id: string;
  chat_id: string;
  seq: number;
  sender_id: string;
  content: string;
  message_type: string;
  client_id: string | null;
  warning: string | null;
  created_at: number;
}

export const toMessage = (r: MessageRow): ChatMessage => ({
  id: r.id,
  chatId: r.chat_id,
  seq: r.seq,
  senderId: r.sender_id,
  content: r.content,
  messageType: r.message_type,
  clientId: r.client_id,
  warning: r.warning,
  createdAt: new Date(r.created_at).toISOString(),
});
