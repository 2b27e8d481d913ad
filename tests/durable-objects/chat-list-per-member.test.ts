/**
 * The chat list per member (decision 034, migration 0053): with several accounts databases each member's
 * own database holds a `chat_members` row per conversation, written when the conversation is created, by
 * the room on each group commit (both members' databases side by side), by read marks and stars; the
 * list reads that database alone once CHAT_LIST_WITH_ACCOUNTS is on. Conversations from before move
 * from the cron; the checker compares each row with the core's conversation row and repairs it.
 *
 * This file runs in the worker suites (tests/vitest.config.ts): the accounts are over four databases for
 * the worker AND the chat rooms there, so the rooms' own writes are what is tested (in tests/shards the
 * rooms run with the accounts in the core). Buyers and sellers are placed in different databases.
 */
import { createExecutionContext, runDurableObjectAlarm, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test';
import type { ChatRoom } from '../../durable-objects/chat-room';
import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { beforeEach, describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { accountsSplit } from '../../worker/db/accounts';
import type { Env } from '../../worker/env';
import { answerOf } from '../api/helpers';
import { notificationRows } from '../support/inbox-notifications';
import { createListing } from '../factories';
import { accountsDbs, userIn } from '../shards/four-accounts';
import {
  CHAT_LIST_MOVE_CURSOR,
  CHAT_LIST_MOVE_DONE,
  memberRowsOf,
  moveChatListsToAccounts,
  writeMemberRows,
  type ChatMemberRow,
} from '../../worker/services/chat/chat-members';
import { runConsistencyChecks } from '../../worker/services/consistency';
import { chatDbFor } from '../../worker/db/chats';
import { CHAT_COLUMNS, chatCopyStatement, type ChatRecord } from '../../worker/services/chat/chats-move';
import { roundTripCounting } from '../shards/round-trip-counting';
import { ROUND_TRIP_BUDGET } from '../../worker/db/round-trip-budget';

const listOn = { ...env, CHAT_LIST_WITH_ACCOUNTS: '1' } as Env;
/** The middle state, whatever the suite's layout sets: the list read from the core's rows. */
const listOff = { ...env, CHAT_LIST_WITH_ACCOUNTS: '0' } as Env;
/** Only with several accounts databases (as `npm test` runs this suite); with one there are no members' rows (`npm run test:worker:one`). */
const describeSplit = describe.runIf(accountsSplit(env));

/** A request through the worker; `on`: with the list read from the members' rows. */
const request = async (path: string, init: RequestInit = {}, on = true) => {
  const ctx = createExecutionContext();
  const answer = await answerOf(await worker.fetch!(new Request(`http://sel.test${path}`, init) as never, on ? listOn : listOff, ctx));
  await waitOnExecutionContext(ctx);
  return answer;
};
const send = (auth: Record<string, string>, method: string, path: string, body?: unknown) =>
  request(path, { method, headers: { 'content-type': 'application/json', ...auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

type Account = Awaited<ReturnType<typeof userIn>>;

/** Where a user's row of a conversation is: the accounts databases holding it by index, and whether the core does. */
const rowOf = async (userId: string, chatId: string) => {
  const sql = 'SELECT * FROM chat_members WHERE user_id = ? AND chat_id = ?';
  const found = await Promise.all(accountsDbs.map((db) => db.prepare(sql).bind(userId, chatId).first<ChatMemberRow>()));
  const core = await env.DB.prepare(sql).bind(userId, chatId).first();
  return { in: found.flatMap((r, i) => (r ? [i] : [])), core: Boolean(core), row: found.find(Boolean) ?? null };
};

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
const list = async (who: Account, query = '') => {
  const res = await request(`/api/messages/chats${query}`, { headers: who.auth });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { chats: { id: string; lastMessage: string | null; lastSeq: number; unreadCount: number; otherLastReadSeq: number; isStarred: boolean; buyer: { firstName: string; isPremium: boolean }; seller: { firstName: string }; listing: { title: string } | null }[]; pagination: { total: number } };
};

const grantPlanIn = (database: number, userId: string) =>
  accountsDbs[database]!.prepare(`INSERT INTO subscriptions (id, user_id, package_id, status, start_date, end_date, created_at, updated_at) VALUES (?, ?, 'basic', 'ACTIVE', ?, ?, ?, ?)`)
    .bind(`sub_${ulid().toLowerCase()}`, userId, Date.now() - 60_000, Date.now() + 30 * 86_400_000, Date.now(), Date.now())
    .run();

let seller: Account;
let buyer: Account;
beforeEach(async () => {
  seller = await userIn(2, { firstName: 'Sunita' });
  buyer = await userIn(0, { firstName: 'Aman' });
});

describeSplit("a member's database failing under the room", () => {
  it("keeps the message and the conversation's row, and writes the member rows when the room retries", async () => {
    const ad = await createListing(seller);
    const chatId = await open(buyer, ad.id);
    const room = env.ChatRoom.get(env.ChatRoom.idFromName(chatId)) as unknown as DurableObjectStub<ChatRoom>;
    const sent = await runInDurableObject(room, async (instance) => {
      const roomEnv = (instance as unknown as { env: Env }).env;
      const db = roomEnv.ACCOUNTS_2!;
      // the seller's database refuses the chat list rows only (their presence and blocks still answer)
      roomEnv.ACCOUNTS_2 = new Proxy(db, {
        get: (target, key) => {
          if (key === 'prepare')
            return (sql: string) => {
              if (sql.includes('chat_members')) throw new Error('injected: accounts-2 unavailable');
              return target.prepare(sql);
            };
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      try {
        return await instance.send({ senderId: buyer.id, content: 'Is it sold?', messageType: 'TEXT', clientId: null });
      } finally {
        roomEnv.ACCOUNTS_2 = db;
      }
    });
    expect(sent.message.seq).toBe(1);
    expect((await chatDbFor(env, chatId, buyer.id)!.prepare('SELECT last_seq FROM chats WHERE id = ?').bind(chatId).first<{ last_seq: number }>())!.last_seq).toBe(1);
    expect((await rowOf(buyer.id, chatId)).row!.last_seq).toBe(1);
    expect((await rowOf(seller.id, chatId)).row!.last_seq).toBe(0);
    // the seller was told of the message once, as the core's row took it (the retry does not tell again)
    const told = async () => (await notificationRows(seller.id)).filter((n) => n.type === 'MESSAGE').length;
    await expect.poll(told).toBe(1);
    // the room's alarm (armed for the retry) writes them
    await runDurableObjectAlarm(room);
    expect((await rowOf(seller.id, chatId)).row).toMatchObject({ last_seq: 1, last_message: 'Is it sold?', other_last_read_seq: 1 });
    expect(await told()).toBe(1);
  });
});

// before the tests that leave rows unlike their rooms on purpose: the checker reads every conversation
describeSplit('the checker: chat_members.rows', () => {
  it("finds a missing, a behind, an ahead, a wrong preview and a wrong star, and repairs all but the one ahead", async () => {
    const ad = await createListing(seller);
    const chatId = await open(buyer, ad.id);
    await message(buyer, chatId, 'one');
    await message(seller, chatId, 'two');
    // the room is the source: a conversation's row gone wrong (the core's, or the buyer's database's with the
    // conversations' switch on) is the chats.* checks' business, not the members' rows'
    await chatDbFor(env, chatId, buyer.id)!.prepare(`UPDATE chats SET last_seq = 9, last_message = 'core only' WHERE id = ?`).bind(chatId).run();
    const clean = await runConsistencyChecks(env, { only: ['chat_members.rows'] });
    await runConsistencyChecks(env, { only: ['chats.last_seq', 'chats.last_message'], repair: true });
    expect(clean.checks[0]!.rows, JSON.stringify(clean.checks[0]!.disagreements)).toBe(0);
    expect(clean.checks[0]!.rowsChecked).toBeGreaterThan(0);

    const second = await open(buyer, (await createListing(seller)).id);
    await message(buyer, second, 'three');
    // the buyer's row of the first is lost; the seller's is behind; the buyer's of the second has a wrong preview and star; the seller's is ahead
    await accountsDbs[0]!.prepare('DELETE FROM chat_members WHERE user_id = ? AND chat_id = ?').bind(buyer.id, chatId).run();
    await accountsDbs[2]!.prepare(`UPDATE chat_members SET last_seq = 1, last_message = 'one' WHERE user_id = ? AND chat_id = ?`).bind(seller.id, chatId).run();
    await accountsDbs[0]!.prepare(`UPDATE chat_members SET last_message = 'tampered', starred = 1 WHERE user_id = ? AND chat_id = ?`).bind(buyer.id, second).run();
    await accountsDbs[2]!.prepare('UPDATE chat_members SET last_read_seq = 7, last_seq = 7 WHERE user_id = ? AND chat_id = ?').bind(seller.id, second).run();

    const report = await runConsistencyChecks(env, { only: ['chat_members.rows'], repair: true });
    const found = report.checks[0]!.disagreements.map((d) => [d.id, d.field, d.expected, d.kept, d.database]);
    expect(found).toHaveLength(5);
    expect(found).toEqual(
      expect.arrayContaining([
        [`${chatId}/${buyer.id}`, 'row', 'present', null, 'accounts-0'],
        [`${chatId}/${seller.id}`, 'last_seq', 2, 1, 'accounts-2'],
        [`${second}/${buyer.id}`, 'last_message', 'three', 'tampered', 'accounts-0'],
        [`${second}/${buyer.id}`, 'starred', 0, 1, 'accounts-0'],
        [`${second}/${seller.id}`, 'last_seq', 1, 7, 'accounts-2'],
      ]),
    );
    expect(report.checks[0]!.rows).toBe(4);
    expect(report.checks[0]!.repaired, JSON.stringify(report.checks[0])).toBe(3);
    expect((await rowOf(buyer.id, chatId)).row).toMatchObject({ last_seq: 2, last_message: 'two', last_read_seq: 1, other_last_read_seq: 2, role: 'BUYER' });
    expect((await rowOf(seller.id, chatId)).row).toMatchObject({ last_seq: 2, last_message: 'two' });
    expect((await rowOf(buyer.id, second)).row).toMatchObject({ last_message: 'three', starred: 0 });
    // ahead of the core: reported, never moved back
    expect((await rowOf(seller.id, second)).row).toMatchObject({ last_seq: 7, last_read_seq: 7 });
    // a member's row left behind by a conversation that is gone (from the core, or from its buyer's database): removed by chat_members.orphans
    await chatDbFor(env, chatId, buyer.id)!.prepare('DELETE FROM chats WHERE id = ?').bind(chatId).run();
    const orphans = await runConsistencyChecks(env, { only: ['chat_members.orphans'], repair: true });
    expect(orphans.checks[0]!.disagreements.map((d) => [d.id, d.database]).sort()).toEqual([[`${buyer.id}/${chatId}`, 'accounts-0'], [`${seller.id}/${chatId}`, 'accounts-2']].sort());
    expect(orphans.checks[0]!.repaired).toBe(2);
    expect([(await rowOf(buyer.id, chatId)).in, (await rowOf(seller.id, chatId)).in, (await rowOf(buyer.id, second)).in]).toEqual([[], [], [0]]);
    const again = await runConsistencyChecks(env, { only: ['chat_members.rows'] });
    expect(again.checks[0]!.disagreements.map((d) => [d.id, d.field])).toEqual([[`${second}/${seller.id}`, 'last_seq']]);
  });
});

describeSplit("each member's chat list row, in their own accounts database", () => {
  it('is written for both members when the conversation is created, and by the room on each send', async () => {
    const ad = await createListing(seller, { title: 'Maruti Swift 2019' });
    const chatId = await open(buyer, ad.id);
    const [b0, s0] = await Promise.all([rowOf(buyer.id, chatId), rowOf(seller.id, chatId)]);
    expect([b0.in, b0.core, s0.in, s0.core]).toEqual([[0], false, [2], false]);
    expect(b0.row).toMatchObject({ role: 'BUYER', other_id: seller.id, listing_id: ad.id, last_seq: 0, last_read_seq: 0, starred: 0 });
    expect(s0.row).toMatchObject({ role: 'SELLER', other_id: buyer.id, listing_id: ad.id, last_seq: 0 });

    await message(buyer, chatId, 'Is it still available?');
    await message(seller, chatId, 'Yes, come on Sunday');
    const [b, s] = await Promise.all([rowOf(buyer.id, chatId), rowOf(seller.id, chatId)]);
    // the room wrote both: the last message, its sender and time; each sender has read up to their own message
    for (const r of [b.row!, s.row!]) expect(r).toMatchObject({ last_seq: 2, last_message: 'Yes, come on Sunday', last_sender_id: seller.id });
    expect(b.row!.activity_at).toBe(b.row!.last_message_at);
    expect([b.row!.last_read_seq, b.row!.other_last_read_seq]).toEqual([1, 2]);
    expect([s.row!.last_read_seq, s.row!.other_last_read_seq]).toEqual([2, 1]);
  });

  it('takes read marks and stars in the member’s own row (and the read ticks in the other’s)', async () => {
    const ad = await createListing(seller);
    const chatId = await open(buyer, ad.id);
    await message(seller, chatId, 'Hello');
    await message(seller, chatId, 'Still interested?');
    expect((await rowOf(buyer.id, chatId)).row!.last_read_seq).toBe(0);
    expect((await send(buyer.auth, 'PUT', `/api/messages/chats/${chatId}/read`)).status).toBe(200);
    expect((await rowOf(buyer.id, chatId)).row!.last_read_seq).toBe(2);
    expect((await rowOf(seller.id, chatId)).row!.other_last_read_seq).toBe(2);

    expect((await send(seller.auth, 'PUT', `/api/messages/chats/${chatId}/star`, { starred: true })).status).toBe(200);
    expect([(await rowOf(seller.id, chatId)).row!.starred, (await rowOf(buyer.id, chatId)).row!.starred]).toEqual([1, 0]);
    const [sellerView] = (await list(seller)).chats;
    expect(sellerView).toMatchObject({ id: chatId, isStarred: true, unreadCount: 0, otherLastReadSeq: 2 });
    expect((await list(buyer)).chats[0]).toMatchObject({ isStarred: false, unreadCount: 0 });
  });

  it('never moves back: an older update arriving after a newer one changes nothing but raises nothing it should not', async () => {
    const ad = await createListing(seller);
    const chatId = await open(buyer, ad.id);
    const state = (seq: number, text: string, buyerRead: number) =>
      memberRowsOf({
        id: chatId, listing_id: ad.id, buyer_id: buyer.id, seller_id: seller.id, last_seq: seq, last_message: text, last_message_at: 1_000 * seq,
        last_sender_id: buyer.id, buyer_last_read_seq: buyerRead, seller_last_read_seq: 0, buyer_starred: 1, seller_starred: 0, created_at: 1, updated_at: 1_000 * seq,
      });
    await writeMemberRows(env, state(5, 'fifth', 5));
    await writeMemberRows(env, state(3, 'third', 3));
    const b = (await rowOf(buyer.id, chatId)).row!;
    expect(b).toMatchObject({ last_seq: 5, last_message: 'fifth', last_message_at: 5_000, activity_at: 5_000, last_read_seq: 5 });
    // the member's star is theirs: an update from elsewhere does not set it
    expect(b.starred).toBe(0);
    // a read mark never passes the row's last message
    await writeMemberRows(env, state(6, 'sixth', 9));
    expect((await rowOf(buyer.id, chatId)).row).toMatchObject({ last_seq: 6, last_message: 'sixth', last_read_seq: 6 });
  });
});

describeSplit("the chat list read from the member's own database", () => {
  it('answers from the member’s rows alone: not the core’s (a decoy there), with names and the ad from where they live', async () => {
    const ad = await createListing(seller, { title: 'Honda City 2017' });
    const chatId = await open(buyer, ad.id);
    await message(buyer, chatId, 'Best price?');
    // with the conversations' switch on the row lives in the buyer's database; the core keeps its copy (the
    // way back while the switches may still be turned off), so both are decoys
    const home = chatDbFor(env, chatId, buyer.id)!;
    if (home !== env.DB) await chatCopyStatement(env.DB, [(await home.prepare(`SELECT ${CHAT_COLUMNS.join(', ')} FROM chats WHERE id = ?`).bind(chatId).first<ChatRecord>())!], true).run();
    const rowHolders = [...new Set([env.DB, home])];
    // the conversation's row says something else, and there is a conversation the member's rows do not hold
    const other = await createListing(seller);
    const unlisted = `cht_${ulid().toLowerCase()}`;
    for (const db of rowHolders) {
      await db.prepare(`UPDATE chats SET last_message = 'core decoy', last_seq = 40 WHERE id = ?`).bind(chatId).run();
      await db.prepare(`INSERT INTO chats (id, listing_id, buyer_id, seller_id, last_seq, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?)`)
        .bind(unlisted, other.id, buyer.id, seller.id, Date.now(), Date.now())
        .run();
    }
    const mine = await list(buyer);
    expect(mine.pagination.total).toBe(1);
    expect(mine.chats).toHaveLength(1);
    expect(mine.chats[0]).toMatchObject({ id: chatId, lastMessage: 'Best price?', lastSeq: 1, unreadCount: 0, buyer: { firstName: 'Aman' }, seller: { firstName: 'Sunita' }, listing: { title: 'Honda City 2017' } });
    // with the switch off the list is the core's, as before
    const before = await request('/api/messages/chats', { headers: buyer.auth }, false);
    expect(before.body.data.pagination.total).toBe(2);
  });

  it("puts a premium buyer's unread conversation first in a seller's list, as with one database", async () => {
    const plain = await userIn(1, { firstName: 'Ravi' });
    const paying = await userIn(3, { firstName: 'Meera' });
    await grantPlanIn(3, paying.id);
    const ad = await createListing(seller, { title: 'Royal Enfield' });
    const first = await open(paying, ad.id);
    await message(paying, first, 'I can pay today');
    const second = await open(plain, ad.id);
    await message(plain, second, 'Is the price fixed?');
    // a decoy in the core alone: an unread conversation with the premium buyer that the seller's rows do not hold
    await env.DB.prepare(`INSERT INTO chats (id, listing_id, buyer_id, seller_id, last_message, last_message_at, last_seq, created_at, updated_at) VALUES (?, ?, ?, ?, 'core only', ?, 3, ?, ?)`)
      .bind(`cht_${ulid().toLowerCase()}`, (await createListing(seller)).id, paying.id, seller.id, Date.now(), Date.now(), Date.now())
      .run();
    const theirs = await list(seller);
    expect(theirs.chats.map((c) => [c.id, c.buyer.firstName, c.buyer.isPremium, c.unreadCount])).toEqual([
      [first, 'Meera', true, 1],
      [second, 'Ravi', false, 1],
    ]);
    // once read, by activity again
    await send(seller.auth, 'PUT', `/api/messages/chats/${first}/read`);
    expect((await list(seller)).chats.map((c) => c.id)).toEqual([second, first]);
    expect((await list(seller, '?page=2&limit=1')).chats.map((c) => c.id)).toEqual([first]);
  });
});

describeSplit('a conversation leaving with its archived ad', () => {
  it("leaves both members' chat lists: their rows go with the core's", async () => {
    const ad = await createListing(seller);
    const chatId = await open(buyer, ad.id);
    await message(buyer, chatId, 'Still there?');
    expect((await list(buyer)).chats.map((c) => c.id)).toEqual([chatId]);
    const deleted = await send(seller.auth, 'DELETE', `/api/listings/${ad.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect([(await rowOf(buyer.id, chatId)).in, (await rowOf(seller.id, chatId)).in]).toEqual([[], []]);
    expect((await list(buyer)).chats).toEqual([]);
    expect((await list(seller)).chats).toEqual([]);
  });
});

describeSplit('conversations from before the per-member rows', () => {
  const coreConversation = async (b: Account, s: Account, listingId: string, seq: number, at: number) => {
    const id = `cht_${ulid().toLowerCase()}`;
    await env.DB.prepare(
      `INSERT INTO chats (id, listing_id, buyer_id, seller_id, last_message, last_message_at, last_seq, buyer_last_read_seq, seller_last_read_seq, buyer_starred, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 1, ?, ?)`,
    )
      .bind(id, listingId, b.id, s.id, `message ${seq}`, at, seq, seq, at - 1000, at)
      .run();
    return id;
  };

  it('move into both members’ rows from the cron: bounded, resumable, idempotent, never moving a newer row back', async () => {
    const ad = await createListing(seller);
    const ids = [await coreConversation(buyer, seller, ad.id, 3, 10_000), await coreConversation(buyer, seller, (await createListing(seller)).id, 4, 20_000), await coreConversation(buyer, seller, (await createListing(seller)).id, 5, 30_000)].sort();
    // the room already wrote a newer state for the last one
    await env.DB.prepare('UPDATE chats SET last_seq = 5 WHERE id = ?').bind(ids[2]).run();
    const newer = memberRowsOf({ id: ids[2]!, listing_id: ad.id, buyer_id: buyer.id, seller_id: seller.id, last_seq: 9, last_message: 'newest', last_message_at: 90_000, last_sender_id: seller.id, buyer_last_read_seq: 0, seller_last_read_seq: 9, buyer_starred: 0, seller_starred: 0, created_at: 1, updated_at: 90_000 });
    await writeMemberRows(env, newer);
    // the walk starts just before these (the file's earlier conversations come before them by id)
    await env.CACHE.put(CHAT_LIST_MOVE_CURSOR, ids[0]!.slice(0, -1));
    expect(await moveChatListsToAccounts(env, 2)).toBe(2);
    expect((await rowOf(buyer.id, ids[0]!)).in).toEqual([0]);
    expect((await rowOf(seller.id, ids[1]!)).in).toEqual([2]);
    expect(await env.CACHE.get(CHAT_LIST_MOVE_DONE)).toBeNull();
    expect(await moveChatListsToAccounts(env, 2)).toBeGreaterThanOrEqual(1);
    expect(await env.CACHE.get(CHAT_LIST_MOVE_DONE)).not.toBeNull();
    expect(await moveChatListsToAccounts(env, 2)).toBe(0);
    const moved = (await rowOf(buyer.id, ids[0]!)).row!;
    expect(moved).toMatchObject({ last_seq: 3, last_message: 'message 3', last_message_at: 10_000, last_read_seq: 3, starred: 1 });
    expect((await rowOf(seller.id, ids[0]!)).row).toMatchObject({ last_seq: 3, last_read_seq: 0, other_last_read_seq: 3, starred: 0 });
    // the room's newer row keeps its message; the core's read mark still raises the buyer's
    expect((await rowOf(buyer.id, ids[2]!)).row).toMatchObject({ last_seq: 9, last_message: 'newest', last_read_seq: 5 });
    // a second pass changes nothing
    await env.CACHE.delete(CHAT_LIST_MOVE_CURSOR);
    await moveChatListsToAccounts(env, 10);
    expect((await rowOf(buyer.id, ids[0]!)).row).toEqual(moved);
    await env.CACHE.delete(CHAT_LIST_MOVE_CURSOR);
  });

  it('through the scheduled handler every minute', async () => {
    await env.CACHE.delete(CHAT_LIST_MOVE_CURSOR);
    const id = await coreConversation(buyer, seller, (await createListing(seller)).id, 2, 5_000);
    const ctx = createExecutionContext();
    await worker.scheduled!({ cron: '* * * * *', scheduledTime: Date.now(), noRetry() {} } as ScheduledController, env as Env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await rowOf(seller.id, id)).row).toMatchObject({ last_seq: 2, role: 'SELLER' });
    await env.CACHE.delete(CHAT_LIST_MOVE_CURSOR);
  });
});

describeSplit('round trips', () => {
  it("the list waits twice, never on the core's chats; opening writes the members' rows before its answer, starring without a wait of its own", async () => {
    const listed = roundTripCounting({ accountsDatabases: 4, vars: { CHAT_LIST_WITH_ACCOUNTS: '1' } });
    /** the deepest wait of the statements matching `sql`, and of all the others */
    const depths = (statements: string[], sql: RegExp) => {
      const at = (lines: string[]) => Math.max(-1, ...lines.map((l) => Number(l.split(' ')[0])));
      return [at(statements.filter((l) => sql.test(l))), at(statements.filter((l) => !sql.test(l)))] as const;
    };
    const ad = await createListing(seller);
    const opened = await listed('/api/messages/chats', { method: 'POST', headers: { 'content-type': 'application/json', ...buyer.auth }, body: JSON.stringify({ listingId: ad.id }) });
    expect(opened.status).toBe(201);
    // the members' rows are written before the answer, both databases side by side, in a wait of their own after
    // the insert (a block or a sign-out everywhere right after opening finds the conversation through them):
    // a new conversation waits 4 times (9 before), one over the write budget
    expect(opened.trace).toMatch(/INSERT INTO chat_members/);
    expect(opened.roundTrips, opened.trace).toBe(ROUND_TRIP_BUDGET.write + 1);
    for (const [member, role] of [[buyer, 'BUYER'], [seller, 'SELLER']] as const) expect((await rowOf(member.id, opened.body.data.chat.id)).row).toMatchObject({ role, last_seq: 0 });
    await message(buyer, opened.body.data.chat.id, 'hello');
    const list = await listed('/api/messages/chats', { headers: seller.auth });
    expect(list.body.data.chats).toHaveLength(1);
    expect(list.roundTrips, list.trace).toBe(2);
    expect(list.trace).not.toMatch(/FROM chats/);
    expect(list.roundTrips).toBeLessThanOrEqual(ROUND_TRIP_BUDGET.read);
    const starred = await listed(`/api/messages/chats/${opened.body.data.chat.id}/star`, { method: 'PUT', headers: { 'content-type': 'application/json', ...seller.auth }, body: JSON.stringify({ starred: true }) });
    const [starAt, restAt] = depths(starred.statements, /UPDATE chat_members SET starred/);
    expect(starAt, starred.trace).toBe(restAt);
  });
});
