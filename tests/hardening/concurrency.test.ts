/**
 * Races. Skipped because an existing test already proves it: 20 parallel verify-payment calls
 * activating once (tests/api/premium.test.ts "replayed and concurrent verifies activate exactly
 * once"), 50 parallel favourite toggles (selling.test.ts), parallel wrong OTP guesses (otp.test.ts).
 * Added here: parallel whole-ad edits including photos, verify-payment racing the webhook with
 * different payment ids, sign-ups racing for one e-mail, and 200 messages (plus retries) from both
 * members at once.
 */
import { notificationsOfType } from '../support/inbox-notifications';
import { roomRows } from '../support/chat-room';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { env } from 'cloudflare:workers';
import { app } from '../../worker/app';
import { hex, hmacSha256 } from '../../worker/lib/crypto';
import { call } from '../api/helpers';
import { accountsDb, chatDb, createListing, createUserWithToken, onListingDbs, sessionsDb, onUserDbs } from '../factories';
import { jpegBytes } from '../factories/images';
import { json, rows, rowsIn } from './support';

type User = Awaited<ReturnType<typeof createUserWithToken>>;
const CAR = { brand: 'Hyundai', year: 2020, fuel: 'Diesel', transmission: 'Manual', kmDriven: 1000, noOfOwners: '1st' };

let requests = 0;
afterEach(() => vi.restoreAllMocks());
afterAll(() => console.log(`concurrency: 4 races, ${requests} parallel requests`));

const photo = async (user: User, width: number) => {
  const form = new FormData();
  form.append('image', new File([jpegBytes(width, 32)], 'p.jpg', { type: 'image/jpeg' }));
  const res = await call('/api/upload/image', { method: 'POST', headers: user.auth, body: form });
  expect(res.status).toBe(201);
  return res.body.data.url as string;
};

describe('50 parallel edits of one ad by its owner', () => {
  it('end in exactly one submitted version: title, price, details, description and photos all from the same edit', async () => {
    const owner = await createUserWithToken();
    const [p1, p2, p3] = [await photo(owner, 40), await photo(owner, 48), await photo(owner, 56)];
    const created = await json(owner, 'POST', '/api/listings', {
      title: 'Original car title',
      description: 'The original description of this car.',
      price: 500_000,
      categoryId: 'Vehicles',
      subcategoryId: 'Cars',
      location: 'Bengaluru',
      images: [p1],
      features: CAR,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const photoSets = [[p1], [p2], [p1, p3], [p3, p2]];
    const submissions = Array.from({ length: 50 }, (_, i) => ({
      title: `Edit number ${i} of the car`,
      description: `Description written by edit number ${i}.`,
      price: 600_000 + i,
      features: { ...CAR, kmDriven: 2000 + i, model: `Model ${i}` },
      images: photoSets[i % photoSets.length]!,
    }));
    const results = await Promise.all(submissions.map((body) => json(owner, 'PUT', `/api/listings/${id}`, body)));
    requests += results.length;
    for (const r of results) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
    const winners = results.flatMap((r, i) => (r.status === 200 ? [i] : []));
    expect(winners.length).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.code).toBe('STALE');

    const [stored] = (await onListingDbs('SELECT title, description, price_minor, features FROM listings WHERE id = ?', id)) as { title: string; description: string; price_minor: number; features: string }[];
    const i = Number(/^Edit number (\d+) /.exec(stored!.title)?.[1]);
    expect(winners, `the stored version (${i}) must be one the server said yes to`).toContain(i);
    const want = submissions[i]!;
    expect(stored!.description).toBe(want.description);
    expect(stored!.price_minor).toBe(want.price * 100);
    expect(JSON.parse(stored!.features)).toMatchObject({ kmDriven: want.features.kmDriven, model: want.features.model });
    // the photos are that edit's, in its order, and their files still exist
    const detail = await call(`/api/listings/${id}`);
    expect(detail.body.data.images).toEqual(want.images);
    for (const url of want.images) expect(await env.MEDIA.head(url.split('/api/media/')[1]!)).not.toBeNull();
    // a photo no longer used by the ad is not attached anywhere
    const attached = (await rows('SELECT r2_key FROM media WHERE listing_id = ? ORDER BY position', id)) as { r2_key: string }[];
    expect(attached.map((m) => m.r2_key)).toEqual(want.images.map((u) => u.split('/api/media/')[1]));
  });
});

describe('verify-payment racing the webhook (different payment ids)', () => {
  const razorpayEnv = { ...env, RAZORPAY_KEY_ID: 'rzp_test_key', RAZORPAY_KEY_SECRET: 'rzp_secret', RAZORPAY_WEBHOOK_SECRET: 'whsec' };
  const request = async (user: User | null, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const res = await app.request(`http://sel.test${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(user?.auth ?? {}), ...headers }, body: raw }, razorpayEnv);
    return { status: res.status, body: (await res.json()) as any };
  };

  it('activates exactly once, records one payment and one notification', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      const sent = JSON.parse(String(init?.body)) as { amount: number };
      return Response.json({ id: `order_${crypto.randomUUID().slice(0, 12)}`, amount: sent.amount, currency: 'INR', status: 'created' });
    });
    const buyer = await createUserWithToken();
    const order = await request(buyer, '/api/premium/create-order', { packageId: 'pro' });
    expect(order.status).toBe(201);
    const orderId = order.body.data.orderId as string;
    const verifies = Array.from({ length: 10 }, async (_, i) => {
      const paymentId = `pay_browser_${i}`;
      return request(buyer, '/api/premium/verify-payment', { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: hex(await hmacSha256('rzp_secret', `${orderId}|${paymentId}`)) });
    });
    const hooks = Array.from({ length: 10 }, async (_, i) => {
      const raw = JSON.stringify({ event: i % 2 ? 'order.paid' : 'payment.captured', payload: { payment: { entity: { id: `pay_hook_${i}`, order_id: orderId } }, order: { entity: { id: orderId } } } });
      return request(null, '/api/premium/webhook', raw, { 'X-Razorpay-Signature': hex(await hmacSha256('whsec', raw)), 'X-Razorpay-Event-Id': `evt_race_${i}` });
    });
    const results = await Promise.all([...verifies, ...hooks]);
    requests += results.length;
    for (const r of results) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
    expect(results.filter((r) => r.status === 200 && r.body.data.activated === true)).toHaveLength(1);
    const [paid] = (await rowsIn(accountsDb(buyer.id), 'SELECT status, provider_payment_id FROM payment_orders WHERE provider_order_id = ?', orderId)) as { status: string; provider_payment_id: string }[];
    expect(paid!.status).toBe('PAID');
    expect(paid!.provider_payment_id).toMatch(/^pay_(browser|hook)_\d$/);
    expect(await rowsIn(accountsDb(buyer.id), `SELECT count(*) AS n FROM subscriptions WHERE user_id = ? AND status = 'ACTIVE'`, buyer.id)).toEqual([{ n: 1 }]);
    expect(await notificationsOfType(buyer.id, 'PREMIUM')).toHaveLength(1);
  });
});

describe('sign-ups racing for one e-mail address', () => {
  it('one account, the others a clean 409 (the unique index decides, never a 500)', async () => {
    const email = `race.${crypto.randomUUID().slice(0, 8)}@example.in`;
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => json(null, 'POST', '/api/auth/register', { email, password: 'mango2024' }, { 'CF-Connecting-IP': `192.0.2.${200 + i}` })));
    requests += results.length;
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.code).toBe('EMAIL_TAKEN');
    expect(await onUserDbs('SELECT email FROM users WHERE email = ?', email)).toEqual([{ email }]);
    const [user] = (await onUserDbs('SELECT id FROM users WHERE email = ?', email)) as { id: string }[];
    expect(await rowsIn(sessionsDb(user!.id), 'SELECT count(*) AS n FROM sessions WHERE user_id = ?', user!.id)).toEqual([{ n: 1 }]);
  });
});

describe('200 parallel messages into one chat from both members', () => {
  it('stores each once (retries included), numbers them 1..200 without gaps, and the unread counters equal the truth', async () => {
    const seller = await createUserWithToken({ firstName: 'Seller' });
    const buyer = await createUserWithToken({ firstName: 'Buyer' });
    const ad = await createListing(seller);
    const chatId = (await json(buyer, 'POST', '/api/messages/chats', { listingId: ad.id })).body.data.chat.id as string;
    // 100 each plus 10 retries each (same clientId): 110 per user, inside the 120/min limit
    const sends = Array.from({ length: 200 }, (_, i) => ({ from: i % 2 ? seller : buyer, clientId: `c-${i}`, content: `message ${i}` }));
    const retries = [...sends.filter((s) => s.from === buyer).slice(0, 10), ...sends.filter((s) => s.from === seller).slice(0, 10)];
    const all = [...sends, ...retries];
    const results = await Promise.all(all.map((s) => json(s.from, 'POST', '/api/messages/messages', { chatId, content: s.content, clientId: s.clientId })));
    requests += results.length;
    for (const r of results) expect([200, 201], JSON.stringify(r.body)).toContain(r.status);
    expect(results.filter((r) => r.status === 201)).toHaveLength(200);
    // a retry answers with the stored message, never a second one
    const idByClient = new Map<string, string>();
    for (const [k, r] of results.entries()) {
      const clientId = all[k]!.clientId;
      const known = idByClient.get(clientId);
      if (known) expect(r.body.data.message.id).toBe(known);
      else idByClient.set(clientId, r.body.data.message.id);
    }
    const stored = (await roomRows(chatId)).map((m) => ({ seq: m.seq, sender_id: m.sender_id, client_id: m.client_id })) as { seq: number; sender_id: string; client_id: string }[];
    expect(stored.map((m) => m.seq)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(new Set(stored.map((m) => m.client_id)).size).toBe(200);
    const [chat] = (await rowsIn(chatDb(chatId), 'SELECT last_seq FROM chats WHERE id = ?', chatId)) as { last_seq: number }[];
    expect(chat!.last_seq).toBe(200);
    // truth: what the other member sent after my own last message (sending marks everything before it read)
    const unreadFor = (me: User) => {
      const myLast = Math.max(0, ...stored.filter((m) => m.sender_id === me.id).map((m) => m.seq));
      return stored.filter((m) => m.sender_id !== me.id && m.seq > myLast).length;
    };
    for (const member of [buyer, seller]) {
      const counts = await call('/api/notifications/unread-count', { headers: member.auth });
      expect(counts.body.data.unreadMessages).toBe(unreadFor(member));
      const list = await call('/api/messages/chats', { headers: member.auth });
      expect(list.body.data.chats[0].unreadCount).toBe(unreadFor(member));
    }
  });
});
