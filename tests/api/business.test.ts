import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from 'cloudflare:workers';
import { call } from './helpers';
import { accountsDb, createUserWithToken, listingDb, onListingDbs } from '../factories';
import { carAd } from '../factories/car-ad';
import { app } from '../../worker/app';
import { hex, hmacSha256 } from '../../worker/lib/crypto';
import { financialYear, gstOn } from '../../worker/services/commerce/business-orders';

type Seller = Awaited<ReturnType<typeof createUserWithToken>>;
const DAY = 86_400_000;

const json = (seller: { auth: Record<string, string> } | null, method: string, path: string, body?: unknown) =>
  call(path, {
    method,
    headers: { 'content-type': 'application/json', ...(seller?.auth ?? {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });


const count = async (sql: string, ...params: unknown[]) => (await env.DB.prepare(sql).bind(...params).first<{ n: number }>())?.n ?? 0;
/** The same in a seller's accounts database, where their package orders live (decision 034; `DB` with one). */
const countOf = async (userId: string, sql: string, ...params: unknown[]) => (await accountsDb(userId).prepare(sql).bind(...params).first<{ n: number }>())?.n ?? 0;
/** a count over every listings database (just the core with one) */
const countListings = async (sql: string, ...params: unknown[]) => (await onListingDbs<{ n: number }>(sql, ...params)).reduce((n, r) => n + r.n, 0);

/** A paid AD_SLOTS credit, as a paid order grants it. */
const grantCredit = async (userId: string, packageId: string, expiresAt = Date.now() + 30 * DAY) => {
  const p = await env.DB.prepare('SELECT * FROM seller_packages WHERE id = ?').bind(packageId).first<{ type: string; category_id: string; subcategory_id: string | null; quantity: number; validity_days: number }>();
  const id = `cr_${crypto.randomUUID()}`;
  // a seller's credits live in their accounts database, beside their postings (decision 034; `DB` with one)
  await accountsDb(userId).prepare(
    `INSERT INTO seller_credits (id, user_id, order_id, package_id, type, limit_key, category_id, subcategory_id, quantity, validity_days, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(id, userId, `ord_${id}`, packageId, p!.type, p!.subcategory_id ?? p!.category_id, p!.category_id, p!.subcategory_id, p!.quantity, p!.validity_days, expiresAt, Date.now())
    .run();
  return id;
};

describe('package reference data', () => {
  it('every limit group has its free-ad limit and its FEATURED 7/15/30, BOOST and AD_SLOTS packs, priced before GST', async () => {
    const limits = (await env.DB.prepare('SELECT * FROM free_ad_limits').all<{ limit_key: string; free_ads: number; period_days: number }>()).results;
    expect(limits.find((l) => l.limit_key === 'vehicles-cars')).toMatchObject({ free_ads: 1, period_days: 365 });
    // every top category is covered, so no ad falls through to the fallback
    const tops = (await env.DB.prepare('SELECT id FROM categories WHERE parent_id IS NULL').all<{ id: string }>()).results;
    for (const t of tops) expect(limits.map((l) => l.limit_key)).toContain(t.id);
    for (const l of limits) {
      expect(l.free_ads).toBeGreaterThan(0);
      const types = (await env.DB.prepare(`SELECT type, validity_days, price_minor FROM seller_packages WHERE coalesce(subcategory_id, category_id) = ?`).bind(l.limit_key).all<{ type: string; validity_days: number; price_minor: number }>()).results;
      expect(types.filter((t) => t.type === 'FEATURED').map((t) => t.validity_days).sort((a, b) => a - b)).toEqual([7, 15, 30]);
      expect(types.some((t) => t.type === 'BOOST')).toBe(true);
      expect(types.filter((t) => t.type === 'AD_SLOTS').length).toBeGreaterThanOrEqual(1);
      for (const t of types) expect(t.price_minor % 100).toBe(0);
    }
  });

  it('GET /api/business/packages?category= lists that group’s packages in rupees; unknown category is a 400', async () => {
    const res = await call('/api/business/packages?category=Vehicles&subcategory=Cars');
    expect(res.status).toBe(200);
    const packages = res.body.data.packages as { id: string; type: string; price: number; currency: string; validityDays: number; quantity: number; subcategoryId?: string }[];
    expect(packages.length).toBeGreaterThan(0);
    expect(packages.every((p) => p.subcategoryId === 'vehicles-cars' && p.currency === 'INR')).toBe(true);
    expect(packages.find((p) => p.id === 'ad-slots-1-vehicles-cars')).toMatchObject({ type: 'AD_SLOTS', price: 399, quantity: 1 });
    expect(res.body.data.limit).toBeNull();
    // a subcategory without its own group shares its category's packages
    const bikes = await call('/api/business/packages?category=vehicles-motorcycles');
    expect(bikes.body.data.packages.every((p: { categoryId: string; subcategoryId?: string }) => p.categoryId === 'vehicles' && !p.subcategoryId)).toBe(true);
    const bad = await call('/api/business/packages?category=Spaceships');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, code: 'UNKNOWN_CATEGORY', error: 'Unknown category "Spaceships"' });
    const badType = await call('/api/business/packages?type=GOLD');
    expect(badType.status).toBe(400);
    expect(badType.body.error).toBe('type must be FEATURED, BOOST or AD_SLOTS');
  });
});

describe('free-ad limits at posting', () => {
  it('Cars: one free ad per 365 days; the second is 402 AD_LIMIT_REACHED with the slot packs, and nothing is stored', async () => {
    const seller = await createUserWithToken();
    const first = await json(seller, 'POST', '/api/listings', await carAd(seller));
    expect(first.status).toBe(201);

    const limit = await json(seller, 'GET', '/api/business/account?category=Vehicles&subcategory=Cars');
    expect(limit.body.data.limits).toEqual([
      expect.objectContaining({ categoryId: 'vehicles', subcategoryId: 'vehicles-cars', name: 'Cars', freeAds: 1, periodDays: 365, used: 1, remaining: 0, paidSlots: 0, canPost: false }),
    ]);
    expect(Date.parse(limit.body.data.limits[0].resetsAt) - Date.now()).toBeGreaterThan(364 * DAY);

    const body = await carAd(seller, { title: 'Honda City ZX 2017 petrol' });
    const before = { listings: await countListings('SELECT count(*) AS n FROM listings WHERE user_id = ?', seller.id), media: await count('SELECT count(*) AS n FROM media WHERE owner_id = ? AND listing_id IS NOT NULL', seller.id) };
    const second = await json(seller, 'POST', '/api/listings', body);
    expect(second.status).toBe(402);
    expect(second.body).toMatchObject({ success: false, code: 'AD_LIMIT_REACHED' });
    expect(second.body.error).toMatch(/^You have used your free ad in Cars for this 365-day period\. Buy an extra ad pack to post now\./);
    expect(second.body.packages.map((p: { id: string }) => p.id)).toEqual(['ad-slots-1-vehicles-cars', 'ad-slots-5-vehicles-cars', 'ad-slots-10-vehicles-cars']);
    expect(await countListings('SELECT count(*) AS n FROM listings WHERE user_id = ?', seller.id)).toBe(before.listings);
    expect(await count('SELECT count(*) AS n FROM media WHERE owner_id = ? AND listing_id IS NOT NULL', seller.id)).toBe(before.media);
    expect(await countOf(seller.id, 'SELECT count(*) AS n FROM ad_postings WHERE user_id = ?', seller.id)).toBe(1);

    // other groups are counted apart: furniture still posts
    const bike = await json(seller, 'POST', '/api/listings', await carAd(seller, { title: 'Sheesham dining table 6 seater', categoryId: 'Home & Garden', subcategoryId: 'Furniture', features: {} }));
    expect(bike.status).toBe(201);
  });

  it('a paid slot is used automatically, once, and the limit holds again after it', async () => {
    const seller = await createUserWithToken();
    expect((await json(seller, 'POST', '/api/listings', await carAd(seller))).status).toBe(201);
    const credit = await grantCredit(seller.id, 'ad-slots-1-vehicles-cars');
    const account = await json(seller, 'GET', '/api/business/account');
    expect(account.body.data.credits).toEqual([expect.objectContaining({ id: credit, type: 'AD_SLOTS', subcategoryId: 'vehicles-cars', quantity: 1, remaining: 1 })]);
    expect(account.body.data.limits.find((l: { name: string }) => l.name === 'Cars')).toMatchObject({ used: 1, remaining: 0, paidSlots: 1, canPost: true });

    const paid = await json(seller, 'POST', '/api/listings', await carAd(seller, { title: 'Honda City ZX 2017 petrol' }));
    expect(paid.status).toBe(201);
    expect(await accountsDb(seller.id).prepare('SELECT credit_id FROM ad_postings WHERE listing_id = ?').bind(paid.body.data.id).first('credit_id')).toBe(credit);
    const third = await json(seller, 'POST', '/api/listings', await carAd(seller, { title: 'Tata Nexon XZ 2020' }));
    expect(third.status).toBe(402);
    expect((await json(seller, 'GET', '/api/business/account')).body.data.credits).toEqual([]);
  });

  it('an expired slot does not count, and the free ad comes back when its 365 days are over (clock moved by back-dating)', async () => {
    const seller = await createUserWithToken();
    const first = await json(seller, 'POST', '/api/listings', await carAd(seller));
    expect(first.status).toBe(201);
    await grantCredit(seller.id, 'ad-slots-5-vehicles-cars', Date.now() - 1);
    expect((await json(seller, 'POST', '/api/listings', await carAd(seller, { title: 'Kia Seltos HTX 2021' }))).status).toBe(402);
    await accountsDb(seller.id).prepare('UPDATE ad_postings SET created_at = ? WHERE listing_id = ?').bind(Date.now() - 366 * DAY, first.body.data.id).run();
    expect((await json(seller, 'POST', '/api/listings', await carAd(seller, { title: 'Kia Seltos HTX 2021' }))).status).toBe(201);
  });

  it('deleting an ad does not give the free ad back', async () => {
    const seller = await createUserWithToken();
    const first = await json(seller, 'POST', '/api/listings', await carAd(seller));
    expect((await json(seller, 'DELETE', `/api/listings/${first.body.data.id}`)).status).toBe(200);
    expect((await json(seller, 'POST', '/api/listings', await carAd(seller))).status).toBe(402);
  });

  it('parallel posts cannot go over the limit or use one slot twice', async () => {
    const seller = await createUserWithToken();
    await grantCredit(seller.id, 'ad-slots-1-vehicles-cars');
    const bodies = await Promise.all([0, 1, 2, 3, 4].map((i) => carAd(seller, { title: `Maruti Baleno Zeta 201${i}` })));
    const results = await Promise.all(bodies.map((b) => json(seller, 'POST', '/api/listings', b)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 402, 402, 402]);
    expect(await countListings('SELECT count(*) AS n FROM listings WHERE user_id = ?', seller.id)).toBe(2);
    expect(await count(`SELECT count(*) AS n FROM media WHERE owner_id = ? AND listing_id IS NOT NULL`, seller.id)).toBe(2);
  });

  it('the account lists every group in catalogue order and needs sign-in', async () => {
    const seller = await createUserWithToken();
    const res = await json(seller, 'GET', '/api/business/account');
    expect(res.status).toBe(200);
    const names = res.body.data.limits.map((l: { name: string }) => l.name);
    expect(names.slice(0, 3)).toEqual(['Vehicles', 'Cars', 'Commercial Vehicles']);
    expect(res.body.data.limits.find((l: { name: string }) => l.name === 'Home & Garden')).toMatchObject({ freeAds: 10, periodDays: 30, used: 0, remaining: 10, resetsAt: null });
    expect((await json(null, 'GET', '/api/business/account')).status).toBe(401);
    // signed in, the packages answer carries where the seller stands
    const pk = await json(seller, 'GET', '/api/business/packages?category=vehicles-cars');
    expect(pk.body.data.limit).toMatchObject({ name: 'Cars', remaining: 1, canPost: true });
  });
});

/** Order, sign in the local checkout, verify: what the browser does. */
const buy = async (seller: Seller, items: { packageId: string; quantity?: number }[]) => {
  const order = await json(seller, 'POST', '/api/business/orders', { items });
  expect(order.status).toBe(201);
  const signed = await json(seller, 'POST', `/api/business/orders/${order.body.data.orderId}/local-checkout`);
  expect(signed.status).toBe(200);
  const verified = await json(seller, 'POST', `/api/business/orders/${order.body.data.orderId}/verify`, signed.body.data);
  expect(verified.status).toBe(200);
  return { order: order.body.data, signed: signed.body.data, verified: verified.body.data };
};

describe('package orders', () => {
  it('prices on the server: subtotal + 18 % GST = total; a client price is ignored; amount in paise', async () => {
    const seller = await createUserWithToken();
    const res = await json(seller, 'POST', '/api/business/orders', {
      items: [
        { packageId: 'ad-slots-1-vehicles-cars', quantity: 2, price: 1 },
        { packageId: 'featured-7d-home-and-garden', quantity: 1 },
      ],
      total: 1,
    });
    expect(res.status).toBe(201);
    // 2 × 399 + 149 = 947; GST 170.46; total 1,117.46
    expect(res.body.data).toMatchObject({ subtotal: 947, gst: 170.46, total: 1117.46, amount: 111746, currency: 'INR', provider: 'local', key: 'local_test_checkout' });
    expect(res.body.data.items).toEqual([
      { packageId: 'ad-slots-1-vehicles-cars', name: '1 extra ad · Cars', type: 'AD_SLOTS', quantity: 2, unitPrice: 399, amount: 798 },
      { packageId: 'featured-7d-home-and-garden', name: 'Featured ad for 7 days · Home & Garden', type: 'FEATURED', quantity: 1, unitPrice: 149, amount: 149 },
    ]);
  });

  it('GST rounds to the nearest paisa, half up', () => {
    expect(gstOn(4900)).toBe(882); // ₹49 → ₹8.82
    expect(gstOn(12_900)).toBe(2322);
    expect(gstOn(1)).toBe(0); // 0.18 paise
    expect(gstOn(3)).toBe(1); // 0.54 paise
    expect(gstOn(25)).toBe(5); // 4.5 paise → 5
    expect(financialYear(Date.UTC(2026, 2, 31, 12))).toBe('2025-26');
    expect(financialYear(Date.UTC(2026, 3, 1, 12))).toBe('2026-27');
    expect(financialYear(Date.UTC(2026, 2, 31, 19))).toBe('2026-27'); // 1 April in India
  });

  it.each([
    [{ items: [{ packageId: 'gold-plan', quantity: 1 }] }, 'There is no package called "gold-plan"'],
    [{ items: [{ packageId: 'ad-slots-1-vehicles-cars', quantity: 0 }] }, 'quantity must be at least 1'],
    [{ items: [{ packageId: 'ad-slots-1-vehicles-cars', quantity: 1.5 }] }, 'quantity must be a whole number from 1 to 20'],
    [{ items: [] }, 'Choose at least one package'],
    [{}, 'items must be a list of {packageId, quantity}'],
  ])('refuses %j with a readable 400 and stores nothing', async (body, message) => {
    const seller = await createUserWithToken();
    const res = await json(seller, 'POST', '/api/business/orders', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: message });
    expect(await countOf(seller.id, 'SELECT count(*) AS n FROM business_orders WHERE user_id = ?', seller.id)).toBe(0);
  });

  it('local checkout → verify: PAID, an invoice number from the gap-free series, credits granted exactly once', async () => {
    const seller = await createUserWithToken();
    const { order, signed, verified } = await buy(seller, [{ packageId: 'ad-slots-5-vehicles-cars' }, { packageId: 'boost-3-vehicles-cars', quantity: 2 }]);
    expect(verified).toMatchObject({ verified: true, credited: true, order: { id: order.orderId, status: 'PAID' } });
    const fy = financialYear(Date.now());
    expect(verified.order.invoiceNumber).toMatch(new RegExp(`^SEL/${fy}/\\d{6}$`));
    const credits = (await json(seller, 'GET', '/api/business/account')).body.data.credits;
    expect(credits.map((c: { packageId: string; quantity: number; remaining: number }) => [c.packageId, c.quantity, c.remaining]).sort()).toEqual([
      ['ad-slots-5-vehicles-cars', 5, 5],
      ['boost-3-vehicles-cars', 6, 6],
    ]);
    // a second verify, a replay, grants nothing more
    const again = await json(seller, 'POST', `/api/business/orders/${order.orderId}/verify`, signed);
    expect(again.body.data).toMatchObject({ credited: false, order: { status: 'PAID', invoiceNumber: verified.order.invoiceNumber } });
    expect(await countOf(seller.id, 'SELECT count(*) AS n FROM seller_credits WHERE user_id = ?', seller.id)).toBe(2);
    // the next paid order takes the next number: no gaps, no repeats
    const next = await buy(seller, [{ packageId: 'boost-1-pets' }]);
    const n = (s: string) => Number(s.split('/')[2]);
    expect(n(next.verified.order.invoiceNumber)).toBe(n(verified.order.invoiceNumber) + 1);
    // an unpaid order takes no number
    await json(seller, 'POST', '/api/business/orders', { items: [{ packageId: 'boost-1-pets' }] });
    const listed = (await json(seller, 'GET', '/api/business/orders')).body.data.orders;
    expect(listed.map((o: { status: string; invoiceNumber?: string }) => [o.status, Boolean(o.invoiceNumber)])).toEqual([
      ['CREATED', false],
      ['PAID', true],
      ['PAID', true],
    ]);
  });

  it('parallel verifies of one order credit once and number one invoice', async () => {
    const seller = await createUserWithToken();
    const order = (await json(seller, 'POST', '/api/business/orders', { items: [{ packageId: 'ad-slots-10-vehicles-cars' }] })).body.data;
    const signed = (await json(seller, 'POST', `/api/business/orders/${order.orderId}/local-checkout`)).body.data;
    const before = await env.DB.prepare('SELECT last_number FROM invoice_counters WHERE financial_year = ?').bind(financialYear(Date.now())).first<number>('last_number');
    const results = await Promise.all([0, 1, 2, 3, 4].map(() => json(seller, 'POST', `/api/business/orders/${order.orderId}/verify`, signed)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.data.credited).length).toBe(1);
    expect(await countOf(seller.id, 'SELECT count(*) AS n FROM seller_credits WHERE user_id = ?', seller.id)).toBe(1);
    const after = await env.DB.prepare('SELECT last_number FROM invoice_counters WHERE financial_year = ?').bind(financialYear(Date.now())).first<number>('last_number');
    expect(after).toBe((before ?? 0) + 1);
  });

  it('a forged signature is a 400 and pays nothing; another user’s order reads as missing', async () => {
    const seller = await createUserWithToken();
    const other = await createUserWithToken();
    const order = (await json(seller, 'POST', '/api/business/orders', { items: [{ packageId: 'ad-slots-1-vehicles-cars' }] })).body.data;
    const forged = await json(seller, 'POST', `/api/business/orders/${order.orderId}/verify`, { razorpay_order_id: order.providerOrderId, razorpay_payment_id: 'pay_x', razorpay_signature: 'ab'.repeat(32) });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ code: 'BAD_SIGNATURE', error: 'Payment verification failed' });
    expect((await json(other, 'POST', `/api/business/orders/${order.orderId}/local-checkout`)).status).toBe(404);
    const signed = (await json(seller, 'POST', `/api/business/orders/${order.orderId}/local-checkout`)).body.data;
    expect((await json(other, 'POST', `/api/business/orders/${order.orderId}/verify`, signed)).status).toBe(404);
    expect((await json(other, 'GET', `/api/business/orders/${order.orderId}`)).status).toBe(404);
    expect((await json(other, 'GET', '/api/business/orders')).body.data.orders).toEqual([]);
    expect(await countOf(seller.id, `SELECT count(*) AS n FROM business_orders WHERE status = 'PAID' AND user_id = ?`, seller.id)).toBe(0);
    expect(await countOf(seller.id, 'SELECT count(*) AS n FROM seller_credits WHERE user_id = ?', seller.id)).toBe(0);
  });

  it('the core path: over the Cars limit → buy a slot → the same ad posts', async () => {
    const seller = await createUserWithToken();
    expect((await json(seller, 'POST', '/api/listings', await carAd(seller))).status).toBe(201);
    const second = await carAd(seller, { title: 'Honda City ZX 2017 petrol' });
    const refused = await json(seller, 'POST', '/api/listings', second);
    expect(refused.status).toBe(402);
    await buy(seller, [{ packageId: refused.body.packages[0].id }]);
    const posted = await json(seller, 'POST', '/api/listings', second);
    expect(posted.status).toBe(201);
    expect((await json(seller, 'GET', '/api/business/account?category=vehicles-cars')).body.data.limits[0]).toMatchObject({ remaining: 0, paidSlots: 0, canPost: false });
  });
});

describe('package orders through Razorpay (stubbed) and its webhook', () => {
  const razorpayEnv = { ...env, RAZORPAY_KEY_ID: 'rzp_test_key', RAZORPAY_KEY_SECRET: 'rzp_secret', RAZORPAY_WEBHOOK_SECRET: 'whsec' };
  const request = async (user: Seller | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await app.request(
      `http://sel.test${path}`,
      { method, headers: { 'content-type': 'application/json', ...(user?.auth ?? {}), ...headers }, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) },
      razorpayEnv,
    );
    return { status: res.status, body: (await res.json()) as any };
  };
  afterEach(() => vi.restoreAllMocks());

  it('the provider gets the server’s total in paise; the webhook credits once, the late verify and a replay add nothing', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      const sent = JSON.parse(String(init?.body)) as { amount: number };
      return Response.json({ id: `order_${crypto.randomUUID().slice(0, 12)}`, amount: sent.amount, currency: 'INR', status: 'created' });
    });
    const seller = await createUserWithToken();
    const order = (await request(seller, 'POST', '/api/business/orders', { items: [{ packageId: 'ad-slots-1-vehicles-cars' }] })).body.data;
    expect(order).toMatchObject({ provider: 'razorpay', key: 'rzp_test_key', amount: 47082 });
    expect(JSON.parse(String(spy.mock.calls[0]![1]!.body))).toMatchObject({ amount: 47082, currency: 'INR' });
    expect((await request(seller, 'POST', `/api/business/orders/${order.orderId}/local-checkout`)).status).toBe(404);
    const raw = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay_bw1', order_id: order.providerOrderId, amount: 47082 } } } });
    const sig = hex(await hmacSha256('whsec', raw));
    const hook = (eventId: string) => request(null, 'POST', '/api/premium/webhook', raw, { 'X-Razorpay-Signature': sig, 'X-Razorpay-Event-Id': eventId });
    expect((await hook('evt_b1')).body.data).toEqual({ received: true, duplicate: false, activated: true });
    expect((await hook('evt_b1')).body.data).toEqual({ received: true, duplicate: true, activated: false });
    expect((await hook('evt_b2')).body.data).toEqual({ received: true, duplicate: false, activated: false });
    const signature = hex(await hmacSha256('rzp_secret', `${order.providerOrderId}|pay_bw1`));
    const late = await request(seller, 'POST', `/api/business/orders/${order.orderId}/verify`, { razorpay_order_id: order.providerOrderId, razorpay_payment_id: 'pay_bw1', razorpay_signature: signature });
    expect(late.body.data).toMatchObject({ verified: true, credited: false, order: { status: 'PAID' } });
    expect(await countOf(seller.id, 'SELECT count(*) AS n FROM seller_credits WHERE user_id = ?', seller.id)).toBe(1);
  });
});

describe('promoting an ad (FEATURED, BOOST)', () => {
  const postCar = async (seller: Seller) => (await json(seller, 'POST', '/api/listings', await carAd(seller))).body.data as { id: string };

  it('FEATURED needs a credit of the ad’s group (402 NO_CREDITS with the packs), then badges the ad for the pack’s days, once per unit', async () => {
    const seller = await createUserWithToken();
    const ad = await postCar(seller);
    const none = await json(seller, 'POST', `/api/listings/${ad.id}/promote`, { type: 'FEATURED' });
    expect(none.status).toBe(402);
    expect(none.body).toMatchObject({ code: 'NO_CREDITS', error: 'You have no Featured package for Cars. Buy one to promote this ad.' });
    expect(none.body.packages.map((p: { id: string }) => p.id)).toEqual(['featured-7d-vehicles-cars', 'featured-15d-vehicles-cars', 'featured-30d-vehicles-cars']);
    // a pack for another group does not count
    await grantCredit(seller.id, 'featured-7d-home-and-garden');
    expect((await json(seller, 'POST', `/api/listings/${ad.id}/promote`, { type: 'FEATURED' })).status).toBe(402);
    await grantCredit(seller.id, 'featured-15d-vehicles-cars');
    const ok = await json(seller, 'POST', `/api/listings/${ad.id}/promote`, { type: 'FEATURED' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ listingId: ad.id, type: 'FEATURED', isFeatured: true, remaining: 0 });
    expect(Date.parse(ok.body.data.featuredUntil) - Date.now()).toBeGreaterThan(14.9 * DAY);
    expect((await call(`/api/listings/${ad.id}`)).body.data.isFeatured).toBe(true);
    expect((await json(seller, 'POST', `/api/listings/${ad.id}/promote`, { type: 'FEATURED' })).status).toBe(402);
  });

  it('the cron ends expired features (clock moved by back-dating)', async () => {
    const seller = await createUserWithToken();
    const ad = await postCar(seller);
    await grantCredit(seller.id, 'featured-7d-vehicles-cars');
    expect((await json(seller, 'POST', `/api/listings/${ad.id}/promote`, { type: 'FEATURED' })).status).toBe(200);
    const { expireFeatured } = await import('../../worker/services/commerce/business');
    expect(await expireFeatured(env, Date.now() + 6 * DAY)).toBe(0);
    expect(await expireFeatured(env, Date.now() + 8 * DAY)).toBeGreaterThanOrEqual(1);
    expect((await call(`/api/listings/${ad.id}`)).body.data.isFeatured).toBe(false);
  });

  it('BOOST puts the ad back on top of newest first', async () => {
    const seller = await createUserWithToken();
    const ad = await postCar(seller);
    await listingDb(ad.id).prepare('UPDATE listings SET created_at = ? WHERE id = ?').bind(Date.now() - 20 * DAY, ad.id).run();
    await grantCredit(seller.id, 'boost-3-vehicles-cars');
    const res = await json(seller, 'POST', `/api/listings/${ad.id}/promote`, { type: 'BOOST' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'BOOST', remaining: 2 });
    // the posting time stays; newest-first sorts by sort_at = coalesce(bumped_at, created_at) (decision 014)
    const row = await listingDb(ad.id).prepare('SELECT created_at, bumped_at, sort_at FROM listings WHERE id = ?').bind(ad.id).first<{ created_at: number; bumped_at: number; sort_at: number }>();
    expect(Date.now() - row!.created_at).toBeGreaterThan(19 * DAY);
    expect(Date.now() - row!.bumped_at).toBeLessThan(60_000);
    expect(row!.sort_at).toBe(row!.bumped_at);
    expect(res.body.data.bumpedAt).toBe(new Date(row!.bumped_at).toISOString());
  });

  it('owner only (403), live ads only (409), bad type 400; a refusal spends nothing', async () => {
    const seller = await createUserWithToken();
    const other = await createUserWithToken();
    const ad = await postCar(seller);
    await grantCredit(seller.id, 'boost-1-vehicles-cars');
    await grantCredit(other.id, 'boost-1-vehicles-cars');
    expect((await json(other, 'POST', `/api/listings/${ad.id}/promote`, { type: 'BOOST' })).status).toBe(403);
    expect((await json(null, 'POST', `/api/listings/${ad.id}/promote`, { type: 'BOOST' })).status).toBe(401);
    const bad = await json(seller, 'POST', `/api/listings/${ad.id}/promote`, { type: 'GOLD' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('type must be FEATURED or BOOST');
    expect((await json(seller, 'POST', `/api/listings/${ad.id}/status`, { status: 'INACTIVE' })).status).toBe(200);
    const hidden = await json(seller, 'POST', `/api/listings/${ad.id}/promote`, { type: 'BOOST' });
    expect(hidden.status).toBe(409);
    expect(await countOf(seller.id, 'SELECT count(*) AS n FROM listing_promotions WHERE listing_id = ?', ad.id)).toBe(0);
  });
});
