import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { call } from './helpers';
import { createUserWithToken, userRowsDb } from '../factories';

const post = (path: string, auth: Record<string, string> | null, body: unknown) =>
  call(path, { method: 'POST', headers: { 'content-type': 'application/json', ...(auth ?? {}) }, body: JSON.stringify(body) });

/** The latest code e-mailed to an address, read from the dev outbox as a developer would. */
const mailedCode = async (to: string) => {
  const row = await env.DB.prepare(`SELECT body FROM dev_outbox WHERE channel = 'email' AND recipient = ? ORDER BY created_at DESC, id DESC LIMIT 1`)
    .bind(to)
    .first<{ body: string }>();
  return /(\d{6}) is your code/.exec(row?.body ?? '')?.[1];
};

const emailOf = async (id: string) =>
  userRowsDb(id).prepare('SELECT email, email_verified AS verified FROM users WHERE id = ?').bind(id).first<{ email: string | null; verified: number }>();

describe('verifying the e-mail address from the profile', () => {
  it('e-mails a code; the right code verifies the address, a wrong one is refused with a message', async () => {
    const user = await createUserWithToken({ firstName: 'Mail' });
    const sent = await post('/api/auth/email/send-code', user.auth, {});
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ email: user.email, expiresIn: 600 });
    const code = await mailedCode(user.email!);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await post('/api/auth/email/verify', user.auth, { code: code === '111111' ? '222222' : '111111' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ success: false, code: 'EMAIL_CODE_INVALID', error: expect.stringContaining('wrong or has expired') });
    expect((await emailOf(user.id))?.verified).toBe(0);

    const ok = await post('/api/auth/email/verify', user.auth, { code });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ id: user.id, emailVerified: true });
    expect((await emailOf(user.id))?.verified).toBe(1);
    // the profile's step is done: asking again says so
    const again = await post('/api/auth/email/send-code', user.auth, {});
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('EMAIL_ALREADY_VERIFIED');
  });

  it('an account signed up by phone adds its address here; an address of another account is refused', async () => {
    const phoneOnly = await createUserWithToken({ firstName: 'Phone', email: null, phone: `98${String(Date.now()).slice(-8)}` });
    const none = await post('/api/auth/email/send-code', phoneOnly.auth, {});
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('EMAIL_REQUIRED');

    const other = await createUserWithToken({ firstName: 'Taken' });
    const taken = await post('/api/auth/email/send-code', phoneOnly.auth, { email: other.email!.toUpperCase() });
    expect(taken.status).toBe(409);
    expect((await emailOf(phoneOnly.id))?.email).toBeNull();

    const address = `phone.${Date.now()}@example.in`;
    const sent = await post('/api/auth/email/send-code', phoneOnly.auth, { email: ` ${address.toUpperCase()} ` });
    expect(sent.status).toBe(200);
    expect(sent.body.data.email).toBe(address);
    expect(await emailOf(phoneOnly.id)).toEqual({ email: address, verified: 0 });
    const ok = await post('/api/auth/email/verify', phoneOnly.auth, { code: await mailedCode(address) });
    expect(ok.body.data).toMatchObject({ email: address, emailVerified: true });
  });

  it('refuses bad input with clear 4xx messages and guests with 401', async () => {
    const user = await createUserWithToken({ firstName: 'Bad' });
    for (const body of [{ code: '12345' }, { code: 'abcdef' }, {}, { code: 123456 }]) {
      const res = await post('/api/auth/email/verify', user.auth, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: expect.any(String), code: expect.any(String) });
    }
    expect((await post('/api/auth/email/send-code', user.auth, { email: 'not-an-address' })).status).toBe(400);
    expect((await post('/api/auth/email/send-code', user.auth, { email: 'a@b.in', isVerified: true })).status).toBe(400);
    expect((await post('/api/auth/email/send-code', null, {})).status).toBe(401);
    expect((await post('/api/auth/email/verify', null, { code: '123456' })).status).toBe(401);
  });
});
