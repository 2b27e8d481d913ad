import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { hex, hmacSha256 } from '../../worker/lib/crypto';
import { expireSubscriptions } from '../../worker/services/commerce/premium';
import { movePlansToAccounts } from '../../worker/services/commerce/plans-move';
import { accountsDatabaseOfGroup, groupOfUserId } from '../../worker/db/accounts';
import { answerOf } from '../api/helpers';
import { applyMigrations } from '../setup/databases';
import { resetToMigratedState } from '../setup/reset-databases';
import { createUserWithToken, uniquePhone } from '../factories';
import { shardAd } from './support';
import { roundTripCounting } from './round-trip-counting';
import { accountsDbs, fourAccounts, json, userIn } from './four-accounts';

/**
 * The buyers' plans over four accounts databases (decision 034): `subscriptions`, `payment_orders`
 * and the webhook's `payment_events` live with their payer. Buying, paying (by the browser and by
 * the webhook), the transactions list, the scheduled expiry, the sellers' chat list (premium buyers
 * first, now a read of the members' plans beside the core's rows) and the reporter's standing (a paid
 * plan) are each proven against rows that exist only in the payer's accounts database. The
 * seller-package side (business orders, credits, postings, promotions) stays in the core: see the
 * other commerce suites.
 */

type Tables = { accounts: number[]; core: boolean };
/** Which databases hold rows for `sql`: the accounts databases by index, and whether the core does. */
const whereRows = async (sql: string, ...params: unknown[]): Promise<Tables> => {
  const found = await Promise.all(accountsDbs.map((db) => db.prepare(sql).bind(...params).first()));
  return { accounts: found.flatMap((r, i) => (r ? [i] : [])), core: Boolean(await env.DB.prepare(sql).bind(...params).first()) };
};

const withWebhooks = { ...fourAccounts, RAZORPAY_WEBHOOK_SECRET: 'whsec' } as Env;
const webhook = async (event: Record<string, unknown>, eventId: string) => {
  const raw = JSON.stringify(event);
  const ctx = createExecutionContext();
  const res = await worker.fetch!(
    new Request('http://sel.test/api/premium/webhook', { method: 'POST', body: raw, headers: { 'X-Razorpay-Signature': hex(await hmacSha256('whsec', raw)), 'X-Razorpay-Event-Id': eventId } }) as never,
    withWebhooks,
    ctx,
  );
  const answer = await answerOf(res);
  await waitOnExecutionContext(ctx);
  return answer;
};
const captured = (orderId: string, paymentId: string) => ({ event: 'payment.captured', payload: { payment: { entity: { id: paymentId, order_id: orderId } } } });

type Account = Awaited<ReturnType<typeof userIn>>;
const createOrder = async (buyer: Account, packageId: 'basic' | 'pro' = 'basic') => {
  const order = await json(buyer.auth, 'POST', '/api/premium/create-order', { packageId });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  return order.body.data as { orderId: string; subscriptionId: string };
};
const signedPayment = async (buyer: Account, orderId: string) => (await json(buyer.auth, 'POST', '/api/premium/local-checkout/complete', { orderId })).body.data;

/** A plan in force, written straight into its payer's accounts database (where the worker must read it). */
const grantPlanIn = (database: number, userId: string, endDate = Date.now() + 30 * 86_400_000) =>
  accountsDbs[database]!.prepare(`INSERT INTO subscriptions (id, user_id, package_id, status, start_date, end_date, created_at, updated_at) VALUES (?, ?, 'basic', 'ACTIVE', ?, ?, ?, ?)`)
    .bind(`sub_${ulid().toLowerCase()}`, userId, Date.now() - 60_000, endDate, Date.now(), Date.now())
    .run();

beforeAll(async () => {
  await Promise.all(accountsDbs.map((db) => applyMigrations(db)));
  await Promise.all(accountsDbs.map((db) => resetToMigratedState(db)));
});

describe("a plan's order and subscription in the payer's accounts database", () => {
  it('buying, paying and the transactions list use the payer\'s database alone, for each of the four', async () => {
    for (const database of [0, 1, 2, 3]) {
      const buyer = await userIn(database);
      const order = await createOrder(buyer);
      expect(await whereRows('SELECT 1 FROM payment_orders WHERE provider_order_id = ?', order.orderId)).toEqual({ accounts: [database], core: false });
      expect(await whereRows(`SELECT 1 FROM subscriptions WHERE id = ? AND status = 'PENDING'`, order.subscriptionId)).toEqual({ accounts: [database], core: false });
      const verified = await json(buyer.auth, 'POST', '/api/premium/verify-payment', await signedPayment(buyer, order.orderId));
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
      expect(verified.body.data).toMatchObject({ verified: true, activated: true, status: { isPremium: true, subscription: { packageType: 'BASIC' } } });
      expect(await whereRows(`SELECT 1 FROM subscriptions WHERE id = ? AND status = 'ACTIVE'`, order.subscriptionId)).toEqual({ accounts: [database], core: false });
      expect(await whereRows(`SELECT 1 FROM payment_orders WHERE provider_order_id = ? AND status = 'PAID'`, order.orderId)).toEqual({ accounts: [database], core: false });
      const tx = await json(buyer.auth, 'GET', `/api/premium/transactions/${buyer.id}`);
      expect(tx.body.data.transactions.map((t: { orderId: string; status: string }) => [t.orderId, t.status])).toEqual([[order.orderId, 'PAID']]);
      // a second plan while this one runs is refused: the check reads the same database
      expect((await json(buyer.auth, 'POST', '/api/premium/create-order', { packageId: 'pro' })).status).toBe(409);
    }
  });

  it("another account's order is not found through mine, wherever it lives", async () => {
    const owner = await userIn(1);
    const order = await createOrder(owner);
    const signed = await signedPayment(owner, order.orderId);
    for (const database of [1, 2]) {
      const other = await userIn(database);
      const res = await json(other.auth, 'POST', '/api/premium/verify-payment', signed);
      expect(res.status, `stranger in database ${database}`).toBe(404);
    }
    expect(await whereRows(`SELECT 1 FROM payment_orders WHERE provider_order_id = ? AND status = 'CREATED'`, order.orderId)).toEqual({ accounts: [1], core: false });
  });

  it('a failure inside the activation batch leaves the order unpaid and no plan; the retry activates once', async () => {
    const buyer = await userIn(2);
    const order = await createOrder(buyer);
    const signed = await signedPayment(buyer, order.orderId);
    // the order's update runs first in the batch; the subscription's then fails inside the same transaction
    await accountsDbs[2]!.prepare(`CREATE TRIGGER refuse_activation BEFORE UPDATE ON subscriptions BEGIN SELECT RAISE(ABORT, 'injected failure'); END`).run();
    try {
      const failed = await json(buyer.auth, 'POST', '/api/premium/verify-payment', signed);
      expect(failed.status).toBeGreaterThanOrEqual(500);
    } finally {
      await accountsDbs[2]!.prepare('DROP TRIGGER refuse_activation').run();
    }
    expect(await accountsDbs[2]!.prepare('SELECT status, provider_payment_id FROM payment_orders WHERE provider_order_id = ?').bind(order.orderId).first()).toEqual({ status: 'CREATED', provider_payment_id: null });
    expect((await json(buyer.auth, 'GET', `/api/premium/status/${buyer.id}`)).body.data).toEqual({ isPremium: false, subscription: null });
    const retry = await json(buyer.auth, 'POST', '/api/premium/verify-payment', signed);
    expect(retry.body.data).toMatchObject({ activated: true, status: { isPremium: true } });
    expect((await json(buyer.auth, 'POST', '/api/premium/verify-payment', signed)).body.data).toMatchObject({ activated: false, status: { isPremium: true } });
  });

  it('the webhook finds the order in its payer\'s database, records the event there, and a repeat is recognised', async () => {
    const buyer = await userIn(3);
    const order = await createOrder(buyer, 'pro');
    const first = await webhook(captured(order.orderId, 'pay_hook_1'), `evt_${ulid()}a`);
    expect(first.body.data).toEqual({ received: true, duplicate: false, activated: true });
    expect(await whereRows('SELECT 1 FROM payment_events WHERE provider_order_id = ?', order.orderId)).toEqual({ accounts: [3], core: false });
    expect(await whereRows(`SELECT 1 FROM subscriptions WHERE id = ? AND status = 'ACTIVE'`, order.subscriptionId)).toEqual({ accounts: [3], core: false });
    const eventId = `evt_${ulid()}b`;
    expect((await webhook({ event: 'order.paid', payload: { order: { entity: { id: order.orderId } }, payment: { entity: { id: 'pay_hook_1', order_id: order.orderId } } } }, eventId)).body.data).toEqual({
      received: true,
      duplicate: false,
      activated: false,
    });
    const again = await webhook({ event: 'order.paid', payload: { order: { entity: { id: order.orderId } }, payment: { entity: { id: 'pay_hook_1', order_id: order.orderId } } } }, eventId);
    expect(again.body.data).toEqual({ received: true, duplicate: true, activated: false });
    // an event about no order of ours is kept in the core (beside the seller-package orders)
    const stray = `evt_${ulid()}c`;
    expect((await webhook({ event: 'refund.created', payload: {} }, stray)).body.data).toEqual({ received: true, duplicate: false, activated: false });
    expect(await whereRows('SELECT 1 FROM payment_events WHERE id = ?', stray)).toEqual({ accounts: [], core: true });
  });

  it('the scheduled expiry marks ended plans in every accounts database', async () => {
    const ended = [await userIn(0), await userIn(3)];
    await grantPlanIn(0, ended[0]!.id, Date.now() - 1000);
    await grantPlanIn(3, ended[1]!.id, Date.now() - 1000);
    const running = await userIn(1);
    await grantPlanIn(1, running.id);
    expect(await expireSubscriptions(fourAccounts)).toBeGreaterThanOrEqual(2);
    for (const [i, user] of [[0, ended[0]!], [3, ended[1]!], [1, running]] as const) {
      expect(await accountsDbs[i]!.prepare('SELECT status FROM subscriptions WHERE user_id = ?').bind(user.id).first(), user.id).toEqual({ status: user === running ? 'ACTIVE' : 'EXPIRED' });
    }
  });
});

describe("the sellers' chat list with the buyers' plans apart", () => {
  it('premium buyers\' unread chats come first, page by page, with the badge; once read they take their place by activity', async () => {
    const seller = await userIn(0);
    const [ad1, ad2, ad3] = [await shardAd(seller), await shardAd(seller), await shardAd(seller)];
    const premium = await userIn(3, { firstName: 'Premium' });
    await grantPlanIn(3, premium.id);
    const regular = await userIn(1, { firstName: 'Regular' });
    const other = await userIn(2, { firstName: 'Other' });
    const open = async (buyer: Account, adId: string, text: string) => {
      const chatId: string = (await json(buyer.auth, 'POST', '/api/messages/chats', { listingId: adId })).body.data.chat.id;
      expect((await json(buyer.auth, 'POST', '/api/messages/messages', { chatId, content: text })).status).toBe(201);
      return chatId;
    };
    const premiumChat = await open(premium, ad1.id, 'Hi from premium');
    await open(regular, ad2.id, 'Hi from regular (later)');
    await open(other, ad3.id, 'Hi from other (latest)');
    const names = async (query = '') =>
      (await json(seller.auth, 'GET', `/api/messages/chats${query}`)).body.data.chats.map((c: { buyer: { firstName: string; isPremium: boolean } }) => [c.buyer.firstName, c.buyer.isPremium]);
    expect(await names()).toEqual([
      ['Premium', true],
      ['Other', false],
      ['Regular', false],
    ]);
    expect([...(await names('?limit=1')), ...(await names('?limit=1&page=2')), ...(await names('?limit=1&page=3'))]).toEqual(await names());
    // one conversation: the plan read beside the core's row
    const one = await json(premium.auth, 'GET', `/api/messages/chats/${premiumChat}`);
    expect([one.body.data.buyer.isPremium, one.body.data.seller.isPremium]).toEqual([true, false]);
    // read by the seller: no longer lifted
    expect((await json(seller.auth, 'PUT', `/api/messages/chats/${premiumChat}/read`)).status).toBe(200);
    expect(await names()).toEqual([
      ['Other', false],
      ['Regular', false],
      ['Premium', true],
    ]);
    expect([...(await names('?limit=2')), ...(await names('?limit=2&page=2'))]).toEqual(await names());
  });

  it('the chat list and a conversation wait on the databases twice, as with the accounts in the core', async () => {
    const seller = await userIn(0);
    const ad = await shardAd(seller);
    const premium = await userIn(3);
    await grantPlanIn(3, premium.id);
    const chatId: string = (await json(premium.auth, 'POST', '/api/messages/chats', { listingId: ad.id })).body.data.chat.id;
    await json(premium.auth, 'POST', '/api/messages/messages', { chatId, content: 'Hello' });
    const counted = async (accountsDatabases?: 4) => {
      const tab = roundTripCounting(accountsDatabases ? { accountsDatabases } : {});
      const list = await tab('/api/messages/chats', { headers: seller.auth });
      const chat = await tab(`/api/messages/chats/${chatId}`, { headers: seller.auth });
      expect(list.status, list.trace).toBe(200);
      return { list: list.roundTrips, chat: chat.roundTrips, premium: list.body.data.chats[0].buyer.isPremium };
    };
    // with the accounts in the core the plan is not there (it was written in database 3): the flag differs, the waits do not
    expect(await counted(4)).toEqual({ list: 2, chat: 2, premium: true });
    expect(await counted()).toMatchObject({ list: 2, chat: 2 });
  });

  it('buying a plan waits on the databases as often as with the accounts in the core', async () => {
    const buying = async (accountsDatabases?: 4) => {
      const tab = roundTripCounting(accountsDatabases ? { accountsDatabases } : {});
      const buyer = await userIn(1);
      const send = (method: string, path: string, body?: unknown) =>
        tab(path, { method, headers: { 'content-type': 'application/json', ...buyer.auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const order = await send('POST', '/api/premium/create-order', { packageId: 'basic' });
      const signed = await send('POST', '/api/premium/local-checkout/complete', { orderId: order.body.data.orderId });
      const verified = await send('POST', '/api/premium/verify-payment', signed.body.data);
      expect(verified.body.data, verified.trace).toMatchObject({ activated: true, status: { isPremium: true } });
      const status = await send('GET', `/api/premium/status/${buyer.id}`);
      return { order: order.roundTrips, checkout: signed.roundTrips, verify: verified.roundTrips, status: status.roundTrips };
    };
    expect(await buying(4)).toEqual(await buying());
  });
});

describe("a reporter's paid plan, from the reporter's accounts database", () => {
  it('a new account with a paid plan order counts as established; without one it is new', async () => {
    const seller = await userIn(0);
    const ad = await shardAd(seller);
    const young = { phone: uniquePhone(), phoneVerified: true, isVerified: true, createdAt: Date.now() - 3_600_000 };
    const payer = await userIn(2, young);
    await accountsDbs[2]!.prepare(
      `INSERT INTO payment_orders (id, user_id, package_id, subscription_id, provider, provider_order_id, amount_minor, status, created_at, paid_at) VALUES (?, ?, 'basic', ?, 'local', ?, 9900, 'PAID', ?, ?)`,
    )
      .bind(`pay_${ulid().toLowerCase()}`, payer.id, `sub_${ulid().toLowerCase()}`, `order_${ulid()}`, Date.now(), Date.now())
      .run();
    const unpaid = await userIn(2, { ...young, phone: uniquePhone() });
    for (const reporter of [payer, unpaid]) {
      const res = await json(reporter.auth, 'POST', `/api/listings/${ad.id}/report`, { reason: 'FRAUD' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const standing = async (id: string) => (await env.DB.prepare('SELECT standing FROM listing_reports WHERE reporter_id = ?').bind(id).first<{ standing: string }>())?.standing;
    expect([await standing(payer.id), await standing(unpaid.id)]).toEqual(['ESTABLISHED', 'NEW']);
  });
});

describe('plans bought while there was one accounts database', () => {
  it('move from the core to their payers\' databases, with their webhook events; a run cut short is finished by the next', async () => {
    // an account from before the split (no group character: group 0) and a tagged one
    const old = await createUserWithToken({ id: `usr_${ulid().toLowerCase()}` });
    const tagged = await userIn(2);
    const home = (id: string) => accountsDatabaseOfGroup(4, groupOfUserId(id));
    expect([home(old.id), home(tagged.id)]).toEqual([0, 2]);
    const now = Date.now();
    const planOf = (user: { id: string }) => ({ sub: `sub_${ulid().toLowerCase()}`, order: `pay_${ulid().toLowerCase()}`, providerOrder: `order_${ulid()}`, event: `evt_${ulid()}`, user });
    const plans = [planOf(old), planOf(tagged)];
    const inserts = (db: D1Database, p: (typeof plans)[number]) => [
      db.prepare(`INSERT INTO subscriptions (id, user_id, package_id, status, start_date, end_date, created_at, updated_at) VALUES (?, ?, 'pro', 'ACTIVE', ?, ?, ?, ?)`).bind(p.sub, p.user.id, now - 1000, now + 86_400_000, now, now),
      db.prepare(
        `INSERT INTO payment_orders (id, user_id, package_id, subscription_id, provider, provider_order_id, amount_minor, currency, status, provider_payment_id, created_at, paid_at) VALUES (?, ?, 'pro', ?, 'local', ?, 29900, 'INR', 'PAID', 'pay_x', ?, ?)`,
      ).bind(p.order, p.user.id, p.sub, p.providerOrder, now, now),
      db.prepare(`INSERT INTO payment_events (id, type, provider_order_id, payload, received_at) VALUES (?, 'payment.captured', ?, '{}', ?)`).bind(p.event, p.providerOrder, now),
    ];
    await env.DB.batch(plans.flatMap((p) => inserts(env.DB, p)));
    // webhook events are kept up to 20,000 characters: sixty of them are more than one statement's JSON parameter takes
    const bigEvents = Array.from({ length: 60 }, (_, i) => `evt_big_${i}_${ulid()}`);
    await env.DB.batch(
      bigEvents.map((id) =>
        env.DB.prepare(`INSERT INTO payment_events (id, type, provider_order_id, payload, received_at) VALUES (?, 'payment.captured', ?, ?, ?)`).bind(id, plans[0]!.providerOrder, 'x'.repeat(19_000), now),
      ),
    );
    // a seller-package order's event stays in the core, beside its order
    const packageEvent = `evt_${ulid()}`;
    await env.DB.prepare(`INSERT INTO payment_events (id, type, provider_order_id, payload, received_at) VALUES (?, 'payment.captured', 'order_local_bo_x', '{}', ?)`).bind(packageEvent, now).run();
    // the tagged payer's rows were copied by a run that stopped before removing them from the core
    await accountsDbs[2]!.batch(inserts(accountsDbs[2]!, plans[1]!));
    // before the move the worker cannot see the old account's plan (it reads its payer's database only)
    expect((await json(old.auth, 'GET', `/api/premium/status/${old.id}`)).body.data.isPremium).toBe(false);

    expect(await movePlansToAccounts(fourAccounts)).toBeGreaterThanOrEqual(2);
    for (const [i, p] of plans.entries()) {
      const at = [0, 2][i]!;
      expect(await whereRows('SELECT 1 FROM subscriptions WHERE id = ?', p.sub)).toEqual({ accounts: [at], core: false });
      expect(await whereRows('SELECT 1 FROM payment_orders WHERE id = ?', p.order)).toEqual({ accounts: [at], core: false });
      expect(await whereRows('SELECT 1 FROM payment_events WHERE id = ?', p.event)).toEqual({ accounts: [at], core: false });
      expect(await accountsDbs[at]!.prepare('SELECT * FROM payment_orders WHERE id = ?').bind(p.order).first()).toMatchObject({ status: 'PAID', amount_minor: 29900, provider_order_id: p.providerOrder, paid_at: now });
    }
    expect(await whereRows('SELECT 1 FROM payment_events WHERE id = ?', packageEvent)).toEqual({ accounts: [], core: true });
    const moved = await accountsDbs[0]!.prepare(`SELECT count(*) AS n, min(length(payload)) AS shortest FROM payment_events WHERE id LIKE 'evt_big_%'`).first();
    expect(moved).toEqual({ n: 60, shortest: 19_000 });
    expect(await env.DB.prepare(`SELECT count(*) AS n FROM payment_events WHERE id LIKE 'evt_big_%'`).first()).toEqual({ n: 0 });
    expect((await json(old.auth, 'GET', `/api/premium/status/${old.id}`)).body.data).toMatchObject({ isPremium: true, subscription: { packageType: 'PRO' } });
    // nothing left to move
    expect(await movePlansToAccounts(fourAccounts)).toBe(0);
    // with one accounts database there is nothing to do
    expect(await movePlansToAccounts(env as unknown as Env)).toBe(0);
  });
});
