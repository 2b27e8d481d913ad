import type { Env } from '../../env';
import { roomOf } from './chat';

/**
 * The one-off move of chat history out of D1 (decision 031): each conversation's messages that D1
 * held from before the rooms kept them are copied into its room, and D1's copy is deleted once the
 * room holds every one of them. A room also copies them in by itself the first time it is used, so
 * this job is for the conversations nobody opens. Bounded (ROOMS_PER_RUN a run, from the hourly
 * cron), resumable (a KV cursor by chat id; a room that was half-copied resumes its own page
 * cursor) and idempotent (a room keeps what it holds; the delete only takes rows the room confirmed).
 */

/** Conversations one run moves. */
export const ROOMS_PER_RUN = 200;
/** Rooms asked at once within a run. */
const ROOMS_AT_ONCE = 10;
export const HISTORY_MOVE_CURSOR = 'chat-history-move:cursor';
const MOVE_DONE = 'done';
/**
 * Set (to the moment, ISO) once the walk is done and D1's `messages` table holds no row at all: the
 * durable "no D1 history left" mark a later migration waits for before it drops the table (decision
 * 031). Until then every run after the walk looks again (one `LIMIT 1` read): a conversation kept for
 * a gap holds it back, and the consistency check `messages.moved` names those conversations.
 */
export const HISTORY_MOVE_D1_EMPTY = 'chat-history-move:d1-empty';

export interface MoveResult {
  rooms: number;
  /** D1 message rows deleted after their room confirmed it holds them */
  deleted: number;
  /** conversations whose D1 rows were kept: the room holds fewer messages than its last seq says (a gap; reported, never forced) */
  kept: string[];
  done: boolean;
  /** when D1 was found to hold no message row after the walk (the mark in KV), or null while some remain */
  d1EmptyAt: string | null;
}

/** After the walk: is D1's table empty? Then the mark is written (once; an earlier mark is kept). */
const markWhenEmpty = async (env: Env): Promise<string | null> => {
  const marked = await env.CACHE.get(HISTORY_MOVE_D1_EMPTY);
  if (marked) return marked;
  if (await env.DB.prepare('SELECT 1 FROM messages LIMIT 1').first()) return null;
  const at = new Date().toISOString();
  await env.CACHE.put(HISTORY_MOVE_D1_EMPTY, at);
  return at;
};

export const moveChatHistory = async (env: Env, limit = ROOMS_PER_RUN): Promise<MoveResult> => {
  const cursor = (await env.CACHE.get(HISTORY_MOVE_CURSOR)) ?? '';
  if (cursor === MOVE_DONE) return { rooms: 0, deleted: 0, kept: [], done: true, d1EmptyAt: await markWhenEmpty(env) };
  const { results } = await env.DB.prepare('SELECT id FROM chats WHERE id > ? ORDER BY id LIMIT ?').bind(cursor, limit).all<{ id: string }>();
  const result: MoveResult = { rooms: results.length, deleted: 0, kept: [], done: results.length < limit, d1EmptyAt: null };
  for (let i = 0; i < results.length; i += ROOMS_AT_ONCE) {
    const chunk = results.slice(i, i + ROOMS_AT_ONCE);
    const held = await Promise.all(chunk.map((c) => roomOf(env, c.id).importHistory()));
    const deletes: D1PreparedStatement[] = [];
    for (const [j, h] of held.entries()) {
      const chatId = chunk[j]!.id;
      if (h.count !== h.lastSeq) {
        result.kept.push(chatId);
        continue;
      }
      deletes.push(env.DB.prepare('DELETE FROM messages WHERE chat_id = ? AND seq <= ?').bind(chatId, h.lastSeq));
    }
    if (deletes.length) for (const r of await env.DB.batch(deletes)) result.deleted += r.meta.changes;
  }
  // the cursor moves only after the whole run: a run cut short is repeated, which changes nothing
  await env.CACHE.put(HISTORY_MOVE_CURSOR, result.done ? MOVE_DONE : results[results.length - 1]!.id);
  if (result.done) result.d1EmptyAt = await markWhenEmpty(env);
  if (result.kept.length) console.warn(`chat history move: D1 rows kept for ${result.kept.length} conversation(s) with a gap: ${result.kept.slice(0, 20).join(', ')}`);
  return result;
};
