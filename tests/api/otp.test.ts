import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from 'cloudflare:workers';
import { call } from './helpers';
import { createUser, otpDb, userRowsDb } from '../factories';

let seq = 0;
/** A fresh valid Indian mobile number and client IP per use, so limits never leak between tests. */
const freshPhone = () => `9${String(700_000_000 + ++seq * 7919).padStart(9, '0')}`;
const freshIp = () => `203.0.113.${++seq % 250}`;

const post = (path: string, body: unknown, ip = freshIp()) =>
  call(path, { method: 'POST', headers: { 'content-type': 'application/json', 'CF-Connecting-IP': ip }, body: JSON.stringify(body) });

/** Reads the latest code sent to a phone from the dev outbox, as a developer would. */
const codeFor = async (phone: string) => {
  const { body } = await call('/api/dev/outbox');
  const sms = body.data.find((m: { to: string; channel: string }) => m.to === phone && m.channel === 'sms');
  return sms?.body.match(/\b(\d{6})\b/)?.[1] as string;
};

afterEach(() => vi.useRealTimers());

describe('phone OTP sign-up and login', () => {
  it('registers a new number, then logs in with a second code', async () => {
    const phone = freshPhone();
    const sent = await post('/api/auth/send-otp', { phone: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`, type: 'REGISTER' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ success: true, message: 'OTP sent to your phone number', data: { resendIn: 30, expiresIn: 600 } });
    const code = await codeFor(phone);
    expect(code).toMatch(/^\d{6}$/);
    const row = await (await otpDb(phone)).prepare('SELECT code_hash FROM otp_challenges WHERE phone = ?').bind(phone).first<{ code_hash: string }>();
    expect(row?.code_hash).not.toContain(code); // stored hashed

    const verified = await post('/api/auth/verify-otp', { phone, otp: code, type: 'REGISTER', firstName: 'Kiran', lastName: 'Rao' });
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe('Registration successful!');
    expect(verified.body.data).toMatchObject({ isNewUser: true, user: { phone, firstName: 'Kiran', lastName: 'Rao', phoneVerified: true, isVerified: true } });
    expect((await call('/api/auth/profile', { headers: { authorization: `Bearer ${verified.body.data.token}` } })).status).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31_000);
    const again = await post('/api/auth/send-otp', { phone, type: 'LOGIN' });
    expect(again.status).toBe(200);
    const login = await post('/api/auth/verify-otp', { phone, otp: await codeFor(phone), type: 'LOGIN' });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ message: 'Login successful!', data: { isNewUser: false, user: { id: verified.body.data.user.id } } });
  });

  it('LOGIN for an unknown number says "No account found" (the client retries as REGISTER)', async () => {
    const res = await post('/api/auth/send-otp', { phone: freshPhone(), type: 'LOGIN' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NO_ACCOUNT', error: 'No account found with this phone number' });
  });

  it('REGISTER for a known number says it exists', async () => {
    const phone = freshPhone();
    await createUser({ phone });
    const res = await post('/api/auth/send-otp', { phone, type: 'REGISTER' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('User already exists with this phone number');
  });

  it('verify as REGISTER when the number got an account meanwhile answers "User already exists"', async () => {
    const phone = freshPhone();
    await post('/api/auth/send-otp', { phone, type: 'REGISTER' });
    const code = await codeFor(phone);
    await createUser({ phone });
    const res = await post('/api/auth/verify-otp', { phone, otp: code, type: 'REGISTER', firstName: 'Kiran' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'PHONE_TAKEN', error: 'User already exists' });
  });

  it('verify as LOGIN for a number with no account is a 404 "User not found"', async () => {
    const phone = freshPhone();
    await post('/api/auth/send-otp', { phone, type: 'REGISTER' });
    const res = await post('/api/auth/verify-otp', { phone, otp: await codeFor(phone), type: 'LOGIN' });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('User not found');
  });

  it.each([
    ['', 'Please enter your phone number'],
    ['12345', 'Please enter a valid 10-digit phone number'],
    ['5876543210', 'Please enter a valid 10-digit phone number'],
    ['98765432100', 'Please enter a valid 10-digit phone number'],
    ['+1 415 555 0100', 'Please enter a valid 10-digit phone number'],
  ])('refuses the phone "%s"', async (phone, message) => {
    const res = await post('/api/auth/send-otp', { phone, type: 'REGISTER' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('refuses a malformed code before looking it up', async () => {
    for (const otp of ['12345', '1234567', 'abcdef', '']) {
      const res = await post('/api/auth/verify-otp', { phone: freshPhone(), otp, type: 'LOGIN' });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Please enter a valid 6-digit OTP');
    }
  });
});

describe('OTP rules', () => {
  const sendFresh = async () => {
    const phone = freshPhone();
    expect((await post('/api/auth/send-otp', { phone, type: 'REGISTER' })).status).toBe(200);
    return { phone, code: await codeFor(phone) };
  };
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('a code works once', async () => {
    const { phone, code } = await sendFresh();
    expect((await post('/api/auth/verify-otp', { phone, otp: code, type: 'REGISTER', firstName: 'Kiran' })).status).toBe(200);
    const reuse = await post('/api/auth/verify-otp', { phone, otp: code, type: 'LOGIN' });
    expect(reuse.status).toBe(400);
    expect(reuse.body).toMatchObject({ code: 'OTP_INVALID', error: 'Invalid or expired OTP. Please try again.' });
  });

  it('a code expires after 10 minutes (time travel)', async () => {
    const { phone, code } = await sendFresh();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1_000);
    const res = await post('/api/auth/verify-otp', { phone, otp: code, type: 'REGISTER', firstName: 'Kiran' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid or expired OTP. Please try again.');
  });

  it('five wrong tries kill the code; the right one fails afterwards', async () => {
    const { phone, code } = await sendFresh();
    for (let i = 0; i < 4; i++) {
      const res = await post('/api/auth/verify-otp', { phone, otp: wrong(code), type: 'REGISTER', firstName: 'Kiran' });
      expect(res.body.code).toBe('OTP_INVALID');
    }
    const fifth = await post('/api/auth/verify-otp', { phone, otp: wrong(code), type: 'REGISTER', firstName: 'Kiran' });
    expect(fifth.body.code).toBe('OTP_ATTEMPTS_EXCEEDED');
    const sixth = await post('/api/auth/verify-otp', { phone, otp: code, type: 'REGISTER', firstName: 'Kiran' });
    expect(sixth.status).toBe(400);
    expect(sixth.body.error).toBe('Invalid or expired OTP. Please try again.');
  });

  it('parallel guesses cannot beat the attempt counter', async () => {
    const { phone, code } = await sendFresh();
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    await Promise.all(guesses.map((otp) => post('/api/auth/verify-otp', { phone, otp, type: 'REGISTER', firstName: 'Kiran' })));
    const row = await (await otpDb(phone)).prepare('SELECT attempts FROM otp_challenges WHERE phone = ? ORDER BY created_at DESC').bind(phone).first<{ attempts: number }>();
    expect(row?.attempts).toBe(5);
    expect((await post('/api/auth/verify-otp', { phone, otp: code, type: 'REGISTER', firstName: 'Kiran' })).status).toBe(400);
  });

  it('a code for one phone does not work for another', async () => {
    const a = await sendFresh();
    const b = await sendFresh();
    const res = await post('/api/auth/verify-otp', { phone: b.phone, otp: a.code === b.code ? wrong(a.code) : a.code, type: 'REGISTER', firstName: 'Kiran' });
    expect(res.status).toBe(400);
  });

  it('resend inside 30 s is refused with "Please wait", and a resend replaces the old code', async () => {
    const { phone, code } = await sendFresh();
    const early = await post('/api/auth/resend-otp', { phone, type: 'REGISTER' });
    expect(early.status).toBe(400);
    expect(early.body.code).toBe('OTP_COOLDOWN');
    expect(early.body.error).toMatch(/^Please wait \d+ seconds before requesting another OTP$/);
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(0);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 30_500);
    const later = await post('/api/auth/resend-otp', { phone, type: 'REGISTER' });
    expect(later.status).toBe(200);
    expect(later.body.message).toBe('OTP resent successfully');
    const newCode = await codeFor(phone);
    if (newCode !== code) expect((await post('/api/auth/verify-otp', { phone, otp: code, type: 'REGISTER', firstName: 'Kiran' })).status).toBe(400);
    expect((await post('/api/auth/verify-otp', { phone, otp: newCode, type: 'REGISTER', firstName: 'Kiran' })).status).toBe(200);
  });

  it('at most 5 sends per phone per hour', async () => {
    const phone = freshPhone();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      vi.setSystemTime(start + i * 31_000);
      statuses.push((await post('/api/auth/send-otp', { phone, type: 'REGISTER' })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const sent = await env.DB.prepare(`SELECT count(*) AS n FROM dev_outbox WHERE recipient = ?`).bind(phone).first<{ n: number }>();
    expect(sent?.n).toBe(5);
  });

  it('caps sends per network (IP) across many numbers', async () => {
    const ip = '198.18.0.9';
    const statuses: number[] = [];
    // a handful a minute from one address (account look-ups, decision 006), then a 429
    for (let i = 0; i < 11; i++) statuses.push((await post('/api/auth/send-otp', { phone: freshPhone(), type: 'REGISTER' }, ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('deactivated and blocked numbers are refused with the spec messages', async () => {
    const phone = freshPhone();
    const user = await createUser({ phone, status: 'DEACTIVATED' });
    const deactivated = await post('/api/auth/send-otp', { phone, type: 'LOGIN' });
    expect(deactivated.status).toBe(401);
    expect(deactivated.body.error).toBe('Your account has been deactivated. Please contact support.');
    await userRowsDb(user.id).prepare(`UPDATE users SET status = 'BLOCKED' WHERE id = ?`).bind(user.id).run();
    const blocked = await post('/api/auth/send-otp', { phone, type: 'LOGIN' });
    expect(blocked.body.error).toBe('Your account has been blocked. Please contact support for assistance.');
  });
});
