import { describe, expect, it } from 'vitest';
import { ABANDONED_CHECKOUT_MS } from '../../worker/lib/abandoned-checkouts';
import { call } from './helpers';
import { accountsDb, createUserWithToken } from '../factories';

type User = Awaited<ReturnType<typeof createUserWithToken>>;

const json = (user: User, method: string, path: string, body?: unknown) =>
  call(path, { method, headers: { 'content-type': 'application/json', ...user.auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/** Makes an order look opened `ms` ago. */
// a plan's order lives in its payer's accounts database (decision 034), a seller-package order in its seller's
const age = (table: 'payment_orders' | 'business_orders', userId: string, ms: number) =>
  accountsDb(userId).prepare(`UPDATE ${table} SET created_at = ? WHERE user_id = ?`).bind(Date.now() - ms, userId).run();

describe('abandoned checkouts do not pile up as "Not completed"', () => {
  it('premium: an unpaid order shows while fresh and is hidden once abandoned; the row stays for a late payment', async () => {
    const buyer = await createUserWithToken();
    const order = await json(buyer, 'POST', '/api/premium/create-order', { packageId: 'basic' });
    expect(order.status).toBe(201);
    let tx = await json(buyer, 'GET', `/api/premium/transactions/${buyer.id}`);
    expect(tx.body.data.transactions).toEqual([expect.objectContaining({ status: 'CREATED' })]);
    expect(tx.body.data.pagination.total).toBe(1);

    await age('payment_orders', buyer.id, ABANDONED_CHECKOUT_MS + 60_000);
    tx = await json(buyer, 'GET', `/api/premium/transactions/${buyer.id}`);
    expect(tx.body.data.transactions).toEqual([]);
    expect(tx.body.data.pagination.total).toBe(0);
    // not deleted: a webhook that arrives late can still pay it
    expect((await accountsDb(buyer.id).prepare('SELECT count(*) AS n FROM payment_orders WHERE user_id = ?').bind(buyer.id).first<{ n: number }>())?.n).toBe(1);

    // paid orders always show, however old
    await accountsDb(buyer.id).prepare(`UPDATE payment_orders SET status = 'PAID', paid_at = ? WHERE user_id = ?`).bind(Date.now(), buyer.id).run();
    tx = await json(buyer, 'GET', `/api/premium/transactions/${buyer.id}`);
    expect(tx.body.data.transactions).toEqual([expect.objectContaining({ status: 'PAID' })]);
  });
});
