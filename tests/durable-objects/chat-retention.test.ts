/**
 * Archived conversations leave their rooms after a retention (decision 021, second addendum), with a
 * controlled clock: the archive job runs at a given moment, and the room's alarm is run by hand with
 * the clock set before or after the conversation's time is up. An open report on the ad holds it; a
 * moderator reads it meanwhile; the hourly sweep arms rooms archived before rooms kept a due time.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { env } from 'cloudflare:workers';
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import type { ChatRoom } from '../../durable-objects/chat-room';
import { archiveEndedAds } from '../../worker/services/listings/archive';
import { archivedChatKey } from '../../worker/services/listings/archive-keys';
import { ARM_ROOMS_CURSOR, armArchivedRooms } from '../../worker/services/chat/chat-retention';
import { ARCHIVABLE_STATES } from '../../worker/schemas/archive-data';
import { RETENTION } from '../../worker/schemas/retention-data';
import { call } from '../api/helpers';
import { createListing, createUserWithToken, listingDb, userRowsDb } from '../factories';
import { roomMessages } from '../support/chat-room';

const DAY = 86_400_000;
type User = Awaited<ReturnType<typeof createUserWithToken>>;

const json = (user: User, method: string, path: string, body?: unknown) =>
  call(path, { method, headers: { 'content-type': 'application/json', ...user.auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const roomStub = (chatId: string) => env.ChatRoom.get(env.ChatRoom.idFromName(chatId)) as unknown as DurableObjectStub<ChatRoom>;
/** Every table the room's SQLite storage holds, with its row count. */
const roomTables = (chatId: string) =>
  runInDurableObject(roomStub(chatId), (_o, state) => {
    const sql = state.storage.sql;
    const names = sql.exec<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite%'`).toArray();
    return Object.fromEntries(names.map(({ name }) => [name, sql.exec<{ n: number }>(`SELECT count(*) AS n FROM "${name}"`).one().n]));
  });
const alarmOf = (chatId: string) => runInDurableObject(roomStub(chatId), (_o, state) => state.storage.getAlarm());
const markerMeta = async (chatId: string) => (await env.MEDIA.head(archivedChatKey(chatId)))?.customMetadata ?? null;

/** A conversation with two messages about an ad that was sold long enough ago to be archived at `at`. */
const soldConversation = async (at: number) => {
  const seller = await createUserWithToken({ firstName: 'Sunita' });
  const buyer = await createUserWithToken({ firstName: 'Aman' });
  const ad = await createListing(seller, { title: 'Royal Enfield Classic 350 sold' });
  const opened = await json(buyer, 'POST', '/api/messages/chats', { listingId: ad.id });
  expect(opened.status).toBe(201);
  const chatId = opened.body.data.chat.id as string;
  expect((await json(buyer, 'POST', '/api/messages/messages', { chatId, content: 'Is it still available?', clientId: 'c-1' })).status).toBe(201);
  expect((await json(seller, 'POST', '/api/messages/messages', { chatId, content: 'Yes, come on Sunday' })).status).toBe(201);
  // the ad's row is in its own database (decision 033)
  await listingDb(ad.id).prepare('UPDATE listings SET status = ?, updated_at = ? WHERE id = ?').bind('SOLD', at - (ARCHIVABLE_STATES.SOLD.retentionDays + 1) * DAY, ad.id).run();
  return { seller, buyer, ad, chatId };
};

const archiveAt = async (at: number) => {
  // the archive job is bounded and oldest first; other tests' ads are archived too, which is harmless
  await archiveEndedAds(env, { now: at, batches: 40 });
};

afterEach(() => {
  vi.useRealTimers();
});

// the sweep's cursor is left as this file found it absent, so a later file sharing the storage starts its sweep afresh
afterAll(() => env.CACHE.delete(ARM_ROOMS_CURSOR));

describe('an archived conversation leaves its room after the retention', () => {
  it('is armed by the archive; kept before its time, removed after it (marker records when, the link stays 410); a second alarm changes nothing', async () => {
    const t0 = Date.now();
    const { buyer, seller, ad, chatId } = await soldConversation(t0);
    // a room in use has no retention table (an empty table still costs a page in every room)
    expect(Object.keys(await roomTables(chatId))).not.toContain('room_retention');
    await archiveAt(t0);
    const due = t0 + RETENTION.archivedChatDays * DAY;
    expect(await roomStub(chatId).retention()).toEqual({ listingId: ad.id, archivedAt: t0, removeAt: due, heldChecks: 0 });
    // the room's 30-second backstop for its D1 row may still be set: sooner wins, and it re-arms for the due time
    expect(await alarmOf(chatId)).toBeLessThanOrEqual(due);
    if ((await alarmOf(chatId))! < due) await runDurableObjectAlarm(roomStub(chatId));
    expect(await alarmOf(chatId)).toBe(due);

    // a day before its time: the alarm (run early) keeps everything and sets itself for the due time again
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(due - DAY);
    expect(await runDurableObjectAlarm(roomStub(chatId))).toBe(true);
    expect((await roomMessages(chatId)).map((m) => m.content)).toEqual(['Is it still available?', 'Yes, come on Sunday']);
    expect(await alarmOf(chatId)).toBe(due);
    expect((await markerMeta(chatId))?.messagesRemovedAt).toBeUndefined();

    // past its time: every table of the room is gone, the alarm too, and the marker says when
    vi.setSystemTime(due + 60_000);
    expect(await runDurableObjectAlarm(roomStub(chatId))).toBe(true);
    expect(await roomTables(chatId)).toEqual({});
    expect(await alarmOf(chatId)).toBeNull();
    expect((await markerMeta(chatId))?.messagesRemovedAt).toBe(String(due + 60_000));

    // idempotent: no alarm is left to run, and a late retried archive call only re-arms an empty room
    expect(await runDurableObjectAlarm(roomStub(chatId))).toBe(false);
    vi.useRealTimers();
    // the members' old link still says the conversation ended; nothing they send is stored
    for (const member of [buyer, seller]) {
      const res = await call(`/api/messages/chats/${chatId}/messages`, { headers: member.auth });
      expect([res.status, res.body.code]).toEqual([410, 'CHAT_ARCHIVED']);
    }
    expect((await json(buyer, 'POST', '/api/messages/messages', { chatId, content: 'Hello?' })).status).toBe(410);
    expect(await roomMessages(chatId)).toEqual([]);
  });

  it('a conversation whose ad has an open report is held and read by moderators (audited); once the report is closed the next look removes it', async () => {
    const t0 = Date.now();
    const { ad, chatId } = await soldConversation(t0);
    const reporter = await createUserWithToken();
    expect((await json(reporter, 'POST', `/api/listings/${ad.id}/report`, { reason: 'FRAUD', details: 'Asked for an advance' })).status).toBe(201);
    await archiveAt(t0);
    const mod = await createUserWithToken({ firstName: 'Mod' });
    await userRowsDb(mod.id).prepare(`UPDATE users SET role = 'MODERATOR' WHERE id = ?`).bind(mod.id).run();

    const due = t0 + RETENTION.archivedChatDays * DAY;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(due + 1000);
    expect(await runDurableObjectAlarm(roomStub(chatId))).toBe(true);
    // held: every message kept, a look again a week later
    expect((await roomMessages(chatId)).length).toBe(2);
    const recheck = due + 1000 + RETENTION.heldChatRecheckDays * DAY;
    expect(await roomStub(chatId).retention()).toMatchObject({ removeAt: recheck, heldChecks: 1 });
    expect(await alarmOf(chatId)).toBe(recheck);
    vi.useRealTimers();

    // the moderator reads it while held; the read is in the audit log
    const read = await call(`/api/admin/chats/${chatId}/messages?limit=1`, { headers: mod.auth });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ chatId, listingId: ad.id, pagination: { page: 1, limit: 1, total: 2, pages: 2 } });
    expect(read.body.data.messages.map((m: { content: string }) => m.content)).toEqual(['Yes, come on Sunday']);
    const audit = await call('/api/admin/audit', { headers: mod.auth });
    expect(audit.body.data.entries[0]).toMatchObject({ action: 'READ_CHAT', targetType: 'CHAT', targetId: chatId });
    // a member of the public is not a moderator
    expect((await call(`/api/admin/chats/${chatId}/messages`, { headers: reporter.auth })).status).toBe(403);

    // a moderator closes the report: the next look removes the messages, and the moderator's read is refused with the date
    await env.DB.prepare(`UPDATE listing_reports SET status = 'CLOSED', outcome = 'UPHELD', closed_at = ? WHERE listing_id = ?`).bind(Date.now(), ad.id).run();
    const notHeld = await call(`/api/admin/chats/${chatId}/messages`, { headers: mod.auth });
    expect([notHeld.status, notHeld.body.code]).toEqual([403, 'CHAT_NOT_HELD']);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(recheck + 1000);
    expect(await runDurableObjectAlarm(roomStub(chatId))).toBe(true);
    vi.useRealTimers();
    expect(await roomTables(chatId)).toEqual({});
    const gone = await call(`/api/admin/chats/${chatId}/messages`, { headers: mod.auth });
    expect([gone.status, gone.body.code]).toEqual([410, 'CHAT_MESSAGES_REMOVED']);
    expect(gone.body.error).toContain(new Date(recheck + 1000).toISOString().slice(0, 10));
    // a conversation that never was, or is still live, is not the moderators' to read here
    const unknown = await call('/api/admin/chats/chat_nonexistent/messages', { headers: mod.auth });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'ARCHIVED_CHAT_NOT_FOUND']);
    expect((await call('/api/admin/chats/x/messages?limit=500', { headers: mod.auth })).status).toBe(400);
  });
});

describe('rooms archived before they kept their own due time', () => {
  it('the hourly sweep arms them from their markers: bounded, resumable, done once; an old one goes at its next alarm', async () => {
    await env.CACHE.delete(ARM_ROOMS_CURSOR);
    // earlier tests' markers are walked too (a room told twice keeps its first time): count from here
    const before = await armArchivedRooms(env, 1000);
    expect(before.done).toBe(true);
    await env.CACHE.delete(ARM_ROOMS_CURSOR);

    // as the archive left them before this change: marker written, D1 row gone, room never told
    const now = Date.now();
    const old: { chatId: string; archivedAt: number }[] = [];
    for (const ageDays of [200, 30, 10]) {
      const { ad, buyer, seller, chatId } = await soldConversation(now);
      const archivedAt = now - ageDays * DAY;
      await env.MEDIA.put(archivedChatKey(chatId), '', { customMetadata: { listingId: ad.id, buyerId: buyer.id, sellerId: seller.id, archivedAt: String(archivedAt) } });
      await env.DB.prepare('DELETE FROM chats WHERE id = ?').bind(chatId).run();
      old.push({ chatId, archivedAt });
      expect(await roomStub(chatId).retention()).toBeNull();
    }
    const markers = before.armed + before.removed + old.length;
    let runs = 0;
    let armed = 0;
    for (;;) {
      const r = await armArchivedRooms(env, Math.ceil(markers / 2));
      runs++;
      armed += r.armed;
      if (r.done) break;
      expect(runs).toBeLessThan(5);
    }
    expect(runs).toBe(2);
    expect(await env.CACHE.get(ARM_ROOMS_CURSOR)).toBe('done');
    // done: a further run does nothing
    expect(await armArchivedRooms(env)).toEqual({ armed: 0, removed: 0, done: true });
    for (const { chatId, archivedAt } of old) {
      expect(await roomStub(chatId).retention()).toMatchObject({ archivedAt, removeAt: archivedAt + RETENTION.archivedChatDays * DAY });
    }
    expect(armed).toBeGreaterThanOrEqual(old.length);

    // the one archived 200 days ago is past its time: its next alarm empties it; the others wait
    const [oldest, recent] = old;
    expect(await runDurableObjectAlarm(roomStub(oldest!.chatId))).toBe(true);
    expect(await roomTables(oldest!.chatId)).toEqual({});
    expect((await markerMeta(oldest!.chatId))?.messagesRemovedAt).toBeDefined();
    expect(await runDurableObjectAlarm(roomStub(recent!.chatId))).toBe(true);
    expect((await roomMessages(recent!.chatId)).length).toBe(2);
  });
});
