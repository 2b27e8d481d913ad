/**
 * The retention of archived conversations (decision 021, second addendum). A conversation leaves D1
 * with its archived ad; its messages stay in its chat room for `RETENTION.archivedChatDays`, then the
 * room's alarm deletes them — unless a report about the ad is still open (a hold), when the room looks
 * again `RETENTION.heldChatRecheckDays` later. While a conversation is held, a moderator reads it here.
 *
 * Where things are:
 * - the due time lives in the room (`durable-objects/chat-room-retention.ts`); the archive job tells
 *   the room when the conversation leaves D1, and the hourly `armArchivedRooms` tells the rooms of
 *   conversations archived before rooms kept a due time;
 * - the hold is read from D1's `listing_reports` (kept after the ad is archived, decision 021) when
 *   the time is up: no flag to keep in step with the report path, and one indexed read per room;
 * - the R2 marker `archive/chats/{chatId}` gains `messagesRemovedAt` when the room deletes them; the
 *   members' old link still answers 410 `CHAT_ARCHIVED` from the same marker.
 */
import type { Env } from '../../env';
import { AppError, notFound } from '../../lib/errors';
import { ulid } from '../../lib/ulid';
import { RETENTION } from '../../schemas/retention-data';
import { CHAT_PREFIX, archivedChatKey } from '../listings/archive-keys';
import { roomOf } from './chat';

/** Does the ad this conversation was about have an open report? Then its messages are held. */
export const chatHeld = async (env: Env, listingId: string): Promise<boolean> =>
  Boolean(await env.DB.prepare(`SELECT 1 FROM listing_reports WHERE listing_id = ? AND status = 'OPEN' LIMIT 1`).bind(listingId).first());

/**
 * Notes on the conversation's R2 marker when its messages were removed (the first time: a repeated
 * removal keeps the first date). Written before the room deletes them, so a crash between leaves a
 * marker that says removed and a room that the retried alarm empties.
 */
export const recordMessagesRemoved = async (env: Env, chatId: string, now: number) => {
  const marker = await env.MEDIA.head(archivedChatKey(chatId));
  // no marker: a conversation archived without one (none today); nothing to record it on
  if (!marker || marker.customMetadata?.messagesRemovedAt) return;
  await env.MEDIA.put(archivedChatKey(chatId), '', { customMetadata: { ...marker.customMetadata, messagesRemovedAt: String(now) } });
};

export const ARM_ROOMS_CURSOR = 'chat-retention-arm:cursor';
const ARM_DONE = 'done';
/** Rooms told at once within a run. */
const ROOMS_AT_ONCE = 10;

export interface ArmResult {
  /** rooms told their due time in this run */
  armed: number;
  /** markers whose messages were removed already (nothing to arm) */
  removed: number;
  done: boolean;
}

/**
 * The one-off walk over conversations archived before rooms kept their own due time: each room is
 * told when its conversation was archived (from its marker) and arms its alarm. Bounded (`limit`
 * markers a run), resumable (a KV cursor: the last marker key done; a run cut short is repeated,
 * which changes nothing, the room keeps its first archive time) and finished once the list ends.
 * Conversations archived since are armed by the archive job itself, so one pass is enough.
 */
export const armArchivedRooms = async (env: Env, limit: number = RETENTION.roomsArmedPerRun): Promise<ArmResult> => {
  const cursor = await env.CACHE.get(ARM_ROOMS_CURSOR);
  if (cursor === ARM_DONE) return { armed: 0, removed: 0, done: true };
  const listed = await env.MEDIA.list({ prefix: CHAT_PREFIX, limit, include: ['customMetadata'], ...(cursor ? { startAfter: cursor } : {}) });
  const result: ArmResult = { armed: 0, removed: 0, done: !listed.truncated };
  const todo = listed.objects.filter((o) => {
    if (!o.customMetadata?.messagesRemovedAt) return true;
    result.removed++;
    return false;
  });
  for (let i = 0; i < todo.length; i += ROOMS_AT_ONCE) {
    await Promise.all(
      todo.slice(i, i + ROOMS_AT_ONCE).map(async (o) => {
        const chatId = o.key.slice(CHAT_PREFIX.length);
        const { listingId = '', archivedAt } = o.customMetadata ?? {};
        // a marker without its time (none are written so) counts from its upload
        await roomOf(env, chatId).archived(listingId, Number(archivedAt) || o.uploaded.getTime());
        result.armed++;
      }),
    );
  }
  const last = listed.objects.at(-1)?.key;
  await env.CACHE.put(ARM_ROOMS_CURSOR, result.done ? ARM_DONE : (last ?? cursor ?? ''));
  return result;
};

/** The held conversation as a moderator reads it: its members, its ad and a page of its messages. */
export interface HeldChatPage {
  chatId: string;
  listingId: string;
  buyerId: string;
  sellerId: string;
  archivedAt: string;
  messages: Awaited<ReturnType<ReturnType<typeof roomOf>['history']>>['messages'];
  pagination: { page: number; limit: number; total: number; pages: number };
}

export const HELD_CHAT_ONLY = 'Moderators can read an ended conversation only while a report about its ad is open.';

/**
 * A moderator reads an archived conversation while it is held (its ad has an open report). Every
 * read is written to the append-only audit log, in the same statement that checks the hold, so no
 * read goes unrecorded and none is recorded that was refused. A conversation that never was, or
 * that is still live (its members read it; moderators do not), is 404; one whose messages were
 * removed is 410 with the date.
 */
export const readHeldChat = async (env: Env, moderatorId: string, chatId: string, q: { page: number; limit: number }): Promise<HeldChatPage> => {
  const id = chatId.toLowerCase();
  const marker = await env.MEDIA.head(archivedChatKey(id));
  if (!marker) throw notFound('No ended conversation has that id.', 'ARCHIVED_CHAT_NOT_FOUND');
  const meta = marker.customMetadata ?? {};
  const listingId = meta.listingId ?? '';
  if (meta.messagesRemovedAt) {
    const on = new Date(Number(meta.messagesRemovedAt)).toISOString().slice(0, 10);
    throw new AppError(410, 'CHAT_MESSAGES_REMOVED', `The messages of this conversation were removed on ${on}, when the time they are kept for ended.`);
  }
  const audited = await env.DB.prepare(
    `INSERT INTO moderation_actions (id, actor_id, action, target_type, target_id, reason, created_at)
     SELECT ?, ?, 'READ_CHAT', 'CHAT', ?, ?, ? WHERE EXISTS (SELECT 1 FROM listing_reports WHERE listing_id = ? AND status = 'OPEN')`,
  )
    .bind(`mod_${ulid().toLowerCase()}`, moderatorId, id, `Open report on ad ${listingId}`, Date.now(), listingId)
    .run();
  if (!audited.meta.changes) throw new AppError(403, 'CHAT_NOT_HELD', HELD_CHAT_ONLY);
  const page = await roomOf(env, id).history(q);
  return {
    chatId: id,
    listingId,
    buyerId: meta.buyerId ?? '',
    sellerId: meta.sellerId ?? '',
    archivedAt: new Date(Number(meta.archivedAt) || marker.uploaded.getTime()).toISOString(),
    messages: page.messages,
    pagination: { page: q.page, limit: q.limit, total: page.lastSeq, pages: Math.ceil(page.lastSeq / q.limit) },
  };
};
