import { notificationsOfType } from '../support/inbox-notifications';
import { memberRowsWritten, roomMessages } from '../support/chat-room';
import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { evictAllDurableObjects } from 'cloudflare:test';
import { call } from '../api/helpers';
import { createListing, createUserWithToken } from '../factories';
import { connect, refusedStatus } from './socket';
import { chatDbFor } from '../../worker/db/chats';

type User = Awaited<ReturnType<typeof createUserWithToken>>;

const json = (user: User | null, method: string, path: string, body?: unknown) =>
  call(path, { method, headers: { 'content-type': 'application/json', ...(user?.auth ?? {}) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/** A seller with an ad and a buyer who opened the chat about it. */
const conversation = async () => {
  const seller = await createUserWithToken({ firstName: 'Sunita' });
  const buyer = await createUserWithToken({ firstName: 'Aman' });
  const ad = await createListing(seller, { title: 'Samsung Galaxy S21 FE' });
  const opened = await json(buyer, 'POST', '/api/messages/chats', { listingId: ad.id });
  expect(opened.status).toBe(201);
  // begun: both members' chat list rows are there (a block or a logout finds the conversation by them)
  await memberRowsWritten(opened.body.data.chat.id, buyer.id, seller.id);
  return { seller, buyer, ad, chatId: opened.body.data.chat.id as string };
};

const send = (user: User, chatId: string, content: string, clientId?: string) => json(user, 'POST', '/api/messages/messages', { chatId, content, clientId });
const seqs = (messages: { seq: number }[]) => messages.map((m) => m.seq);

describe('chat over REST', () => {
  it('opens one conversation per listing and buyer; the seller cannot chat with themself', async () => {
    const { seller, buyer, ad, chatId } = await conversation();
    const again = await json(buyer, 'POST', '/api/messages/chats', { listingId: ad.id });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ created: false, chat: { id: chatId, buyerId: buyer.id, sellerId: seller.id, listing: { id: ad.id, title: 'Samsung Galaxy S21 FE' } } });
    const own = await json(seller, 'POST', '/api/messages/chats', { listingId: ad.id });
    expect(own.status).toBe(400);
    expect(own.body.error).toBe('You cannot start a chat on your own ad');
    expect((await json(buyer, 'POST', '/api/messages/chats', { listingId: 'nope' })).status).toBe(404);
    expect((await json(null, 'POST', '/api/messages/chats', { listingId: ad.id })).status).toBe(401);
  });

  it('two members exchange messages in order with sequence numbers, names and unread counts', async () => {
    const { seller, buyer, chatId } = await conversation();
    const first = await send(buyer, chatId, '  Is this still available?  ');
    expect(first.status).toBe(201);
    expect(first.body.data.message).toMatchObject({ seq: 1, senderId: buyer.id, content: 'Is this still available?', messageType: 'TEXT', warning: null });
    await send(seller, chatId, 'Yes, it is.');
    await send(buyer, chatId, 'Can you do 25,000?');
    const list = await call(`/api/messages/chats/${chatId}/messages`, { headers: seller.auth });
    expect(list.body.data.messages.map((m: { content: string }) => m.content)).toEqual(['Is this still available?', 'Yes, it is.', 'Can you do 25,000?']);
    expect(list.body.data.messages[0].sender).toEqual({ firstName: 'Aman', lastName: expect.any(String) });
    const sellerChats = await call('/api/messages/chats', { headers: seller.auth });
    expect(sellerChats.body.data.chats[0]).toMatchObject({ id: chatId, lastMessage: 'Can you do 25,000?', unreadCount: 1, buyer: { firstName: 'Aman' }, listing: { title: 'Samsung Galaxy S21 FE' } });
    expect((await call('/api/notifications/unread-count', { headers: seller.auth })).body.data.unreadMessages).toBe(1);
    expect((await json(seller, 'PUT', `/api/messages/chats/${chatId}/read`)).body.data).toEqual({ lastReadSeq: 3 });
    expect((await call('/api/notifications/unread-count', { headers: seller.auth })).body.data.unreadMessages).toBe(0);
  });

  it('a third user can neither read, send, mark read nor join', async () => {
    const { chatId } = await conversation();
    const stranger = await createUserWithToken();
    expect((await call(`/api/messages/chats/${chatId}`, { headers: stranger.auth })).status).toBe(403);
    expect((await call(`/api/messages/chats/${chatId}/messages`, { headers: stranger.auth })).status).toBe(403);
    expect((await send(stranger, chatId, 'hello')).status).toBe(403);
    expect((await json(stranger, 'PUT', `/api/messages/chats/${chatId}/read`)).status).toBe(403);
    expect(await refusedStatus(`/parties/chat-room/${chatId}?token=${stranger.token}`)).toBe(403);
    expect(await refusedStatus(`/parties/chat-room/${chatId}`)).toBe(401);
    expect(await refusedStatus(`/parties/chat-room/${chatId}?token=forged.token.value`)).toBe(401);
    expect((await roomMessages(chatId)).length).toBe(0);
  });

  it('validates messages', async () => {
    const { buyer, chatId } = await conversation();
    expect((await send(buyer, chatId, '   ')).body.error).toBe('Message cannot be empty');
    expect((await send(buyer, chatId, 'x'.repeat(2001))).body.error).toBe('Messages can be at most 2000 characters');
    expect((await json(buyer, 'POST', '/api/messages/messages', { content: 'hi' })).body.error).toBe('chatId is required');
    expect((await send(buyer, 'cht_missing', 'hi')).status).toBe(404);
  });

  it('the same clientId sent twice stores one message', async () => {
    const { buyer, chatId } = await conversation();
    const a = await send(buyer, chatId, 'Hello there', 'c-123');
    const b = await send(buyer, chatId, 'Hello there', 'c-123');
    expect(a.status).toBe(201);
    expect(b.status).toBe(200);
    expect(b.body.data).toMatchObject({ duplicate: true, message: { id: a.body.data.message.id, seq: 1 } });
    const parallel = await Promise.all(Array.from({ length: 5 }, () => send(buyer, chatId, 'Same again', 'c-456')));
    expect(new Set(parallel.map((r) => r.body.data.message.id)).size).toBe(1);
    expect((await roomMessages(chatId)).length).toBe(2);
  });

  it('flags payment-scam messages for the recipient', async () => {
    const { seller, chatId } = await conversation();
    for (const text of ['Please share your UPI PIN so I can send the money', 'Scan this QR code to receive payment', 'Pay 2000 advance and I will courier it', 'Lets talk on WhatsApp for payment']) {
      const res = await send(seller, chatId, text);
      expect(res.body.data.message.warning, text).toEqual(expect.any(String));
    }
    expect((await send(seller, chatId, 'Sure, come see it on Saturday at 11')).body.data.message.warning).toBeNull();
  });

  it('stars a chat for the Important filter, per member', async () => {
    const { buyer, seller, chatId } = await conversation();
    expect((await json(buyer, 'PUT', `/api/messages/chats/${chatId}/star`, { starred: true })).body.data).toEqual({ isStarred: true });
    expect((await call(`/api/messages/chats/${chatId}`, { headers: buyer.auth })).body.data.isStarred).toBe(true);
    expect((await call(`/api/messages/chats/${chatId}`, { headers: seller.auth })).body.data.isStarred).toBe(false);
  });

  it('unread counts equal the truth after a burst of 200 messages from both sides with reads in between', async () => {
    const { buyer, seller, chatId } = await conversation();
    let unreadForSeller = 0;
    let unreadForBuyer = 0;
    for (let i = 0; i < 200; i += 10) {
      const batch = Array.from({ length: 10 }, (_, j) => (j % 2 === 0 ? { from: seller, text: `s${i + j}` } : { from: buyer, text: `b${i + j}` }));
      await Promise.all(batch.map((m) => send(m.from, chatId, m.text, `k${i}-${m.text}`)));
      for (const m of batch) {
        if (m.from === buyer) unreadForSeller += 1;
        else unreadForBuyer += 1;
      }
      if (i % 40 === 0) {
        await json(seller, 'PUT', `/api/messages/chats/${chatId}/read`);
        unreadForSeller = 0;
      }
    }
    const sellerCount = (await call('/api/notifications/unread-count', { headers: seller.auth })).body.data.unreadMessages;
    const buyerCount = (await call('/api/notifications/unread-count', { headers: buyer.auth })).body.data.unreadMessages;
    // a sender has read everything up to their own message, so the truth is "after my last message or read"
    const all = (await call(`/api/messages/chats/${chatId}/messages?limit=200`, { headers: seller.auth })).body.data.messages as { seq: number; senderId: string }[];
    expect(seqs(all)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    // the conversation's row where it lives (the core, or its buyer's accounts database with the conversations' switch on)
    const chat = await chatDbFor(env, chatId, buyer.id)!.prepare('SELECT last_seq, buyer_last_read_seq, seller_last_read_seq FROM chats WHERE id = ?').bind(chatId).first<{ last_seq: number; buyer_last_read_seq: number; seller_last_read_seq: number }>();
    expect(chat!.last_seq).toBe(200);
    expect(sellerCount).toBe(chat!.last_seq - chat!.seller_last_read_seq);
    expect(buyerCount).toBe(chat!.last_seq - chat!.buyer_last_read_seq);
    const lastBySeller = Math.max(...all.filter((m) => m.senderId === seller.id).map((m) => m.seq));
    const lastByBuyer = Math.max(...all.filter((m) => m.senderId === buyer.id).map((m) => m.seq));
    expect(chat!.buyer_last_read_seq).toBe(lastByBuyer);
    expect(chat!.seller_last_read_seq).toBeGreaterThanOrEqual(lastBySeller);
    expect(unreadForSeller + unreadForBuyer).toBeGreaterThan(0);
  });
});

describe('chat over WebSockets', () => {
  it('delivers live to both members, typing only to the other, read receipts to both', async () => {
    const { buyer, seller, chatId } = await conversation();
    const b = await connect(`/parties/chat-room/${chatId}?token=${buyer.token}`);
    const s = await connect(`/parties/chat-room/${chatId}?token=${seller.token}`);
    b.send({ type: 'send', clientId: 'b-1', content: 'Hi, is the phone available?' });
    const ack = await b.waitFor((e) => e.type === 'ack' && e.clientId === 'b-1');
    expect(ack.message).toMatchObject({ seq: 1, senderId: buyer.id });
    const live = await s.waitFor((e) => e.type === 'new_message');
    expect(live.message).toMatchObject({ seq: 1, content: 'Hi, is the phone available?' });

    s.send({ type: 'typing_start' });
    const typing = await b.waitFor((e) => e.type === 'user_typing');
    expect(typing).toMatchObject({ userId: seller.id, chatId, isTyping: true });
    await new Promise((r) => setTimeout(r, 50));
    expect(s.events.some((e) => e.type === 'user_typing')).toBe(false);
    // the sending socket has its message in the ack, and no second copy
    expect(b.events.some((e) => e.type === 'new_message')).toBe(false);

    s.send({ type: 'read' });
    const receipt = await b.waitFor((e) => e.type === 'read');
    expect(receipt).toMatchObject({ userId: seller.id, seq: 1 });
    b.close();
    s.close();
  });

  it('a client that disconnects gets every message it missed exactly once, in order, on reconnect', async () => {
    const { buyer, seller, chatId } = await conversation();
    const b1 = await connect(`/parties/chat-room/${chatId}?token=${buyer.token}`);
    await send(seller, chatId, 'one');
    const seen = await b1.waitFor((e) => e.type === 'new_message');
    const lastSeen = seen.message.seq as number;
    b1.close();
    for (const text of ['two', 'three', 'four']) await send(seller, chatId, text);
    const b2 = await connect(`/parties/chat-room/${chatId}?token=${buyer.token}&after=${lastSeen}`);
    await b2.waitFor((e) => e.type === 'synced');
    const replayed = b2.events.filter((e) => e.type === 'sync').flatMap((e) => e.messages as { seq: number; content: string }[]);
    expect(replayed.map((m) => m.content)).toEqual(['two', 'three', 'four']);
    expect(seqs(replayed)).toEqual([2, 3, 4]);
    // and the REST resync agrees
    const rest = await call(`/api/messages/chats/${chatId}/messages?after=${lastSeen}`, { headers: buyer.auth });
    expect(seqs(rest.body.data.messages)).toEqual([2, 3, 4]);
    b2.close();
  });

  it('nothing is lost when the room object is evicted between messages', async () => {
    const { buyer, seller, chatId } = await conversation();
    await send(buyer, chatId, 'before eviction');
    await evictAllDurableObjects();
    await send(seller, chatId, 'after eviction');
    await evictAllDurableObjects();
    await send(buyer, chatId, 'and again');
    const list = await call(`/api/messages/chats/${chatId}/messages`, { headers: buyer.auth });
    expect(list.body.data.messages.map((m: { content: string; seq: number }) => [m.seq, m.content])).toEqual([
      [1, 'before eviction'],
      [2, 'after eviction'],
      [3, 'and again'],
    ]);
  });

  it('the inbox pushes chat summaries and fresh unread counts to all of a user’s tabs', async () => {
    const { buyer, seller, chatId } = await conversation();
    const tab1 = await connect(`/parties/user-inbox/${seller.id}?token=${seller.token}`);
    const tab2 = await connect(`/parties/user-inbox/${seller.id}?token=${seller.token}`);
    await tab1.waitFor((e) => e.type === 'unread_count');
    await send(buyer, chatId, 'Ping from the buyer');
    for (const tab of [tab1, tab2]) {
      const update = await tab.waitFor((e) => e.type === 'chat_updated');
      expect(update).toMatchObject({ chatId, lastMessage: 'Ping from the buyer', lastSeq: 1 });
      const counts = await tab.waitFor((e) => e.type === 'unread_count' && e.unreadMessages === 1);
      expect(counts.total).toBeGreaterThanOrEqual(1);
    }
    // online: no notification row for the message
    expect(await notificationsOfType(seller.id, 'MESSAGE')).toHaveLength(0);
    expect(await refusedStatus(`/parties/user-inbox/${seller.id}?token=${buyer.token}`)).toBe(403);
    tab1.close();
    tab2.close();
  });

  it('an offline recipient gets one notification per chat, updated with the latest message', async () => {
    const { buyer, seller, chatId } = await conversation();
    await send(buyer, chatId, 'First message');
    await send(buyer, chatId, 'Second message');
    // notifications are written after the message is acknowledged: wait for them to settle
    let results: { body: string }[] = [];
    for (let i = 0; i < 40; i++) {
      results = await notificationsOfType(seller.id, 'MESSAGE');
      if (results[0]?.body === 'Aman: Second message') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(results).toHaveLength(1);
    expect(results[0]!.body).toBe('Aman: Second message');
  });

  it('refuses plain HTTP to the rooms', async () => {
    const { chatId, buyer } = await conversation();
    const res = await call(`/parties/chat-room/${chatId}?token=${buyer.token}`);
    expect(res.status).toBe(403);
  });
});

describe('revoked sessions', () => {
  const within = <T>(p: Promise<T>, ms = 3000) => Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('socket still open')), ms))]);

  it('logout-all closes the user’s open inbox and chat sockets at once; the other member stays connected', async () => {
    const { buyer, seller, chatId } = await conversation();
    const inbox = await connect(`/parties/user-inbox/${buyer.id}?token=${buyer.token}`);
    await inbox.waitFor((e) => e.type === 'unread_count');
    const room = await connect(`/parties/chat-room/${chatId}?token=${buyer.token}`);
    const sellerRoom = await connect(`/parties/chat-room/${chatId}?token=${seller.token}`);
    const out = await json(buyer, 'POST', '/api/auth/logout-all-devices');
    expect(out.status).toBe(200);
    expect(await within(inbox.closed)).toMatchObject({ code: 4001 });
    expect(await within(room.closed)).toMatchObject({ code: 4001 });
    expect(await refusedStatus(`/parties/user-inbox/${buyer.id}?token=${buyer.token}`)).toBe(401);
    // the seller's socket in the same room is untouched
    expect((await send(seller, chatId, 'Still there?')).status).toBe(201);
    expect(await sellerRoom.waitFor((e) => e.type === 'new_message')).toMatchObject({ message: { content: 'Still there?' } });
    sellerRoom.close();
  });

  it('deleting the account closes its sockets too', async () => {
    const { seller, chatId } = await conversation();
    const inbox = await connect(`/parties/user-inbox/${seller.id}?token=${seller.token}`);
    await inbox.waitFor((e) => e.type === 'unread_count');
    const room = await connect(`/parties/chat-room/${chatId}?token=${seller.token}`);
    const res = await json(seller, 'DELETE', '/api/auth/account', { confirm: 'DELETE' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await within(inbox.closed)).toMatchObject({ code: 4001 });
    expect(await within(room.closed)).toMatchObject({ code: 4001 });
  });
});

describe('reading a chat', () => {
  it('settles its message notification and pushes fresh counts to the reader’s tabs', async () => {
    const { buyer, seller, chatId } = await conversation();
    await send(buyer, chatId, 'Are you there?');
    let pending = 0;
    for (let i = 0; i < 40 && pending === 0; i++) {
      pending = (await notificationsOfType(seller.id, 'MESSAGE')).filter((n) => n.is_read === 0).length;
      if (!pending) await new Promise((r) => setTimeout(r, 25));
    }
    expect(pending).toBe(1);
    const tab = await connect(`/parties/user-inbox/${seller.id}?token=${seller.token}`);
    await tab.waitFor((e) => e.type === 'unread_count' && e.total === 2);
    await json(seller, 'PUT', `/api/messages/chats/${chatId}/read`);
    const after = await tab.waitFor((e) => e.type === 'unread_count' && e.total === 0);
    expect(after).toMatchObject({ unreadMessages: 0, unreadNotifications: 0 });
    tab.close();
  });
});

describe('message rate limit', () => {
  it('answers 429 with Retry-After past 120 messages a minute, and stores nothing extra', async () => {
    const { buyer, chatId } = await conversation();
    const results = [];
    for (let i = 0; i < 121; i++) results.push(await send(buyer, chatId, `m${i}`));
    expect(results.slice(0, 120).every((r) => r.status === 201)).toBe(true);
    expect(results[120]!.status).toBe(429);
    expect(Number(results[120]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await roomMessages(chatId)).length).toBe(120);
  });

  it('the same limit holds over a socket, shared with REST sends', async () => {
    const { buyer, chatId } = await conversation();
    for (let i = 0; i < 20; i++) expect((await send(buyer, chatId, `rest ${i}`)).status).toBe(201);
    const socket = await connect(`/parties/chat-room/${chatId}?token=${buyer.token}`);
    for (let i = 0; i < 101; i++) socket.send({ type: 'send', clientId: `ws-${i}`, content: `socket ${i}` });
    const answers = await Promise.all(Array.from({ length: 101 }, (_, i) => socket.waitFor((e) => (e.type === 'ack' || e.type === 'nack') && e.clientId === `ws-${i}`, 10_000)));
    expect(answers.filter((a) => a.type === 'ack')).toHaveLength(100);
    expect(answers.filter((a) => a.type === 'nack').map((a) => [a.code, a.error])).toEqual([['RATE_LIMITED', 'You are sending messages too fast. Please wait a moment.']]);
    socket.close();
    // a socket send is stored in the room; the history is read from there
    expect((await call(`/api/messages/chats/${chatId}/messages?limit=100`, { headers: buyer.auth })).body.data.lastSeq).toBe(120);
    expect((await roomMessages(chatId)).length).toBe(120);
  });
});

describe('notifications', () => {
  it('lists, filters by type, marks one and all read; never someone else’s', async () => {
    const seller = await createUserWithToken();
    const fan = await createUserWithToken();
    const ad = await createListing(seller, { title: 'Treadmill' });
    await json(fan, 'POST', `/api/listings/${ad.id}/favorite`, { isFavorite: true });
    const list = await call('/api/notifications?type=favorite', { headers: seller.auth });
    expect(list.status).toBe(200);
    expect(list.body.data.notifications).toHaveLength(1);
    const n = list.body.data.notifications[0];
    expect(n).toMatchObject({ type: 'FAVORITE', isRead: false, title: 'Someone liked your ad', data: { listingId: ad.id } });
    expect((await call('/api/notifications/unread-count', { headers: seller.auth })).body.data).toEqual({ unreadMessages: 0, unreadNotifications: 1, total: 1 });
    expect((await json(fan, 'PUT', `/api/notifications/${n.id}/read`)).status).toBe(404);
    const read = await json(seller, 'PUT', `/api/notifications/${n.id}/read`);
    expect(read.body.data).toMatchObject({ id: n.id, isRead: true, readAt: expect.any(String) });
    expect((await json(seller, 'PUT', '/api/notifications/read-all')).status).toBe(200);
    expect((await call('/api/notifications/unread-count', { headers: seller.auth })).body.data.total).toBe(0);
    expect((await call('/api/notifications')).status).toBe(401);
    expect((await call('/api/notifications?type=SPAM', { headers: seller.auth })).status).toBe(400);
  });
});
