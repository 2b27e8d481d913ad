/**
 * Mass assignment: every write route, called with server-owned fields added to an otherwise valid
 * request. None of them may take effect; each case checks the stored rows, not the response.
 */
import { roomRows } from '../support/chat-room';
import { afterAll, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { decodeJwt } from 'jose';
import { call } from '../api/helpers';
import { accountsDb, chatDb, createListing, createUser, createUserWithToken, onAccountsDbs, onListingDbs, otpDb, onUserDbs } from '../factories';
import { jpegBytes } from '../factories/images';
import { grantPlan, json, rows, rowsIn, seedNotification } from './support';
import { notificationRows } from '../support/inbox-notifications';

type User = Awaited<ReturnType<typeof createUserWithToken>>;

const CAR = { brand: 'Hyundai', year: 2020, fuel: 'Diesel', transmission: 'Manual', kmDriven: 1000, noOfOwners: '1st' };
const LONG_AGO = '2001-01-01T00:00:00.000Z';
const recent = (ms: number) => expect(Date.now() - ms).toBeLessThan(60_000);

/** The server-owned fields of the brief, in both spellings, with hostile values. */
const SERVER_OWNED = {
  id: 'chosen-id',
  userId: 'usr_victim',
  user_id: 'usr_victim',
  user: { id: 'usr_victim' },
  status: 'BLOCKED',
  isFeatured: true,
  is_featured: 1,
  views: 99_999,
  isVerified: true,
  is_verified: 1,
  phoneVerified: true,
  phone_verified: 1,
  emailVerified: true,
  email_verified: 1,
  isPremium: true,
  premium: true,
  subscription: { status: 'ACTIVE', packageType: 'PRO' },
  tokenVersion: 42,
  token_version: 42,
  createdAt: LONG_AGO,
  created_at: 0,
  updatedAt: LONG_AGO,
  updated_at: 0,
  slug: 'chosen-slug',
  seq: 999,
  senderId: 'usr_victim',
  sender_id: 'usr_victim',
  amount: 1,
  amount_minor: 1,
  priceMinor: 1,
  price_minor: 1,
  role: 'admin',
  isAdmin: true,
};

let cases = 0;
afterAll(() => console.log(`mass assignment: ${cases} write routes checked with ${Object.keys(SERVER_OWNED).length} server-owned fields each`));

const user = async (id: string) => (await onUserDbs('SELECT * FROM users WHERE id = ?', id))[0] as Record<string, unknown>;
const listing = async (id: string) => (await onListingDbs('SELECT * FROM listings WHERE id = ?', id))[0] as Record<string, unknown>;

const upload = async (u: User, extra: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  form.append('image', new File([jpegBytes()], 'car.jpg', { type: 'image/jpeg' }));
  const res = await call('/api/upload/image', { method: 'POST', headers: u.auth, body: form });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { url: string; id: string };
};

const chatBetween = async () => {
  const seller = await createUserWithToken({ firstName: 'Seller' });
  const buyer = await createUserWithToken({ firstName: 'Buyer' });
  const ad = await createListing(seller, { features: CAR });
  const opened = await json(buyer, 'POST', '/api/messages/chats', { listingId: ad.id });
  expect(opened.status).toBe(201);
  return { seller, buyer, ad, chatId: opened.body.data.chat.id as string };
};

let phoneSeq = 0;
const freshPhone = () => `7${String(300_000_000 + ++phoneSeq * 104_729).padStart(9, '0')}`;
const ip = () => `192.0.2.${(++phoneSeq % 200) + 10}`;

describe('accounts', () => {
  it('register ignores every server-owned field', async () => {
    const email = `mass.${crypto.randomUUID().slice(0, 8)}@example.in`;
    const res = await json(null, 'POST', '/api/auth/register', { ...SERVER_OWNED, email, password: 'mango2024', googleSub: 'g-123', passwordHash: 'x', sharePhone: false, phone: '9876543210' }, { 'CF-Connecting-IP': ip() });
    expect(res.status).toBe(201);
    const row = await user(res.body.data.user.id);
    expect(row).toMatchObject({ email, is_verified: 0, email_verified: 0, phone_verified: 0, status: 'ACTIVE', token_version: 0, google_sub: null, phone: null, share_phone: 1 });
    expect(row.id).not.toBe('chosen-id');
    expect(String(row.password_hash)).toMatch(/^pbkdf2-sha256\$/);
    recent(row.created_at as number);
    expect(decodeJwt(res.body.data.token).tv).toBe(0);
    cases++;
  });

  it('PUT /auth/profile changes only the profile fields', async () => {
    const me = await createUserWithToken();
    const before = await user(me.id);
    const res = await json(me, 'PUT', '/api/auth/profile', { ...SERVER_OWNED, firstName: 'Meera', email: 'hijack@example.in', phone: '9999999999', googleSub: 'g', passwordHash: 'x', sharePhone: false });
    expect(res.status).toBe(200);
    const after = await user(me.id);
    expect({ ...after, first_name: before.first_name, updated_at: before.updated_at }).toEqual(before);
    expect(after.first_name).toBe('Meera');
    cases++;
  });

  it('PUT /auth/settings changes only sharePhone', async () => {
    const me = await createUserWithToken();
    const before = await user(me.id);
    const res = await json(me, 'PUT', '/api/auth/settings', { ...SERVER_OWNED, sharePhone: false });
    expect(res.status).toBe(200);
    const after = await user(me.id);
    expect({ ...after, share_phone: 1, updated_at: before.updated_at }).toEqual(before);
    expect(after.share_phone).toBe(0);
    cases++;
  });

  it('send-otp and verify-otp (REGISTER) ignore server-owned fields', async () => {
    const phone = freshPhone();
    const from = ip();
    const sent = await json(null, 'POST', '/api/auth/send-otp', { ...SERVER_OWNED, phone, type: 'REGISTER', attempts: -100, expiresAt: 9e15, codeHash: 'x', ip: '1.2.3.4', consumedAt: null }, { 'CF-Connecting-IP': from });
    expect(sent.status).toBe(200);
    const [challenge] = (await rowsIn(await otpDb(phone), 'SELECT * FROM otp_challenges WHERE phone = ?', phone)) as { attempts: number; expires_at: number; ip: string; code_hash: string; created_at: number }[];
    expect(challenge).toMatchObject({ attempts: 0, ip: from });
    expect(challenge!.code_hash).not.toBe('x');
    expect(challenge!.expires_at - challenge!.created_at).toBe(10 * 60_000);
    const outbox = (await call('/api/dev/outbox')).body.data.find((m: { to: string }) => m.to === phone);
    const code = outbox.body.match(/\b(\d{6})\b/)[1] as string;
    const verified = await json(null, 'POST', '/api/auth/verify-otp', { ...SERVER_OWNED, phone, otp: code, type: 'REGISTER', firstName: 'Kiran' }, { 'CF-Connecting-IP': from });
    expect(verified.status).toBe(200);
    const row = await user(verified.body.data.user.id);
    expect(row).toMatchObject({ phone, first_name: 'Kiran', status: 'ACTIVE', token_version: 0, email: null, email_verified: 0 });
    expect(row.id).not.toBe('chosen-id');
    recent(row.created_at as number);
    cases += 2;
  });

  it('login issues a token of the stored token version, whatever the body says', async () => {
    const email = `login.${crypto.randomUUID().slice(0, 8)}@example.in`;
    const from = ip();
    const reg = await json(null, 'POST', '/api/auth/register', { email, password: 'mango2024' }, { 'CF-Connecting-IP': from });
    const res = await json(null, 'POST', '/api/auth/login', { ...SERVER_OWNED, email, password: 'mango2024', tv: 9, sid: 'ses_chosen' }, { 'CF-Connecting-IP': from });
    expect(res.status).toBe(200);
    const claims = decodeJwt(res.body.data.token);
    expect(claims).toMatchObject({ sub: reg.body.data.user.id, tv: 0 });
    expect(claims.sid).not.toBe('ses_chosen');
    expect((await user(reg.body.data.user.id)).status).toBe('ACTIVE');
    cases++;
  });

  it('logout-all-devices and delete account act on the caller only', async () => {
    const victim = await createUserWithToken();
    const me = await createUserWithToken();
    const out = await json(me, 'POST', '/api/auth/logout-all-devices', { userId: victim.id, id: victim.id, user_id: victim.id });
    expect(out.status).toBe(200);
    expect((await user(victim.id)).token_version).toBe(0);
    expect((await call('/api/auth/profile', { headers: victim.auth })).status).toBe(200);
    const me2 = await createUserWithToken();
    const del = await json(me2, 'DELETE', '/api/auth/account', { confirm: 'DELETE', userId: victim.id, id: victim.id });
    expect(del.status).toBe(200);
    expect(await user(victim.id)).toMatchObject({ status: 'ACTIVE', first_name: victim.firstName });
    expect((await user(me2.id)).status).toBe('DELETED');
    cases += 2;
  });
});

describe('listings', () => {
  it('POST /listings ignores every server-owned field', async () => {
    const me = await createUserWithToken();
    const victim = await createUser();
    const photo = await upload(me);
    const res = await json(me, 'POST', '/api/listings', {
      ...SERVER_OWNED,
      userId: victim.id,
      user_id: victim.id,
      status: 'APPROVED',
      rejectReason: 'x',
      reject_reason: 'x',
      num: 777,
      title: 'Hyundai Creta SX 2020 diesel',
      description: 'Second owner, company serviced, new tyres.',
      price: 1_125_000,
      categoryId: 'Vehicles',
      subcategoryId: 'Cars',
      state: 'Karnataka',
      city: 'Bengaluru',
      neighbourhood: 'Indiranagar',
      images: [photo.url],
      features: CAR,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await listing(res.body.data.id);
    expect(row).toMatchObject({ user_id: me.id, status: 'APPROVED', is_featured: 0, views: 0, price_minor: 112_500_000, reject_reason: null });
    expect(row.id).not.toBe('chosen-id');
    expect(row.num).not.toBe(777);
    expect(row.slug).toMatch(/^vehicles-cars-c84-hyundai-creta/);
    recent(row.created_at as number);
    expect(await rows('SELECT owner_id, listing_id FROM media WHERE id = ?', photo.id)).toEqual([{ owner_id: me.id, listing_id: row.id }]);
    cases++;
  });

  it('PUT /listings/{id} ignores every server-owned field (body and query string)', async () => {
    const me = await createUserWithToken();
    const victim = await createUser();
    const ad = await createListing(me, { features: CAR, createdAt: Date.UTC(2024, 5, 1), views: 3, images: [`u/${me.id}/a.jpg`] });
    const before = await listing(ad.id);
    const res = await json(me, 'PUT', `/api/listings/${ad.id}?status=SOLD&userId=${victim.id}&isFeatured=true`, {
      ...SERVER_OWNED,
      userId: victim.id,
      status: 'SOLD',
      rejectReason: 'x',
      num: 777,
      title: 'Renamed car title here',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await listing(ad.id);
    expect(after).toMatchObject({ id: ad.id, num: before.num, user_id: me.id, status: 'APPROVED', is_featured: 0, views: 3, created_at: before.created_at, reject_reason: null, title: 'Renamed car title here' });
    expect(after.slug).toContain('renamed-car-title-here');
    cases++;
  });

  it('POST /listings/{id}/status changes the status only', async () => {
    const me = await createUserWithToken();
    const ad = await createListing(me, { features: CAR });
    const before = await listing(ad.id);
    const res = await json(me, 'POST', `/api/listings/${ad.id}/status`, { ...SERVER_OWNED, status: 'SOLD' });
    expect(res.status).toBe(200);
    const after = await listing(ad.id);
    expect({ ...after, status: before.status, updated_at: before.updated_at }).toEqual(before);
    expect(after.status).toBe('SOLD');
    cases++;
  });

  it('POST /listings/{id}/favorite favourites for the caller, the ad in the path', async () => {
    const seller = await createUser();
    const ad = await createListing(seller);
    const otherAd = await createListing(seller);
    const victim = await createUser();
    const me = await createUserWithToken();
    const res = await json(me, 'POST', `/api/listings/${ad.id}/favorite`, { ...SERVER_OWNED, isFavorite: true, userId: victim.id, listingId: otherAd.id, listing_id: otherAd.id });
    expect(res.status).toBe(200);
    const favs = await onAccountsDbs<{ user_id: string; listing_id: string; created_at: number }>('SELECT user_id, listing_id, created_at FROM favorites WHERE user_id IN (?, ?)', me.id, victim.id);
    expect(favs.map((f) => [f.user_id, f.listing_id])).toEqual([[me.id, ad.id]]);
    recent(favs[0]!.created_at);
    cases++;
  });

  it('POST /upload/image: extra form fields cannot pick the owner, key, type or listing', async () => {
    const victim = await createUser();
    const victimAd = await createListing(victim);
    const me = await createUserWithToken();
    const photo = await upload(me, { userId: victim.id, owner_id: victim.id, key: `u/${victim.id}/x.jpg`, r2_key: `u/${victim.id}/x.jpg`, id: 'med_chosen', contentType: 'text/html', listingId: victimAd.id, position: '7' });
    const [row] = (await rows('SELECT * FROM media WHERE id = ?', photo.id)) as Record<string, unknown>[];
    expect(row).toMatchObject({ owner_id: me.id, listing_id: null, content_type: 'image/jpeg', position: 0 });
    expect(String(row!.r2_key)).toMatch(new RegExp(`^u/${me.id}/[0-9a-z]{26}\\.jpg$`));
    expect(photo.id).not.toBe('med_chosen');
    expect(await env.MEDIA.head(`u/${victim.id}/x.jpg`)).toBeNull();
    cases++;
  });
});

describe('chat and notifications', () => {
  it('POST /messages/chats: the caller is the buyer, the seller is the ad’s owner, counters start at zero', async () => {
    const seller = await createUser();
    const ad = await createListing(seller);
    const victim = await createUser();
    const me = await createUserWithToken();
    const res = await json(me, 'POST', '/api/messages/chats', {
      ...SERVER_OWNED,
      listingId: ad.id,
      buyerId: victim.id,
      sellerId: me.id,
      lastSeq: 50,
      last_seq: 50,
      buyerLastReadSeq: 99,
      sellerLastReadSeq: 99,
      isStarred: true,
      lastMessage: 'forged',
    });
    expect(res.status).toBe(201);
    const [chat] = (await rowsIn(chatDb(res.body.data.chat.id), 'SELECT * FROM chats WHERE id = ?', res.body.data.chat.id)) as Record<string, unknown>[];
    expect(chat).toMatchObject({ buyer_id: me.id, seller_id: seller.id, listing_id: ad.id, last_seq: 0, buyer_last_read_seq: 0, seller_last_read_seq: 0, buyer_starred: 0, seller_starred: 0, last_message: null });
    expect(chat!.id).not.toBe('chosen-id');
    cases++;
  });

  it('POST /messages/messages: sender, sequence, id, time and safety warning are the server’s', async () => {
    const { buyer, seller, chatId } = await chatBetween();
    const res = await json(buyer, 'POST', '/api/messages/messages', {
      ...SERVER_OWNED,
      chatId,
      content: 'Please share your UPI PIN so I can send the money',
      senderId: seller.id,
      sender_id: seller.id,
      seq: 999,
      warning: null,
      clientId: 'c-1',
    });
    expect(res.status).toBe(201);
    const stored = (await roomRows(chatId)) as Record<string, unknown>[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ sender_id: buyer.id, seq: 1, client_id: 'c-1', message_type: 'TEXT' });
    expect(stored[0]!.id).not.toBe('chosen-id');
    expect(stored[0]!.warning).toEqual(expect.any(String));
    recent(stored[0]!.created_at as number);
    expect((await json(buyer, 'POST', '/api/messages/messages', { chatId, content: 'hi', messageType: 'SYSTEM' })).status).toBe(400);
    cases++;
  });

  it('PUT star and read change only the caller’s own column, and read never goes past the last message', async () => {
    const { buyer, seller, chatId } = await chatBetween();
    await json(seller, 'POST', '/api/messages/messages', { chatId, content: 'Hello' });
    const star = await json(buyer, 'PUT', `/api/messages/chats/${chatId}/star`, { ...SERVER_OWNED, starred: true, buyerStarred: false, sellerStarred: true, seller_starred: 1 });
    expect(star.status).toBe(200);
    const read = await json(buyer, 'PUT', `/api/messages/chats/${chatId}/read`, { ...SERVER_OWNED, seq: 999, lastReadSeq: 999, buyer_last_read_seq: 999, seller_last_read_seq: 0 });
    expect(read.status).toBe(200);
    const [chat] = (await rowsIn(chatDb(chatId), 'SELECT buyer_starred, seller_starred, buyer_last_read_seq, seller_last_read_seq, last_seq FROM chats WHERE id = ?', chatId)) as Record<string, number>[];
    expect(chat).toEqual({ buyer_starred: 1, seller_starred: 0, buyer_last_read_seq: 1, seller_last_read_seq: 1, last_seq: 1 });
    cases += 2;
  });

  it('PUT /notifications/{id}/read and read-all touch only the caller’s notifications, only is_read', async () => {
    const victim = await createUserWithToken();
    const theirs = await seedNotification(victim.id, 'Theirs');
    const me = await createUserWithToken();
    const mine = await seedNotification(me.id, 'Mine');
    const one = await json(me, 'PUT', `/api/notifications/${mine}/read`, { ...SERVER_OWNED, isRead: false, title: 'forged', readAt: LONG_AGO });
    expect(one.status).toBe(200);
    const all = await json(me, 'PUT', '/api/notifications/read-all', { ...SERVER_OWNED, userId: victim.id });
    expect(all.status).toBe(200);
    const list = [...(await notificationRows(me.id)), ...(await notificationRows(victim.id))].filter((n) => [mine, theirs].includes(n.id)).sort((a, b) => a.title.localeCompare(b.title));
    expect(list[0]).toMatchObject({ id: mine, title: 'Mine', is_read: 1 });
    recent(list[0]!.read_at as number);
    expect(list[1]).toMatchObject({ id: theirs, title: 'Theirs', is_read: 0, read_at: null });
    cases += 2;
  });
});

describe('premium', () => {
  it('create-order: amount, currency, status, provider and ids are the server’s', async () => {
    const me = await createUserWithToken();
    const res = await json(me, 'POST', '/api/premium/create-order', {
      ...SERVER_OWNED,
      userId: me.id, // allowed when it is the caller (spec compatibility)
      packageId: 'pro',
      price: 1,
      currency: 'USD',
      status: 'PAID',
      provider: 'razorpay',
      subscriptionId: 'sub_chosen',
      orderId: 'order_chosen',
      providerOrderId: 'order_chosen',
    });
    expect(res.status).toBe(201);
    const [order] = (await rowsIn(accountsDb(me.id), 'SELECT * FROM payment_orders WHERE user_id = ?', me.id)) as Record<string, unknown>[];
    expect(order).toMatchObject({ amount_minor: 29_900, currency: 'INR', status: 'CREATED', provider: 'local', provider_payment_id: null, paid_at: null });
    expect(order!.provider_order_id).not.toBe('order_chosen');
    expect(await rowsIn(accountsDb(me.id), 'SELECT id, status, start_date FROM subscriptions WHERE user_id = ?', me.id)).toEqual([{ id: order!.subscription_id, status: 'PENDING', start_date: null }]);
    expect(order!.subscription_id).not.toBe('sub_chosen');
    cases++;
  });

  it('local checkout and verify-payment: the payment id, subscription, dates and status are the server’s', async () => {
    const victim = await createUserWithToken();
    const victimOrder = await json(victim, 'POST', '/api/premium/create-order', { packageId: 'basic' });
    const me = await createUserWithToken();
    const order = await json(me, 'POST', '/api/premium/create-order', { packageId: 'basic' });
    const signed = await json(me, 'POST', '/api/premium/local-checkout/complete', { ...SERVER_OWNED, orderId: order.body.data.orderId, paymentId: 'pay_chosen', razorpay_payment_id: 'pay_chosen' });
    expect(signed.status).toBe(200);
    expect(signed.body.data.razorpay_payment_id).not.toBe('pay_chosen');
    const verified = await json(me, 'POST', '/api/premium/verify-payment', {
      ...SERVER_OWNED,
      ...signed.body.data,
      subscriptionId: victimOrder.body.data.subscriptionId,
      userId: victim.id,
      endDate: '2099-01-01T00:00:00.000Z',
      packageId: 'pro',
    });
    expect(verified.status).toBe(200);
    const [sub] = (await rowsIn(accountsDb(me.id), 'SELECT status, package_id, start_date, end_date FROM subscriptions WHERE user_id = ?', me.id)) as { status: string; package_id: string; start_date: number; end_date: number }[];
    expect(sub).toMatchObject({ status: 'ACTIVE', package_id: 'basic' });
    expect(sub!.end_date - sub!.start_date).toBe(30 * 86_400_000);
    expect(await rowsIn(accountsDb(victim.id), 'SELECT status FROM subscriptions WHERE user_id = ?', victim.id)).toEqual([{ status: 'PENDING' }]);
    expect(await rowsIn(accountsDb(me.id), 'SELECT status, amount_minor FROM payment_orders WHERE user_id = ?', me.id)).toEqual([{ status: 'PAID', amount_minor: 9_900 }]);
    cases += 2;
  });

  it('access-phone: the limit, the count and the period are the server’s', async () => {
    const seller = await createUser({ phone: '9812300001' });
    const ad = await createListing(seller);
    const me = await createUserWithToken();
    const subId = await grantPlan(me.id, 'pro');
    const [sub] = (await rowsIn(accountsDb(me.id), 'SELECT start_date FROM subscriptions WHERE id = ?', subId)) as { start_date: number }[];
    const res = await json(me, 'POST', `/api/premium/access-phone/${me.id}`, { ...SERVER_OWNED, listingId: ad.id, phoneNumbersLimit: 9999, phoneNumbersUsed: 0, remaining: 9999, periodStart: 0, period_start: 0 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ phoneNumbersLimit: 50, phoneNumbersUsed: 1, remaining: 49 });
    expect(await rowsIn(accountsDb(me.id), 'SELECT user_id, listing_id, period_start FROM phone_access_log WHERE user_id = ?', me.id)).toEqual([{ user_id: me.id, listing_id: ad.id, period_start: sub!.start_date }]);
    cases++;
  });
});
