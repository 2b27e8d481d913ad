import { ulid } from '../worker/lib/ulid';
import type { ChatSendInput } from '../worker/durable-object-contracts';
import type { Env } from '../worker/env';
import { AppError } from '../worker/lib/errors';
import type { ChatMessage } from '../worker/schemas/chat';
import { toMessage, type MessageRow } from '../worker/services/chat-messages';
import { scamWarning } from '../worker/services/chat-safety';
import { BLOCKED_BY_RECIPIENT, BLOCKED_BY_SENDER, blockBetween } from '../worker/services/trust';

/** Most messages one D1 batch carries (one statement each); more wait for the next batch. */
export const MAX_GROUP = 50;

export interface ChatRow {
  id: string;
  buyer_id: string;
  seller_id: string;
  last_seq: number;
}

export interface Committed {
  message: ChatMessage;
  duplicate: boolean;
}

/** What one group commit did: per send (in order) its message or why it was refused. */
export interface GroupOutcome {
  outcomes: (Committed | Error)[];
  /** the chat's last sequence number after the batch */
  lastSeq: number;
  /** recipients with an inbox tab open (`inbox_presence`) when their message was written */
  withInbox: Set<string>;
}

/** The sender's account was blocked, deleted or logged out everywhere since the socket opened. */
export class SessionEnded extends Error {}

export const otherMember = (chat: ChatRow, userId: string) => (userId === chat.buyer_id ? chat.seller_id : chat.buyer_id);

/**
 * Writes a group of sends as one D1 batch (one transaction), in order. Each message takes the next
 * sequence number inside SQL, and only if it goes in: its sender is still active (and, from a
 * socket, its token current), neither member blocked the other, and its clientId is new. A refused
 * or repeated send therefore leaves no gap, and never aborts the others. Everything a send needs
 * afterwards (the new last_seq, whether the recipient has an inbox tab open) is read in the same
 * statement: one per message (a trigger advances the chat), one round trip per group.
 */
export const commitGroup = async (env: Env, chat: ChatRow, inputs: ChatSendInput[], now = Date.now()): Promise<GroupOutcome> => {
  const db = env.DB;
  const drafts: MessageRow[] = inputs.map((input) => ({
    id: `msg_${ulid().toLowerCase()}`,
    chat_id: chat.id,
    seq: 0,
    sender_id: input.senderId,
    content: input.content,
    message_type: input.messageType,
    client_id: input.clientId,
    warning: scamWarning(input.content),
    created_at: now,
  }));
  // one statement per message: the trigger `messages_advance_chat` (migration 0023) moves the chat's
  // last_seq, preview and the sender's read mark in the same statement
  const statements = drafts.map((row, i) =>
    db
      .prepare(
        `INSERT INTO messages (id, chat_id, seq, sender_id, content, message_type, client_id, warning, created_at)
         SELECT ?1, c.id, c.last_seq + 1, ?2, ?3, ?4, ?5, ?6, ?7 FROM chats c
         WHERE c.id = ?8
           AND EXISTS (SELECT 1 FROM users WHERE id = ?2 AND status = 'ACTIVE' AND (?9 IS NULL OR token_version = ?9))
           AND NOT EXISTS (SELECT 1 FROM user_blocks WHERE (blocker_id = ?2 AND blocked_id = ?10) OR (blocker_id = ?10 AND blocked_id = ?2))
         ON CONFLICT (chat_id, sender_id, client_id) DO NOTHING
         RETURNING seq, EXISTS (SELECT 1 FROM inbox_presence WHERE user_id = ?10) AS inbox_open`,
      )
      .bind(row.id, row.sender_id, row.content, row.message_type, row.client_id, row.warning, row.created_at, chat.id, inputs[i]!.socketTokenVersion ?? null, otherMember(chat, row.sender_id)),
  );
  const results = await db.batch(statements);
  const outcomes: (Committed | Error)[] = [];
  let lastSeq = chat.last_seq;
  const withInbox = new Set<string>();
  for (const [i, row] of drafts.entries()) {
    const inserted = results[i]?.results[0] as { seq: number; inbox_open: number } | undefined;
    if (inserted) {
      lastSeq = inserted.seq;
      if (inserted.inbox_open) withInbox.add(otherMember(chat, row.sender_id));
      outcomes.push({ message: toMessage({ ...row, seq: inserted.seq }), duplicate: false });
    } else {
      outcomes.push(await explainRefusal(env, chat, inputs[i]!));
    }
  }
  return { outcomes, lastSeq, withInbox };
};

/** Why a send wrote nothing: a retry of a stored message, an ended session or a block (rare, so read afterwards). */
const explainRefusal = async (env: Env, chat: ChatRow, input: ChatSendInput): Promise<Committed | Error> => {
  if (input.clientId) {
    const existing = await env.DB.prepare('SELECT * FROM messages WHERE chat_id = ? AND sender_id = ? AND client_id = ?')
      .bind(chat.id, input.senderId, input.clientId)
      .first<MessageRow>();
    if (existing) return { message: toMessage(existing), duplicate: true };
  }
  const user = await env.DB.prepare('SELECT status, token_version FROM users WHERE id = ?').bind(input.senderId).first<{ status: string; token_version: number }>();
  if (user?.status !== 'ACTIVE' || (input.socketTokenVersion !== undefined && user.token_version !== input.socketTokenVersion)) return new SessionEnded();
  const block = await blockBetween(env, input.senderId, otherMember(chat, input.senderId));
  if (block) return new AppError(403, 'BLOCKED', block === 'BY_RECIPIENT' ? BLOCKED_BY_RECIPIENT : BLOCKED_BY_SENDER);
  // refused a moment ago, allowed now (a block was just lifted): the sender may simply send again
  return new AppError(409, 'MESSAGE_NOT_SENT', 'Your message was not sent. Please try again.');
};
