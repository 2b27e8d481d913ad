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
 * The core's rows stay while the switch is off (the readers by seller and by ad ask the core until they
 * read the members' rows). Once the pass begun with the switch on has finished, `removeMovedCoreChats`
 * (below) removes those whose copy holds everything they hold, leaving the ones the history move
 * (decision 031) and the retirement of conversations archived before they left with their ads still
 * read; `chats.copies` (worker/services/consistency.ts) reports a copy missing or behind meanwhile.
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

/**
 * Which fields of a copy are behind its core row (the `chats.copies` check and the removal below share
 * it): a lower `last_seq` or read mark, a first reply time or an archived ad's title the copy lacks,
 * and, with `starsFromCore` (the switch off: members star in the core), a star that differs. A copy
 * ahead of the core is never behind.
 */
export const copyBehind = (core: ChatRecord, copy: ChatRecord, starsFromCore: boolean): (typeof CHAT_COLUMNS)[number][] => [
  ...(['last_seq', 'buyer_last_read_seq', 'seller_last_read_seq'] as const).filter((f) => Number(copy[f]) < Number(core[f])),
  ...(['first_reply_ms', 'listing_title'] as const).filter((f) => copy[f] === null && core[f] !== null),
  ...(starsFromCore ? (['buyer_starred', 'seller_starred'] as const).filter((f) => copy[f] !== core[f]) : []),
];

/** The copies of these core rows, read in their buyers' databases side by side. */
export const copiesOf = async (env: ChatsEnv, rows: readonly ChatRecord[]): Promise<Map<string, ChatRecord>> => {
  const byDb = new Map<D1Database, string[]>();
  for (const r of rows) {
    const db = accountsDbForUser(env, r.buyer_id);
    byDb.set(db, [...(byDb.get(db) ?? []), r.id]);
  }
  const read = await Promise.all(
    [...byDb].map(([db, ids]) => db.prepare(`SELECT ${CHAT_COLUMNS.join(', ')} FROM chats WHERE id IN (SELECT value FROM json_each(?1))`).bind(JSON.stringify(ids)).all<ChatRecord>()),
  );
  return new Map(read.flatMap((r) => r.results).map((r) => [r.id, r]));
};

export const CHATS_REMOVAL_CURSOR = 'chats-move:removed-after';

/**
 * Once the move is over — the switch on and the pass started with it finished — the core's rows are a
 * stale second copy: nothing writes them, every member reads the buyer's database. This removes them,
 * `CHATS_MOVE.coreRowsRemovedPerRun` a run of the every-minute cron, by id after a cursor in KV (a
 * whole pass done, it starts again, for the rows it had to leave). A row goes only when its copy holds
 * everything it holds (`copyBehind`: what `chats.copies` reports), checked again by the delete itself
 * against the values read, so a row that changed meanwhile stays. Two kinds stay for the readers that
 * still read the core: a conversation with messages still in D1 (the history move, decision 031, finds
 * them through the core's row; `messages.moved` counts them) and one archived before it could leave with
 * its ad (`listing_title` set: the archive's retirement of those reads the core). Each is removed by a
 * later pass once those jobs have taken its messages or retired it (then nothing is left to remove).
 */
export const removeMovedCoreChats = async (env: Pick<Env, 'DB' | 'CACHE'> & ChatsEnv, limit: number = CHATS_MOVE.coreRowsRemovedPerRun): Promise<number> => {
  if (!chatsWithAccounts(env)) return 0;
  if ((await env.CACHE.get(CHATS_MOVE_CURSOR)) !== FINISHED) return 0;
  const after = (await env.CACHE.get(CHATS_REMOVAL_CURSOR)) ?? '';
  const { results } = await env.DB.prepare(
    `SELECT ${CHAT_COLUMNS.join(', ')}, EXISTS (SELECT 1 FROM messages m WHERE m.chat_id = chats.id) AS in_d1 FROM chats WHERE id > ?1 ORDER BY id LIMIT ?2`,
  )
    .bind(after, limit)
    .all<ChatRecord & { in_d1: number }>();
  const copies = results.length ? await copiesOf(env, results) : new Map<string, ChatRecord>();
  const removable = results.filter((r) => {
    const copy = copies.get(r.id);
    return !r.in_d1 && r.listing_title === null && copy !== undefined && copyBehind(r, copy, false).length === 0;
  });
  let removed = 0;
  if (removable.length) {
    // each row only as it was read: not behind its copy, no archived title, no messages left in D1
    const done = await env.DB.prepare(
      `DELETE FROM chats WHERE id IN (SELECT value ->> 0 FROM json_each(?1))
         AND listing_title IS NULL AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.chat_id = chats.id)
         AND EXISTS (SELECT 1 FROM json_each(?1) j WHERE j.value ->> 0 = chats.id AND chats.last_seq <= j.value ->> 1
           AND chats.buyer_last_read_seq <= j.value ->> 2 AND chats.seller_last_read_seq <= j.value ->> 3
           AND (chats.first_reply_ms IS NULL OR j.value ->> 4 IS NOT NULL))`,
    )
      .bind(
        JSON.stringify(
          removable.map((r) => {
            const c = copies.get(r.id)!;
            return [r.id, c.last_seq, c.buyer_last_read_seq, c.seller_last_read_seq, c.first_reply_ms];
          }),
        ),
      )
      .run();
    removed = done.meta.changes;
  }
  if (results.length < limit) await env.CACHE.delete(CHATS_REMOVAL_CURSOR);
  else await env.CACHE.put(CHATS_REMOVAL_CURSOR, results[results.length - 1]!.id);
  return removed;
};

/**
 * The every-minute job's part of the removal: only when a person has said so (`RETIRE_CORE_CHATS = "1"`),
 * as with the core's `users` rows. Until then the core's rows are the way back: turning the switch off
 * again reads them, so nothing removes them while it may still be needed.
 */
export const scheduledChatsRemoval = async (env: Pick<Env, 'DB' | 'CACHE'> & ChatsEnv & { RETIRE_CORE_CHATS?: string }): Promise<number> =>
  env.RETIRE_CORE_CHATS === '1' ? removeMovedCoreChats(env) : 0;
