/**
 * The seller's first-reply time on the members' chat list rows (decision 034, migration 0054), as the
 * chat rooms write it: the group commit that carries the seller's first answer in a conversation the
 * buyer opened sets it on the seller's row, as the core's row takes it; the consistency checker
 * compares it with the room's messages and repairs it. And the readers of the members' rows fed by the
 * rooms themselves (the inbox's unread count), with a decoy core.
 *
 * This file runs in the worker suites (tests/vitest.config.ts), where the rooms run with the accounts
 * over four databases and so write the members' rows (in tests/shards the rooms keep the accounts in
 * the core: the readers are tested there, tests/shards/chat-readers-per-member.test.ts).
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { accountsSplit } from '../../worker/db/accounts';
import type { Env } from '../../worker/env';
import { answerOf } from '../api/helpers';
import { createListing } from '../factories';
import { accountsDbs, userIn } from '../shards/four-accounts';
import type { ChatMemberRow } from '../../worker/services/chat/chat-members';
import { runConsistencyChecks } from '../../worker/services/consistency';
import { chatDbFor } from '../../worker/db/chats';
import { CHAT_COLUMNS, chatCopyStatement, type ChatRecord } from '../../worker/services/chat/chats-move';

const listOn = { ...env, CHAT_LIST_WITH_ACCOUNTS: '1' } as Env;
/** The middle state, whatever the suite's layout sets: the readers ask the core's rows. */
const listOff = { ...env, CHAT_LIST_WITH_ACCOUNTS: '0' } as Env;
/** Only with several accounts databases (as `npm test` runs this suite); with one there are no members' rows. */
const describeSplit = describe.runIf(accountsSplit(env));

const request = async (path: string, init: RequestInit = {}, on = true) => {
  const ctx = createExecutionContext();
  const answer = await answerOf(await worker.fetch!(new Request(`http://sel.test${path}`, init) as never, on ? listOn : listOff, ctx));
  await waitOnExecutionContext(ctx);
  return answer;
};
const send = (auth: Record<string, string>, method: string, path: string, body?: unknown) =>
  request(path, { method, headers: { 'content-type': 'application/json', ...auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

type Account = Awaited<ReturnType<typeof userIn>>;
const open = async (buyer: Account, listingId: string) => {
  const opened = await send(buyer.auth, 'POST', '/api/messages/chats', { listingId });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  return opened.body.data.chat.id as string;
};
const message = async (from: Account, chatId: string, content: string) => {
  const sent = await send(from.auth, 'POST', '/api/messages/messages', { chatId, content });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The seller's row (accounts database 2), the buyer's (0) and the conversation row's value (the core's, or with the conversations' switch on the buyer's database's). */
const replyTimes = async (seller: Account, buyer: Account, chatId: string) => {
  const row = (db: number, userId: string) =>
    accountsDbs[db]!.prepare('SELECT first_reply_ms, last_seq FROM chat_members WHERE user_id = ? AND chat_id = ?').bind(userId, chatId).first<Pick<ChatMemberRow, 'first_reply_ms' | 'last_seq'>>();
  const [s, b, conversation] = await Promise.all([
    row(2, seller.id),
    row(0, buyer.id),
    chatDbFor(env, chatId, buyer.id)!.prepare('SELECT first_reply_ms FROM chats WHERE id = ?').bind(chatId).first<{ first_reply_ms: number | null }>(),
  ]);
  return { seller: s?.first_reply_ms, buyer: b?.first_reply_ms, conversation: conversation?.first_reply_ms, lastSeq: s?.last_seq };
};

let seller: Account;
let buyer: Account;
beforeEach(async () => {
  seller = await userIn(2, { firstName: 'Sunita' });
  buyer = await userIn(0, { firstName: 'Aman' });
});

describeSplit("the room's commit writes the seller's first-reply time on the seller's row", () => {
  it('with the commit that carries the first answer, as the core takes it; later messages keep it; none when the seller wrote first', async () => {
    const chatId = await open(buyer, (await createListing(seller)).id);
    await message(buyer, chatId, 'Is it still available?');
    await message(buyer, chatId, 'I can come today');
    expect(await replyTimes(seller, buyer, chatId)).toMatchObject({ seller: null, buyer: null, conversation: null, lastSeq: 2 });
    await pause(25);
    await message(seller, chatId, 'Yes, come after 5');
    const answered = await replyTimes(seller, buyer, chatId);
    expect(answered.lastSeq).toBe(3);
    expect(answered.conversation).toBeGreaterThanOrEqual(25);
    expect(answered.seller).toBe(answered.conversation);
    // the buyer's row carries none: it is the seller's figure
    expect(answered.buyer).toBeNull();
    await pause(10);
    await message(seller, chatId, 'Bring the cash');
    await message(buyer, chatId, 'Ok');
    expect(await replyTimes(seller, buyer, chatId)).toMatchObject({ seller: answered.conversation, buyer: null, lastSeq: 5 });
    // none in a conversation whose first message is the seller's
    const theirs = await open(buyer, (await createListing(seller)).id);
    await message(seller, theirs, 'Hello, still interested?');
    await message(buyer, theirs, 'Yes');
    await message(seller, theirs, 'Come on Sunday');
    expect(await replyTimes(seller, buyer, theirs)).toMatchObject({ seller: null, buyer: null, conversation: null, lastSeq: 3 });
  });
});

describeSplit('the checker compares the first-reply time with the room and repairs it', () => {
  it('finds a wrong, a missing and a misplaced value and sets each where the row still holds it', async () => {
    const answered = await open(buyer, (await createListing(seller)).id);
    await message(buyer, answered, 'Price?');
    await pause(5);
    await message(seller, answered, '5 lakh');
    const expected = (await replyTimes(seller, buyer, answered)).conversation!;
    const silent = await open(buyer, (await createListing(seller)).id);
    await message(buyer, silent, 'Hello?');
    const other = await open(buyer, (await createListing(seller)).id);
    await message(buyer, other, 'Still there?');
    await pause(5);
    await message(seller, other, 'Yes');
    const otherExpected = (await replyTimes(seller, buyer, other)).conversation!;
    const mine = [answered, silent, other];
    const findings = async (repair: boolean) =>
      (await runConsistencyChecks(env, { only: ['chat_members.rows'], repair })).checks[0]!.disagreements
        .filter((d) => mine.some((id) => d.id.startsWith(`${id}/`)))
        .map((d) => [d.id, d.field, d.expected, d.kept, d.database]);
    expect(await findings(false)).toEqual([]);

    await accountsDbs[2]!.prepare('UPDATE chat_members SET first_reply_ms = 999999 WHERE user_id = ? AND chat_id = ?').bind(seller.id, answered).run();
    await accountsDbs[2]!.prepare('UPDATE chat_members SET first_reply_ms = 7 WHERE user_id = ? AND chat_id = ?').bind(seller.id, silent).run();
    await accountsDbs[2]!.prepare('UPDATE chat_members SET first_reply_ms = NULL WHERE user_id = ? AND chat_id = ?').bind(seller.id, other).run();
    await accountsDbs[0]!.prepare('UPDATE chat_members SET first_reply_ms = 12 WHERE user_id = ? AND chat_id = ?').bind(buyer.id, other).run();
    const found = await findings(true);
    expect(found).toHaveLength(4);
    expect(found).toEqual(
      expect.arrayContaining([
        [`${answered}/${seller.id}`, 'first_reply_ms', expected, 999999, 'accounts-2'],
        [`${silent}/${seller.id}`, 'first_reply_ms', null, 7, 'accounts-2'],
        [`${other}/${seller.id}`, 'first_reply_ms', otherExpected, null, 'accounts-2'],
        [`${other}/${buyer.id}`, 'first_reply_ms', null, 12, 'accounts-0'],
      ]),
    );
    expect(await replyTimes(seller, buyer, answered)).toMatchObject({ seller: expected, buyer: null });
    expect(await replyTimes(seller, buyer, silent)).toMatchObject({ seller: null, buyer: null });
    expect(await replyTimes(seller, buyer, other)).toMatchObject({ seller: otherExpected, buyer: null });
    expect(await findings(false)).toEqual([]);
  });
});

describeSplit("the inbox's unread count from the rows the rooms wrote", () => {
  it("counts the member's own rows, not the core's (a decoy there)", async () => {
    const chatId = await open(buyer, (await createListing(seller)).id);
    await message(buyer, chatId, 'Hello');
    await message(buyer, chatId, 'Is it sold?');
    await message(seller, chatId, 'Not yet');
    // with the conversations' switch on the row lives in the buyer's database and the core keeps its copy
    // (the way back while the switches may still be turned off): both are decoys
    const home = chatDbFor(env, chatId, buyer.id)!;
    if (home !== env.DB) await chatCopyStatement(env.DB, [(await home.prepare(`SELECT ${CHAT_COLUMNS.join(', ')} FROM chats WHERE id = ?`).bind(chatId).first<ChatRecord>())!], true).run();
    for (const db of new Set([env.DB, home])) await db.prepare('UPDATE chats SET last_seq = 40, seller_last_read_seq = 0, buyer_last_read_seq = 0 WHERE id = ?').bind(chatId).run();
    const counts = async (who: Account, on = true) => (await request('/api/notifications/unread-count', { headers: who.auth }, on)).body.data.unreadMessages;
    // each sender has read up to their own newest message: the buyer has one unread, the seller none
    expect(await counts(buyer)).toBe(1);
    expect(await counts(seller)).toBe(0);
    expect(await counts(buyer, false)).toBe(40);
  });
});
