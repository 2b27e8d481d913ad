/**
 * Hole 2 of the security review: a deployment without Razorpay keys must not fall back to the
 * local test checkout (free paid plans). Only an explicit opt-in (PAYMENTS_LOCAL_CHECKOUT=1, set by
 * `npm start` and the tests) turns it on; without keys and without it every payment call is a 503
 * PAYMENTS_NOT_CONFIGURED that writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { app } from '../../worker/app';
import type { Env } from '../../worker/env';
import { accountsDb, createUserWithToken } from '../factories';

const callWith = async (bindings: Env, token: string, path: string, body: unknown) => {
  const ctx = createExecutionContext();
  const res = await app.request(`http://sel.test/api/premium${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) }, bindings, ctx);
  const parsed = (await res.json()) as any;
  await waitOnExecutionContext(ctx);
  return { status: res.status, body: parsed };
};

const rowsOf = async (userId: string) => ({
  orders: (await accountsDb(userId).prepare('SELECT count(*) AS n FROM payment_orders WHERE user_id = ?').bind(userId).first<{ n: number }>())!.n,
  subscriptions: (await accountsDb(userId).prepare('SELECT count(*) AS n FROM subscriptions WHERE user_id = ?').bind(userId).first<{ n: number }>())!.n,
});

describe('payments without Razorpay keys', () => {
  const production = { ...(env as unknown as Env), RAZORPAY_KEY_ID: undefined, RAZORPAY_KEY_SECRET: undefined, PAYMENTS_LOCAL_CHECKOUT: undefined };

  it('refuse every payment call with 503 PAYMENTS_NOT_CONFIGURED and write nothing, unless the local checkout is opted in', async () => {
    const user = await createUserWithToken();
    const create = await callWith(production, user.token, '/create-order', { packageId: 'basic' });
    expect(create.status).toBe(503);
    expect(create.body).toMatchObject({ success: false, code: 'PAYMENTS_NOT_CONFIGURED' });
    expect(create.body.error).toMatch(/not available/);
    const complete = await callWith(production, user.token, '/local-checkout/complete', { orderId: 'order_local_01jx' });
    expect(complete.status).toBe(503);
    const verify = await callWith(production, user.token, '/verify-payment', { razorpay_order_id: 'order_local_01jx', razorpay_payment_id: 'pay_local_01jx', razorpay_signature: 'a'.repeat(64) });
    expect(verify.status).toBe(503);
    expect(await rowsOf(user.id)).toEqual({ orders: 0, subscriptions: 0 });
  });

  it('"true", "yes" or an empty value is no opt-in: only "1" is', async () => {
    const user = await createUserWithToken();
    for (const value of ['true', 'yes', '', '0']) {
      const res = await callWith({ ...production, PAYMENTS_LOCAL_CHECKOUT: value }, user.token, '/create-order', { packageId: 'basic' });
      expect(res.status, value).toBe(503);
    }
  });

  it('with the opt-in, the local test checkout completes a purchase end to end', async () => {
    const user = await createUserWithToken();
    const local = { ...production, PAYMENTS_LOCAL_CHECKOUT: '1' };
    const order = await callWith(local, user.token, '/create-order', { packageId: 'basic' });
    expect(order.status).toBe(201);
    expect(order.body.data).toMatchObject({ provider: 'local', key: 'local_test_checkout' });
    const signed = await callWith(local, user.token, '/local-checkout/complete', { orderId: order.body.data.orderId });
    expect(signed.status).toBe(200);
    const verified = await callWith(local, user.token, '/verify-payment', signed.body.data);
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ verified: true, activated: true });
  });
});
