import { clearNotifications, notificationRows, notificationRowsOldestFirst, notificationsOfType } from '../support/inbox-notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from 'cloudflare:workers';
import { app } from '../../worker/app';
import { paymentSignature } from '../../worker/services/commerce/premium';
import { expireSubscriptions } from '../../worker/services/commerce/premium';
import { hex, hmacSha256 } from '../../worker/lib/crypto';
import { call } from './helpers';
import { accountsDb, accountsDbs, createListing, createUser, createUserWithToken, freshAuth } from '../factories';

type User = Awaited<ReturnType<typeof createUserWithToken>>;

const json = (user: User | null, method: string, path: string, body?: unknown) =>
  call(path, { method, headers: { 'content-type': 'application/json', ...(user?.auth ?? {}) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/** Buys a plan through the local test checkout, exactly as the browser does. */
const buy = async (user: User, packageId: 'basic' | 'pro') => {
  const order = await json(user, 'POST', '/api/premium/create-order', { packageId, userId: user.id });
  expect(order.status).toBe(201);
  const signed = await json(user, 'POST', '/api/premium/local-checkout/complete', { orderId: order.body.data.orderId });
  expect(signed.status).toBe(200);
  const verified = await json(user, 'POST', '/api/premium/verify-payment', { ...signed.body.data, subscriptionId: order.body.data.subscriptionId });
  expect(verified.status).toBe(200);
  return { order: order.body.data, signed: signed.body.data, verified: verified.body.data };
};

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('plans and status', () => {
  it('lists Basic (₹99) and Pro (₹299), 30 days each', async () => {
    const { status, body } = await call('/api/premium/packages');
    expect(status).toBe(200);
    expect(body.data.map((p: { id: string; name: string; price: number; validityDays: number; type: string }) => [p.id, p.name, p.price, p.validityDays, p.type])).toEqual([
      ['basic', 'SEL Buyer Basic', 99, 30, 'BASIC'],
      ['pro', 'SEL Buyer Pro', 299, 30, 'PRO'],
    ]);
  });

  it('status is the caller’s own only', async () => {
    const me = await createUserWithToken();
    const other = await createUser();
    expect((await call(`/api/premium/status/${me.id}`, { headers: me.auth })).body.data).toEqual({ isPremium: false, subscription: null });
    for (const path of [`/api/premium/status/${other.id}`, `/api/premium/subscription/${other.id}`, `/api/premium/transactions/${other.id}`]) {
      const res = await call(path, { headers: me.auth });
      expect(res.status, path).toBe(403);
    }
    expect((await call(`/api/premium/status/${me.id}`)).status).toBe(401);
  });
});

describe('buying a plan (local test checkout → same verify path as Razorpay)', () => {
  it('activates Pro for 30 days, records the payment, notifies, and refuses a second purchase', async () => {
    const buyer = await createUserWithToken();
    const { order, verified } = await buy(buyer, 'pro');
    expect(order).toMatchObject({ amount: 29900, currency: 'INR', provider: 'local', key: 'local_test_checkout', packageName: 'SEL Buyer Pro' });
    expect(verified).toMatchObject({ verified: true, activated: true, status: { isPremium: true, subscription: { packageType: 'PRO', packageName: 'SEL Buyer Pro', remainingDays: 30, phoneNumbersLimit: 50, phoneNumbersUsed: 0 } } });
    const tx = await call(`/api/premium/transactions/${buyer.id}`, { headers: buyer.auth });
    expect(tx.body.data.transactions[0]).toMatchObject({ status: 'PAID', amount: 299, packageName: 'SEL Buyer Pro' });
    expect((await notificationsOfType(buyer.id, 'PREMIUM')).map((n) => n.title)).toEqual(['Welcome to SEL Buyer Pro']);
    const again = await json(buyer, 'POST', '/api/premium/create-order', { packageId: 'basic' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_PREMIUM');
  });

  it('the amount comes from the server, never the client', async () => {
    const buyer = await createUserWithToken();
    const res = await json(buyer, 'POST', '/api/premium/create-order', { packageId: 'pro', amount: 1, price: 1 });
    expect(res.body.data.amount).toBe(29900);
  });

  it('unknown plans and other users are refused', async () => {
    const buyer = await createUserWithToken();
    expect((await json(buyer, 'POST', '/api/premium/create-order', { packageId: 'platinum' })).status).toBe(404);
    expect((await json(buyer, 'POST', '/api/premium/create-order', { packageId: 'pro', userId: 'usr_someone' })).status).toBe(403);
    expect((await json(null, 'POST', '/api/premium/create-order', { packageId: 'pro' })).status).toBe(401);
  });

  it('a tampered signature fails and activates nothing', async () => {
    const buyer = await createUserWithToken();
    const order = (await json(buyer, 'POST', '/api/premium/create-order', { packageId: 'pro' })).body.data;
    const signed = (await json(buyer, 'POST', '/api/premium/local-checkout/complete', { orderId: order.orderId })).body.data;
    const flipped = signed.razorpay_signature.replace(/^./, (ch: string) => (ch === 'a' ? 'b' : 'a'));
    for (const bad of [
      { ...signed, razorpay_signature: flipped },
      { ...signed, razorpay_payment_id: 'pay_other' },
      { ...signed, razorpay_signature: 'nothex' },
    ]) {
      const res = await json(buyer, 'POST', '/api/premium/verify-payment', bad);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Payment verification failed');
    }
    expect((await call(`/api/premium/status/${buyer.id}`, { headers: buyer.auth })).body.data.isPremium).toBe(false);
  });

  it('a valid signature for another user’s order does not work for me', async () => {
    const victim = await createUserWithToken();
    const attacker = await createUserWithToken();
    const order = (await json(victim, 'POST', '/api/premium/create-order', { packageId: 'pro' })).body.data;
    const signed = (await json(victim, 'POST', '/api/premium/local-checkout/complete', { orderId: order.orderId })).body.data;
    expect((await json(attacker, 'POST', '/api/premium/local-checkout/complete', { orderId: order.orderId })).status).toBe(404);
    const res = await json(attacker, 'POST', '/api/premium/verify-payment', signed);
    expect(res.status).toBe(404);
    expect((await call(`/api/premium/status/${attacker.id}`, { headers: attacker.auth })).body.data.isPremium).toBe(false);
    expect((await call(`/api/premium/status/${victim.id}`, { headers: victim.auth })).body.data.isPremium).toBe(false);
  });

  it('replayed and concurrent verifies activate exactly once', async () => {
    const buyer = await createUserWithToken();
    const order = (await json(buyer, 'POST', '/api/premium/create-order', { packageId: 'basic' })).body.data;
    const signed = (await json(buyer, 'POST', '/api/premium/local-checkout/complete', { orderId: order.orderId })).body.data;
    const results = await Promise.all(Array.from({ length: 20 }, () => json(buyer, 'POST', '/api/premium/verify-payment', signed)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.data.activated)).toHaveLength(1);
    const replay = await json(buyer, 'POST', '/api/premium/verify-payment', signed);
    expect(replay.body.data).toMatchObject({ verified: true, activated: false, status: { isPremium: true } });
    const subs = await accountsDb(buyer.id).prepare(`SELECT count(*) AS n FROM subscriptions WHERE user_id = ? AND status = 'ACTIVE'`).bind(buyer.id).first<{ n: number }>();
    expect(subs?.n).toBe(1);
    expect(await notificationsOfType(buyer.id, 'PREMIUM')).toHaveLength(1);
  });

  it('expires after 30 days (time travel), and the scheduled cleanup marks it', async () => {
    const buyer = await createUserWithToken();
    await buy(buyer, 'basic');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 29 * 86_400_000);
    const later = await freshAuth(buyer.id); // tokens live 7 days
    expect((await call(`/api/premium/status/${buyer.id}`, { headers: later })).body.data.subscription.remainingDays).toBe(1);
    vi.setSystemTime(Date.now() + 2 * 86_400_000);
    expect((await call(`/api/premium/status/${buyer.id}`, { headers: later })).body.data).toEqual({ isPremium: false, subscription: null });
    expect(await expireSubscriptions(env)).toBeGreaterThanOrEqual(1);
    const again = await call('/api/premium/create-order', { method: 'POST', headers: { ...later, 'content-type': 'application/json' }, body: JSON.stringify({ packageId: 'basic' }) });
    expect(again.status).toBe(201);
  });
});

describe('Razorpay (stubbed Orders API) and webhooks', () => {
  const razorpayEnv = { ...env, RAZORPAY_KEY_ID: 'rzp_test_key', RAZORPAY_KEY_SECRET: 'rzp_secret', RAZORPAY_WEBHOOK_SECRET: 'whsec' };
  const request = (user: User | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(
      `http://sel.test${path}`,
      { method, headers: { 'content-type': 'application/json', ...(user?.auth ?? {}), ...headers }, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) },
      razorpayEnv,
    );
  const stubOrders = (ok = true) =>
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url !== 'https://api.razorpay.com/v1/orders') throw new Error(`unexpected ${url}`);
      if (!ok) return new Response('{"error":{"description":"down"}}', { status: 500 });
      const sent = JSON.parse(String(init?.body)) as { amount: number };
      return Response.json({ id: `order_${crypto.randomUUID().slice(0, 12)}`, amount: sent.amount, currency: 'INR', status: 'created' });
    });
  const webhook = async (event: Record<string, unknown>, eventId: string, secret = 'whsec') => {
    const raw = JSON.stringify(event);
    return request(null, 'POST', '/api/premium/webhook', raw, { 'X-Razorpay-Signature': hex(await hmacSha256(secret, raw)), 'X-Razorpay-Event-Id': eventId });
  };
  const captured = (orderId: string, paymentId: string) => ({ event: 'payment.captured', payload: { payment: { entity: { id: paymentId, order_id: orderId, amount: 29900 } } } });

  it('creates a Razorpay order with the server’s amount and verifies Razorpay’s signature', async () => {
    const spy = stubOrders();
    const buyer = await createUserWithToken();
    const res = await request(buyer, 'POST', '/api/premium/create-order', { packageId: 'pro' });
    const order = ((await res.json()) as { data: { orderId: string; key: string; amount: number; provider: string } }).data;
    expect(order).toMatchObject({ key: 'rzp_test_key', amount: 29900, provider: 'razorpay' });
    expect(JSON.parse(String(spy.mock.calls[0]![1]!.body))).toMatchObject({ amount: 29900, currency: 'INR' });
    // the local checkout is off when Razorpay is configured
    expect((await request(buyer, 'POST', '/api/premium/local-checkout/complete', { orderId: order.orderId })).status).toBe(404);
    const signature = hex(await hmacSha256('rzp_secret', `${order.orderId}|pay_123`));
    const ok = await request(buyer, 'POST', '/api/premium/verify-payment', { razorpay_order_id: order.orderId, razorpay_payment_id: 'pay_123', razorpay_signature: signature });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { data: { activated: boolean } }).data.activated).toBe(true);
  });

  it('a Razorpay outage is a clear 503 and leaves nothing behind', async () => {
    stubOrders(false);
    const buyer = await createUserWithToken();
    const res = await request(buyer, 'POST', '/api/premium/create-order', { packageId: 'pro' });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toContain('Failed to create order');
    const rows = await accountsDb(buyer.id).prepare('SELECT count(*) AS n FROM payment_orders WHERE user_id = ?').bind(buyer.id).first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it('webhook before the browser returns activates; the late verify and a duplicate event change nothing', async () => {
    stubOrders();
    const buyer = await createUserWithToken();
    const order = ((await (await request(buyer, 'POST', '/api/premium/create-order', { packageId: 'pro' })).json()) as { data: { orderId: string } }).data;
    const first = await webhook(captured(order.orderId, 'pay_w1'), 'evt_1');
    expect(((await first.json()) as { data: unknown }).data).toEqual({ received: true, duplicate: false, activated: true });
    const dup = await webhook(captured(order.orderId, 'pay_w1'), 'evt_1');
    expect(((await dup.json()) as { data: unknown }).data).toEqual({ received: true, duplicate: true, activated: false });
    const signature = hex(await hmacSha256('rzp_secret', `${order.orderId}|pay_w1`));
    const late = await request(buyer, 'POST', '/api/premium/verify-payment', { razorpay_order_id: order.orderId, razorpay_payment_id: 'pay_w1', razorpay_signature: signature });
    expect(((await late.json()) as { data: { activated: boolean; status: { isPremium: boolean } } }).data).toMatchObject({ activated: false, status: { isPremium: true } });
    const subs = await accountsDb(buyer.id).prepare(`SELECT count(*) AS n FROM subscriptions WHERE user_id = ? AND status = 'ACTIVE'`).bind(buyer.id).first<{ n: number }>();
    expect(subs?.n).toBe(1);
  });

  it('webhook after the browser’s verify does not activate twice; out-of-order events are harmless', async () => {
    stubOrders();
    const buyer = await createUserWithToken();
    const order = ((await (await request(buyer, 'POST', '/api/premium/create-order', { packageId: 'basic' })).json()) as { data: { orderId: string } }).data;
    const signature = hex(await hmacSha256('rzp_secret', `${order.orderId}|pay_v1`));
    await request(buyer, 'POST', '/api/premium/verify-payment', { razorpay_order_id: order.orderId, razorpay_payment_id: 'pay_v1', razorpay_signature: signature });
    const after = await webhook({ event: 'order.paid', payload: { order: { entity: { id: order.orderId } }, payment: { entity: { id: 'pay_v1', order_id: order.orderId } } } }, 'evt_2');
    expect(((await after.json()) as { data: { activated: boolean } }).data.activated).toBe(false);
    const unknownEvent = await webhook({ event: 'refund.created', payload: {} }, 'evt_3');
    expect(unknownEvent.status).toBe(200);
    expect(await notificationsOfType(buyer.id, 'PREMIUM')).toHaveLength(1);
  });

  it('a webhook with a bad signature is refused and not stored', async () => {
    const res = await webhook(captured('order_x', 'pay_x'), 'evt_bad', 'wrong-secret');
    expect(res.status).toBe(400);
    // nowhere: not in the core, not in any accounts database
    const stored = await Promise.all([env.DB, ...accountsDbs()].map((db) => db.prepare(`SELECT count(*) AS n FROM payment_events WHERE id = 'evt_bad'`).first<{ n: number }>()));
    expect(stored.map((r) => r?.n)).toEqual(stored.map(() => 0));
  });

  it('signature helper matches Razorpay’s documented scheme', async () => {
    expect(await paymentSignature(razorpayEnv, 'order_1', 'pay_1')).toBe(hex(await hmacSha256('rzp_secret', 'order_1|pay_1')));
  });
});

describe('Pro rights: seller phone numbers', () => {
  it('Pro buyers see the number; each listing counts once; Basic and free users are refused', async () => {
    const seller = await createUser({ phone: '9812345678' });
    const ad = await createListing(seller);
    const pro = await createUserWithToken();
    await buy(pro, 'pro');
    const first = await json(pro, 'POST', `/api/premium/access-phone/${pro.id}`, { listingId: ad.id });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ phone: '+91 98123 45678', phoneNumbersUsed: 1, phoneNumbersLimit: 50, remaining: 49 });
    const again = await json(pro, 'POST', `/api/premium/access-phone/${pro.id}`, { listingId: ad.id });
    expect(again.body.data.phoneNumbersUsed).toBe(1);
    const basic = await createUserWithToken();
    await buy(basic, 'basic');
    const free = await createUserWithToken();
    for (const u of [basic, free]) {
      const res = await json(u, 'POST', `/api/premium/access-phone/${u.id}`, { listingId: ad.id });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Seller phone numbers are part of SEL Buyer Pro. Upgrade to see them.');
    }
    expect((await json(pro, 'POST', `/api/premium/access-phone/${basic.id}`, { listingId: ad.id })).status).toBe(403);
  });

  it('the 51st phone number in a period is refused, even when requested in parallel', async () => {
    const pro = await createUserWithToken();
    await buy(pro, 'pro');
    const sellers = await Promise.all(Array.from({ length: 53 }, (_, i) => createUser({ phone: `98${String(10_000_000 + i).padStart(8, '0')}` })));
    const ads = await Promise.all(sellers.map((s) => createListing(s)));
    const results = await Promise.all(ads.map((a) => json(pro, 'POST', `/api/premium/access-phone/${pro.id}`, { listingId: a.id })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(50);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.body.error).toContain('You have used all 50 phone numbers of your plan');
    const logged = await accountsDb(pro.id).prepare('SELECT count(*) AS n FROM phone_access_log WHERE user_id = ?').bind(pro.id).first<{ n: number }>();
    expect(logged?.n).toBe(50);
  });

  it('a seller who turned phone sharing off is respected', async () => {
    const seller = await createUserWithToken({ phone: '9898989898' });
    const ad = await createListing(seller);
    const settings = await json(seller, 'PUT', '/api/auth/settings', { sharePhone: false });
    expect(settings.body.data.sharePhone).toBe(false);
    const pro = await createUserWithToken();
    await buy(pro, 'pro');
    const res = await json(pro, 'POST', `/api/premium/access-phone/${pro.id}`, { listingId: ad.id });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('The seller has chosen not to share their phone number. Chat with them instead.');
  });

  it('curated listings are for Pro only', async () => {
    const seller = await createUser({ isVerified: true });
    await createListing(seller, { title: 'Verified seller ad' });
    const pro = await createUserWithToken();
    const before = await call(`/api/premium/curated-listings/${pro.id}`, { headers: pro.auth });
    expect(before.status).toBe(403);
    await buy(pro, 'pro');
    const after = await call(`/api/premium/curated-listings/${pro.id}?limit=5`, { headers: pro.auth });
    expect(after.status).toBe(200);
    expect(after.body.data.listings.map((l: { title: string }) => l.title)).toContain('Verified seller ad');
  });

  it('premium buyers carry a badge and sort first in a seller’s chat list', async () => {
    const seller = await createUserWithToken();
    const ad1 = await createListing(seller, { title: 'Ad one' });
    const ad2 = await createListing(seller, { title: 'Ad two' });
    const premium = await createUserWithToken({ firstName: 'Premium' });
    await buy(premium, 'basic');
    const regular = await createUserWithToken({ firstName: 'Regular' });
    const c1 = (await json(premium, 'POST', '/api/messages/chats', { listingId: ad1.id })).body.data.chat.id;
    const c2 = (await json(regular, 'POST', '/api/messages/chats', { listingId: ad2.id })).body.data.chat.id;
    await json(premium, 'POST', '/api/messages/messages', { chatId: c1, content: 'Hi from premium' });
    await json(regular, 'POST', '/api/messages/messages', { chatId: c2, content: 'Hi from regular (later)' });
    const list = await call('/api/messages/chats', { headers: seller.auth });
    expect(list.body.data.chats.map((c: { buyer: { firstName: string; isPremium: boolean } }) => [c.buyer.firstName, c.buyer.isPremium])).toEqual([
      ['Premium', true],
      ['Regular', false],
    ]);
  });
});
