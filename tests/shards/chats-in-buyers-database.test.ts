/**
 * A conversation's directory row (`chats`) in its BUYER's accounts database (decision 034,
 * worker/db/chats.ts), behind `CHATS_WITH_ACCOUNTS` with the chat list per member on, over the real
 * four accounts bindings. The core holds no row of these conversations, so a reader or writer still
 * asking the core answers 404 or writes nothing. Buyers and sellers are placed in different databases.
 *
 * In this suite the chat rooms run with the accounts in the core: the file sets the three variables on
 * the rooms' env too (and puts it back afterwards), so the rooms' own commits are what is tested. That
 * env is the same object as the test's own `env` in workerd, so the file's factories see them as well.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRoom } from '../../durable-objects/chat-room';
import type { Env } from '../../worker/env';
import { applyMigrations } from '../setup/databases';
import { resetToMigratedState } from '../setup/reset-databases';
import { chatDbFor, chatsWithAccounts, groupOfChatId, newChatId } from '../../worker/db/chats';
import { memberRowsOf, writeMemberRows, type ChatMemberRow } from '../../worker/services/chat/chat-members';
import { accountsDbs, fourAccounts, GROUP_IN, userIn } from './four-accounts';
import { createShardListing } from './shard-factory';
import { roundTripCounting } from './round-trip-counting';
import { answerOf } from '../api/helpers';
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../worker/index';
import { CHATS_MOVE_CURSOR, CHATS_MOVE_DONE, CHATS_REMOVAL_CURSOR, moveChatsToAccounts, removeMovedCoreChats, scheduledChatsRemoval } from '../../worker/services/chat/chats-move';
import { runConsistencyChecks } from '../../worker/services/consistency';
import { archiveEndedAds, type ArchiveDocument } from '../../worker/services/listings/archive';
import { archiveDocKey } from '../../worker/services/listings/archive-keys';
import { ARCHIVABLE_STATES, ARCHIVE_CLEANUP_AFTER_MS } from '../../worker/schemas/archive-data';

const SWITCHES = { ACCOUNTS_DATABASES: '4', CHAT_LIST_WITH_ACCOUNTS: '1', CHATS_WITH_ACCOUNTS: '1' };
const on = { ...fourAccounts, ...SWITCHES } as Env;

const request = async (path: string, init: RequestInit = {}, vars: Env = on) => {
  const ctx = createExecutionContext();
  const answer = await answerOf(await worker.fetch!(new Request(`http://sel.test${path}`, init) as never, vars, ctx));
  await waitOnExecutionContext(ctx);
  return answer;
};
const send = (auth: Record<string, string>, method: string, path: string, body?: unknown) =>
  request(path, { method, headers: { 'content-type': 'application/json', ...auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

type Account = Awaited<ReturnType<typeof userIn>>;

/** Where a conversation's row is: the accounts databases holding it by index, and whether the core does. */
const chatRow = async (chatId: string) => {
  const sql = 'SELECT * FROM chats WHERE id = ?';
  const found = await Promise.all(accountsDbs.map((db) => db.prepare(sql).bind(chatId).first<Record<string, unknown>>()));
  const core = await env.DB.prepare(sql).bind(chatId).first();
  return { in: found.flatMap((r, i) => (r ? [i] : [])), core: Boolean(core), row: found.find(Boolean) ?? null };
};
const memberRow = async (database: number, userId: string, chatId: string) =>
  accountsDbs[database]!.prepare('SELECT * FROM chat_members WHERE user_id = ? AND chat_id = ?').bind(userId, chatId).first<ChatMemberRow>();

const open = async (buyer: Account, listingId: string) => {
  const opened = await send(buyer.auth, 'POST', '/api/messages/chats', { listingId });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  return opened.body.data.chat.id as string;
};
const message = async (from: Account, chatId: string, content: string) => {
  const sent = await send(from.auth, 'POST', '/api/messages/messages', { chatId, content });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return sent.body.data.message as { seq: number };
};

/**
 * Sets variables on the rooms' env (one object for every room of this isolate) and answers what they
 * were; undefined removes one. The file puts them back when it ends.
 */
const setRooms = (vars: Record<string, unknown>) =>
  runInDurableObject(env.ChatRoom.get(env.ChatRoom.idFromName(`probe-${ulid()}`)) as unknown as DurableObjectStub<ChatRoom>, (instance) => {
    const roomVars = (instance as unknown as { env: Record<string, unknown> }).env;
    const was = Object.fromEntries(Object.keys(vars).map((k) => [k, roomVars[k]]));
    for (const [k, v] of Object.entries(vars)) {
      if (v === undefined) delete roomVars[k];
      else roomVars[k] = v;
    }
    return was;
  });
let before: Record<string, unknown> = {};

let seller: Account;
let buyer: Account;
let ad: { id: string };
beforeAll(async () => {
  await Promise.all(accountsDbs.map((db) => applyMigrations(db)));
  await Promise.all(accountsDbs.map((db) => resetToMigratedState(db)));
  before = await setRooms(SWITCHES);
  seller = await userIn(2, { firstName: 'Sunita' });
  buyer = await userIn(0, { firstName: 'Aman' });
  ad = await createShardListing(seller, { title: 'Maruti Swift 2018', city: 'Pune' });
});
afterAll(async () => {
  await setRooms(before);
});

describe('where a conversation lives', () => {
  it('the switch takes effect only with the chat list switch and several accounts databases', () => {
    expect(chatsWithAccounts(on)).toBe(true);
    expect(chatsWithAccounts({ ...on, CHAT_LIST_WITH_ACCOUNTS: undefined })).toBe(false);
    expect(chatsWithAccounts({ ...on, ACCOUNTS_DATABASES: '1' })).toBe(false);
    const id = newChatId(buyer.id);
    expect(id).toMatch(/^cht_[0-9a-z]{26}3$/);
    expect(groupOfChatId(id)).toBe(GROUP_IN[0]);
    expect(groupOfChatId(`cht_${ulid().toLowerCase()}`)).toBeNull();
    expect(chatDbFor(on, id)).toBe(accountsDbs[0]);
    expect(chatDbFor(fourAccounts, id)).toBe(env.DB);
    // an older id names no database: its buyer does
    expect(chatDbFor(on, `cht_${ulid().toLowerCase()}`)).toBeUndefined();
    expect(chatDbFor(on, `cht_${ulid().toLowerCase()}`, seller.id)).toBe(accountsDbs[2]);
  });
});

describe("a new conversation in its buyer's database", () => {
  it("is created there with an id carrying the buyer's group, never in the core; opening again finds it there", async () => {
    const chatId = await open(buyer, ad.id);
    expect(groupOfChatId(chatId)).toBe(GROUP_IN[0]);
    const where = await chatRow(chatId);
    expect(where).toMatchObject({ in: [0], core: false });
    expect(where.row).toMatchObject({ listing_id: ad.id, buyer_id: buyer.id, seller_id: seller.id, last_seq: 0 });
    const again = await send(buyer.auth, 'POST', '/api/messages/chats', { listingId: ad.id });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.chat).toMatchObject({ id: chatId, buyer: { firstName: 'Aman' }, seller: { firstName: 'Sunita' }, listing: { title: 'Maruti Swift 2018' } });
    // both members' chat list rows, each in their own database
    expect(await memberRow(0, buyer.id, chatId)).toMatchObject({ role: 'BUYER', other_id: seller.id });
    expect(await memberRow(2, seller.id, chatId)).toMatchObject({ role: 'SELLER', other_id: buyer.id });
  });

  it('two opens racing keep one conversation, and both get it back', async () => {
    const racer = await userIn(1, { firstName: 'Ravi' });
    const [a, b] = await Promise.all([0, 1].map(() => send(racer.auth, 'POST', '/api/messages/chats', { listingId: ad.id })));
    expect([a!.status, b!.status].sort()).toEqual([200, 201]);
    expect(a!.body.data.chat.id).toBe(b!.body.data.chat.id);
    const { results } = await accountsDbs[1]!.prepare('SELECT id FROM chats WHERE listing_id = ? AND buyer_id = ?').bind(ad.id, racer.id).all();
    expect(results).toHaveLength(1);
    expect((await chatRow(a!.body.data.chat.id)).core).toBe(false);
  });

  it('a refused open (a block either way, a seller no longer active) leaves no conversation behind, though its insert ran beside the checks', async () => {
    const someAd = await createShardListing(seller, { title: `Refused ${ulid()}`, city: 'Pune' });
    const rows = async (buyerId: string) => {
      const found = await Promise.all(accountsDbs.map((db) => db.prepare('SELECT id FROM chats WHERE listing_id = ? AND buyer_id = ?').bind(someAd.id, buyerId).all()));
      const members = await Promise.all(accountsDbs.map((db) => db.prepare('SELECT chat_id FROM chat_members WHERE listing_id = ?1 AND (user_id = ?2 OR other_id = ?2)').bind(someAd.id, buyerId).all()));
      return [...found, ...members].flatMap((r) => r.results);
    };
    // the seller blocked this buyer (the block in the seller's database), then this buyer blocked the seller (in the buyer's)
    const blockedBySeller = await userIn(1);
    await accountsDbs[2]!.prepare('INSERT INTO user_blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)').bind(seller.id, blockedBySeller.id, Date.now()).run();
    const blocker = await userIn(3);
    await accountsDbs[3]!.prepare('INSERT INTO user_blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)').bind(blocker.id, seller.id, Date.now()).run();
    for (const who of [blockedBySeller, blocker]) {
      const refused = await send(who.auth, 'POST', '/api/messages/chats', { listingId: someAd.id });
      expect(refused.status, JSON.stringify(refused.body)).toBe(403);
      expect(refused.body.code).toBe('BLOCKED');
      expect(await rows(who.id)).toEqual([]);
    }
    // a conversation from before a block still opens (as it always did): only a new one is refused
    const earlier = await userIn(0);
    const kept = await open(earlier, someAd.id);
    await accountsDbs[2]!.prepare('INSERT INTO user_blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)').bind(seller.id, earlier.id, Date.now()).run();
    const reopened = await send(earlier.auth, 'POST', '/api/messages/chats', { listingId: someAd.id });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body.data.chat.id).toBe(kept);
    // a seller no longer active: 409, and nothing written either
    const late = await userIn(1);
    await env.DB.prepare("UPDATE users SET status = 'BANNED' WHERE id = ?").bind(seller.id).run();
    try {
      const unavailable = await send(late.auth, 'POST', '/api/messages/chats', { listingId: someAd.id });
      expect(unavailable.status, JSON.stringify(unavailable.body)).toBe(409);
      expect(unavailable.body.code).toBe('SELLER_UNAVAILABLE');
      expect(await rows(late.id)).toEqual([]);
    } finally {
      await env.DB.prepare("UPDATE users SET status = 'ACTIVE' WHERE id = ?").bind(seller.id).run();
    }
  });

  it("members read it (403 for anyone else, 404 for no conversation), whoever's database they are in", async () => {
    const chatId = await open(await userIn(3, { firstName: 'Neha' }), (await createShardListing(seller, { title: 'Activa 5G', city: 'Chennai' })).id);
    const stranger = await userIn(1);
    expect(await chatRow(chatId)).toMatchObject({ in: [3], core: false });
    // a decoy in the core naming the stranger as the buyer: a reader still asking the core lets them in
    await env.DB.prepare('INSERT INTO chats (id, listing_id, buyer_id, seller_id, created_at, updated_at) VALUES (?, ?, ?, ?, 1, 1)').bind(chatId, `lst_${ulid().toLowerCase()}`, stranger.id, seller.id).run();
    const asSeller = await send(seller.auth, 'GET', `/api/messages/chats/${chatId}`);
    expect(asSeller.status, JSON.stringify(asSeller.body)).toBe(200);
    expect(asSeller.body.data).toMatchObject({ buyer: { firstName: 'Neha' }, listing: { title: 'Activa 5G' } });
    const refused = await send(stranger.auth, 'GET', `/api/messages/chats/${chatId}`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('NOT_A_MEMBER');
    expect((await send(stranger.auth, 'POST', '/api/messages/messages', { chatId, content: 'hello' })).status).toBe(403);
    const missing = await send(seller.auth, 'GET', `/api/messages/chats/${newChatId(stranger.id)}`);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('CHAT_NOT_FOUND');
    await env.DB.prepare('DELETE FROM chats WHERE id = ?').bind(chatId).run();
  });
});

describe("the room's group commit, read marks and stars in the buyer's database", () => {
  it("writes the buyer's row (last seq, preview, first reply time) and both members' list rows", async () => {
    const otherAd = await createShardListing(seller, { title: 'Honda Amaze', city: 'Delhi' });
    const chatId = await open(buyer, otherAd.id);
    await message(buyer, chatId, 'Is it still available?');
    expect((await chatRow(chatId)).row).toMatchObject({ last_seq: 1, last_message: 'Is it still available?', buyer_last_read_seq: 1, first_reply_ms: null });
    await message(seller, chatId, 'Yes, come on Sunday');
    const { row } = await chatRow(chatId);
    expect(row).toMatchObject({ last_seq: 2, last_message: 'Yes, come on Sunday', seller_last_read_seq: 2, buyer_last_read_seq: 1 });
    expect(row!.first_reply_ms).toEqual(expect.any(Number));
    expect((await chatRow(chatId)).core).toBe(false);
    expect(await memberRow(0, buyer.id, chatId)).toMatchObject({ last_seq: 2, last_read_seq: 1, last_message: 'Yes, come on Sunday' });
    expect(await memberRow(2, seller.id, chatId)).toMatchObject({ last_seq: 2, last_read_seq: 2 });
    // the history comes from the room, the names from where `users` lives
    const history = await send(buyer.auth, 'GET', `/api/messages/chats/${chatId}/messages`);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body.data.messages.map((m: { content: string; sender: { firstName: string } }) => `${m.sender.firstName}: ${m.content}`)).toEqual([
      'Aman: Is it still available?',
      'Sunita: Yes, come on Sunday',
    ]);
  });

  it("a read mark and a star land on the buyer's row of the conversation", async () => {
    const otherAd = await createShardListing(seller, { title: 'Hyundai i20', city: 'Pune' });
    const chatId = await open(buyer, otherAd.id);
    await message(seller, chatId, 'Price is fixed');
    await message(seller, chatId, 'Documents ready');
    const read = await send(buyer.auth, 'PUT', `/api/messages/chats/${chatId}/read`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data.lastReadSeq).toBe(2);
    for (const [who, database] of [[seller, 2], [buyer, 0]] as const) {
      const starred = await send(who.auth, 'PUT', `/api/messages/chats/${chatId}/star`, { starred: true });
      expect(starred.status, JSON.stringify(starred.body)).toBe(200);
      expect((await memberRow(database, who.id, chatId))!.starred).toBe(1);
    }
    expect((await chatRow(chatId)).row).toMatchObject({ buyer_last_read_seq: 2, buyer_starred: 1, seller_starred: 1 });
    const seen = await send(buyer.auth, 'GET', `/api/messages/chats/${chatId}`);
    expect(seen.body.data).toMatchObject({ unreadCount: 0, isStarred: true });
  });
});

describe('a conversation from before the tag', () => {
  it("is found through the asking member's own chat_members row, and its room writes where it lives", async () => {
    const otherAd = await createShardListing(seller, { title: 'Bajaj Pulsar', city: 'Pune' });
    const chatId = `cht_${ulid().toLowerCase()}`;
    const now = Date.now();
    const state = {
      id: chatId, listing_id: otherAd.id, buyer_id: buyer.id, seller_id: seller.id, last_seq: 0, last_message: null, last_message_at: null, last_sender_id: null,
      buyer_last_read_seq: 0, seller_last_read_seq: 0, buyer_starred: 0, seller_starred: 0, created_at: now, updated_at: now,
    };
    // as the mover leaves it: the row in the buyer's database with its old id, each member's list row in theirs
    await accountsDbs[0]!.prepare(
      'INSERT INTO chats (id, listing_id, buyer_id, seller_id, last_seq, buyer_last_read_seq, seller_last_read_seq, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0, 0, ?, ?)',
    ).bind(chatId, otherAd.id, buyer.id, seller.id, now, now).run();
    await writeMemberRows(on, memberRowsOf(state));
    for (const who of [seller, buyer]) {
      const seen = await send(who.auth, 'GET', `/api/messages/chats/${chatId}`);
      expect(seen.status, JSON.stringify(seen.body)).toBe(200);
      expect(seen.body.data).toMatchObject({ id: chatId, buyer: { firstName: 'Aman' }, listing: { title: 'Bajaj Pulsar' } });
    }
    // the seller writes first: the room learns where the conversation lives without the core
    await message(seller, chatId, 'Still interested?');
    expect((await chatRow(chatId)).row).toMatchObject({ last_seq: 1, last_message: 'Still interested?', seller_last_read_seq: 1 });
    expect(await memberRow(0, buyer.id, chatId)).toMatchObject({ last_seq: 1 });
    // a stranger has no row that leads to it
    expect((await send((await userIn(3)).auth, 'GET', `/api/messages/chats/${chatId}`)).status).toBe(404);
  });
});

describe("the archive: an ad's conversations leave with it", () => {
  const DAY = 86_400_000;
  const NOW = Date.now() + 400 * DAY;
  const LONG_SOLD = NOW - (ARCHIVABLE_STATES.SOLD.retentionDays + 1) * DAY;
  const soldWithTwoChats = async (title: string) => {
    const ad = await createShardListing(seller, { title, city: 'Delhi' });
    const other = await userIn(3, { firstName: 'Kiran' });
    const chats = [await open(buyer, ad.id), await open(other, ad.id)];
    await message(buyer, chats[0]!, 'Last price?');
    await ad.db.prepare('UPDATE listings SET status = ?, updated_at = ? WHERE id = ?').bind('SOLD', LONG_SOLD, ad.id).run();
    return { ad, chats, other };
  };
  const gone = async (chats: string[]) => {
    for (const chatId of chats) {
      expect(await chatRow(chatId)).toMatchObject({ in: [], core: false });
      expect(await memberRow(2, seller.id, chatId)).toBeNull();
    }
    const answer = await send(buyer.auth, 'GET', `/api/messages/chats/${chats[0]}`);
    expect([answer.status, answer.body.code]).toEqual([410, 'CHAT_ARCHIVED']);
  };

  it("found from the seller's chat list rows, removed from each buyer's database, counted in the archive", async () => {
    const { ad, chats, other } = await soldWithTwoChats('Wagon R sold long ago');
    expect((await chatRow(chats[1]!)).in).toEqual([3]);
    expect(await archiveEndedAds(on, { now: NOW })).toBe(1);
    await gone(chats);
    expect(await memberRow(3, other.id, chats[1]!)).toBeNull();
    const doc = (await (await env.MEDIA.get(archiveDocKey(ad.id)))!.json()) as ArchiveDocument;
    expect(doc.stats.chats).toBe(2);
    expect(doc.conversations!.map((c) => [c.id, c.buyerId, c.messages]).sort()).toEqual([[chats[0], buyer.id, 1], [chats[1], other.id, 0]].sort());
  });

  it('an archive stopped after the ad left its database is finished later, the conversations found in their buyers\' databases', async () => {
    const { ad, chats } = await soldWithTwoChats('Alto stopped half-way');
    await expect(
      archiveEndedAds(on, { now: NOW, hooks: { afterListingsDatabase: (id) => { if (id === ad.id) throw new Error('worker killed'); } } }),
    ).rejects.toThrow('worker killed');
    expect((await chatRow(chats[0]!)).in).toEqual([0]);
    await archiveEndedAds(on, { now: NOW + ARCHIVE_CLEANUP_AFTER_MS + 1 });
    await gone(chats);
  });
});

/** A user's `users` row copied from the core into an accounts database, as the copy does before the users switch. */
const copyUserRow = async (userId: string, database: number) => {
  const row = (await env.DB.prepare('SELECT * FROM users WHERE id = ?').bind(userId).first<Record<string, unknown>>())!;
  const columns = Object.keys(row);
  await accountsDbs[database]!.prepare(`INSERT OR REPLACE INTO users (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
    .bind(...Object.values(row))
    .run();
};

describe('round trips with the switch on', () => {
  const counted = roundTripCounting({ accountsDatabases: 4, vars: { CHAT_LIST_WITH_ACCOUNTS: '1' } });
  /** Opening a conversation, sending over REST and reading its messages: each request's waits. */
  const measure = async (vars: Record<string, string>) => {
    // the rooms follow the same setting as the requests
    await setRooms({ CHATS_WITH_ACCOUNTS: vars.CHATS_WITH_ACCOUNTS });
    try {
      const someone = await userIn(1);
      if (vars.USERS_WITH_ACCOUNTS) await Promise.all([copyUserRow(someone.id, 1), copyUserRow(seller.id, 2)]);
      const someAd = await createShardListing(seller, { title: `Counted ${ulid()}`, city: 'Pune' });
      const opened = await counted('/api/messages/chats', { method: 'POST', headers: { 'content-type': 'application/json', ...someone.auth }, body: JSON.stringify({ listingId: someAd.id }) }, vars);
      expect(opened.status, JSON.stringify(opened.body)).toBe(201);
      const chatId = opened.body.data.chat.id as string;
      // the answer is whole: the names, the ad block and the plans as a second open reads them back
      expect(opened.body.data.chat).toMatchObject({ buyer: { firstName: someone.firstName }, seller: { firstName: 'Sunita' }, listing: { id: someAd.id, title: someAd.title } });
      const again = await counted('/api/messages/chats', { method: 'POST', headers: { 'content-type': 'application/json', ...someone.auth }, body: JSON.stringify({ listingId: someAd.id }) }, vars);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.data.chat).toEqual(opened.body.data.chat);
      // and the same as the conversation's own page reads it (GET, through memberChat)
      const viewed = await counted(`/api/messages/chats/${chatId}`, { headers: someone.auth }, vars);
      expect(viewed.body.data).toEqual(opened.body.data.chat);
      const sent = await counted('/api/messages/messages', { method: 'POST', headers: { 'content-type': 'application/json', ...someone.auth }, body: JSON.stringify({ chatId, content: 'hello' }) }, vars);
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      const read = await counted(`/api/messages/chats/${chatId}/messages`, { headers: someone.auth }, vars);
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      expect(read.body.data.messages[0].sender.firstName).toBe(someone.firstName);
      return { open: opened.roundTrips, reopen: again.roundTrips, send: sent.roundTrips, messages: read.roundTrips };
    } finally {
      await setRooms({ CHATS_WITH_ACCOUNTS: '1' });
    }
  };

  it('opening a new conversation waits 4 times and again 3, the session included; sending as often as with the core; reading messages too once `users` lives with the accounts', async () => {
    const core = await measure({});
    const moved = await measure({ CHATS_WITH_ACCOUNTS: '1' });
    // with `users` still in the core the names are read after the conversation's row (the core joined them): one wait more
    expect(moved).toEqual({ ...core, messages: core.messages + 1 });
    // the session, the ad beside the buyer's existing conversation, then the checks beside the insert and the answer's reads,
    // then (a new one only) both members' chat list rows before the answer (9 before)
    expect(core).toEqual({ open: 4, reopen: 3, send: 3, messages: 1 });
    // every switch off (the accounts databases hold only their moved tables): the same waits to open
    const off = await measure({ CHAT_LIST_WITH_ACCOUNTS: '' });
    expect([off.open, off.reopen]).toEqual([4, 3]);
    // the design's layout, both switches on: the same waits as the users switch alone
    const usersOnly = await measure({ USERS_WITH_ACCOUNTS: '1' });
    const both = await measure({ USERS_WITH_ACCOUNTS: '1', CHATS_WITH_ACCOUNTS: '1' });
    expect(both).toEqual(usersOnly);
    expect([both.open, both.reopen]).toEqual([4, 3]);
  });
});

describe("the move of the core's rows into the buyers' databases", () => {
  const coreChat = async (buyerId: string, o: { lastSeq?: number; buyerStarred?: number; firstReplyMs?: number | null } = {}) => {
    const id = `cht_${ulid().toLowerCase()}`;
    const listingId = `lst_${ulid().toLowerCase()}`;
    await env.DB.prepare(
      `INSERT INTO chats (id, listing_id, buyer_id, seller_id, last_message, last_message_at, last_seq, buyer_last_read_seq, seller_last_read_seq, buyer_starred, seller_starred, created_at, updated_at, first_reply_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, 0, 1000, 2000, ?)`,
    )
      .bind(id, listingId, buyerId, seller.id, o.lastSeq ? `message ${o.lastSeq}` : null, o.lastSeq ? 2000 : null, o.lastSeq ?? 0, o.lastSeq ?? 0, o.buyerStarred ?? 0, o.firstReplyMs ?? null)
      .run();
    return id;
  };
  const copyOf = async (database: number, id: string) => accountsDbs[database]!.prepare('SELECT * FROM chats WHERE id = ?').bind(id).first<Record<string, unknown>>();

  it('copies every row with its id into its buyer\'s database, pass after pass while the switch is off, and only forward', async () => {
    await env.DB.prepare('DELETE FROM chats').run();
    await Promise.all([CHATS_MOVE_CURSOR, CHATS_MOVE_DONE].map((k) => env.CACHE.delete(k)));
    const buyers = [await userIn(0), await userIn(1), await userIn(3)];
    const ids = [await coreChat(buyers[0]!.id, { lastSeq: 4, firstReplyMs: 60_000 }), await coreChat(buyers[1]!.id), await coreChat(buyers[2]!.id, { lastSeq: 2, buyerStarred: 1 })];
    const off = { ...on, CHATS_WITH_ACCOUNTS: undefined } as Env;
    // bounded: two a run, the cursor in KV; the pass ends on a short batch and is recorded
    expect(await moveChatsToAccounts(off, 2)).toBe(2);
    expect(await env.CACHE.get(CHATS_MOVE_DONE)).toBeNull();
    expect(await moveChatsToAccounts(off, 2)).toBe(1);
    expect(await env.CACHE.get(CHATS_MOVE_DONE)).not.toBeNull();
    expect(await copyOf(0, ids[0]!)).toMatchObject({ buyer_id: buyers[0]!.id, seller_id: seller.id, last_seq: 4, last_message: 'message 4', seller_last_read_seq: 4, first_reply_ms: 60_000 });
    expect(await copyOf(1, ids[1]!)).toMatchObject({ last_seq: 0, last_message: null });
    expect(await copyOf(3, ids[2]!)).toMatchObject({ last_seq: 2, buyer_starred: 1 });
    for (const db of [2]) expect((await accountsDbs[db]!.prepare('SELECT count(*) AS n FROM chats WHERE id IN (?, ?, ?)').bind(...ids).first<{ n: number }>())!.n).toBe(0);
    // the room wrote further in the copy meanwhile; the core's member unstarred: the next pass keeps the
    // copy's newer message and takes the core's star (members star in the core while the switch is off)
    await accountsDbs[0]!.prepare(`UPDATE chats SET last_seq = 6, last_message = 'newer', buyer_last_read_seq = 6 WHERE id = ?`).bind(ids[0]).run();
    await env.DB.prepare('UPDATE chats SET buyer_starred = 0 WHERE id = ?').bind(ids[2]).run();
    expect(await moveChatsToAccounts(off, 10)).toBe(3);
    expect(await copyOf(0, ids[0]!)).toMatchObject({ last_seq: 6, last_message: 'newer', buyer_last_read_seq: 6, first_reply_ms: 60_000 });
    expect(await copyOf(3, ids[2]!)).toMatchObject({ buyer_starred: 0 });
    // the switch on: a member's star is the copy's now; one more whole pass, then the move stops
    await accountsDbs[3]!.prepare('UPDATE chats SET buyer_starred = 1 WHERE id = ?').bind(ids[2]).run();
    await env.DB.prepare('UPDATE chats SET seller_last_read_seq = 2, last_seq = 3, last_message = ? WHERE id = ?').bind('sent just before the switch', ids[2]).run();
    expect(await moveChatsToAccounts(on, 10)).toBe(3);
    expect(await copyOf(3, ids[2]!)).toMatchObject({ buyer_starred: 1, last_seq: 3, last_message: 'sent just before the switch' });
    expect(await moveChatsToAccounts(on, 10)).toBe(0);
    expect(await env.CACHE.get(CHATS_MOVE_CURSOR)).toBe('finished');
    // a moved conversation is the one its buyer opens and reads with the switch on
    const listing = await createShardListing(seller, { title: 'Moved conversation', city: 'Pune' });
    await env.DB.prepare('UPDATE chats SET listing_id = ? WHERE id = ?').bind(listing.id, ids[1]).run();
    await accountsDbs[1]!.prepare('DELETE FROM chats WHERE id = ?').bind(ids[1]).run();
    await env.CACHE.delete(CHATS_MOVE_CURSOR);
    await moveChatsToAccounts(on, 10);
    const again = await send(buyers[1]!.auth, 'POST', '/api/messages/chats', { listingId: listing.id });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.chat.id).toBe(ids[1]);
  });

  it("chats.copies: once a pass is done, a copy missing or behind the core is reported and repaired forward only; a copy ahead is left alone", async () => {
    await env.DB.prepare('DELETE FROM chats').run();
    await Promise.all([CHATS_MOVE_CURSOR, CHATS_MOVE_DONE].map((k) => env.CACHE.delete(k)));
    const off = { ...on, CHATS_WITH_ACCOUNTS: undefined } as Env;
    const buyers = [await userIn(0), await userIn(1), await userIn(3)];
    const ids = [await coreChat(buyers[0]!.id, { lastSeq: 2 }), await coreChat(buyers[1]!.id), await coreChat(buyers[2]!.id, { lastSeq: 1 })];
    const copies = (repair = false, vars: Env = off) => runConsistencyChecks(vars, { only: ['chats.copies'], repair }).then((r) => r.checks.find((c) => c.name === 'chats.copies'));
    // before the move has finished a pass the copies are missing by design: the check does not run
    expect(await copies()).toBeUndefined();
    expect(await moveChatsToAccounts(off, 10)).toBe(3);
    expect(await copies()).toMatchObject({ rowsChecked: 3, rows: 0 });
    // a copy lost, a copy behind (the core took a message and a first reply time after the pass), a
    // star changed in the core (members star there while the switch is off), and a copy ahead (its room wrote it)
    await accountsDbs[1]!.prepare('DELETE FROM chats WHERE id = ?').bind(ids[1]).run();
    await env.DB.prepare('UPDATE chats SET last_seq = 5, last_message = ?, seller_last_read_seq = 5, first_reply_ms = 9000 WHERE id = ?').bind('message 5', ids[0]).run();
    await env.DB.prepare('UPDATE chats SET seller_starred = 1 WHERE id = ?').bind(ids[2]).run();
    await accountsDbs[3]!.prepare(`UPDATE chats SET last_seq = 7, last_message = 'ahead', buyer_last_read_seq = 7 WHERE id = ?`).bind(ids[2]).run();
    const found = await copies();
    expect(found).toMatchObject({ rows: 3, remaining: 3 });
    expect(found!.disagreements.map((d) => `${d.id} ${d.database} ${d.field} ${d.kept}->${d.expected}`).sort()).toEqual(
      [
        `${ids[0]} accounts-0 first_reply_ms null->9000`,
        `${ids[0]} accounts-0 last_seq 2->5`,
        `${ids[0]} accounts-0 seller_last_read_seq 2->5`,
        `${ids[1]} accounts-1 copy null->present`,
        `${ids[2]} accounts-3 seller_starred 0->1`,
      ].sort(),
    );
    expect(await copies(true)).toMatchObject({ rows: 3, repaired: 3, remaining: 0 });
    expect(await copies()).toMatchObject({ rows: 0 });
    expect(await copyOf(0, ids[0]!)).toMatchObject({ last_seq: 5, last_message: 'message 5', seller_last_read_seq: 5, first_reply_ms: 9000 });
    expect(await copyOf(1, ids[1]!)).toMatchObject({ buyer_id: buyers[1]!.id, last_seq: 0 });
    // the copy ahead kept its newer message; the core's star taken
    expect(await copyOf(3, ids[2]!)).toMatchObject({ last_seq: 7, last_message: 'ahead', buyer_last_read_seq: 7, seller_starred: 1 });
    // with the switch on the members star in the copy: a star the core lacks is no finding
    await accountsDbs[3]!.prepare('UPDATE chats SET buyer_starred = 1 WHERE id = ?').bind(ids[2]).run();
    expect(await copies(false, on)).toMatchObject({ rowsChecked: 3, rows: 0 });
    await Promise.all([CHATS_MOVE_CURSOR, CHATS_MOVE_DONE].map((k) => env.CACHE.delete(k)));
  });

  it("the core's rows leave once the move is over: only those their copies hold, never one the history move or the archive's retirement still reads", async () => {
    await env.DB.prepare('DELETE FROM chats').run();
    await Promise.all([CHATS_MOVE_CURSOR, CHATS_MOVE_DONE, CHATS_REMOVAL_CURSOR].map((k) => env.CACHE.delete(k)));
    const off = { ...on, CHATS_WITH_ACCOUNTS: undefined } as Env;
    const b = [await userIn(0), await userIn(1), await userIn(3)];
    const level = [await coreChat(b[0]!.id, { lastSeq: 2 }), await coreChat(b[1]!.id), await coreChat(b[2]!.id, { lastSeq: 1 })];
    const [behind, archived, withD1Messages, lost] = [await coreChat(b[0]!.id, { lastSeq: 1 }), await coreChat(b[1]!.id), await coreChat(b[2]!.id, { lastSeq: 1 }), await coreChat(b[0]!.id)];
    const inCore = async () => (await env.DB.prepare('SELECT id FROM chats ORDER BY id').all<{ id: string }>()).results.map((r) => r.id);
    const everyId = [...level, behind, archived, withD1Messages, lost].sort();
    expect(await moveChatsToAccounts(off, 100)).toBe(7);
    // the switch off, or on before the pass begun with it has finished: nothing leaves
    expect(await removeMovedCoreChats(off, 100)).toBe(0);
    expect(await removeMovedCoreChats(on, 100)).toBe(0);
    expect(await moveChatsToAccounts(on, 100)).toBe(7);
    expect(await env.CACHE.get(CHATS_MOVE_CURSOR)).toBe('finished');
    // the core took a message its copy lacks; a copy lost; an ad archived before its conversation could
    // leave with it; messages still in D1, which the history move reads through the core's row
    await env.DB.prepare('UPDATE chats SET last_seq = 3 WHERE id = ?').bind(behind).run();
    await accountsDbs[0]!.prepare('DELETE FROM chats WHERE id = ?').bind(lost).run();
    await env.DB.prepare('UPDATE chats SET listing_title = ? WHERE id = ?').bind('Sold Activa', archived).run();
    await env.DB.prepare("INSERT INTO messages (id, chat_id, seq, sender_id, content, message_type, created_at) VALUES (?, ?, 1, ?, 'hello', 'TEXT', 1)").bind(`msg_${ulid()}`, withD1Messages, b[2]!.id).run();
    // the every-minute job waits for a person's go-ahead: without it the core keeps every row
    expect(await scheduledChatsRemoval(on)).toBe(0);
    expect(await inCore()).toEqual(everyId);
    // bounded: two rows read a run, the cursor in KV
    expect(await removeMovedCoreChats(on, 2)).toBeLessThanOrEqual(2);
    expect(await env.CACHE.get(CHATS_REMOVAL_CURSOR)).toBe(everyId[1]);
    for (let i = 0; i < 4; i++) await removeMovedCoreChats(on, 2);
    expect(await inCore()).toEqual([behind, archived, withD1Messages, lost].sort());
    // the copies are untouched and still what the members read
    for (const [database, id] of [[0, level[0]], [1, level[1]], [3, level[2]]] as const) expect(await copyOf(database, id!)).toMatchObject({ id });
    // once the checker has brought the copy level, the next pass takes the row too; the others stay
    await runConsistencyChecks(on, { only: ['chats.copies'], repair: true });
    await env.CACHE.delete(CHATS_REMOVAL_CURSOR);
    expect(await scheduledChatsRemoval({ ...on, RETIRE_CORE_CHATS: '1' } as Env)).toBe(2);
    expect(await inCore()).toEqual([archived, withD1Messages].sort());
    await env.DB.prepare('DELETE FROM messages WHERE chat_id = ?').bind(withD1Messages).run();
    await Promise.all([CHATS_MOVE_CURSOR, CHATS_MOVE_DONE, CHATS_REMOVAL_CURSOR].map((k) => env.CACHE.delete(k)));
  });

  it('runs from the every-minute cron', async () => {
    await env.CACHE.delete(CHATS_MOVE_CURSOR);
    const id = await coreChat((await userIn(1)).id, { lastSeq: 3 });
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: '* * * * *', scheduledTime: Date.now() }), { ...on, CHATS_WITH_ACCOUNTS: undefined } as Env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await copyOf(1, id)).toMatchObject({ id, last_seq: 3, last_message: 'message 3' });
  });

  it('does nothing with one accounts database', async () => {
    await env.CACHE.delete(CHATS_MOVE_CURSOR);
    expect(await moveChatsToAccounts({ ...on, ACCOUNTS_DATABASES: '1' } as Env, 10)).toBe(0);
    expect(await env.CACHE.get(CHATS_MOVE_CURSOR)).toBeNull();
  });
});

describe("the checks with the conversations in their buyers' databases", () => {
  const olderConversation = async (withRow: boolean) => {
    const chatId = `cht_${ulid().toLowerCase()}`;
    const listing = await createShardListing(seller, { title: `Older ${chatId}`, city: 'Pune' });
    if (withRow)
      await accountsDbs[0]!.prepare('INSERT INTO chats (id, listing_id, buyer_id, seller_id, created_at, updated_at) VALUES (?, ?, ?, ?, 1, 1)').bind(chatId, listing.id, buyer.id, seller.id).run();
    await writeMemberRows(on, memberRowsOf({
      id: chatId, listing_id: listing.id, buyer_id: buyer.id, seller_id: seller.id, last_seq: 0, last_message: null, last_message_at: null, last_sender_id: null,
      buyer_last_read_seq: 0, seller_last_read_seq: 0, buyer_starred: 0, seller_starred: 0, created_at: 1, updated_at: 1,
    }));
    return chatId;
  };

  it("the chats.* checks read and repair the row in the buyer's database", async () => {
    const chatId = await open(buyer, (await createShardListing(seller, { title: 'Checked Ertiga', city: 'Pune' })).id);
    await message(buyer, chatId, 'one');
    await accountsDbs[0]!.prepare(`UPDATE chats SET last_seq = 5, last_message = 'wrong' WHERE id = ?`).bind(chatId).run();
    const report = await runConsistencyChecks(on, { only: ['chats.last_seq', 'chats.last_message'], repair: true });
    const mine = report.checks.flatMap((c) => c.disagreements).filter((d) => d.id === chatId).map((d) => [d.field, d.expected, d.kept, d.database]);
    expect(mine).toEqual(expect.arrayContaining([['last_seq', 1, 5, 'accounts-0'], ['last_message', 'one', 'wrong', 'accounts-0']]));
    expect((await chatRow(chatId)).row).toMatchObject({ last_seq: 1, last_message: 'one' });
  });

  it("chat_members.rows takes the ad, the members and the stars from the row in the buyer's database", async () => {
    // a conversation as it lives with the switch on: its row in the buyer's database (the seller starred it),
    // the members' rows in theirs, the seller's having lost the star; the core has no row of it
    const chatId = newChatId(buyer.id);
    const listing = await createShardListing(seller, { title: 'Checked Ciaz', city: 'Pune' });
    await accountsDbs[0]!.prepare('INSERT INTO chats (id, listing_id, buyer_id, seller_id, seller_starred, created_at, updated_at) VALUES (?, ?, ?, ?, 1, 1, 1)').bind(chatId, listing.id, buyer.id, seller.id).run();
    await writeMemberRows(on, memberRowsOf({
      id: chatId, listing_id: listing.id, buyer_id: buyer.id, seller_id: seller.id, last_seq: 0, last_message: null, last_message_at: null, last_sender_id: null,
      buyer_last_read_seq: 0, seller_last_read_seq: 0, buyer_starred: 0, seller_starred: 0, created_at: 1, updated_at: 1,
    }));
    const report = await runConsistencyChecks(on, { only: ['chat_members.rows'], repair: true });
    const mine = report.checks[0]!.disagreements.filter((d) => d.id.startsWith(chatId)).map((d) => [d.id, d.field, d.expected, d.kept, d.database]);
    expect(mine).toEqual([[`${chatId}/${seller.id}`, 'starred', 1, 0, 'accounts-2']]);
    expect((await memberRow(2, seller.id, chatId))!.starred).toBe(1);
  });

  it('chats.members writes a member row a conversation lacks; chat_members.orphans removes rows whose conversation is not in its buyer\'s database', async () => {
    const chatId = await open(buyer, (await createShardListing(seller, { title: 'Checked Baleno', city: 'Pune' })).id);
    await accountsDbs[2]!.prepare('DELETE FROM chat_members WHERE user_id = ? AND chat_id = ?').bind(seller.id, chatId).run();
    const members = await runConsistencyChecks(on, { only: ['chats.members'], repair: true });
    expect(members.checks[0]!.disagreements.filter((d) => d.id.startsWith(chatId)).map((d) => [d.id, d.field, d.database])).toEqual([[`${chatId}/${seller.id}`, 'chat_members row', 'accounts-0']]);
    expect(await memberRow(2, seller.id, chatId)).toMatchObject({ role: 'SELLER', other_id: buyer.id, listing_id: expect.any(String) });
    // a tagged conversation that never was, an older one whose row is gone, and an older one still there
    const never = newChatId(buyer.id);
    await writeMemberRows(on, [{ ...memberRowsOf({ id: never, listing_id: 'lst_x', buyer_id: buyer.id, seller_id: seller.id, last_seq: 0, last_message: null, last_message_at: null, last_sender_id: null, buyer_last_read_seq: 0, seller_last_read_seq: 0, buyer_starred: 0, seller_starred: 0, created_at: 1, updated_at: 1 })[1] }]);
    const gone = await olderConversation(false);
    const kept = await olderConversation(true);
    const orphans = await runConsistencyChecks(on, { only: ['chat_members.orphans'], repair: true });
    const flagged = orphans.checks[0]!.disagreements.map((d) => d.id);
    expect(flagged).toEqual(expect.arrayContaining([`${seller.id}/${never}`, `${seller.id}/${gone}`, `${buyer.id}/${gone}`]));
    expect(flagged.filter((id) => id.endsWith(kept) || id.endsWith(chatId))).toEqual([]);
    expect(await memberRow(2, seller.id, never)).toBeNull();
    expect(await memberRow(0, buyer.id, gone)).toBeNull();
    expect(await memberRow(2, seller.id, kept)).not.toBeNull();
  });
});
