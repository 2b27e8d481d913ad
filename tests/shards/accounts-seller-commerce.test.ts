import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { hex, hmacSha256 } from '../../worker/lib/crypto';
import { financialYear, invoiceNumberOf, settleInvoiceNumbers } from '../../worker/services/commerce/business-orders';
import { moveSellerOrdersToAccounts } from '../../worker/services/commerce/seller-orders-move';
import { runConsistencyChecks } from '../../worker/services/consistency';
import { accountsDatabaseOfGroup, groupOfUserId } from '../../worker/db/accounts';
import { SELLER_ORDERS } from '../../worker/schemas/seller-orders-data';
import { answerOf } from '../api/helpers';
import { applyMigrations } from '../setup/databases';
import { resetToMigratedState } from '../setup/reset-databases';
import { createUserWithToken, uniquePhone } from '../factories';
import { shardAd } from './support';
import { roundTripCounting } from './round-trip-counting';
import { accountsDbs, fourAccounts, json, userIn } from './four-accounts';

/**
 * The sellers' package orders over four accounts databases (decision 034): `business_orders` live in
 * their seller's accounts database; the gapless invoice counter stays in the core, where the batch
 * that takes a number also records which order took it (`invoice_numbers`) and grants the credits,
 * and the order is then marked paid in the seller's database from that record. Buying, paying (the
 * browser, the webhook, both at once), a crash between the two steps (resumed by a retry and by the
 * sweep), the invoice, the reporter's standing and the mover of the orders written with one accounts
 * database are each proven against rows that exist only where they must.
 */

type Tables = { accounts: number[]; core: boolean };
/** Which databases hold rows for `sql`: the accounts databases by index, and whether the core does. */
const whereRows = async (sql: string, ...params: unknown[]): Promise<Tables> => {
  const found = await Promise.all(accountsDbs.map((db) => db.prepare(sql).bind(...params).first()));
  return { accounts: found.flatMap((r, i) => (r ? [i] : [])), core: Boolean(await env.DB.prepare(sql).bind(...params).first()) };
};

type Account = Awaited<ReturnType<typeof userIn>>;

const order = async (seller: Account, packageId = 'ad-slots-1-vehicles-cars') => {
  const res = await json(seller.auth, 'POST', '/api/business/orders', { items: [{ packageId }] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { orderId: string; providerOrderId: string };
};
const signed = async (seller: Account, orderId: string) => {
  const res = await json(seller.auth, 'POST', `/api/business/orders/${orderId}/local-checkout`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
};
const verify = (seller: Account, orderId: string, payment: unknown) => json(seller.auth, 'POST', `/api/business/orders/${orderId}/verify`, payment);

const withWebhooks = { ...fourAccounts, RAZORPAY_WEBHOOK_SECRET: 'whsec' } as Env;
const webhook = async (providerOrderId: string, paymentId: string) => {
  const raw = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: paymentId, order_id: providerOrderId } } } });
  const ctx = createExecutionContext();
  const res = await worker.fetch!(
    new Request('http://sel.test/api/premium/webhook', { method: 'POST', body: raw, headers: { 'X-Razorpay-Signature': hex(await hmacSha256('whsec', raw)), 'X-Razorpay-Event-Id': `evt_${ulid()}` } }) as never,
    withWebhooks,
    ctx,
  );
  const answer = await answerOf(res);
  await waitOnExecutionContext(ctx);
  return answer;
};

const fy = () => financialYear(Date.now());
const counter = async () => (await env.DB.prepare('SELECT last_number FROM invoice_counters WHERE financial_year = ?').bind(fy()).first<{ last_number: number }>())?.last_number ?? 0;
/** An order's credits in every database (they are granted in the seller's, beside the order marked paid). */
const credits = async (orderId: string) =>
  (await Promise.all([env.DB, ...accountsDbs].map((db) => db.prepare('SELECT count(*) AS n FROM seller_credits WHERE order_id = ?').bind(orderId).first<{ n: number }>()))).reduce(
    (n, r) => n + r!.n,
    0,
  );
const taken = (orderId: string) => env.DB.prepare('SELECT financial_year, number, settled_at FROM invoice_numbers WHERE order_id = ?').bind(orderId).first<{ financial_year: string; number: number; settled_at: number | null }>();
const sellerOrder = (database: number, orderId: string) =>
  accountsDbs[database]!.prepare('SELECT status, invoice_number, provider_payment_id FROM business_orders WHERE id = ?').bind(orderId).first<{ status: string; invoice_number: string | null; provider_payment_id: string | null }>();

/** The seller's notices about this order being paid. */
const paidNotices = async (seller: Account, orderId: string) =>
  ((await json(seller.auth, 'GET', '/api/notifications?limit=50')).body.data.notifications as { data?: { orderId?: string } | null }[]).filter((n) => n.data?.orderId === orderId).length;

/** An order's second step refused in its seller's database (a crash between the two steps, as the database sees it). */
const refusingPaidOrders = async <T>(database: number, run: () => Promise<T>) => {
  await accountsDbs[database]!.prepare(`CREATE TRIGGER refuse_paying BEFORE UPDATE ON business_orders BEGIN SELECT RAISE(ABORT, 'injected failure'); END`).run();
  try {
    return await run();
  } finally {
    await accountsDbs[database]!.prepare('DROP TRIGGER refuse_paying').run();
  }
};

beforeAll(async () => {
  await Promise.all(accountsDbs.map((db) => applyMigrations(db)));
  await Promise.all(accountsDbs.map((db) => resetToMigratedState(db)));
});

describe("a seller's package orders in the seller's accounts database", () => {
  it('ordering, paying, the list and the invoice use the seller\'s database; the invoice numbers run on without a gap across sellers', async () => {
    const numbers: number[] = [];
    for (const database of [1, 3, 0, 2]) {
      const seller = await userIn(database);
      const { orderId } = await order(seller);
      expect(await whereRows(`SELECT 1 FROM business_orders WHERE id = ? AND status = 'CREATED'`, orderId)).toEqual({ accounts: [database], core: false });
      const before = await counter();
      const paid = await verify(seller, orderId, await signed(seller, orderId));
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.data).toMatchObject({ verified: true, credited: true, order: { status: 'PAID', invoiceNumber: invoiceNumberOf(fy(), before + 1) } });
      expect(await whereRows(`SELECT 1 FROM business_orders WHERE id = ? AND status = 'PAID'`, orderId)).toEqual({ accounts: [database], core: false });
      // the number is recorded in the core beside the counter; the credits granted once, in the seller's database
      expect(await taken(orderId)).toEqual({ financial_year: fy(), number: before + 1, settled_at: null });
      expect([await counter(), await credits(orderId)]).toEqual([before + 1, 1]);
      expect(await whereRows('SELECT 1 FROM seller_credits WHERE order_id = ?', orderId)).toEqual({ accounts: [database], core: false });
      numbers.push(before + 1);
      const listed = await json(seller.auth, 'GET', '/api/business/orders');
      expect(listed.body.data.orders.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([[orderId, 'PAID']]);
      const invoice = await json(seller.auth, 'GET', `/api/business/orders/${orderId}/invoice`);
      expect(invoice.status).toBe(200);
      expect(String(invoice.body)).toContain(invoiceNumberOf(fy(), before + 1));
      // the credit is usable: the account shows the paid slot
      const account = await json(seller.auth, 'GET', '/api/business/account');
      expect(account.body.data.credits.map((c: { packageId: string; remaining: number }) => [c.packageId, c.remaining])).toEqual([['ad-slots-1-vehicles-cars', 1]]);
    }
    // four sellers in four databases took four numbers in a row from the one counter
    expect(numbers).toEqual([numbers[0]!, numbers[0]! + 1, numbers[0]! + 2, numbers[0]! + 3]);
  });

  it("another seller's order is not found through mine, in any database", async () => {
    const owner = await userIn(2);
    const { orderId } = await order(owner);
    const payment = await signed(owner, orderId);
    for (const database of [2, 0]) {
      const other = await userIn(database);
      expect((await json(other.auth, 'GET', `/api/business/orders/${orderId}`)).status).toBe(404);
      expect((await verify(other, orderId, payment)).status).toBe(404);
      expect((await json(other.auth, 'GET', `/api/business/orders/${orderId}/invoice`)).status).toBe(404);
    }
    expect(await sellerOrder(2, orderId)).toEqual({ status: 'CREATED', invoice_number: null, provider_payment_id: null });
    expect(await taken(orderId)).toBeNull();
  });

  it('a crash after the number was taken: the retry marks the order paid with that number, credits once, takes no other', async () => {
    const seller = await userIn(3);
    expect((await json(seller.auth, 'POST', '/api/business/cart/items', { packageId: 'boost-1-pets', quantity: 1 })).status).toBe(200);
    const { orderId } = await order(seller, 'boost-1-pets');
    const payment = await signed(seller, orderId);
    const before = await counter();
    const failed = await refusingPaidOrders(3, () => verify(seller, orderId, payment));
    expect(failed.status).toBeGreaterThanOrEqual(500);
    // the number is the order's already (no gap: a known order holds it); the order is not paid yet
    expect(await taken(orderId)).toMatchObject({ number: before + 1 });
    // nor credited: the credits come with the order marked paid, in one batch
    expect(await sellerOrder(3, orderId)).toMatchObject({ status: 'CREATED', invoice_number: null });
    expect([await counter(), await credits(orderId)]).toEqual([before + 1, 0]);
    // the browser tries again: same number, the credits granted by this call, the counter stays
    const retried = await verify(seller, orderId, payment);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.data).toMatchObject({ credited: true, order: { status: 'PAID', invoiceNumber: invoiceNumberOf(fy(), before + 1) } });
    expect([await counter(), await credits(orderId)]).toEqual([before + 1, 1]);
    // the call that marked it paid took the bought package out of the cart and told the seller, once
    expect((await json(seller.auth, 'GET', '/api/business/cart')).body.data.items).toEqual([]);
    expect(await paidNotices(seller, orderId)).toBe(1);
    await verify(seller, orderId, payment);
    expect(await paidNotices(seller, orderId)).toBe(1);
    // the next order takes the next number
    const next = await order(seller, 'boost-1-pets');
    const nextPaid = await verify(seller, next.orderId, await signed(seller, next.orderId));
    expect(nextPaid.body.data.order.invoiceNumber).toBe(invoiceNumberOf(fy(), before + 2));
  });

  it('a crash with no retry: the sweep finishes the order from the core\'s record a minute later, once', async () => {
    const seller = await userIn(1);
    const { orderId, providerOrderId } = await order(seller);
    const payment = await signed(seller, orderId);
    const before = await counter();
    expect((await refusingPaidOrders(1, () => verify(seller, orderId, payment))).status).toBeGreaterThanOrEqual(500);
    // not before the request that took the number has had its minute
    expect(await settleInvoiceNumbers(fourAccounts, Date.now())).toBe(0);
    expect(await sellerOrder(1, orderId)).toMatchObject({ status: 'CREATED' });
    const later = Date.now() + SELLER_ORDERS.settleAfterMs + 1000;
    expect(await settleInvoiceNumbers(fourAccounts, later)).toBeGreaterThanOrEqual(1);
    expect(await sellerOrder(1, orderId)).toEqual({ status: 'PAID', invoice_number: invoiceNumberOf(fy(), before + 1), provider_payment_id: payment.razorpay_payment_id });
    expect((await taken(orderId))!.settled_at).toBe(later);
    // the sweep granted the credits with the mark, in the seller's database
    expect(await whereRows('SELECT 1 FROM seller_credits WHERE order_id = ?', orderId)).toEqual({ accounts: [1], core: false });
    expect(await paidNotices(seller, orderId)).toBe(1);
    // a late webhook for the same payment changes nothing; nothing is left to settle
    expect((await webhook(providerOrderId, payment.razorpay_payment_id)).body.data).toMatchObject({ activated: false });
    expect([await counter(), await credits(orderId)]).toEqual([before + 1, 1]);
    expect(await settleInvoiceNumbers(fourAccounts, later + 1)).toBe(0);
    expect(await paidNotices(seller, orderId)).toBe(1);
    // with one accounts database the sweep has nothing to do
    expect(await settleInvoiceNumbers(env as unknown as Env, later)).toBe(0);
  });

  it('the webhook and two verifies racing: one number, one set of credits, the order paid once in its database', async () => {
    const seller = await userIn(0);
    const { orderId, providerOrderId } = await order(seller, 'ad-slots-10-vehicles-cars');
    const payment = await signed(seller, orderId);
    const before = await counter();
    const [hook, ...verifies] = await Promise.all([webhook(providerOrderId, payment.razorpay_payment_id), verify(seller, orderId, payment), verify(seller, orderId, payment)]);
    expect(hook.status, JSON.stringify(hook.body)).toBe(200);
    for (const v of verifies) expect(v.status, JSON.stringify(v.body)).toBe(200);
    const grants = [hook.body.data.activated, ...verifies.map((v) => v.body.data.credited)];
    expect(grants.filter(Boolean)).toEqual([true]);
    expect([await counter(), await credits(orderId)]).toEqual([before + 1, 1]);
    expect(await sellerOrder(0, orderId)).toEqual({ status: 'PAID', invoice_number: invoiceNumberOf(fy(), before + 1), provider_payment_id: payment.razorpay_payment_id });
    expect(await whereRows('SELECT 1 FROM business_orders WHERE id = ?', orderId)).toEqual({ accounts: [0], core: false });
  });

  it("the webhook alone finds the order in its seller's database and pays it", async () => {
    const seller = await userIn(2);
    const { orderId, providerOrderId } = await order(seller);
    const before = await counter();
    const hook = await webhook(providerOrderId, 'pay_hook_seller');
    expect(hook.body.data).toEqual({ received: true, duplicate: false, activated: true });
    expect(await sellerOrder(2, orderId)).toEqual({ status: 'PAID', invoice_number: invoiceNumberOf(fy(), before + 1), provider_payment_id: 'pay_hook_seller' });
    expect(await credits(orderId)).toBe(1);
  });

  it('the invoice series check reads the numbers recorded in the core: no gap found, a gap reported', async () => {
    const seller = await userIn(1);
    const { orderId } = await order(seller);
    await verify(seller, orderId, await signed(seller, orderId));
    const clean = await runConsistencyChecks(fourAccounts, { only: ['invoice_counters.last_number'] });
    expect(clean.checks.find((c) => c.name === 'invoice_counters.last_number')?.disagreements).toEqual([]);
    const last = await counter();
    await env.DB.prepare('DELETE FROM invoice_numbers WHERE financial_year = ? AND number = ?').bind(fy(), last - 1).run();
    const gap = await runConsistencyChecks(fourAccounts, { only: ['invoice_counters.last_number'] });
    expect(gap.checks.find((c) => c.name === 'invoice_counters.last_number')?.disagreements).toMatchObject([{ id: fy(), field: 'invoice numbers', expected: last - 1 }]);
  });

  it('paying waits on the databases once more than with the accounts in the core (the second step)', async () => {
    const paying = async (accountsDatabases?: 4) => {
      const tab = roundTripCounting(accountsDatabases ? { accountsDatabases } : {});
      const seller = await userIn(3);
      const send = (method: string, path: string, body?: unknown) =>
        tab(path, { method, headers: { 'content-type': 'application/json', ...seller.auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const created = await send('POST', '/api/business/orders', { items: [{ packageId: 'boost-1-pets' }] });
      const checkout = await send('POST', `/api/business/orders/${created.body.data.orderId}/local-checkout`);
      const verified = await send('POST', `/api/business/orders/${created.body.data.orderId}/verify`, checkout.body.data);
      expect(verified.body.data, verified.trace).toMatchObject({ credited: true });
      const list = await send('GET', '/api/business/orders');
      return { order: created.roundTrips, checkout: checkout.roundTrips, verify: verified.roundTrips, list: list.roundTrips };
    };
    const inCore = await paying();
    expect(await paying(4)).toEqual({ ...inCore, verify: inCore.verify + 1 });
  });
});

describe("a reporter's paid package order, from the reporter's accounts database", () => {
  it('a new account with a paid seller-package order counts as established', async () => {
    const seller = await userIn(0);
    const ad = await shardAd(seller);
    const reporter = await userIn(2, { phone: uniquePhone(), phoneVerified: true, isVerified: true, createdAt: Date.now() - 3_600_000 });
    await accountsDbs[2]!.prepare(
      `INSERT INTO business_orders (id, user_id, provider, provider_order_id, items, subtotal_minor, gst_minor, total_minor, currency, status, provider_payment_id, invoice_number, created_at, paid_at)
       VALUES (?, ?, 'local', ?, '[]', 100, 18, 118, 'INR', 'PAID', 'pay_x', ?, ?, ?)`,
    )
      .bind(`bo_${ulid().toLowerCase()}`, reporter.id, `order_local_bo_${ulid()}`, `SEL/2019-20/${ulid().slice(-6)}`, Date.now(), Date.now())
      .run();
    expect((await json(reporter.auth, 'POST', `/api/listings/${ad.id}/report`, { reason: 'FRAUD' })).status).toBe(201);
    expect(await env.DB.prepare('SELECT standing FROM listing_reports WHERE reporter_id = ?').bind(reporter.id).first()).toEqual({ standing: 'ESTABLISHED' });
  });
});

describe('package orders written while there was one accounts database', () => {
  it("move to their sellers' databases with their invoice numbers recorded; a cut run is finished; moved orders pay once", async () => {
    const old = await createUserWithToken({ id: `usr_${ulid().toLowerCase()}` });
    const tagged = await userIn(3);
    expect([old.id, tagged.id].map((id) => accountsDatabaseOfGroup(4, groupOfUserId(id)))).toEqual([0, 3]);
    const now = Date.now();
    const row = (user: { id: string }, paid: { number: string } | null) => ({
      id: `bo_${ulid().toLowerCase()}`,
      user,
      providerOrderId: `order_local_bo_${ulid()}`,
      paid,
    });
    // a year long closed, so the numbers meet none of today's
    const orders = [row(old, { number: 'SEL/2019-20/000007' }), row(old, null), row(tagged, { number: 'SEL/2019-20/000008' })];
    const insert = (db: D1Database, o: (typeof orders)[number]) =>
      db
        .prepare(
          `INSERT INTO business_orders (id, user_id, provider, provider_order_id, items, subtotal_minor, gst_minor, total_minor, currency, status, provider_payment_id, invoice_number, created_at, paid_at)
           VALUES (?, ?, 'local', ?, ?, 29900, 5382, 35282, 'INR', ?, ?, ?, ?, ?)`,
        )
        .bind(
          o.id,
          o.user.id,
          o.providerOrderId,
          JSON.stringify([{ packageId: 'ad-slots-1-vehicles-cars', name: 'Cars: 1 extra ad', type: 'AD_SLOTS', quantity: 1, unitPrice: 299, amount: 299 }]),
          o.paid ? 'PAID' : 'CREATED',
          o.paid ? 'pay_old' : null,
          o.paid?.number ?? null,
          now - 60_000,
          o.paid ? now - 60_000 : null,
        );
    await env.DB.batch(orders.map((o) => insert(env.DB, o)));
    // the tagged seller's order was copied by a run cut before it removed the core's
    await insert(accountsDbs[3]!, orders[2]!).run();
    // before the move the worker reads the seller's database only: nothing there yet
    expect((await json(old.auth, 'GET', '/api/business/orders')).body.data.orders).toEqual([]);

    expect(await moveSellerOrdersToAccounts(fourAccounts, 500, now)).toBeGreaterThanOrEqual(3);
    for (const [o, at] of [[orders[0]!, 0], [orders[1]!, 0], [orders[2]!, 3]] as const) {
      expect(await whereRows('SELECT 1 FROM business_orders WHERE id = ?', o.id)).toEqual({ accounts: [at], core: false });
    }
    expect(await accountsDbs[0]!.prepare('SELECT status, invoice_number, total_minor FROM business_orders WHERE id = ?').bind(orders[0]!.id).first()).toEqual({
      status: 'PAID',
      invoice_number: 'SEL/2019-20/000007',
      total_minor: 35282,
    });
    // the paid ones keep their numbers in the core's series, settled
    for (const [o, n] of [[orders[0]!, 7], [orders[2]!, 8]] as const) {
      expect(await taken(o.id)).toEqual({ financial_year: '2019-20', number: n, settled_at: now });
    }
    expect(await taken(orders[1]!.id)).toBeNull();
    expect((await json(old.auth, 'GET', '/api/business/orders')).body.data.orders.map((o: { id: string }) => o.id).sort()).toEqual([orders[0]!.id, orders[1]!.id].sort());
    // a replayed payment of the moved paid order takes no new number
    const before = await counter();
    const replay = await verify(old, orders[0]!.id, await signed(old, orders[0]!.id));
    expect(replay.body.data).toMatchObject({ credited: false, order: { invoiceNumber: 'SEL/2019-20/000007' } });
    // the moved unpaid order is paid in its seller's database, with the next number
    const paid = await verify(old, orders[1]!.id, await signed(old, orders[1]!.id));
    expect(paid.body.data).toMatchObject({ credited: true, order: { status: 'PAID', invoiceNumber: invoiceNumberOf(fy(), before + 1) } });
    expect(await counter()).toBe(before + 1);
    // nothing left to move; with one accounts database there is nothing to do
    expect(await moveSellerOrdersToAccounts(fourAccounts)).toBe(0);
    expect(await moveSellerOrdersToAccounts(env as unknown as Env)).toBe(0);
  });

  it('the every-minute job moves them and settles a number left behind by a crash', async () => {
    const seller = await userIn(2);
    const { orderId } = await order(seller);
    const payment = await signed(seller, orderId);
    expect((await refusingPaidOrders(2, () => verify(seller, orderId, payment))).status).toBeGreaterThanOrEqual(500);
    // the crash was a while ago: the sweep's minute has passed
    await env.DB.prepare('UPDATE invoice_numbers SET taken_at = taken_at - ? WHERE order_id = ?').bind(SELLER_ORDERS.settleAfterMs + 1000, orderId).run();
    const old = await createUserWithToken({ id: `usr_${ulid().toLowerCase()}` });
    const oldOrder = `bo_${ulid().toLowerCase()}`;
    await env.DB.prepare(
      `INSERT INTO business_orders (id, user_id, provider, provider_order_id, items, subtotal_minor, gst_minor, total_minor, currency, status, created_at)
       VALUES (?, ?, 'local', ?, '[]', 100, 18, 118, 'INR', 'CREATED', ?)`,
    )
      .bind(oldOrder, old.id, `order_local_bo_${ulid()}`, Date.now())
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: '* * * * *', scheduledTime: Date.now() }), fourAccounts, ctx);
    await waitOnExecutionContext(ctx);
    expect(await whereRows('SELECT 1 FROM business_orders WHERE id = ?', oldOrder)).toEqual({ accounts: [0], core: false });
    expect(await sellerOrder(2, orderId)).toMatchObject({ status: 'PAID', invoice_number: invoiceNumberOf(fy(), (await taken(orderId))!.number) });
    expect((await taken(orderId))!.settled_at).not.toBeNull();
  });
});
