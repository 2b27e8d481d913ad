/**
 * The chat list per member (decision 034, "Conversations"; migration 0053). With several accounts
 * databases each member's own database holds one `chat_members` row per conversation they are in, so
 * their chat list is read from that one database. The core's `chats` row stays the conversation's
 * directory (its two members and its ad: `memberChat`'s authorization, the one conversation per ad and
 * buyer, the archive) and keeps its counters too; the chat room writes both on each group commit, the
 * two members' databases side by side with the core's batch. With one accounts database nothing here
 * runs: the core's row is the list, as before.
 *
 * Every write is an upsert that only moves forward: the message fields follow the highest `last_seq`
 * offered (a repeated or late write never moves them back), read marks only rise and never pass the
 * row's last message, and the star is the member's own (set at creation, then only by the member).
 * So the room, the creation, the move of existing conversations and the checker's repair can all write
 * the same row in any order.
 */

import type { Env } from '../../env';
import { accountsDbForUser, accountsSplit, type AccountsEnv } from '../../db/accounts';
import { CHAT_LIST_MOVE } from '../../schemas/chat-list-data';

/** Does the chat list read the members' own rows? Once their rows exist everywhere (the move's pass is done), by a switch. */
export const chatListWithAccounts = (env: AccountsEnv & { CHAT_LIST_WITH_ACCOUNTS?: string }): boolean =>
  env.CHAT_LIST_WITH_ACCOUNTS === '1' && accountsSplit(env);

/** One member's row as written (the message fields are those of the conversation's `last_seq`). */
export interface ChatMemberValues {
  user_id: string;
  chat_id: string;
  listing_id: string;
  other_id: string;
  role: 'BUYER' | 'SELLER';
  last_seq: number;
  last_read_seq: number;
  other_last_read_seq: number;
  last_message: string | null;
  last_message_at: number | null;
  last_sender_id: string | null;
  starred: number;
  created_at: number;
  updated_at: number;
  /** the seller's first-reply time (migration 0054): on the seller's row only, NULL on the buyer's */
  first_reply_ms: number | null;
}

/** A row as stored. */
export interface ChatMemberRow extends ChatMemberValues {
  activity_at: number;
}

/** What both members' rows say of one conversation, from the conversation's own state (the core's row or the room's commit). */
export interface ConversationState {
  id: string;
  listing_id: string;
  buyer_id: string;
  seller_id: string;
  last_seq: number;
  last_message: string | null;
  last_message_at: number | null;
  last_sender_id: string | null;
  buyer_last_read_seq: number;
  seller_last_read_seq: number;
  buyer_starred: number;
  seller_starred: number;
  created_at: number;
  updated_at: number;
  /** the seller's first-reply time when known (the core's `chats.first_reply_ms`, or the room's commit of the seller's first answer) */
  first_reply_ms?: number | null;
}

/** The two members' rows of a conversation. */
export const memberRowsOf = (c: ConversationState): [ChatMemberValues, ChatMemberValues] => {
  const common = {
    chat_id: c.id,
    listing_id: c.listing_id,
    last_seq: c.last_seq,
    last_message: c.last_message,
    last_message_at: c.last_message_at,
    last_sender_id: c.last_sender_id,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
  return [
    { ...common, user_id: c.buyer_id, other_id: c.seller_id, role: 'BUYER', last_read_seq: c.buyer_last_read_seq, other_last_read_seq: c.seller_last_read_seq, starred: c.buyer_starred, first_reply_ms: null },
    // the reply time is the seller's figure (their page reads it from their own rows)
    { ...common, user_id: c.seller_id, other_id: c.buyer_id, role: 'SELLER', last_read_seq: c.seller_last_read_seq, other_last_read_seq: c.buyer_last_read_seq, starred: c.seller_starred, first_reply_ms: c.first_reply_ms ?? null },
  ];
};

const field = (name: string) => `json_extract(j.value, '$.${name}')`;
const NEWER = 'excluded.last_seq > chat_members.last_seq';

/**
 * Writes rows into one database in ONE statement (the rows as one JSON parameter, so no bind limit
 * applies): a missing row is created; an existing one takes the message fields only from a higher
 * `last_seq`, raises its read marks (never past its last message) and keeps its own star and the first
 * reply time it was given first (the seller's first answer happens once).
 */
export const upsertStatement = (db: D1Database, rows: readonly ChatMemberValues[]) =>
  db
    .prepare(
      `INSERT INTO chat_members (user_id, chat_id, listing_id, other_id, role, last_seq, last_read_seq, other_last_read_seq,
         last_message, last_message_at, last_sender_id, activity_at, starred, created_at, updated_at, first_reply_ms)
       SELECT ${field('user_id')}, ${field('chat_id')}, ${field('listing_id')}, ${field('other_id')}, ${field('role')}, ${field('last_seq')},
         min(${field('last_read_seq')}, ${field('last_seq')}), min(${field('other_last_read_seq')}, ${field('last_seq')}),
         substr(${field('last_message')}, 1, 200), ${field('last_message_at')}, ${field('last_sender_id')},
         coalesce(${field('last_message_at')}, ${field('created_at')}), ${field('starred')}, ${field('created_at')}, ${field('updated_at')},
         ${field('first_reply_ms')}
       FROM json_each(?1) j WHERE true
       ON CONFLICT (user_id, chat_id) DO UPDATE SET
         last_message = iif(${NEWER}, excluded.last_message, chat_members.last_message),
         last_message_at = iif(${NEWER}, excluded.last_message_at, chat_members.last_message_at),
         last_sender_id = iif(${NEWER}, excluded.last_sender_id, chat_members.last_sender_id),
         activity_at = iif(${NEWER}, excluded.activity_at, chat_members.activity_at),
         updated_at = iif(${NEWER}, excluded.updated_at, chat_members.updated_at),
         last_seq = max(chat_members.last_seq, excluded.last_seq),
         last_read_seq = max(chat_members.last_read_seq, excluded.last_read_seq),
         other_last_read_seq = max(chat_members.other_last_read_seq, excluded.other_last_read_seq),
         first_reply_ms = coalesce(chat_members.first_reply_ms, excluded.first_reply_ms)`,
    )
    .bind(JSON.stringify(rows));

/** Statements grouped by the database they run in, each database's as one batch, the databases side by side (one wait). */
export const onTheirDatabases = async (work: readonly (readonly [D1Database, D1PreparedStatement])[]): Promise<D1Result[][]> => {
  const byDb = new Map<D1Database, D1PreparedStatement[]>();
  for (const [db, statement] of work) byDb.set(db, [...(byDb.get(db) ?? []), statement]);
  return Promise.all([...byDb].map(([db, statements]) => db.batch(statements)));
};

/** Rows written into their users' databases: one statement per database, side by side. */
export const writeMemberRows = async (env: AccountsEnv, rows: readonly ChatMemberValues[]): Promise<void> => {
  const byDb = new Map<D1Database, ChatMemberValues[]>();
  for (const r of rows) {
    const db = accountsDbForUser(env, r.user_id);
    byDb.set(db, [...(byDb.get(db) ?? []), r]);
  }
  await Promise.all([...byDb].map(([db, some]) => upsertStatement(db, some).run()));
};

/**
 * A member read up to `seq`: their own row's mark, and the other member's row's mark of them (the read
 * ticks), each never past the row's last message, both databases side by side.
 */
export const readMarkStatements = (env: AccountsEnv, chatId: string, readerId: string, otherId: string, seq: number) =>
  [
    [
      accountsDbForUser(env, readerId),
      accountsDbForUser(env, readerId)
        .prepare('UPDATE chat_members SET last_read_seq = max(last_read_seq, min(?1, last_seq)) WHERE user_id = ?2 AND chat_id = ?3')
        .bind(seq, readerId, chatId),
    ],
    [
      accountsDbForUser(env, otherId),
      accountsDbForUser(env, otherId)
        .prepare('UPDATE chat_members SET other_last_read_seq = max(other_last_read_seq, min(?1, last_seq)) WHERE user_id = ?2 AND chat_id = ?3')
        .bind(seq, otherId, chatId),
    ],
  ] as const;

/** A member's star on their own row. */
export const starStatement = (env: AccountsEnv, chatId: string, userId: string, starred: boolean) =>
  accountsDbForUser(env, userId).prepare('UPDATE chat_members SET starred = ?1 WHERE user_id = ?2 AND chat_id = ?3').bind(starred ? 1 : 0, userId, chatId);

/** The core's conversation columns the move and the checker read. */
export const CONVERSATION_COLUMNS =
  'id, listing_id, buyer_id, seller_id, last_seq, last_message, last_message_at, NULL AS last_sender_id, buyer_last_read_seq, seller_last_read_seq, buyer_starred, seller_starred, created_at, updated_at, first_reply_ms';

export const CHAT_LIST_MOVE_CURSOR = 'chat-list-move:cursor';
export const CHAT_LIST_MOVE_DONE = 'chat-list-move:done';

/**
 * Conversations from before the per-member rows (or from while there was one accounts database) get
 * both members' rows from the core's row, `CHAT_LIST_MOVE.chatsPerRun` a run from the every-minute
 * cron, by id after a cursor in KV. Idempotent: a row the room or a member wrote since keeps what is
 * newer (the upsert only moves forward, and keeps the member's star). When a run reads fewer than a
 * full batch the pass is done: the moment is recorded (`chat-list-move:done`), after which the list may
 * be switched to the members' rows; later runs do nothing. Returns how many conversations it copied.
 */
export const moveChatListsToAccounts = async (env: Pick<Env, 'DB' | 'CACHE'> & AccountsEnv, limit: number = CHAT_LIST_MOVE.chatsPerRun): Promise<number> => {
  if (!accountsSplit(env)) return 0;
  const cursor = await env.CACHE.get(CHAT_LIST_MOVE_CURSOR);
  if (cursor === 'done') return 0;
  const { results } = await env.DB.prepare(`SELECT ${CONVERSATION_COLUMNS} FROM chats WHERE id > ?1 ORDER BY id LIMIT ?2`)
    .bind(cursor ?? '', limit)
    .all<ConversationState>();
  if (results.length) await writeMemberRows(env, results.flatMap(memberRowsOf));
  if (results.length < limit) {
    await env.CACHE.put(CHAT_LIST_MOVE_CURSOR, 'done');
    await env.CACHE.put(CHAT_LIST_MOVE_DONE, new Date().toISOString());
  } else await env.CACHE.put(CHAT_LIST_MOVE_CURSOR, results[results.length - 1]!.id);
  return results.length;
};
