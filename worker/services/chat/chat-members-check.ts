/**
 * The consistency check of the members' chat list rows (decision 034, migration 0053) against the
 * conversation's row in the core, which the room keeps up to date with the room itself (the `chats.*`
 * checks compare that one with the room) — decision 018's rules: scanned in batches of conversations by
 * id, each disagreement reported with the database it is in, repairs that only change what is still as
 * the scan saw it.
 *
 * What is repaired, and how:
 * - a missing row, or one behind the conversation (a lower `last_seq`, lower read marks): written with
 *   the same forward-only upsert the room uses, so a message or a read landing meanwhile is not undone;
 * - the preview or its time at the same `last_seq`, the star (written to both side by side), the ad,
 *   the other member or the role: set to the core's value where the row still holds the scanned one;
 * - a row AHEAD of the core (a higher `last_seq` or read mark: the core's update failed after the
 *   member's landed) is reported, not moved back: the room's next update, or `chats.last_seq`'s repair
 *   from the room, brings the core forward.
 */

import { accountsDatabaseOfGroup, accountsDatabaseCount, accountsDbForUser, groupOfUserId, type AccountsEnv } from '../../db/accounts';
import { CONVERSATION_COLUMNS, memberRowsOf, upsertStatement, type ChatMemberRow, type ChatMemberValues, type ConversationState } from './chat-members';

export interface ChatMemberFinding {
  /** `chat/user` */
  id: string;
  field: string;
  expected: string | number | null;
  kept: string | number | null;
  note?: string;
  database?: string;
  /** for a row written by the upsert: the row's expected values (JSON); otherwise `[user, chat]` (JSON) */
  ref: string;
}

/** Fields set to the core's value where the row still holds the scanned one. */
const SET_FIELDS = ['last_message', 'last_message_at', 'starred', 'listing_id', 'other_id', 'role'] as const;
/** Fields brought forward by the upsert. */
const FORWARD_FIELDS = ['row', 'last_seq', 'last_read_seq', 'other_last_read_seq'] as const;

const databaseName = (env: AccountsEnv, userId: string) => `accounts-${accountsDatabaseOfGroup(accountsDatabaseCount(env), groupOfUserId(userId))}`;

/** One batch of conversations from the core, with their members' rows read from their databases side by side. */
export const scanChatMembers = async (
  env: AccountsEnv & { DB: D1Database },
  cursor: string | null,
  batchRows: number,
): Promise<{ rows: number; found: ChatMemberFinding[]; next: string | null }> => {
  const { results } = await env.DB.prepare(`SELECT ${CONVERSATION_COLUMNS} FROM chats WHERE id > ?1 ORDER BY id LIMIT ?2`)
    .bind(cursor ?? '', batchRows)
    .all<ConversationState>();
  const expected = results.flatMap(memberRowsOf);
  const chatsByDb = new Map<D1Database, Set<string>>();
  for (const r of expected) {
    const db = accountsDbForUser(env, r.user_id);
    chatsByDb.set(db, (chatsByDb.get(db) ?? new Set()).add(r.chat_id));
  }
  const kept = await Promise.all(
    [...chatsByDb].map(([db, ids]) =>
      db.prepare('SELECT * FROM chat_members WHERE chat_id IN (SELECT value FROM json_each(?1))').bind(JSON.stringify([...ids])).all<ChatMemberRow>(),
    ),
  );
  const keptOf = new Map(kept.flatMap((k) => k.results).map((r) => [`${r.chat_id}/${r.user_id}`, r]));
  const found = expected.flatMap((e) => compare(env, e, keptOf.get(`${e.chat_id}/${e.user_id}`)));
  return { rows: results.length, found, next: results.length < batchRows ? null : results[results.length - 1]!.id };
};

const compare = (env: AccountsEnv, e: ChatMemberValues, k: ChatMemberRow | undefined): ChatMemberFinding[] => {
  const id = `${e.chat_id}/${e.user_id}`;
  const database = databaseName(env, e.user_id);
  const forward = JSON.stringify(e);
  const key = JSON.stringify([e.user_id, e.chat_id]);
  if (!k) return [{ id, field: 'row', expected: 'present', kept: null, note: "the member has no chat list row for this conversation", database, ref: forward }];
  const out: ChatMemberFinding[] = [];
  for (const field of ['last_seq', 'last_read_seq', 'other_last_read_seq'] as const) {
    const want = field === 'last_seq' ? e.last_seq : Math.min(e[field], e.last_seq);
    if (k[field] < want) out.push({ id, field, expected: want, kept: k[field], database, ref: forward });
    else if (k[field] > want) out.push({ id, field, expected: want, kept: k[field], note: "ahead of the conversation's row in the core: not moved back (the core catches up)", database, ref: key });
  }
  if (k.last_seq === e.last_seq) {
    // both cut the preview at 200 characters (substr: characters, not UTF-16 units)
    if (k.last_message !== e.last_message) out.push({ id, field: 'last_message', expected: e.last_message, kept: k.last_message, database, ref: key });
    if (k.last_message_at !== e.last_message_at) out.push({ id, field: 'last_message_at', expected: e.last_message_at, kept: k.last_message_at, database, ref: key });
  }
  for (const field of ['starred', 'listing_id', 'other_id', 'role'] as const)
    if (k[field] !== e[field]) out.push({ id, field, expected: e[field], kept: k[field], database, ref: key });
  return out;
};

/** Repairs one batch's findings; returns how many rows it changed. */
export const repairChatMembers = async (env: AccountsEnv, found: readonly ChatMemberFinding[]): Promise<number> => {
  const changed = new Set<string>();
  const forward = new Map<string, ChatMemberValues>();
  const work: { id: string; db: D1Database; statement: D1PreparedStatement }[] = [];
  for (const f of found) {
    if ((FORWARD_FIELDS as readonly string[]).includes(f.field)) {
      const parsed = JSON.parse(f.ref) as ChatMemberValues | [string, string];
      // ahead of the core (its ref is only the key): reported, not moved back
      if (Array.isArray(parsed)) continue;
      forward.set(f.id, parsed);
      continue;
    }
    if (!(SET_FIELDS as readonly string[]).includes(f.field)) continue;
    const [userId, chatId] = JSON.parse(f.ref) as [string, string];
    const db = accountsDbForUser(env, userId);
    // the list's order follows the message time
    const alsoActivity = f.field === 'last_message_at' ? ', activity_at = coalesce(?1, created_at)' : '';
    work.push({
      id: f.id,
      db,
      statement: db.prepare(`UPDATE chat_members SET ${f.field} = ?1${alsoActivity} WHERE user_id = ?2 AND chat_id = ?3 AND ${f.field} IS ?4`).bind(f.expected, userId, chatId, f.kept),
    });
  }
  const rowsByDb = new Map<D1Database, ChatMemberValues[]>();
  for (const r of forward.values()) {
    const db = accountsDbForUser(env, r.user_id);
    rowsByDb.set(db, [...(rowsByDb.get(db) ?? []), r]);
  }
  const byDb = new Map<D1Database, typeof work>();
  for (const w of work) byDb.set(w.db, [...(byDb.get(w.db) ?? []), w]);
  await Promise.all([
    ...[...rowsByDb].map(async ([db, rows]) => {
      const result = await upsertStatement(db, rows).run();
      // the upsert's count does not say which rows: each one written was missing or behind as scanned
      if (result.meta.changes > 0) for (const r of rows) changed.add(`${r.chat_id}/${r.user_id}`);
    }),
    ...[...byDb].map(async ([db, some]) => {
      const results = await db.batch(some.map((w) => w.statement));
      some.forEach((w, i) => (results[i]?.meta.changes ?? 0) > 0 && changed.add(w.id));
    }),
  ]);
  return changed.size;
};
