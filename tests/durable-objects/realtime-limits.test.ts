/**
 * Attacks on the live sockets (decision 002, addendum "limits per user and per socket"): typing and
 * read receipts across a block, a flood of typing frames, and more sockets than a user needs.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { createListing, createUserWithToken } from '../factories';
import { MAX_INBOX_SOCKETS_PER_USER, MAX_ROOM_SOCKETS_PER_MEMBER, TOO_MANY_SOCKETS_CLOSE_CODE, TYPING_LIMIT } from '../../worker/schemas/realtime-limits';
import { connect, type TestSocket } from './socket';
import { memberRowsWritten } from '../support/chat-room';

type User = Awaited<ReturnType<typeof createUserWithToken>>;

const conversation = async () => {
  const seller = await createUserWithToken({ firstName: 'Sunita' });
  const buyer = await createUserWithToken({ firstName: 'Aman' });
  const ad = await createListing(seller, { title: 'Bajaj Pulsar 150' });
  const opened = await call('/api/messages/chats', { method: 'POST', headers: { 'content-type': 'application/json', ...buyer.auth }, body: JSON.stringify({ listingId: ad.id }) });
  expect(opened.status).toBe(201);
  // begun: both members' chat list rows are there (a block or a logout finds the conversation by them)
  await memberRowsWritten(opened.body.data.chat.id, buyer.id, seller.id);
  return { seller, buyer, chatId: opened.body.data.chat.id as string };
};

const block = async (blocker: User, blocked: User) => {
  const res = await call(`/api/users/${blocked.id}/block`, { method: 'POST', headers: blocker.auth });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

/**
 * Everything the room will do for the frames `socket` sent so far is done: frames from one socket
 * are handled in order, and a resync answers only after D1 has been read (typing needs far less).
 */
const settled = async (socket: TestSocket) => {
  const marker = socket.events.filter((e) => e.type === 'synced').length;
  socket.send({ type: 'sync', after: 1_000_000 });
  await expect.poll(() => socket.events.filter((e) => e.type === 'synced').length).toBe(marker + 1);
  await new Promise((r) => setTimeout(r, 50));
};

const typingFrom = (socket: TestSocket, userId: string) => socket.events.filter((e) => e.type === 'user_typing' && e.userId === userId);

describe('typing and read receipts across a block', () => {
  it('a blocked user’s typing and reading never reach the blocker, nor the blocker’s the blocked user', async () => {
    const { seller, buyer, chatId } = await conversation();
    const s = await connect(`/parties/chat-room/${chatId}?token=${seller.token}`);
    const b = await connect(`/parties/chat-room/${chatId}?token=${buyer.token}`);
    // before the block the indicator works both ways (and the room holds a view of the members)
    b.send({ type: 'typing_start' });
    await s.waitFor((e) => e.type === 'user_typing' && e.userId === buyer.id);
    s.send({ type: 'typing_start' });
    await b.waitFor((e) => e.type === 'user_typing' && e.userId === seller.id);
    b.send({ type: 'typing_stop' });
    await s.waitFor((e) => e.type === 'user_typing' && e.userId === buyer.id && e.isTyping === false);

    await block(seller, buyer);
    const seenBySeller = typingFrom(s, buyer.id).length;
    const seenByBuyer = typingFrom(b, seller.id).length;
    b.send({ type: 'typing_start' });
    b.send({ type: 'typing_stop' });
    b.send({ type: 'read' });
    s.send({ type: 'typing_start' });
    s.send({ type: 'read' });
    await settled(b);
    await settled(s);
    expect(typingFrom(s, buyer.id)).toHaveLength(seenBySeller);
    expect(typingFrom(b, seller.id)).toHaveLength(seenByBuyer);
    expect(s.events.filter((e) => e.type === 'read' && e.userId === buyer.id)).toEqual([]);
    expect(b.events.filter((e) => e.type === 'read' && e.userId === seller.id)).toEqual([]);
    // each still sees their own read marks (their other tabs keep their ticks)
    expect(b.events.some((e) => e.type === 'read' && e.userId === buyer.id)).toBe(true);

    // unblocked: the indicator comes back
    const unblocked = await call(`/api/users/${buyer.id}/block`, { method: 'DELETE', headers: seller.auth });
    expect(unblocked.status).toBe(200);
    b.send({ type: 'typing_start' });
    await s.waitFor((e) => e.type === 'user_typing' && e.userId === buyer.id && typingFrom(s, buyer.id).length > seenBySeller);
    s.close();
    b.close();
  });

  it('a block made while the room is asleep holds too (the view is read afresh)', async () => {
    const { seller, buyer, chatId } = await conversation();
    await block(buyer, seller);
    const s = await connect(`/parties/chat-room/${chatId}?token=${seller.token}`);
    const b = await connect(`/parties/chat-room/${chatId}?token=${buyer.token}`);
    s.send({ type: 'typing_start' });
    await settled(s);
    expect(typingFrom(b, seller.id)).toEqual([]);
    s.close();
    b.close();
  });
});

describe('typing flood', () => {
  it('a socket gets at most TYPING_LIMIT.events typing events a window to the other member; a stop after a shown start still passes', async () => {
    const { seller, buyer, chatId } = await conversation();
    const s = await connect(`/parties/chat-room/${chatId}?token=${seller.token}`);
    const b = await connect(`/parties/chat-room/${chatId}?token=${buyer.token}`);
    for (let i = 0; i < 200; i++) s.send({ type: i % 2 ? 'typing_stop' : 'typing_start' });
    for (let i = 0; i < 50; i++) s.send({ type: 'typing_start' });
    s.send({ type: 'typing_stop' });
    await settled(s);
    const got = typingFrom(b, seller.id);
    // the flood took well under a window, so one window's worth, plus the stop that ends the indicator
    expect(got.length).toBeGreaterThanOrEqual(TYPING_LIMIT.events);
    expect(got.length).toBeLessThanOrEqual(TYPING_LIMIT.events + 1);
    expect(got.at(-1)?.isTyping).toBe(false);
    // the flooding socket is not disconnected, and its sending still works
    s.send({ type: 'send', clientId: 'after-flood', content: 'Still there?' });
    await b.waitFor((e) => e.type === 'new_message' && e.message.content === 'Still there?');
    // one socket's flood does not use up another socket's allowance
    const s2 = await connect(`/parties/chat-room/${chatId}?token=${seller.token}`);
    const before = typingFrom(b, seller.id).length;
    s2.send({ type: 'typing_start' });
    await expect.poll(() => typingFrom(b, seller.id).length).toBe(before + 1);
    s.close();
    s2.close();
    b.close();
  });
});

describe('sockets per user', () => {
  it(`an inbox takes ${MAX_INBOX_SOCKETS_PER_USER} tabs of one user; one more is refused with close code ${TOO_MANY_SOCKETS_CLOSE_CODE}, the others stay`, async () => {
    const user = await createUserWithToken();
    const tabs: TestSocket[] = [];
    for (let i = 0; i < MAX_INBOX_SOCKETS_PER_USER; i++) {
      const tab = await connect(`/parties/user-inbox/${user.id}?token=${user.token}`);
      await tab.waitFor((e) => e.type === 'unread_count');
      tabs.push(tab);
    }
    const extra = await connect(`/parties/user-inbox/${user.id}?token=${user.token}`);
    expect(await extra.closed).toMatchObject({ code: TOO_MANY_SOCKETS_CLOSE_CODE, reason: 'Too many open tabs' });
    expect(extra.events.some((e) => e.type === 'unread_count')).toBe(false);
    // the open tabs were not touched and still receive pushes
    const states = tabs.map((t) => t.ws.readyState);
    expect(new Set(states)).toEqual(new Set([WebSocket.OPEN]));
    // one tab closes: a new one gets its place
    tabs.pop()!.close();
    await new Promise((r) => setTimeout(r, 50));
    const replacement = await connect(`/parties/user-inbox/${user.id}?token=${user.token}`);
    await replacement.waitFor((e) => e.type === 'unread_count');
    for (const t of [...tabs, replacement]) t.close();
  });

  it(`a chat room takes ${MAX_ROOM_SOCKETS_PER_MEMBER} sockets of one member; one more is refused, the other member is not affected`, async () => {
    const { seller, buyer, chatId } = await conversation();
    const mine: TestSocket[] = [];
    for (let i = 0; i < MAX_ROOM_SOCKETS_PER_MEMBER; i++) mine.push(await connect(`/parties/chat-room/${chatId}?token=${buyer.token}`));
    const extra = await connect(`/parties/chat-room/${chatId}?token=${buyer.token}`);
    expect((await extra.closed).code).toBe(TOO_MANY_SOCKETS_CLOSE_CODE);
    const s = await connect(`/parties/chat-room/${chatId}?token=${seller.token}`);
    s.send({ type: 'send', clientId: 's-1', content: 'Available, come by today' });
    for (const tab of mine) await tab.waitFor((e) => e.type === 'new_message');
    for (const t of [...mine, s]) t.close();
  });
});
