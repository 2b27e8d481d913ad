import { ulid } from '../worker/lib/ulid';
import type { ChatSendInput, RoomSummary } from '../worker/durable-object-contracts';
import type { Env } from '../worker/env';
import { AppError } from '../worker/lib/errors';
import type { ChatMessage } from '../worker/schemas/chat';
import { toMessage, type MessageRow } from '../worker/services/chat/chat-messages';
import { scamWarning } from '../worker/services/chat/chat-safety';
import { BLOCKED_BY_RECIPIENT, BLOCKED_BY_SENDER, blockersBetween } from '../worker/services/trust/trust';
import { accountsDbForUser, accountsSplit } from '../worker/db/accounts';
import { memberRowsOf, upsertStatement, writeMemberRows } from '../worker/services/chat/chat-members';
import { readUsers, usersWithAccounts } from '../worker/db/users';
import { accountsDatabases } from '../worker/db/accounts';
import { chatDbFor, chatsWithAccounts } from '../worker/db/chats';

/**
 * The chat room's own store (decision 031; decision 002's addendum "the room's log" before it). Every
 * message of the conversation lives in the room's SQLite storage — in the object's own process, no
 * round trip — and is acknowledged from there. D1 keeps only the conversation's row (last sequence,
 * preview, read marks), which the room brings up to date in batches; the history, resyncs, retries
 * and leads are read from the room. Tables:
 * - `room_messages`: every message, by seq;
 * - `log_client_ids`: (sender, clientId) → seq and id of every message sent with a clientId, so a
 *   retry is answered with the stored message; kept for CLIENT_ID_DAYS;
 * - `log_meta`: `last_seq` (the room numbers its messages; D1 follows), `d1_seq` (the last message
 *   D1's conversation row reflects), `imported` (1 once the messages D1 held from before were
 *   copied in) and `import_after` (how far that copy got: it resumes there).
 */

/** Most messages one update of D1's conversation row covers (and one page of a resync). */
export const MAX_COPY = 100;
/** How long a clientId is remembered for retries (the web client retries within minutes). */
export const CLIENT_ID_DAYS = 7;
/** Messages read from D1 per statement when the room copies in the history D1 held before. */
export const IMPORT_PAGE = 500;

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
  /**
   * With several accounts databases, what the members' chat list rows need when the room writes one
   * that is missing (decision 034): the ad, when the conversation began and each member's star.
   */
  conversation?: { listingId: string; createdAt: number; buyerStarred: number; sellerStarred: number };
}

export const otherMember = (m: Pick<Members, 'buyerId' | 'sellerId'>, userId: string) => (userId === m.buyerId ? m.sellerId : m.buyerId);

/**
 * Is the conversation's row read alone, the members' rows apart? With `users` in the accounts
 * databases, and with the row itself in its buyer's (worker/db/chats.ts), where no `users` table joins.
 */
const membersApart = (env: Env) => usersWithAccounts(env) || chatsWithAccounts(env);

/**
 * One statement: the chat, both members' status and token version, and any block between them; in
 * `db`, the database holding the conversation's row (the core unless the chats switch is on).
 */
export const membersStatement = (env: Env, chatId: string, db: D1Database = env.DB) =>
  membersApart(env)
    ? // with `users` in the accounts databases (decision 034) the members' rows are read apart (membersOwnRows) and put in;
      // the conversation's own columns feed the members' chat list rows (accounts split whenever users are)
      db.prepare(
        `SELECT c.buyer_id, c.seller_id, c.last_seq, c.listing_id, c.created_at, c.buyer_starred, c.seller_starred,
         NULL AS b_status, NULL AS b_tv, NULL AS s_status, NULL AS s_tv, NULL AS blockers FROM chats c WHERE c.id = ?`,
      ).bind(chatId)
    : env.DB.prepare(
    `SELECT c.buyer_id, c.seller_id, c.last_seq,${accountsSplit(env) ? ' c.listing_id, c.created_at, c.buyer_starred, c.seller_starred,' : ''}
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
  listing_id?: string;
  created_at?: number;
  buyer_starred?: number;
  seller_starred?: number;
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
        ...(row.listing_id !== undefined
          ? { conversation: { listingId: row.listing_id, createdAt: row.created_at!, buyerStarred: row.buyer_starred!, sellerStarred: row.seller_starred! } }
          : {}),
      }
    : undefined;

/**
 * The members as D1 has them now. With several accounts databases (decision 034) the blocks are in
 * their blockers' own databases, which only the core's read names: a second wait, on a room's
 * (re)read of its members only (at most every MEMBERS_TTL_MS, and after a block or ban is reported).
 */
export const readMembers = async (env: Env, chatId: string, buyerId?: string): Promise<Members | undefined> => {
  const db = chatDbFor(env, chatId, buyerId) ?? (await findChatDb(env, chatId));
  if (!db) return undefined;
  const row = await membersStatement(env, chatId, db).first<MembersRow>();
  if (!row || !accountsSplit(env)) return toMembers(row);
  const [blockers, own] = await Promise.all([blockersBetween(env, row.buyer_id, row.seller_id), membersOwnRows(env, row.buyer_id, row.seller_id)]);
  return { ...toMembers(withOwnRows(row, own))!, blockers };
};

/**
 * The database of an older conversation (an id with no group) whose buyer the room does not know yet:
 * every accounts database asked side by side, once in the room's life (it then keeps its buyer).
 */
const findChatDb = async (env: Env, chatId: string): Promise<D1Database | undefined> => {
  const dbs = accountsDatabases(env);
  const found = await Promise.all(dbs.map((db) => db.prepare('SELECT 1 AS found FROM chats WHERE id = ?').bind(chatId).first()));
  return dbs[found.findIndex(Boolean)];
};

type OwnRows = Map<string, { id: string; status: string; token_version: number }> | undefined;

/** With the conversation's row apart from `users`, the two members' status and token version from their own rows (one wait, side by side). */
const membersOwnRows = (env: Env, buyerId: string, sellerId: string): Promise<OwnRows> =>
  membersApart(env) ? readUsers(env, [buyerId, sellerId], ['status', 'token_version']) : Promise.resolve(undefined);

/** The members row with the statuses read apart put in (a member with no row is not active, as the core's join found no chat). */
const withOwnRows = (row: MembersRow, own: OwnRows): MembersRow =>
  own
    ? {
        ...row,
        b_status: own.get(row.buyer_id)?.status ?? 'MISSING',
        b_tv: own.get(row.buyer_id)?.token_version ?? 0,
        s_status: own.get(row.seller_id)?.status ?? 'MISSING',
        s_tv: own.get(row.seller_id)?.token_version ?? 0,
      }
    : row;

/** Whether a member has an inbox tab open and whether they blocked the other, from their own accounts database. */
const presenceAndBlockApart = async (env: Env, userId: string, otherId: string) =>
  (await accountsDbForUser(env, userId)
    .prepare('SELECT EXISTS (SELECT 1 FROM inbox_presence WHERE user_id = ?1) AS inbox, EXISTS (SELECT 1 FROM user_blocks WHERE blocker_id = ?1 AND blocked_id = ?2) AS blocks')
    .bind(userId, otherId)
    .first<{ inbox: number; blocks: number }>())!;

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

const COLUMNS = 'seq, id, sender_id, content, message_type, client_id, warning, created_at';

const hasMeta = (sql: SqlStorage, k: string) => sql.exec('SELECT 1 FROM log_meta WHERE k = ?', k).toArray().length > 0;
const meta = (sql: SqlStorage, k: string): number => sql.exec<{ v: number }>('SELECT v FROM log_meta WHERE k = ?', k).toArray()[0]?.v ?? 0;
const setMeta = (sql: SqlStorage, k: string, v: number) => {
  sql.exec(`INSERT INTO log_meta VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v`, k, v);
};

export const createLogTables = (sql: SqlStorage, storage: DurableObjectStorage) => {
  sql.exec(`CREATE TABLE IF NOT EXISTS room_messages (
    seq INTEGER PRIMARY KEY, id TEXT NOT NULL, sender_id TEXT NOT NULL, content TEXT NOT NULL, message_type TEXT NOT NULL,
    client_id TEXT, warning TEXT, created_at INTEGER NOT NULL)`);
  sql.exec(`CREATE TABLE IF NOT EXISTS log_client_ids (
    sender_id TEXT NOT NULL, client_id TEXT NOT NULL, seq INTEGER NOT NULL, id TEXT NOT NULL, created_at INTEGER NOT NULL,
    PRIMARY KEY (sender_id, client_id))`);
  sql.exec(`CREATE TABLE IF NOT EXISTS log_meta (k TEXT PRIMARY KEY, v INTEGER NOT NULL)`);
  // A room from before decision 031 kept only the messages not yet copied to D1 (log_pending), the
  // rest being in D1: they join the room's store, and D1's conversation row is brought up to date
  // from the first of them. The older ones are copied in from D1 before the room next needs them.
  const legacy = sql.exec(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'log_pending'`).toArray().length > 0;
  storage.transactionSync(() => {
    let firstPending: number | null = null;
    if (legacy) {
      firstPending = sql.exec<{ s: number | null }>('SELECT min(seq) AS s FROM log_pending').one().s;
      sql.exec(`INSERT OR IGNORE INTO room_messages (${COLUMNS}) SELECT ${COLUMNS} FROM log_pending`);
      sql.exec('DROP TABLE log_pending');
    }
    if (!hasMeta(sql, 'd1_seq')) setMeta(sql, 'd1_seq', firstPending !== null ? firstPending - 1 : meta(sql, 'last_seq'));
  });
};

export const localLastSeq = (sql: SqlStorage): number => meta(sql, 'last_seq');

/** Whether the messages D1 held from before decision 031 have all been copied into the room. */
export const isImported = (sql: SqlStorage) => meta(sql, 'imported') === 1;

type StoredRow = Omit<MessageRow, 'chat_id'>;

const withChat = (chatId: string, r: StoredRow): MessageRow => ({ ...r, chat_id: chatId });

/** The stored message a retry (same sender and clientId) refers to. */
export const findByClientId = (sql: SqlStorage, chatId: string, senderId: string, clientId: string): ChatMessage | undefined => {
  const known = sql.exec<{ seq: number }>('SELECT seq FROM log_client_ids WHERE sender_id = ? AND client_id = ?', senderId, clientId).toArray()[0];
  if (!known) return undefined;
  const stored = sql.exec<StoredRow>(`SELECT ${COLUMNS} FROM room_messages WHERE seq = ?`, known.seq).toArray()[0];
  if (stored) return toMessage(withChat(chatId, stored));
  // the room no longer holds it: the clientId is free again
  sql.exec('DELETE FROM log_client_ids WHERE sender_id = ? AND client_id = ?', senderId, clientId);
  return undefined;
};

/**
 * Stores a group of accepted sends in the room, in order, in one local transaction, and returns
 * their messages. `lastSeq` is the room's last sequence number before them.
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
      sql.exec(`INSERT INTO room_messages (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, r.seq, r.id, r.sender_id, r.content, r.message_type, r.client_id, r.warning, r.created_at);
      if (r.client_id) sql.exec('INSERT INTO log_client_ids VALUES (?, ?, ?, ?, ?)', r.sender_id, r.client_id, r.seq, r.id, r.created_at);
    }
    if (rows.length) setMeta(sql, 'last_seq', rows[rows.length - 1]!.seq);
    return rows;
  });

/** Stored messages after `afterSeq`, oldest first. */
export const rowsAfter = (sql: SqlStorage, chatId: string, afterSeq: number, limit: number): MessageRow[] =>
  sql.exec<StoredRow>(`SELECT ${COLUMNS} FROM room_messages WHERE seq > ? ORDER BY seq LIMIT ?`, afterSeq, limit).toArray().map((r) => withChat(chatId, r));

/** A page counted from the newest (page 1 is the newest `limit`), returned oldest first. */
export const pageFromNewest = (sql: SqlStorage, chatId: string, page: number, limit: number): MessageRow[] =>
  sql
    .exec<StoredRow>(`SELECT ${COLUMNS} FROM room_messages ORDER BY seq DESC LIMIT ? OFFSET ?`, limit, (page - 1) * limit)
    .toArray()
    .reverse()
    .map((r) => withChat(chatId, r));

/** Messages D1's conversation row does not reflect yet. */
export const pendingRows = (sql: SqlStorage, chatId: string, limit = MAX_COPY): MessageRow[] => rowsAfter(sql, chatId, meta(sql, 'd1_seq'), limit);

export const hasPending = (sql: SqlStorage) => sql.exec('SELECT 1 FROM room_messages WHERE seq > ? LIMIT 1', meta(sql, 'd1_seq')).toArray().length > 0;

/**
 * The seller's first answer in a conversation the buyer opened, in ms (the seller page's reply
 * time, decision 026), when one of `rows` is it; D1 keeps the first value it is given.
 */
export const firstReplyMs = (sql: SqlStorage, members: Pick<Members, 'buyerId' | 'sellerId'>, rows: MessageRow[]): number | null => {
  const answer = rows.find((r) => r.sender_id === members.sellerId && r.seq > 1);
  if (!answer) return null;
  const first = sql.exec<{ sender_id: string; created_at: number }>('SELECT sender_id, created_at FROM room_messages WHERE seq = 1').toArray()[0];
  if (first?.sender_id !== members.buyerId) return null;
  const earlier = sql.exec('SELECT 1 FROM room_messages WHERE sender_id = ? AND seq < ? LIMIT 1', members.sellerId, answer.seq).toArray().length > 0;
  return earlier ? null : Math.max(0, answer.created_at - first.created_at);
};

/** What one update of D1's conversation row did. */
export interface Copied {
  /** the messages D1's row had not reflected before, each with whether its recipient had an inbox tab open (`inbox_presence`) */
  messages: { row: MessageRow; inboxOpen: boolean }[];
  /** the members as D1 has them now (read in the same batch) */
  members: Members | undefined;
  /** with several accounts databases: why the members' chat list rows were not written (the core's row was) */
  chatListFailed?: unknown;
}

/**
 * Brings D1's conversation row up to date with stored messages, in one batch (one transaction):
 * last_seq, the preview and its time, each sender's read mark (a sender has read up to their own
 * message) and the seller's first reply time. A row already up to date (an update repeated after a
 * crash between D1's commit and the room noting it) is left alone, and only messages it had not
 * reflected are returned for notifying. The same batch re-reads the members, so the room's view of
 * blocks and sessions is never older than its last update.
 */
export const syncToD1 = async (env: Env, sql: SqlStorage, members: Pick<Members, 'buyerId' | 'sellerId' | 'conversation'>, chatId: string, rows: MessageRow[]): Promise<Copied> => {
  // the core, or with the chats switch on the buyer's accounts database (worker/db/chats.ts)
  const db = chatDbFor(env, chatId, members.buyerId)!;
  const last = rows[rows.length - 1]!;
  const sentBy = (userId: string) => rows.reduce((seq, r) => (r.sender_id === userId ? Math.max(seq, r.seq) : seq), 0);
  // with several accounts databases (decision 034) each member's presence and block are in their
  // own: asked beside the core's batch (one wait) and taken in place of the core's (empty) ones
  const apart = accountsSplit(env) ? Promise.all([presenceAndBlockApart(env, members.buyerId, members.sellerId), presenceAndBlockApart(env, members.sellerId, members.buyerId)]) : undefined;
  // both members' chat list rows as of this group (decision 034); with the conversation's row in the
  // buyer's database, the rows kept there (the buyer's, and the seller's when they share it) join its
  // batch, one transaction, and only the others are written side by side
  const listValues = accountsSplit(env) && members.conversation ? chatListRows(members as Required<typeof members>, chatId, last, sentBy, firstReplyMs(sql, members, rows)) : [];
  const beside = chatsWithAccounts(env) ? listValues.filter((r) => accountsDbForUser(env, r.user_id) === db) : [];
  const apartValues = listValues.filter((r) => !beside.includes(r));
  const batch = db.batch([
    db.prepare('SELECT last_seq FROM chats WHERE id = ?').bind(chatId),
    db
      .prepare(
        `UPDATE chats SET last_seq = ?1, last_message = substr(?2, 1, 200), last_message_at = ?3, updated_at = ?3,
           buyer_last_read_seq = max(buyer_last_read_seq, ?4), seller_last_read_seq = max(seller_last_read_seq, ?5),
           first_reply_ms = coalesce(first_reply_ms, ?6)
         WHERE id = ?7 AND last_seq < ?1
         RETURNING EXISTS (SELECT 1 FROM inbox_presence WHERE user_id = ?8) AS buyer_inbox, EXISTS (SELECT 1 FROM inbox_presence WHERE user_id = ?9) AS seller_inbox`,
      )
      .bind(last.seq, last.content, last.created_at, sentBy(members.buyerId), sentBy(members.sellerId), firstReplyMs(sql, members, rows), chatId, members.buyerId, members.sellerId),
    membersStatement(env, chatId, db),
    ...(beside.length ? [upsertStatement(db, beside)] : []),
  ]);
  // and each member's chat list row in their own database, in the same wait (decision 034): only forward,
  // so a repeated update after a crash, or one overtaken by a later one, changes nothing
  // (a failure there does not hold back the notifications of what the core now reflects: the room
  // notes it and writes the rows again later, without marking the messages copied)
  const listRows =
    apartValues.length
      ? writeMemberRows(env, apartValues).then(
          () => undefined,
          (err: unknown) => ({ err }),
        )
      : undefined;
  const [results, own, listFailed, ownRows] = await Promise.all([batch, apart, listRows, membersOwnRows(env, members.buyerId, members.sellerId)]);
  const before = (results[0]?.results[0] as { last_seq: number } | undefined)?.last_seq ?? 0;
  const updated = results[1]?.results[0] as { buyer_inbox: number; seller_inbox: number } | undefined;
  const presence = updated && own ? { buyer_inbox: own[0].inbox, seller_inbox: own[1].inbox } : updated;
  const messages: Copied['messages'] = [];
  // not updated: the chat is gone, or D1 had these already (their notifications went out then)
  if (presence) {
    for (const row of rows) {
      if (row.seq <= before) continue;
      messages.push({ row, inboxOpen: (otherMember(members, row.sender_id) === members.buyerId ? presence.buyer_inbox : presence.seller_inbox) === 1 });
    }
  }
  const read = results[2]?.results[0] as MembersRow | undefined;
  const now = toMembers(read && withOwnRows(read, ownRows));
  if (now && own) now.blockers = [members.buyerId, members.sellerId].filter((_, i) => own[i]!.blocks === 1);
  return { messages, members: now, ...(listFailed ? { chatListFailed: listFailed.err } : {}) };
};

/** Both members' chat list rows as of the group's last message (their read marks: at least their own newest message in it). */
const chatListRows = (
  members: Required<Pick<Members, 'buyerId' | 'sellerId' | 'conversation'>>,
  chatId: string,
  last: MessageRow,
  sentBy: (userId: string) => number,
  // the seller's first-reply time when this group carries their first answer (as the core's row takes it)
  firstReply: number | null,
) =>
  memberRowsOf({
    id: chatId,
    listing_id: members.conversation.listingId,
    buyer_id: members.buyerId,
    seller_id: members.sellerId,
    last_seq: last.seq,
    last_message: last.content,
    last_message_at: last.created_at,
    last_sender_id: last.sender_id,
    buyer_last_read_seq: sentBy(members.buyerId),
    seller_last_read_seq: sentBy(members.sellerId),
    buyer_starred: members.conversation.buyerStarred,
    seller_starred: members.conversation.sellerStarred,
    created_at: members.conversation.createdAt,
    updated_at: last.created_at,
    first_reply_ms: firstReply,
  });

/** Notes that D1's conversation row reflects every message up to `upToSeq`. */
export const markCopied = (sql: SqlStorage, upToSeq: number) => {
  if (upToSeq > meta(sql, 'd1_seq')) setMeta(sql, 'd1_seq', upToSeq);
};

/**
 * Copies one page of the messages D1 held from before decision 031 into the room (idempotent: a
 * message the room holds is kept; resumable: it continues after the last page copied). Recent
 * clientIds come along, so a retry of a message sent before the move still finds it. Returns how
 * many it read and whether D1 has no more.
 */
export const importPage = async (env: Env, sql: SqlStorage, storage: DurableObjectStorage, chatId: string, now = Date.now()): Promise<{ copied: number; done: boolean }> => {
  const after = meta(sql, 'import_after');
  const { results } = await env.DB.prepare(`SELECT ${COLUMNS} FROM messages WHERE chat_id = ? AND seq > ? ORDER BY seq LIMIT ?`)
    .bind(chatId, after, IMPORT_PAGE)
    .all<StoredRow>();
  const cutoff = now - CLIENT_ID_DAYS * 86_400_000;
  const done = results.length < IMPORT_PAGE;
  storage.transactionSync(() => {
    for (const r of results) {
      sql.exec(`INSERT OR IGNORE INTO room_messages (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, r.seq, r.id, r.sender_id, r.content, r.message_type, r.client_id, r.warning, r.created_at);
      if (r.client_id && r.created_at >= cutoff) sql.exec('INSERT OR IGNORE INTO log_client_ids VALUES (?, ?, ?, ?, ?)', r.sender_id, r.client_id, r.seq, r.id, r.created_at);
    }
    if (results.length) {
      const top = results[results.length - 1]!.seq;
      setMeta(sql, 'import_after', top);
      // D1's row already reflects what D1 held
      if (top > meta(sql, 'last_seq')) setMeta(sql, 'last_seq', top);
      if (top > meta(sql, 'd1_seq')) setMeta(sql, 'd1_seq', top);
    }
    if (done) setMeta(sql, 'imported', 1);
  });
  return { copied: results.length, done };
};


export const roomSummary = (sql: SqlStorage): RoomSummary => {
  const totals = sql.exec<{ max_seq: number | null; n: number }>('SELECT max(seq) AS max_seq, count(*) AS n FROM room_messages').one();
  // the preview is cut as D1 cuts it (substr counts characters, not UTF-16 units)
  const last = sql.exec<{ preview: string; created_at: number }>('SELECT substr(content, 1, 200) AS preview, created_at FROM room_messages ORDER BY seq DESC LIMIT 1').toArray()[0];
  const sentBy: Record<string, number> = {};
  for (const r of sql.exec<{ sender_id: string; s: number }>('SELECT sender_id, max(seq) AS s FROM room_messages GROUP BY sender_id')) sentBy[r.sender_id] = r.s;
  const firstRow = sql.exec<{ sender_id: string; created_at: number }>('SELECT sender_id, created_at FROM room_messages WHERE seq = 1').toArray()[0];
  const firstAt: Record<string, number> = {};
  for (const r of sql.exec<{ sender_id: string; at: number }>(
    'SELECT m.sender_id, m.created_at AS at FROM room_messages m WHERE m.seq = (SELECT min(seq) FROM room_messages WHERE sender_id = m.sender_id)',
  ))
    firstAt[r.sender_id] = r.at;
  return {
    maxSeq: totals.max_seq ?? 0,
    count: totals.n,
    lastContent: last?.preview ?? null,
    lastAt: last?.created_at ?? null,
    sentBy,
    first: firstRow ? { senderId: firstRow.sender_id, at: firstRow.created_at } : null,
    firstAt,
  };
};

/** Forgets clientIds older than CLIENT_ID_DAYS (from the room's alarm, not per message). */
export const pruneClientIds = (sql: SqlStorage, now = Date.now()) => {
  sql.exec('DELETE FROM log_client_ids WHERE created_at < ?', now - CLIENT_ID_DAYS * 86_400_000);
};

/** For the seller's leads (decision 015): when the conversation began, and the buyer's messages that may carry a phone number, newest first. */
export const leadFacts = (sql: SqlStorage, buyerId: string, limit = 50): { firstAt: number | null; numbered: string[] } => ({
  firstAt: sql.exec<{ created_at: number }>('SELECT created_at FROM room_messages WHERE seq = 1').toArray()[0]?.created_at ?? null,
  numbered: sql
    .exec<{ content: string }>(`SELECT content FROM room_messages WHERE sender_id = ? AND content GLOB '*[0-9][0-9][0-9]*' ORDER BY seq DESC LIMIT ?`, buyerId, limit)
    .toArray()
    .map((r) => r.content),
});
