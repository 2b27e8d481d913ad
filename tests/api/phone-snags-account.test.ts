import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from 'cloudflare:workers';
import { call } from './helpers';
import { createListing, createUserWithToken, listingDb, sharded, userRowsDb } from '../factories';

let seq = 0;
const freshPhone = () => `8${String(600_000_000 + ++seq * 7331).padStart(9, '0')}`;
const freshIp = () => `198.51.100.${++seq % 250}`;

const post = (path: string, body: unknown, ip = freshIp(), headers: Record<string, string> = {}) =>
  call(path, { method: 'POST', headers: { 'content-type': 'application/json', 'CF-Connecting-IP': ip, ...headers }, body: JSON.stringify(body) });

const codeFor = async (phone: string) => {
  const { body } = await call('/api/dev/outbox');
  const sms = body.data.find((m: { to: string; channel: string }) => m.to === phone && m.channel === 'sms');
  return sms?.body.match(/\b(\d{6})\b/)?.[1] as string;
};

afterEach(() => vi.useRealTimers());

describe('a phone sign-up has a name people can tell apart (decision 024)', () => {
  it('refuses a new account without a first name, keeps the code usable, and shows the name given', async () => {
    const phone = freshPhone();
    expect((await post('/api/auth/send-otp', { phone, type: 'REGISTER' })).status).toBe(200);
    const code = await codeFor(phone);
    const nameless = await post('/api/auth/verify-otp', { phone, otp: code, type: 'REGISTER' });
    expect(nameless.status).toBe(400);
    expect(nameless.body.code).toBe('VALIDATION_ERROR');
    expect(nameless.body.issues).toEqual([expect.objectContaining({ path: 'firstName', message: expect.stringContaining('tell us your name') })]);
    const hindi = await post('/api/auth/verify-otp', { phone, otp: code, type: 'REGISTER', firstName: '  ' }, freshIp(), { 'accept-language': 'hi-IN' });
    expect(hindi.status).toBe(400);
    // the code was not used up by the refusals
    const named = await post('/api/auth/verify-otp', { phone, otp: code, type: 'REGISTER', firstName: 'Ravi' });
    expect(named.status).toBe(200);
    expect(named.body.data.user.firstName).toBe('Ravi');
    // signing in needs no name
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31_000);
    expect((await post('/api/auth/send-otp', { phone, type: 'LOGIN' })).status).toBe(200);
    expect((await post('/api/auth/verify-otp', { phone, otp: await codeFor(phone), type: 'LOGIN' })).status).toBe(200);
  });
});

describe('the OTP limit says how long to wait', () => {
  it('answers 429 with Retry-After and the minutes left, in English and Hindi', async () => {
    const phone = freshPhone();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    for (let i = 0; i < 5; i++) {
      vi.setSystemTime(start + i * 31_000);
      expect((await post('/api/auth/send-otp', { phone, type: 'REGISTER' })).status).toBe(200);
    }
    // the window is an hour from the first send; 5 × 31 s have passed, so 58 minutes remain (rounded up)
    vi.setSystemTime(start + 5 * 31_000);
    const limited = await post('/api/auth/send-otp', { phone, type: 'REGISTER' });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(57 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(limited.body.error).toBe(`Too many OTP requests for this number. Please try again in ${Math.ceil(retryAfter / 60)} min.`);
    const hindi = await post('/api/auth/send-otp', { phone, type: 'REGISTER' }, freshIp(), { 'accept-language': 'hi-IN' });
    expect(hindi.status).toBe(429);
    expect(hindi.body.error).toMatch(/^इस नंबर के लिए बहुत सारे OTP माँगे गए। कृपया \d+ मिनट बाद फिर कोशिश करें।$/);
  });
});

describe('a phone-only account is not offered daily e-mails', () => {
  const send = (auth: Record<string, string>, method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    call(path, { method, headers: { 'content-type': 'application/json', ...auth, ...headers }, body: JSON.stringify(body) });

  it('refuses a daily alert without an e-mail address (409 EMAIL_REQUIRED), on save and on change; instant and off still work', async () => {
    const phoneOnly = await createUserWithToken({ email: null, phone: '9811122233', phoneVerified: true });
    const daily = await send(phoneOnly.auth, 'POST', '/api/saved-searches', { query: { q: 'activa' }, alert: 'daily' });
    expect(daily.status).toBe(409);
    expect(daily.body).toMatchObject({ success: false, code: 'EMAIL_REQUIRED', error: expect.stringContaining('no e-mail address on your account') });
    const hindi = await send(phoneOnly.auth, 'POST', '/api/saved-searches', { query: { q: 'activa' }, alert: 'daily' }, { 'accept-language': 'hi-IN' });
    expect(hindi.body.error).toContain('ईमेल');

    const instant = await send(phoneOnly.auth, 'POST', '/api/saved-searches', { query: { q: 'activa' }, alert: 'instant' });
    expect(instant.status).toBe(201);
    const id = instant.body.data.id as string;
    const toDaily = await send(phoneOnly.auth, 'PUT', `/api/saved-searches/${id}`, { alert: 'daily' });
    expect(toDaily.status).toBe(409);
    expect(toDaily.body.code).toBe('EMAIL_REQUIRED');
    // nothing half-written: the search keeps its alert
    const list = await call('/api/saved-searches', { headers: phoneOnly.auth });
    expect(list.body.data).toEqual([expect.objectContaining({ id, alert: 'instant' })]);
    expect((await send(phoneOnly.auth, 'PUT', `/api/saved-searches/${id}`, { alert: 'off', name: 'Scooty' })).status).toBe(200);

    // an account with an address may choose daily
    const withEmail = await createUserWithToken();
    expect((await send(withEmail.auth, 'POST', '/api/saved-searches', { query: { q: 'activa' }, alert: 'daily' })).status).toBe(201);
  });
});

describe('unpaid package orders: Pay later or Remove, never half done', () => {
  const send = (auth: Record<string, string>, method: string, path: string, body?: unknown) =>
    call(path, { method, headers: { 'content-type': 'application/json', ...auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

  it('resumes the same order and amount, removes it from My Orders, and a late payment still credits it', async () => {
    const seller = await createUserWithToken();
    const created = await send(seller.auth, 'POST', '/api/business/orders', { items: [{ packageId: 'ad-slots-1-vehicles-cars', quantity: 1 }] });
    expect(created.status).toBe(201);
    const id = created.body.data.orderId as string;

    const resumed = await send(seller.auth, 'POST', `/api/business/orders/${id}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.body.data).toMatchObject({ orderId: id, providerOrderId: created.body.data.providerOrderId, amount: created.body.data.amount, total: created.body.data.total });

    // the checkout is signed before the order is removed: its payment is already on its way
    const signed = await send(seller.auth, 'POST', `/api/business/orders/${id}/local-checkout`);
    expect(signed.status).toBe(200);

    const removed = await send(seller.auth, 'DELETE', `/api/business/orders/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ removed: true, id });
    expect((await send(seller.auth, 'GET', '/api/business/orders')).body.data.orders).toEqual([]);
    expect((await send(seller.auth, 'POST', `/api/business/orders/${id}/resume`)).status).toBe(404);
    expect((await send(seller.auth, 'DELETE', `/api/business/orders/${id}`)).status).toBe(404);
    const account = await send(seller.auth, 'GET', '/api/business/account');
    expect(account.body.data.credits).toEqual([]);

    // the money wins: the late payment pays and credits the removed order, which shows again as paid
    const verified = await send(seller.auth, 'POST', `/api/business/orders/${id}/verify`, signed.body.data);
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ credited: true, order: { id, status: 'PAID' } });
    expect((await send(seller.auth, 'GET', '/api/business/orders')).body.data.orders).toEqual([expect.objectContaining({ id, status: 'PAID' })]);

    // a paid order stays: it has an invoice
    const paidRemove = await send(seller.auth, 'DELETE', `/api/business/orders/${id}`);
    expect(paidRemove.status).toBe(409);
    expect(paidRemove.body).toMatchObject({ code: 'ORDER_ALREADY_PAID', error: 'A paid order cannot be removed: it has an invoice.' });
    expect((await send(seller.auth, 'POST', `/api/business/orders/${id}/resume`)).status).toBe(409);
  });
});

describe('moderation: a ban says why; names in the audit log; nobody decides on their own ad', () => {
  const send = (auth: Record<string, string> | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    call(path, { method, headers: { 'content-type': 'application/json', ...(auth ?? {}), ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const withRole = async (role: 'MODERATOR' | 'ADMIN', firstName: string) => {
    const u = await createUserWithToken({ firstName, lastName: 'Staff' });
    await userRowsDb(u.id).prepare('UPDATE users SET role = ? WHERE id = ?').bind(role, u.id).run();
    return u;
  };

  it('a banned person is told the reason: on their live session (401) and at sign-in (403), in Hindi too', async () => {
    const admin = await withRole('ADMIN', 'Asha');
    const email = `ban.reason.${Date.now()}@example.in`;
    const reg = await send(null, 'POST', '/api/auth/register', { email, password: 'mango2024', firstName: 'Vikram' }, { 'CF-Connecting-IP': '203.0.113.91' });
    expect(reg.status).toBe(201);
    const session = { authorization: `Bearer ${reg.body.data.token}` };
    expect((await send(admin.auth, 'POST', `/api/admin/users/${reg.body.data.user.id}/ban`, { reason: 'Selling counterfeit phones' })).status).toBe(200);

    const live = await send(session, 'GET', '/api/auth/profile');
    expect(live.status).toBe(401);
    expect(live.body).toMatchObject({ code: 'ACCOUNT_BANNED', banReason: 'Selling counterfeit phones' });
    expect(live.body.error).toMatch(/suspended.*Reason: Selling counterfeit phones$/);
    const signIn = await send(null, 'POST', '/api/auth/login', { email, password: 'mango2024' }, { 'CF-Connecting-IP': '203.0.113.92', 'accept-language': 'hi-IN' });
    expect(signIn.status).toBe(403);
    expect(signIn.body.error).toMatch(/^SEL के नियम तोड़ने के कारण .* कारण: Selling counterfeit phones$/);

    // the audit log names the banned person and the admin, not just their ids
    const audit = await send(admin.auth, 'GET', '/api/admin/audit');
    expect(audit.body.data.entries.find((e: { targetId: string }) => e.targetId === reg.body.data.user.id)).toMatchObject({ action: 'BAN', targetId: reg.body.data.user.id, targetName: 'Vikram Reason', actor: { firstName: 'Asha' } });
  });

  it('a moderator cannot approve or reject their own held ad (403 OWN_LISTING); another moderator can, and the log shows the title', async () => {
    const mod = await withRole('MODERATOR', 'Mohan');
    const other = await withRole('MODERATOR', 'Nisha');
    const ad = await createListing({ id: mod.id }, { title: 'Moderator own scooter', status: 'PENDING' });
    await listingDb(ad.id).prepare(`UPDATE listings SET held_reason = 'REPORTED', held_at = ? WHERE id = ?`).bind(Date.now(), ad.id).run();

    for (const action of ['APPROVE', 'REJECT']) {
      const own = await send(mod.auth, 'POST', `/api/admin/listings/${ad.id}/decision`, { action, reason: 'looks fine to me' });
      expect(own.status, action).toBe(403);
      expect(own.body).toMatchObject({ code: 'OWN_LISTING', error: 'You cannot decide on your own ad. Another moderator will review it.' });
    }
    const row = await listingDb(ad.id).prepare('SELECT status FROM listings WHERE id = ?').bind(ad.id).first<{ status: string }>();
    expect(row?.status).toBe('PENDING');

    expect((await send(other.auth, 'POST', `/api/admin/listings/${ad.id}/decision`, { action: 'APPROVE', reason: 'looks fine' })).status).toBe(200);
    const audit = await send(other.auth, 'GET', '/api/admin/audit');
    expect(audit.body.data.entries.find((e: { targetId: string }) => e.targetId === ad.id)).toMatchObject({ action: 'APPROVE', targetId: ad.id, targetName: 'Moderator own scooter' });
  });
});
