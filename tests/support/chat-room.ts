import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { accountsDbForUser, accountsSplit } from '../../worker/db/accounts';
import type { ChatMessage } from '../../worker/schemas/chat';

/**
 * A conversation's messages as its room holds them (decision 031: the messages live in the room,
 * not in D1), read through the room's own history call, oldest first.
 */
export const roomMessages = async (chatId: string): Promise<ChatMessage[]> => {
  const room = env.ChatRoom.get(env.ChatRoom.idFromName(chatId));
  const all: ChatMessage[] = [];
  for (let after = 0; ; ) {
    const { messages } = await room.history({ page: 1, limit: 500, after });
    all.push(...messages);
    if (messages.length < 500) return all;
    after = messages[messages.length - 1]!.seq;
  }
};

/** As D1 rows were read before: snake_case columns. */
export const roomRows = async (chatId: string) =>
  (await roomMessages(chatId)).map((m) => ({ id: m.id, chat_id: m.chatId, seq: m.seq, sender_id: m.senderId, content: m.content, message_type: m.messageType, client_id: m.clientId, warning: m.warning, created_at: Date.parse(m.createdAt) }));

/** Message rows D1 holds for a conversation: none are written since the rooms keep them. */
export const d1MessageRows = async (chatId: string) => (await env.DB.prepare('SELECT count(*) AS n FROM messages WHERE chat_id = ?').bind(chatId).first<{ n: number }>())?.n ?? 0;

/**
 * Waits until a newly opened conversation's two chat list rows exist (with several accounts
 * databases): the open writes them just after its answer, and a block or a logout finds the member's
 * conversations from those rows, so a test acting on a conversation "already there" waits for them.
 */
export const memberRowsWritten = async (chatId: string, ...userIds: string[]) => {
  if (!accountsSplit(env)) return;
  const present = async () =>
    (
      await Promise.all(
        userIds.map((u) => accountsDbForUser(env, u).prepare('SELECT 1 AS one FROM chat_members WHERE user_id = ? AND chat_id = ?').bind(u, chatId).first()),
      )
    ).every(Boolean);
  await expect.poll(present, { timeout: 3000, interval: 20 }).toBe(true);
};
