/**
 * Copies the conversations' directory rows (`chats`) from the core into their buyers' accounts
 * databases (decision 034, worker/db/chats.ts), keeping each id: an older conversation's id names no
 * group, and its members' `chat_members` rows name its buyer, whose database then holds it.
 *
 * From the every-minute cron, `CHATS_MOVE.chatsPerRun` a run, by id after a cursor in KV, with several
 * accounts databases only. While the switch is off the core's rows are the ones the room and the
 * members write, so passes follow one another, each bringing the copies level; the first finished pass
 * is recorded (`chats-move:done`), after which the switch may be turned on. Once it is on, one more
 * whole pass (started with the switch on) brings over what the core took between the last pass and the
 * switch, and then the move stops for good.
 *
 * Every write only moves forward, so a cut run, a repeated pass and the room's own writes meet in any
 * order: `last_seq` and the read marks only rise, the preview follows the higher `last_seq`, the first
 * reply time and an archived ad's title are kept once set. Stars are the one field that goes both ways:
 * while the switch is off the core's star wins (members star there); once it is on, the copy's is kept.
 * Known gap: a star changed in the core between the last pass and the switch is not carried over.
 *
 * The core's rows stay: the history move (decision 031) and the retirement of conversations archived
 * before they left with their ads read them, and the readers by seller and by ad still ask the core
 * until they read the members' rows. Removing them is a later step (after `chats.copies` is clean).
 */
import type { Env } from '../../env';
import { accountsDbForUser, accountsSplit } from '../../db/accounts';
import { chatsWithAccounts, type ChatsEnv } from '../../db/chats';
import { CHATS_MOVE } from '../../schemas/chat-list-data';

export const CHATS_MOVE_CURSOR = 'chats-move:cursor';
export const CHATS_MOVE_DONE = 'chats-move:done';
/** The cursor's value once the pass started with the switch on has finished: nothing more to do. */
const FINISHED = 'finished';

/** Every column of a conversation's row, as the copy writes it. */
export const CHAT_COLUMNS = [
  'id',
  'listing_id',
  'buyer_id',
  'seller_id',
  'last_message',
  'last_message_at',
  'last_seq',
  'buyer_last_read_seq',
  'seller_last_read_seq',
  'buyer_starred',
  'seller_starred',
  'created_at',
  'updated_at',
  'first_reply_ms',
  'listing_title',
] as const;

export type ChatRecord = Record<(typeof CHAT_COLUMNS)[number], unknown> & { id: string; buyer_id: string };

const NEWER = 'excluded.last_seq > chats.last_seq';

/**
 * Rows written into one database in ONE statement (the rows as one JSON parameter): a missing row is
 * created with the core's values; an existing one only moves forward (see the file's comment). With
 * `starsFromCore` the stars are the given ones, else the copy keeps its own.
 */
export const chatCopyStatement = (db: D1Database, rows: readonly ChatRecord[], starsFromCore: boolean) =>
  db
    .prepare(
      `INSERT INTO chats (${CHAT_COLUMNS.join(', ')})
       SELECT ${CHAT_COLUMNS.map((c) => `json_extract(j.value, '$.${c}')`).join(', ')} FROM json_each(?1) j WHERE true
       ON CONFLICT (id) DO UPDATE SET
         last_message = iif(${NEWER}, excluded.last_message, chats.last_message),
         last_message_at = iif(${NEWER}, excluded.last_message_at, chats.last_message_at),
         updated_at = iif(${NEWER}, excluded.updated_at, chats.updated_at),
         last_seq = max(chats.last_seq, excluded.last_seq),
         buyer_last_read_seq = max(chats.buyer_last_read_seq, excluded.buyer_last_read_seq),
         seller_last_read_seq = max(chats.seller_last_read_seq, excluded.seller_last_read_seq),
         first_reply_ms = coalesce(chats.first_reply_ms, excluded.first_reply_ms),
         listing_title = coalesce(chats.listing_title, excluded.listing_title)${
           starsFromCore ? ',\n         buyer_starred = excluded.buyer_starred, seller_starred = excluded.seller_starred' : ''
         }`,
    )
    .bind(JSON.stringify(rows));

/** Rows copied into their buyers' databases: one statement per database, side by side (one wait). */
export const copyChatRows = async (env: ChatsEnv, rows: readonly ChatRecord[], starsFromCore: boolean) => {
  const byDb = new Map<D1Database, ChatRecord[]>();
  for (const r of rows) {
    const db = accountsDbForUser(env, r.buyer_id);
    byDb.set(db, [...(byDb.get(db) ?? []), r]);
  }
  await Promise.all([...byDb].map(([db, some]) => chatCopyStatement(db, some, starsFromCore).run()));
};

interface Cursor {
  after: string;
  /** whether the pass began with the switch on: its end is the move's end */
  switchOn: boolean;
}

/** One run of the move; returns how many conversations it copied. */
export const moveChatsToAccounts = async (env: Pick<Env, 'DB' | 'CACHE'> & ChatsEnv, limit: number = CHATS_MOVE.chatsPerRun): Promise<number> => {
  if (!accountsSplit(env)) return 0;
  const stored = await env.CACHE.get(CHATS_MOVE_CURSOR);
  if (stored === FINISHED) return 0;
  const on = chatsWithAccounts(env);
  const cursor: Cursor = stored ? (JSON.parse(stored) as Cursor) : { after: '', switchOn: on };
  const { results } = await env.DB.prepare(`SELECT ${CHAT_COLUMNS.join(', ')} FROM chats WHERE id > ?1 ORDER BY id LIMIT ?2`)
    .bind(cursor.after, limit)
    .all<ChatRecord>();
  if (results.length) await copyChatRows(env, results, !on);
  if (results.length < limit) {
    await env.CACHE.put(CHATS_MOVE_DONE, new Date().toISOString());
    // a pass begun with the switch on was the last; otherwise the next run starts another
    if (cursor.switchOn) await env.CACHE.put(CHATS_MOVE_CURSOR, FINISHED);
    else await env.CACHE.delete(CHATS_MOVE_CURSOR);
  } else await env.CACHE.put(CHATS_MOVE_CURSOR, JSON.stringify({ after: results[results.length - 1]!.id, switchOn: cursor.switchOn }));
  return results.length;
};
