import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../../worker/env';
import { applyMigrations } from '../setup/databases';
import { resetToMigratedState } from '../setup/reset-databases';
import { accountsDbs, fourAccounts, userIn } from './four-accounts';
import { listingsDbs, shardAd } from './support';
import { roundTripCounting } from './round-trip-counting';
import { CHAT_LIST_MOVE_CURSOR, moveChatListsToAccounts, type ChatMemberRow } from '../../worker/services/chat/chat-members';
import { chatsBetween, endRealtimeSessions } from '../../worker/services/chat/chat';

/**
 * The readers of conversations by seller, by ad and by member (decision 034, the chat list per member)
 * with CHAT_LIST_WITH_ACCOUNTS on over the real four accounts bindings: leads, the seller page's reply
 * time, an ad's stats' chats, the inbox's unread count, the conversations two members share (a block
 * tells their rooms) and the rooms whose sessions end (logout everywhere, deletion) each read the
 * member's own `chat_members` rows in their accounts database. The conversations are written in the
 * core first and copied by the mover (`moveChatListsToAccounts`, with the seller's first-reply time of
 * migration 0054); then the core's `chats` is replaced by decoys (other buyers, other counts, another
 * reply time), so a reader still asking the core answers wrongly. Each request is counted in round
 * trips against the same request with the switch off.
 */
const DAY = 86_400_000;
const MINUTE = 60_000;
const counted = roundTripCounting({ accountsDatabases: 4, vars: { CHAT_LIST_WITH_ACCOUNTS: '1' } });
const SWITCH_OFF = { CHAT_LIST_WITH_ACCOUNTS: '0' };
const listOn = { ...fourAccounts, CHAT_LIST_WITH_ACCOUNTS: '1' } as Env;

type Account = Awaited<ReturnType<typeof userIn>>;
const get = (who: Account, path: string, vars: Record<string, string> = {}) => counted(path, { headers: who.auth }, vars);

interface Conversation {
  id: string;
  listingId: string;
  buyer: { id: string };
  seller: { id: string };
  createdAt: number;
  lastSeq: number;
  firstReplyMin: number | null;
  buyerRead: number;
  sellerRead: number;
}
const insertChat = (c: Conversation) =>
  env.DB.prepare(
    `INSERT INTO chats (id, listing_id, buyer_id, seller_id, last_seq, last_message, last_message_at, buyer_last_read_seq, seller_last_read_seq, first_reply_ms, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      c.id,
      c.listingId,
      c.buyer.id,
      c.seller.id,
      c.lastSeq,
      c.lastSeq ? `message ${c.lastSeq}` : null,
      c.lastSeq ? c.createdAt + c.lastSeq * MINUTE : null,
      c.buyerRead,
      c.sellerRead,
      c.firstReplyMin === null ? null : c.firstReplyMin * MINUTE,
      c.createdAt,
      c.createdAt,
    )
    .run();

let seller: Account;
let buyers: Account[];
let otherSeller: Account;
let decoyBuyer: Account;
let swift: { id: string; title: string };
let sofa: { id: string; title: string };
let mine: Conversation[];
let asBuyer: Conversation;
const now = Date.now();
const today = Math.floor(now / DAY);
const dayOf = (d: number) => new Date(d * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  await Promise.all(accountsDbs.map((db) => applyMigrations(db)));
  await Promise.all(accountsDbs.map((db) => resetToMigratedState(db)));
  seller = await userIn(0, { firstName: 'Hetal', lastName: 'Shah' });
  buyers = [await userIn(1, { firstName: 'Ravi', lastName: 'Kumar' }), await userIn(2, { firstName: 'Gita', lastName: 'Iyer' }), await userIn(3, { firstName: 'Kabir', lastName: 'Das' })];
  otherSeller = await userIn(3, { firstName: 'Meera' });
  decoyBuyer = await userIn(2, { firstName: 'Decoy', lastName: 'Core' });
  swift = await shardAd(seller, { city: 'Pune', title: 'Maruti Swift VXI 2018' });
  sofa = await shardAd(seller, { city: 'Chennai', title: 'Teak sofa, 5 seater' });
  const elsewhere = await shardAd(otherSeller, { city: 'Delhi', title: 'Honda Activa 2020' });
  const chat = (o: Omit<Conversation, 'id' | 'seller'> & { seller?: { id: string } }): Conversation => ({ id: `cht_${ulid().toLowerCase()}`, seller, ...o });
  mine = [
    // the swift: two conversations two days ago, one yesterday
    chat({ listingId: swift.id, buyer: buyers[0]!, createdAt: now - 2 * DAY, lastSeq: 3, firstReplyMin: 10, buyerRead: 3, sellerRead: 1 }),
    chat({ listingId: swift.id, buyer: buyers[1]!, createdAt: now - 2 * DAY + 3 * MINUTE, lastSeq: 3, firstReplyMin: 20, buyerRead: 3, sellerRead: 3 }),
    chat({ listingId: swift.id, buyer: buyers[2]!, createdAt: now - DAY, lastSeq: 3, firstReplyMin: 30, buyerRead: 3, sellerRead: 3 }),
    // the sofa: one yesterday, one five days ago, one opened today and never written in (not a lead, not counted)
    chat({ listingId: sofa.id, buyer: buyers[0]!, createdAt: now - DAY + 5 * MINUTE, lastSeq: 3, firstReplyMin: 40, buyerRead: 3, sellerRead: 3 }),
    chat({ listingId: sofa.id, buyer: buyers[1]!, createdAt: now - 5 * DAY, lastSeq: 3, firstReplyMin: 50, buyerRead: 3, sellerRead: 3 }),
    chat({ listingId: sofa.id, buyer: buyers[2]!, createdAt: now - 10 * MINUTE, lastSeq: 0, firstReplyMin: null, buyerRead: 0, sellerRead: 0 }),
  ];
  // the seller buying too: 3 messages they have not read
  asBuyer = chat({ listingId: elsewhere.id, buyer: seller, seller: otherSeller, createdAt: now - 3 * DAY, lastSeq: 4, firstReplyMin: null, buyerRead: 1, sellerRead: 4 });
  for (const c of [...mine, asBuyer]) await insertChat(c);
  // the mover's pass copies them to both members' databases
  await env.CACHE.delete(CHAT_LIST_MOVE_CURSOR);
  expect(await moveChatListsToAccounts(listOn)).toBe(7);
  // the core's `chats` now says something else: another buyer of the seller's swift, other counts, a
  // slow reply time, no conversation between the seller and the buyers above
  await env.DB.prepare('DELETE FROM chats').run();
  for (let i = 0; i < 5; i++)
    await insertChat({
      id: `cht_decoy${i}_${ulid().toLowerCase()}`,
      listingId: i === 0 ? swift.id : `lst_decoy_${i}`,
      buyer: decoyBuyer,
      seller,
      createdAt: now - 20 * MINUTE,
      lastSeq: 9,
      firstReplyMin: 600,
      buyerRead: 0,
      sellerRead: 0,
    });
});

const rowOf = (database: number, userId: string, chatId: string) =>
  accountsDbs[database]!.prepare('SELECT * FROM chat_members WHERE user_id = ? AND chat_id = ?').bind(userId, chatId).first<ChatMemberRow>();

describe("the mover copies the seller's first-reply time (migration 0054)", () => {
  it("onto the seller's row only; the buyer's row has none", async () => {
    const [first] = mine;
    expect(await rowOf(0, seller.id, first!.id)).toMatchObject({ role: 'SELLER', listing_id: swift.id, first_reply_ms: 10 * MINUTE, last_seq: 3, last_read_seq: 1 });
    expect(await rowOf(1, buyers[0]!.id, first!.id)).toMatchObject({ role: 'BUYER', first_reply_ms: null });
    // a conversation not answered yet has none on either row
    expect(await rowOf(0, seller.id, mine[5]!.id)).toMatchObject({ first_reply_ms: null, last_seq: 0 });
    expect(await rowOf(0, seller.id, asBuyer.id)).toMatchObject({ role: 'BUYER', first_reply_ms: null });
  });

  it('a value the row holds is kept: the seller answers first only once', async () => {
    const { upsertStatement, memberRowsOf } = await import('../../worker/services/chat/chat-members');
    const c = mine[1]!;
    const rows = memberRowsOf({
      id: c.id, listing_id: c.listingId, buyer_id: c.buyer.id, seller_id: seller.id, last_seq: 3, last_message: 'message 3', last_message_at: c.createdAt + 3 * MINUTE,
      last_sender_id: null, buyer_last_read_seq: 3, seller_last_read_seq: 3, buyer_starred: 0, seller_starred: 0, created_at: c.createdAt, updated_at: c.createdAt, first_reply_ms: 1,
    });
    await upsertStatement(accountsDbs[0]!, [rows[1]]).run();
    expect((await rowOf(0, seller.id, c.id))!.first_reply_ms).toBe(20 * MINUTE);
  });
});

describe('with the chat list per member on, the readers ask the member\'s own database', () => {
  it("leads: the seller's conversations with a message, newest first, from the seller's rows; as many round trips as the core's", async () => {
    const on = await get(seller, '/api/business/leads');
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const leads = on.body.data.leads as { chatId: string; buyerName: string; adTitle: string; messageCount: number; lastMessageAt: string }[];
    const expected = mine.filter((c) => c.lastSeq > 0).sort((a, b) => b.createdAt - a.createdAt);
    expect(leads.map((l) => [l.chatId, l.buyerName, l.adTitle, l.messageCount])).toEqual(
      expected.map((c) => [c.id, `${(c.buyer as Account).firstName} ${(c.buyer as Account).lastName}`, c.listingId === swift.id ? swift.title : sofa.title, 3]),
    );
    expect(leads[0]!.lastMessageAt).toBe(new Date(expected[0]!.createdAt + 3 * MINUTE).toISOString());
    expect(on.statements.some((s) => /FROM chats/.test(s)), on.trace).toBe(false);
    // with the switch off the core answers: the decoy on the swift
    const off = await get(seller, '/api/business/leads', SWITCH_OFF);
    expect(off.body.data.leads.map((l: { buyerName: string }) => l.buyerName)).toEqual(['Decoy Core']);
    expect(on.roundTrips, on.trace).toBeLessThanOrEqual(off.roundTrips);
  });

  it("the seller page's reply time: the median of the seller's rows (30 minutes over 5), in one round trip as before", async () => {
    const on = await counted(`/api/sellers/${seller.id}`);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data.replyTime).toEqual({ medianMinutes: 30, conversations: 5 });
    const off = await counted(`/api/sellers/${seller.id}`, {}, SWITCH_OFF);
    expect(off.body.data.replyTime).toEqual({ medianMinutes: 600, conversations: 5 });
    expect(on.roundTrips, on.trace).toBe(off.roundTrips);
    // a buyer's rows carry no reply time: someone who only buys has none
    expect((await counted(`/api/sellers/${buyers[0]!.id}`)).body.data.replyTime).toBeNull();
  });

  it("an ad's stats: its conversations with a message, per day of creation and in total, from the seller's rows", async () => {
    const on = await get(seller, `/api/listings/${swift.id}/stats`);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data.chats).toBe(3);
    const chatsByDay = Object.fromEntries((on.body.data.daily as { date: string; chats: number }[]).filter((d) => d.chats).map((d) => [d.date, d.chats]));
    const byCreation = new Map<string, number>();
    for (const c of mine.filter((m) => m.listingId === swift.id)) byCreation.set(dayOf(Math.floor(c.createdAt / DAY)), (byCreation.get(dayOf(Math.floor(c.createdAt / DAY))) ?? 0) + 1);
    expect(chatsByDay).toEqual(Object.fromEntries(byCreation));
    // the sofa: the conversation never written in is not counted
    expect((await get(seller, `/api/listings/${sofa.id}/stats`)).body.data.chats).toBe(2);
    const off = await get(seller, `/api/listings/${swift.id}/stats`, SWITCH_OFF);
    expect(off.body.data.chats).toBe(1);
    expect((off.body.data.daily as { date: string; chats: number }[]).find((d) => d.date === dayOf(today))?.chats).toBe(1);
    expect(on.roundTrips, on.trace).toBe(off.roundTrips);
    expect(on.statements.some((s) => /FROM chats/.test(s)), on.trace).toBe(false);
  });

  it("the inbox's unread messages: the member's rows as seller and as buyer (2 + 3), as many round trips as before", async () => {
    const on = await get(seller, '/api/notifications/unread-count');
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data.unreadMessages).toBe(5);
    expect((await get(buyers[0]!, '/api/notifications/unread-count')).body.data.unreadMessages).toBe(0);
    const off = await get(seller, '/api/notifications/unread-count', SWITCH_OFF);
    expect(off.body.data.unreadMessages).toBe(45);
    expect(on.roundTrips, on.trace).toBe(off.roundTrips);
  });

  it('the conversations two members share (told of a block), whichever side each is on, from the first one\'s rows', async () => {
    const ids = (list: string[]) => [...list].sort();
    expect(ids(await chatsBetween(listOn, seller.id, buyers[0]!.id))).toEqual(ids([mine[0]!.id, mine[3]!.id]));
    expect(await chatsBetween(listOn, buyers[0]!.id, seller.id).then(ids)).toEqual(ids([mine[0]!.id, mine[3]!.id]));
    // the seller as buyer: the other seller's side
    expect(await chatsBetween(listOn, otherSeller.id, seller.id)).toEqual([asBuyer.id]);
    expect(await chatsBetween(listOn, seller.id, decoyBuyer.id)).toEqual([]);
    // the switch off: the core's rows (the decoys)
    expect(await chatsBetween(fourAccounts, seller.id, decoyBuyer.id)).toHaveLength(5);
  });

  it("ending a member's live sessions (logout everywhere, deletion) tells the rooms of the member's own rows", async () => {
    const told: string[] = [];
    const rooms = env.ChatRoom;
    const watched = { ...listOn, ChatRoom: { idFromName: (name: string) => (told.push(name), rooms.idFromName(name)), get: rooms.get.bind(rooms) } } as unknown as Env;
    await endRealtimeSessions(watched, seller.id);
    expect([...told].sort()).toEqual([...mine, asBuyer].map((c) => c.id).sort());
  });
});

describe('with one listings database (the core holds the ads)', () => {
  it("leads: the seller's rows first, then the ads and names from the core beside the rooms: one database wait more, spent while the rooms answer", async () => {
    // the ads' rows in the core too (generated columns are computed by the core itself)
    const { results: generated } = await env.DB.prepare('SELECT name FROM pragma_table_xinfo(?) WHERE hidden > 1').bind('listings').all<{ name: string }>();
    for (const ad of [swift, sofa]) {
      let row: Record<string, unknown> | null = null;
      for (const db of listingsDbs) row ??= await db.prepare('SELECT * FROM listings WHERE id = ?').bind(ad.id).first<Record<string, unknown>>();
      // the core numbers its own rows (each listings database numbers its own)
      const names = Object.keys(row!).filter((n) => n !== 'num' && !generated.some((g) => g.name === n));
      await env.DB.prepare(`INSERT OR IGNORE INTO listings (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).bind(...names.map((n) => row![n])).run();
    }
    const one = { LISTING_DATABASES: '1' };
    const on = await get(seller, '/api/business/leads', one);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data.leads.map((l: { chatId: string }) => l.chatId)).toEqual(mine.filter((c) => c.lastSeq > 0).sort((a, b) => b.createdAt - a.createdAt).map((c) => c.id));
    const off = await get(seller, '/api/business/leads', { ...one, ...SWITCH_OFF });
    expect(off.body.data.leads.map((l: { buyerName: string }) => l.buyerName)).toEqual(['Decoy Core']);
    expect(on.roundTrips, on.trace).toBe(off.roundTrips + 1);
    // the stats of an ad and the unread count: as many as with the switch off
    for (const path of [`/api/listings/${swift.id}/stats`, '/api/notifications/unread-count']) {
      const [a, b] = [await get(seller, path, one), await get(seller, path, { ...one, ...SWITCH_OFF })];
      expect(a.roundTrips, a.trace).toBe(b.roundTrips);
    }
  });
});

describe('with `users` in the accounts databases too (both switches on)', () => {
  it("leads name the buyers and the seller page finds its seller beside the seller's rows: no wait more than with the chat list switch alone", async () => {
    const before = { leads: await get(seller, '/api/business/leads'), page: await counted(`/api/sellers/${seller.id}`) };
    // each account's row copied to its accounts database, the core's left with other names
    for (const [who, database] of [[seller, 0], [buyers[0]!, 1], [buyers[1]!, 2], [buyers[2]!, 3]] as const) {
      const row = (await env.DB.prepare('SELECT * FROM users WHERE id = ?').bind(who.id).first<Record<string, unknown>>())!;
      const names = Object.keys(row);
      await accountsDbs[database]!.prepare(`INSERT OR IGNORE INTO users (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).bind(...names.map((n) => row[n])).run();
      await env.DB.prepare(`UPDATE users SET first_name = 'Core', last_name = 'Copy' WHERE id = ?`).bind(who.id).run();
    }
    const both = { USERS_WITH_ACCOUNTS: '1' };
    const leads = await get(seller, '/api/business/leads', both);
    expect(leads.status, JSON.stringify(leads.body)).toBe(200);
    expect(leads.body.data.leads.map((l: { buyerName: string }) => l.buyerName)).toEqual(before.leads.body.data.leads.map((l: { buyerName: string }) => l.buyerName));
    expect(leads.body.data.leads.map((l: { buyerName: string }) => l.buyerName)).not.toContain('Core Copy');
    expect(leads.roundTrips, leads.trace).toBe(before.leads.roundTrips);
    const page = await counted(`/api/sellers/${seller.id}`, {}, both);
    expect(page.body.data).toMatchObject({ firstName: 'Hetal', replyTime: { medianMinutes: 30, conversations: 5 } });
    expect(page.roundTrips, page.trace).toBe(before.page.roundTrips);
  });
});
