/**
 * The consistency check of the members' chat list rows (decision 034, migration 0053), decision 018's
 * rules: scanned in batches of conversations by id, each disagreement reported with the database it
 * is in, repairs that only change what is still as the scan saw it. The room is the source of truth
 * for what it holds (decision 031): the last message, its time and seq, and each member's newest own
 * message; the core's conversation row, the directory, for the ad, the members and the stars (written
 * there beside the member's row). A core row that is itself wrong is the `chats.*` checks' business,
 * so this one does not report the members' rows for it.
 *
 * What is repaired, and how:
 * - a missing row, one behind its room (a lower `last_seq`), or a read mark below the member's own
 *   newest message (they have read what they sent) or below the other's (the read ticks): written with
 *   the same forward-only upsert the room uses, so a message or a read landing meanwhile is not undone;
 * - the preview or its time at the room's `last_seq`, a read mark past the last message (only while the
 *   row is at the room's seq), the star, the ad, the other member, the role or the seller's first-reply
 *   time (migration 0054; from the room's messages, as the `chats.first_reply_ms` check computes it):
 *   set to the expected value where the row still holds the scanned one;
 * - a row AHEAD of its room (a higher `last_seq`) is reported, never moved back.
 */

import { accountsDatabaseOfGroup, accountsDatabaseCount, accountsDbForUser, groupOfUserId, type AccountsEnv } from '../../db/accounts';
import type { RoomSummary } from '../../durable-object-contracts';
import { memberRowsOf, upsertStatement, type ChatMemberRow, type ChatMemberValues } from './chat-members';

export interface ChatMemberFinding {
  /** `chat/user` */
  id: string;
  field: string;
  expected: string | number | null;
  kept: string | number | null;
  note?: string;
  database?: string;
  /** for a row written by the upsert: the row's expected values (JSON); otherwise `[user, chat, scanned last_seq]` (JSON) */
  ref: string;
}

/** Fields set to the expected value where the row still holds the scanned one (and the scanned last_seq). */
const SET_FIELDS = ['last_message', 'last_message_at', 'last_read_seq', 'other_last_read_seq', 'starred', 'listing_id', 'other_id', 'role', 'first_reply_ms'] as const;

/**
 * The seller's first-reply time as the room's messages give it (decision 026): in a conversation the
 * buyer opened, the time from the first message to the seller's first; null until the seller answers.
 */
export const firstReplyOfRoom = (room: Pick<RoomSummary, 'first' | 'firstAt'>, buyerId: string, sellerId: string): number | null =>
  room.first?.senderId === buyerId && room.firstAt[sellerId] !== undefined ? Math.max(0, room.firstAt[sellerId]! - room.first.at) : null;

const databaseName = (env: AccountsEnv, userId: string) => `accounts-${accountsDatabaseOfGroup(accountsDatabaseCount(env), groupOfUserId(userId))}`;

/** Rooms asked at once (as the `chats.*` checks do). */
const ROOMS_AT_ONCE = 25;

interface DirectoryRow {
  id: string;
  listing_id: string;
  buyer_id: string;
  seller_id: string;
  buyer_starred: number;
  seller_starred: number;
  created_at: number;
}

type Rooms = { get(id: DurableObjectId): { summary(): Promise<RoomSummary> }; idFromName(name: string): DurableObjectId };

/** One batch of conversations: the core's directory rows, their rooms, and their members' rows read from their databases side by side. */
export const scanChatMembers = async (
  env: AccountsEnv & { DB: D1Database; ChatRoom?: unknown },
  cursor: string | null,
  batchRows: number,
  /** where the conversations' rows are read: the core, or with the chats switch on the accounts database walked */
  directory: D1Database = env.DB,
): Promise<{ rows: number; found: ChatMemberFinding[]; next: string | null }> => {
  const rooms = env.ChatRoom as Rooms | undefined;
  if (!rooms) throw new Error('the chat list check reads the chat rooms: run it in the worker (its daily check), not from the command line');
  const { results } = await directory.prepare(
    'SELECT id, listing_id, buyer_id, seller_id, buyer_starred, seller_starred, created_at FROM chats WHERE id > ?1 ORDER BY id LIMIT ?2',
  )
    .bind(cursor ?? '', batchRows)
    .all<DirectoryRow>();
  const chatsByDb = new Map<D1Database, Set<string>>();
  for (const c of results)
    for (const userId of [c.buyer_id, c.seller_id]) {
      const db = accountsDbForUser(env, userId);
      chatsByDb.set(db, (chatsByDb.get(db) ?? new Set()).add(c.id));
    }
  const keptRead = Promise.all(
    [...chatsByDb].map(([db, ids]) =>
      db.prepare('SELECT * FROM chat_members WHERE chat_id IN (SELECT value FROM json_each(?1))').bind(JSON.stringify([...ids])).all<ChatMemberRow>(),
    ),
  );
  const summaries: RoomSummary[] = [];
  for (let i = 0; i < results.length; i += ROOMS_AT_ONCE)
    summaries.push(...(await Promise.all(results.slice(i, i + ROOMS_AT_ONCE).map((c) => rooms.get(rooms.idFromName(c.id)).summary()))));
  const keptOf = new Map((await keptRead).flatMap((k) => k.results).map((r) => [`${r.chat_id}/${r.user_id}`, r]));
  const found = results.flatMap((c, i) => {
    const room = summaries[i]!;
    return memberRowsOf({
      id: c.id,
      listing_id: c.listing_id,
      buyer_id: c.buyer_id,
      seller_id: c.seller_id,
      last_seq: room.maxSeq,
      last_message: room.lastContent,
      last_message_at: room.lastAt,
      last_sender_id: null,
      // the lowest read marks the room allows: what each member sent themselves
      buyer_last_read_seq: room.sentBy[c.buyer_id] ?? 0,
      seller_last_read_seq: room.sentBy[c.seller_id] ?? 0,
      buyer_starred: c.buyer_starred,
      seller_starred: c.seller_starred,
      created_at: c.created_at,
      updated_at: room.lastAt ?? c.created_at,
      first_reply_ms: firstReplyOfRoom(room, c.buyer_id, c.seller_id),
    }).flatMap((e) => compare(env, e, keptOf.get(`${e.chat_id}/${e.user_id}`)));
  });
  return { rows: results.length, found, next: results.length < batchRows ? null : results[results.length - 1]!.id };
};

/** `e`: the row as the room and the directory say it should at least be (its read marks: the lowest allowed). */
const compare = (env: AccountsEnv, e: ChatMemberValues, k: ChatMemberRow | undefined): ChatMemberFinding[] => {
  const id = `${e.chat_id}/${e.user_id}`;
  const database = databaseName(env, e.user_id);
  if (!k) return [{ id, field: 'row', expected: 'present', kept: null, note: 'the member has no chat list row for this conversation', database, ref: JSON.stringify(e) }];
  // the room's last sender is not in its summary: a forward write keeps the row's own
  const forward = JSON.stringify({ ...e, last_sender_id: k.last_sender_id });
  const key = JSON.stringify([e.user_id, e.chat_id, k.last_seq]);
  const out: ChatMemberFinding[] = [];
  if (k.last_seq < e.last_seq) out.push({ id, field: 'last_seq', expected: e.last_seq, kept: k.last_seq, database, ref: forward });
  if (k.last_seq > e.last_seq) out.push({ id, field: 'last_seq', expected: e.last_seq, kept: k.last_seq, note: 'ahead of its room: reported, never moved back', database, ref: key });
  if (k.last_seq === e.last_seq) {
    // both cut the preview at 200 characters (substr: characters, not UTF-16 units)
    if (k.last_message !== e.last_message) out.push({ id, field: 'last_message', expected: e.last_message, kept: k.last_message, database, ref: key });
    if (k.last_message_at !== e.last_message_at) out.push({ id, field: 'last_message_at', expected: e.last_message_at, kept: k.last_message_at, database, ref: key });
  }
  for (const field of ['last_read_seq', 'other_last_read_seq'] as const) {
    const low = e[field];
    if (k[field] < low) out.push({ id, field, expected: low, kept: k[field], note: `allowed ${low}..${e.last_seq}`, database, ref: forward });
    else if (k[field] > e.last_seq && k.last_seq === e.last_seq) out.push({ id, field, expected: e.last_seq, kept: k[field], note: `allowed ${low}..${e.last_seq}`, database, ref: key });
  }
  for (const field of ['starred', 'listing_id', 'other_id', 'role', 'first_reply_ms'] as const)
    if (k[field] !== e[field]) out.push({ id, field, expected: e[field], kept: k[field], database, ref: key });
  return out;
};

/** Repairs one batch's findings; returns how many rows it changed. */
export const repairChatMembers = async (env: AccountsEnv, found: readonly ChatMemberFinding[]): Promise<number> => {
  const changed = new Set<string>();
  const forward = new Map<string, ChatMemberValues>();
  const work: { id: string; db: D1Database; statement: D1PreparedStatement }[] = [];
  for (const f of found) {
    const parsed = JSON.parse(f.ref) as ChatMemberValues | [string, string, number];
    if (!Array.isArray(parsed)) {
      // the forward upsert (one per row, whichever of its fields asked for it)
      forward.set(f.id, parsed);
      continue;
    }
    // a row ahead of its room: reported, never moved back
    if (!(SET_FIELDS as readonly string[]).includes(f.field)) continue;
    const [userId, chatId, scannedSeq] = parsed;
    const db = accountsDbForUser(env, userId);
    // the list's order follows the message time
    const alsoActivity = f.field === 'last_message_at' ? ', activity_at = coalesce(?1, created_at)' : '';
    work.push({
      id: f.id,
      db,
      statement: db
        .prepare(`UPDATE chat_members SET ${f.field} = ?1${alsoActivity} WHERE user_id = ?2 AND chat_id = ?3 AND ${f.field} IS ?4 AND last_seq = ?5`)
        .bind(f.expected, userId, chatId, f.kept, scannedSeq),
    });
  }
  const rowsByDb = new Map<D1Database, ChatMemberValues[]>();
  for (const r of forward.values()) {
    const db = accountsDbForUser(env, r.user_id);
    rowsByDb.set(db, [...(rowsByDb.get(db) ?? []), r]);
  }
  const byDb = new Map<D1Database, typeof work>();
  for (const w of work) byDb.set(w.db, [...(byDb.get(w.db) ?? []), w]);
  // the guarded sets first: they are guarded on the scanned last_seq, which a forward write may move
  await Promise.all(
    [...byDb].map(async ([db, some]) => {
      const results = await db.batch(some.map((w) => w.statement));
      some.forEach((w, i) => (results[i]?.meta.changes ?? 0) > 0 && changed.add(w.id));
    }),
  );
  await Promise.all(
    [...rowsByDb].map(async ([db, rows]) => {
      const result = await upsertStatement(db, rows).run();
      // the upsert's count does not say which rows: each one written was missing or behind as scanned
      if (result.meta.changes > 0) for (const r of rows) changed.add(`${r.chat_id}/${r.user_id}`);
    }),
  );
  return changed.size;
};
