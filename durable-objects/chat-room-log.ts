import { ulid } from '../worker/lib/ulid';
import type { ChatSendInput } from '../worker/durable-object-contracts';
import type { Env } from '../worker/env';
import { AppError } from '../worker/lib/errors';
import type { ChatMessage } from '../worker/schemas/chat';
import { toMessage, type MessageRow } from '../worker/services/chat/chat-messages';
import { scamWarning } from '../worker/services/chat/chat-safety';
import { BLOCKED_BY_RECIPIENT, BLOCKED_BY_SENDER } from '../worker/services/trust/trust';

/**
 * The chat room's own log (decision 002, addendum "the room's log"). A message is stored first in
 * the room's SQLite storage — in the object's own process, no round trip — and acknowledged from
 * there; the room then copies what it stored to D1 in batches, where the chat list, unread counts,
 * history and leads read it. Three tables:
 * - `log_pending`: messages stored and not yet copied to D1 (deleted once copied);
 * - `log_client_ids`: (sender, clientId) → seq and id of every message sent with a clientId, so a
 *   retry is answered with the stored message; kept for CLIENT_ID_DAYS;
 * - `log_meta`: the room's last sequence number (the room numbers its messages; D1 follows).
 */

/** Most messages one D1 copy carries. */
export const MAX_COPY = 100;
/** How long a clientId is remembered for retries (the web client retries within minutes). */
export const CLIENT_ID_DAYS = 7;

export interface Committed {
  message: ChatMessage;
  duplicate: boolean;
}

/** The sender's account was blocked, deleted or logged out everywhere since the socket opened. */
export class SessionEnded extends Error {}

/** The conversation's two members as the room last read them from D1, with any block between them. */
export interface Members {
  buyerId: string;
  sellerId: string;
  /** D1's last_seq when read (the room's own counter is never lower) */
  d1LastSeq: number;
  status: Record<string, { active: boolean; tokenVersion: number }>;
  /** who blocked the other (either, both or none) */
  blockers: string[];
  readAt: number;
}

export const otherMember = (m: Pick<Members, 'buyerId' | 'sellerId'>, userId: string) => (userId === m.buyerId ? m.sellerId : m.buyerId);

/** One statement: the chat, both members' status and token version, and any block between them. */
export const membersStatement = (env: Env, chatId: string) =>
  env.DB.prepare(
    `SELECT c.buyer_id, c.seller_id, c.last_seq,
       b.status AS b_status, b.token_version AS b_tv, s.status AS s_status, s.token_version AS s_tv,
       (SELECT group_concat(blocker_id) FROM user_blocks WHERE (blocker_id = c.buyer_id AND blocked_id = c.seller_id) OR (blocker_id = c.seller_id AND blocked_id = c.buyer_id)) AS blockers
     FROM chats c JOIN users b ON b.id = c.buyer_id JOIN users s ON s.id = c.seller_id WHERE c.id = ?`,
  ).bind(chatId);

interface MembersRow {
  buyer_id: string;
  seller_id: string;
  last_seq: number;
  b_status: string;
  b_tv: number;
  s_status: string;
  s_tv: number;
  blockers: string | null;
}

export const toMembers = (row: MembersRow | undefined | null, now = Date.now()): Members | undefined =>
  row
    ? {
        buyerId: row.buyer_id,
        sellerId: row.seller_id,
        d1LastSeq: row.last_seq,
        status: {
          [row.buyer_id]: { active: row.b_status === 'ACTIVE', tokenVersion: row.b_tv },
          [row.seller_id]: { active: row.s_status === 'ACTIVE', tokenVersion: row.s_tv },
        },
        blockers: row.blockers ? row.blockers.split(',') : [],
        readAt: now,
      }
    : undefined;

/** Why a send may not be stored, from what the room knows of its members; undefined when it may. */
export const refusal = (members: Members, input: ChatSendInput): Error | undefined => {
  const sender = members.status[input.senderId];
  if (!sender) return new Error('not a member');
  if (!sender.active || (input.socketTokenVersion !== undefined && sender.tokenVersion !== input.socketTokenVersion)) return new SessionEnded();
  const recipientId = otherMember(members, input.senderId);
  if (members.blockers.includes(recipientId)) return new AppError(403, 'BLOCKED', BLOCKED_BY_RECIPIENT);
  if (members.blockers.length) return new AppError(403, 'BLOCKED', BLOCKED_BY_SENDER);
  return undefined;
};

export const createLogTables = (sql: SqlStorage) => {
  sql.exec(`CREATE TABLE IF NOT EXISTS log_pending (
    seq INTEGER PRIMARY KEY, id TEXT NOT NULL, sender_id TEXT NOT NULL, content TEXT NOT NULL, message_type TEXT NOT NULL,
    client_id TEXT, warning TEXT, created_at INTEGER NOT NULL)`);
  sql.exec(`CREATE TABLE IF NOT EXISTS log_client_ids (
    sender_id TEXT NOT NULL, client_id TEXT NOT NULL, seq INTEGER NOT NULL, id TEXT NOT NULL, created_at INTEGER NOT NULL,
    PRIMARY KEY (sender_id, client_id))`);
  sql.exec(`CREATE TABLE IF NOT EXISTS log_meta (k TEXT PRIMARY KEY, v INTEGER NOT NULL)`);
};

export const localLastSeq = (sql: SqlStorage): number => (sql.exec<{ v: number }>(`SELECT v FROM log_meta WHERE k = 'last_seq'`).toArray()[0]?.v ?? 0);

type PendingRow = Omit<MessageRow, 'chat_id'>;

const fromPending = (chatId: string, r: PendingRow): MessageRow => ({ ...r, chat_id: chatId });

/** The stored message a retry (same sender and clientId) refers to: from the log, or from D1 once copied. */
export const findByClientId = async (env: Env, sql: SqlStorage, chatId: string, senderId: string, clientId: string): Promise<ChatMessage | undefined> => {
  const known = sql.exec<{ seq: number; id: string }>('SELECT seq, id FROM log_client_ids WHERE sender_id = ? AND client_id = ?', senderId, clientId).toArray()[0];
  if (!known) return undefined;
  const pending = sql.exec<PendingRow>('SELECT * FROM log_pending WHERE seq = ?', known.seq).toArray()[0];
  if (pending) return toMessage(fromPending(chatId, pending));
  const copied = await env.DB.prepare('SELECT * FROM messages WHERE id = ?').bind(known.id).first<MessageRow>();
  if (copied) return toMessage(copied);
  // D1 no longer holds it (its conversation was deleted): the clientId is free again
  sql.exec('DELETE FROM log_client_ids WHERE sender_id = ? AND client_id = ?', senderId, clientId);
  return undefined;
};

/**
 * Stores a group of accepted sends in the room's log, in order, in one local transaction, and
 * returns their messages. `lastSeq` is the room's last sequence number before them.
 */
export const appendToLog = (sql: SqlStorage, storage: DurableObjectStorage, chatId: string, lastSeq: number, inputs: ChatSendInput[], now = Date.now()): MessageRow[] =>
  storage.transactionSync(() => {
    const rows = inputs.map(
      (input, i): MessageRow => ({
        id: `msg_${ulid().toLowerCase()}`,
        chat_id: chatId,
        seq: lastSeq + i + 1,
        sender_id: input.senderId,
        content: input.content,
        message_type: input.messageType,
        client_id: input.clientId,
        warning: scamWarning(input.content),
        created_at: now,
      }),
    );
    for (const r of rows) {
      sql.exec('INSERT INTO log_pending VALUES (?, ?, ?, ?, ?, ?, ?, ?)', r.seq, r.id, r.sender_id, r.content, r.message_type, r.client_id, r.warning, r.created_at);
      if (r.client_id) sql.exec('INSERT INTO log_client_ids VALUES (?, ?, ?, ?, ?)', r.sender_id, r.client_id, r.seq, r.id, r.created_at);
    }
    if (rows.length) sql.exec(`INSERT INTO log_meta VALUES ('last_seq', ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v`, rows[rows.length - 1]!.seq);
    return rows;
  });

export const pendingRows = (sql: SqlStorage, chatId: string, afterSeq = 0, limit = MAX_COPY): MessageRow[] =>
  sql.exec<PendingRow>('SELECT * FROM log_pending WHERE seq > ? ORDER BY seq LIMIT ?', afterSeq, limit).toArray().map((r) => fromPending(chatId, r));

export const hasPending = (sql: SqlStorage) => sql.exec('SELECT 1 FROM log_pending LIMIT 1').toArray().length > 0;

/** What one copy to D1 did. */
export interface Copied {
  /** the copied messages, each with whether its recipient had an inbox tab open (`inbox_presence`) */
  messages: { row: MessageRow; inboxOpen: boolean }[];
  /** the members as D1 has them now (read in the same batch) */
  members: Members | undefined;
}

/**
 * Copies log rows to D1 in one batch (one transaction), in seq order; the trigger
 * `messages_advance_chat` (migration 0023) moves the chat's last_seq, preview and the sender's read
 * mark. A row D1 already holds (a copy repeated after a crash between D1's commit and the log's
 * delete) is skipped (`OR IGNORE`); a chat that no longer exists takes nothing. The same batch
 * re-reads the members, so the room's view of blocks and sessions is never older than its last copy.
 */
export const copyToD1 = async (env: Env, members: Pick<Members, 'buyerId' | 'sellerId'>, chatId: string, rows: MessageRow[]): Promise<Copied> => {
  const db = env.DB;
  const statements = rows.map((r) =>
    db
      .prepare(
        `INSERT OR IGNORE INTO messages (id, chat_id, seq, sender_id, content, message_type, client_id, warning, created_at)
         SELECT ?1, c.id, ?2, ?3, ?4, ?5, ?6, ?7, ?8 FROM chats c WHERE c.id = ?9
         RETURNING EXISTS (SELECT 1 FROM inbox_presence WHERE user_id = ?10) AS inbox_open`,
      )
      .bind(r.id, r.seq, r.sender_id, r.content, r.message_type, r.client_id, r.warning, r.created_at, chatId, otherMember(members, r.sender_id)),
  );
  const results = await db.batch([...statements, membersStatement(env, chatId)]);
  const messages: Copied['messages'] = [];
  for (const [i, row] of rows.entries()) {
    const inserted = results[i]?.results[0] as { inbox_open: number } | undefined;
    // not inserted: D1 had it already (its notification went out with the first copy)
    if (inserted) messages.push({ row, inboxOpen: inserted.inbox_open === 1 });
  }
  return { messages, members: toMembers(results[rows.length]?.results[0] as MembersRow | undefined) };
};

/** Drops copied rows from the log. */
export const markCopied = (sql: SqlStorage, upToSeq: number) => {
  sql.exec('DELETE FROM log_pending WHERE seq <= ?', upToSeq);
};

/** Forgets clientIds older than CLIENT_ID_DAYS (from the room's alarm, not per message). */
export const pruneClientIds = (sql: SqlStorage, now = Date.now()) => {
  sql.exec('DELETE FROM log_client_ids WHERE created_at < ?', now - CLIENT_ID_DAYS * 86_400_000);
};
