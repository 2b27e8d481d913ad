/**
 * Group commit in the chat room (decision 002): sends that arrive together are stored in the room
 * in one transaction, in order, each sender is answered once, and D1's conversation row is brought
 * up to date in one batch; the messages themselves stay in the room (decision 031). The sends are
 * made inside the room object, in one tick, so they are sure to share a batch.
 */
import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import type { ChatRoom } from '../../durable-objects/chat-room';
import type { ChatSendInput } from '../../worker/durable-object-contracts';
import type { Env } from '../../worker/env';
import { call } from '../api/helpers';
import { createListing, createUserWithToken, userRowsDb } from '../factories';
import { connect } from './socket';
import { chatDbFor } from '../../worker/db/chats';

const conversation = async () => {
  const seller = await createUserWithToken({ firstName: 'Sunita' });
  const buyer = await createUserWithToken({ firstName: 'Aman' });
  const ad = await createListing(seller);
  const opened = await call('/api/messages/chats', { method: 'POST', headers: { 'content-type': 'application/json', ...buyer.auth }, body: JSON.stringify({ listingId: ad.id }) });
  expect(opened.status).toBe(201);
  return { seller, buyer, chatId: opened.body.data.chat.id as string };
};

const roomStub = (chatId: string) => env.ChatRoom.get(env.ChatRoom.idFromName(chatId)) as unknown as DurableObjectStub<ChatRoom>;

const text = (senderId: string, content: string, clientId: string | null = null): ChatSendInput => ({ senderId, content, messageType: 'TEXT', clientId });

/**
 * Runs `sends` in one tick inside the room and counts the D1 batches the room made meanwhile in the
 * database holding the conversation's row (the core, or its buyer's accounts database with the
 * conversations' switch on).
 */
const sendTogether = (chatId: string, sends: ChatSendInput[]) =>
  runInDurableObject(roomStub(chatId), async (room) => {
    const roomEnv = (room as unknown as { env: Env }).env;
    const bindings = roomEnv as unknown as Record<string, unknown>;
    const home = chatDbFor(roomEnv, chatId);
    const binding = home === roomEnv.DB ? 'DB' : Object.keys(bindings).find((k) => bindings[k] === home)!;
    const db = bindings[binding] as D1Database;
    let batches = 0;
    const countingBatch = (statements: D1PreparedStatement[]) => {
      batches++;
      return db.batch(statements);
    };
    bindings[binding] = new Proxy(db, {
      get: (target, key) => {
        if (key === 'batch') return countingBatch;
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    try {
      const settled = await Promise.allSettled(sends.map((s) => room.send(s)));
      return { settled, batches };
    } finally {
      bindings[binding] = db;
    }
  });

/** The conversation's messages, as its room holds them. */
const stored = async (chatId: string) =>
  (await roomStub(chatId).history({ page: 1, limit: 1000, after: 0 })).messages.map((m) => ({ seq: m.seq, sender_id: m.senderId, content: m.content, client_id: m.clientId }));

/** Message rows in D1: none since the rooms keep the messages. */
const d1Rows = async (chatId: string) => (await env.DB.prepare('SELECT count(*) AS n FROM messages WHERE chat_id = ?').bind(chatId).first<{ n: number }>())?.n;

/** The database holding the conversation's row: the core, or its buyer's accounts database with the switch on. */
const rowDb = (chatId: string) => chatDbFor(env, chatId)!;

/** D1 refuses every update of this conversation's row that carries a message (as if D1 were unavailable to the room). */
const failRowUpdates = (name: string, chatId: string) =>
  rowDb(chatId).prepare(`CREATE TRIGGER ${name} BEFORE UPDATE OF last_message ON chats WHEN NEW.id = '${chatId}' BEGIN SELECT RAISE(ABORT, 'injected failure'); END`).run();

const lastSeq = async (chatId: string) => (await rowDb(chatId).prepare('SELECT last_seq FROM chats WHERE id = ?').bind(chatId).first<{ last_seq: number }>())?.last_seq;

describe('group commit', () => {
  it('ten sends from both members at once: one batch, stored in arrival order with seqs 1..10, each sender answered once', async () => {
    const { buyer, seller, chatId } = await conversation();
    const sends = Array.from({ length: 10 }, (_, i) => text(i % 2 ? seller.id : buyer.id, `message ${i}`, `c-${i}`));
    const { settled, batches } = await sendTogether(chatId, sends);
    expect(batches).toBe(1);
    const answers = settled.map((s) => (s.status === 'fulfilled' ? s.value : null));
    expect(answers.map((a) => [a?.message.seq, a?.message.content, a?.duplicate])).toEqual(sends.map((s, i) => [i + 1, s.content, false]));
    expect((await stored(chatId)).map((m) => [m.seq, m.sender_id, m.content])).toEqual(sends.map((s, i) => [i + 1, s.senderId, s.content]));
    expect(await lastSeq(chatId)).toBe(10);
    // the messages are the room's: D1 keeps the conversation's row only
    expect(await d1Rows(chatId)).toBe(0);
    // each member has read up to their own last message; the other's later ones are unread
    const chat = await rowDb(chatId).prepare('SELECT buyer_last_read_seq, seller_last_read_seq FROM chats WHERE id = ?').bind(chatId).first();
    expect(chat).toEqual({ buyer_last_read_seq: 9, seller_last_read_seq: 10 });
    expect((await call('/api/notifications/unread-count', { headers: buyer.auth })).body.data.unreadMessages).toBe(1);
  });

  it('a retry with the same clientId inside the same batch is stored once and answered with the stored message', async () => {
    const { buyer, seller, chatId } = await conversation();
    const { settled, batches } = await sendTogether(chatId, [text(buyer.id, 'Hello', 'c-1'), text(seller.id, 'Hi', 'c-2'), text(buyer.id, 'Hello', 'c-1')]);
    expect(batches).toBe(1);
    const [first, second, retry] = settled.map((s) => (s.status === 'fulfilled' ? s.value : null));
    expect(first).toMatchObject({ duplicate: false, message: { seq: 1 } });
    expect(second).toMatchObject({ duplicate: false, message: { seq: 2 } });
    expect(retry).toMatchObject({ duplicate: true, message: { id: first?.message.id, seq: 1 } });
    expect((await stored(chatId)).map((m) => m.seq)).toEqual([1, 2]);
    // and a retry in a later batch, after the acknowledgement was lost
    const later = await sendTogether(chatId, [text(seller.id, 'Hi', 'c-2'), text(buyer.id, 'Anyone?', 'c-3')]);
    expect(later.settled.map((s) => (s.status === 'fulfilled' ? [s.value.message.seq, s.value.duplicate] : null))).toEqual([
      [2, true],
      [3, false],
    ]);
    expect(await lastSeq(chatId)).toBe(3);
  });

  it('a sender whose session ended is refused without stopping the others or leaving a gap', async () => {
    const { buyer, seller, chatId } = await conversation();
    await userRowsDb(buyer.id).prepare(`UPDATE users SET status = 'BLOCKED' WHERE id = ?`).bind(buyer.id).run();
    const { settled } = await sendTogether(chatId, [text(seller.id, 'one'), text(buyer.id, 'refused'), text(seller.id, 'two')]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await stored(chatId)).map((m) => [m.seq, m.content])).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
  });

  it('while D1 fails, messages are still stored in the room, answered and delivered; D1’s row catches up, once, when it recovers', async () => {
    const { buyer, seller, chatId } = await conversation();
    await failRowUpdates('fail_boom', chatId);
    try {
      const { settled } = await sendTogether(chatId, [text(buyer.id, 'fine', 'c-1'), text(seller.id, 'boom', 'c-2'), text(buyer.id, 'also fine', 'c-3')]);
      expect(settled.map((s) => (s.status === 'fulfilled' ? [s.value.message.seq, s.value.duplicate] : s.reason))).toEqual([
        [1, false],
        [2, false],
        [3, false],
      ]);
      // the room holds them; D1's row does not reflect them yet
      expect((await stored(chatId)).map((m) => m.seq)).toEqual([1, 2, 3]);
      expect(await lastSeq(chatId)).toBe(0);
      // a socket send goes through too, and the other member gets it live
      const sellerTab = await connect(`/parties/chat-room/${chatId}?token=${seller.token}`);
      const buyerTab = await connect(`/parties/chat-room/${chatId}?token=${buyer.token}`);
      sellerTab.send({ type: 'send', clientId: 'c-4', content: 'boom again' });
      expect((await sellerTab.waitFor((e) => e.type === 'ack' && e.clientId === 'c-4')).message.seq).toBe(4);
      expect((await buyerTab.waitFor((e) => e.type === 'new_message')).message).toMatchObject({ seq: 4, content: 'boom again' });
      // a client resyncing meanwhile gets them from the room's log
      const late = await connect(`/parties/chat-room/${chatId}?token=${buyer.token}&after=0`);
      await late.waitFor((e) => e.type === 'synced');
      expect(late.events.filter((e) => e.type === 'sync').flatMap((e) => e.messages.map((m: { seq: number }) => m.seq))).toEqual([1, 2, 3, 4]);
      for (const tab of [sellerTab, buyerTab, late]) tab.close();
      // a read receipt meanwhile marks no further than D1 holds: the unread count stays a count
      expect((await call(`/api/messages/chats/${chatId}/read`, { method: 'PUT', headers: buyer.auth })).status).toBe(200);
      expect((await call(`/api/messages/chats/${chatId}`, { headers: buyer.auth })).body.data.unreadCount).toBe(0);
      // a retry of a message that is only in the room's log is answered with it
      const retry = await sendTogether(chatId, [text(buyer.id, 'fine', 'c-1')]);
      expect(retry.settled[0]).toMatchObject({ status: 'fulfilled', value: { duplicate: true, message: { seq: 1 } } });
    } finally {
      await rowDb(chatId).prepare('DROP TRIGGER fail_boom').run();
    }
    expect(await runDurableObjectAlarm(roomStub(chatId))).toBe(true);
    expect((await stored(chatId)).map((m) => [m.seq, m.content])).toEqual([
      [1, 'fine'],
      [2, 'boom'],
      [3, 'also fine'],
      [4, 'boom again'],
    ]);
    expect(await lastSeq(chatId)).toBe(4);
    // the buyer's read mark went no further than D1's row then; it is at their own last message now
    expect((await call(`/api/messages/chats/${chatId}`, { headers: buyer.auth })).body.data).toMatchObject({ lastMessage: 'boom again', unreadCount: 1 });
    // and the next message follows on
    const { settled } = await sendTogether(chatId, [text(seller.id, 'back to normal', 'c-5')]);
    expect(settled[0]).toMatchObject({ status: 'fulfilled', value: { message: { seq: 5 } } });
    expect((await stored(chatId)).map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it('a socket send is acknowledged with the message, in seq order, without a second copy; the sender’s other tab and the other member get it', async () => {
    const { buyer, seller, chatId } = await conversation();
    const sending = await connect(`/parties/chat-room/${chatId}?token=${buyer.token}`);
    const otherTab = await connect(`/parties/chat-room/${chatId}?token=${buyer.token}`);
    const sellerTab = await connect(`/parties/chat-room/${chatId}?token=${seller.token}`);
    for (let i = 0; i < 5; i++) sending.send({ type: 'send', clientId: `b-${i}`, content: `buyer ${i}` });
    for (let i = 0; i < 5; i++) sellerTab.send({ type: 'send', clientId: `s-${i}`, content: `seller ${i}` });
    await sending.waitFor((e) => e.type === 'ack' && e.clientId === 'b-4');
    await sellerTab.waitFor((e) => e.type === 'ack' && e.clientId === 's-4');
    await otherTab.waitFor((e) => e.type === 'new_message' && e.message.clientId === 'b-4');
    await sending.waitFor((e) => e.type === 'new_message' && e.message.clientId === 's-4');
    const seen = (tab: typeof sending) => tab.events.filter((e) => e.type === 'ack' || e.type === 'new_message').map((e) => e.message.seq as number);
    for (const tab of [sending, otherTab, sellerTab]) expect(seen(tab)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(sending.events.filter((e) => e.type === 'new_message' && e.message.senderId === buyer.id)).toEqual([]);
    expect(otherTab.events.filter((e) => e.type === 'ack')).toEqual([]);
    for (const tab of [sending, otherTab, sellerTab]) tab.close();
  });
});

describe('the room’s store and D1’s row', () => {
  const until = async (check: () => Promise<boolean>, ms = 5000) => {
    for (const started = Date.now(); Date.now() - started < ms; await new Promise((r) => setTimeout(r, 50))) if (await check()) return true;
    return false;
  };

  it('socket sends reach D1 and the chat list by themselves, within about a second, with nobody reading the history', async () => {
    const { buyer, seller, chatId } = await conversation();
    const tab = await connect(`/parties/chat-room/${chatId}?token=${buyer.token}`);
    for (let i = 1; i <= 3; i++) tab.send({ type: 'send', clientId: `b-${i}`, content: `buyer ${i}` });
    await tab.waitFor((e) => e.type === 'ack' && e.clientId === 'b-3');
    const started = Date.now();
    expect(await until(async () => (await lastSeq(chatId)) === 3)).toBe(true);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await d1Rows(chatId)).toBe(0);
    expect((await stored(chatId)).map((m) => [m.seq, m.content])).toEqual([
      [1, 'buyer 1'],
      [2, 'buyer 2'],
      [3, 'buyer 3'],
    ]);
    const list = await call('/api/messages/chats', { headers: seller.auth });
    expect(list.body.data.chats[0]).toMatchObject({ id: chatId, lastMessage: 'buyer 3', lastSeq: 3, unreadCount: 3 });
    tab.close();
  });

  it('messages D1’s row does not reflect yet when the object is evicted are brought in by its alarm, and numbering goes on from them', async () => {
    const { buyer, seller, chatId } = await conversation();
    await failRowUpdates('fail_all', chatId);
    try {
      const tab = await connect(`/parties/chat-room/${chatId}?token=${seller.token}`);
      tab.send({ type: 'send', clientId: 's-1', content: 'Yes, still available' });
      tab.send({ type: 'send', clientId: 's-2', content: 'Come after 6 pm' });
      await tab.waitFor((e) => e.type === 'ack' && e.clientId === 's-2');
      tab.close();
      await evictDurableObject(roomStub(chatId));
      expect(await lastSeq(chatId)).toBe(0);
    } finally {
      await rowDb(chatId).prepare('DROP TRIGGER fail_all').run();
    }
    expect(await runDurableObjectAlarm(roomStub(chatId))).toBe(true);
    expect(await lastSeq(chatId)).toBe(2);
    expect((await stored(chatId)).map((m) => [m.seq, m.client_id])).toEqual([
      [1, 's-1'],
      [2, 's-2'],
    ]);
    const { settled } = await sendTogether(chatId, [text(buyer.id, 'Okay, see you', 'b-1')]);
    expect(settled[0]).toMatchObject({ status: 'fulfilled', value: { message: { seq: 3 } } });
    expect(await lastSeq(chatId)).toBe(3);
  });
});
