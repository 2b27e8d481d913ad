import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from 'cloudflare:workers';
import { SignJWT } from 'jose';
import { call } from './helpers';
import { createListing, createUser, listingDb, userRowsDb, onUserDbs } from '../factories';

let ipCounter = 0;
/** Each test gets its own client IP so per-IP limits of one test do not leak into another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(path, { method: 'POST', headers: { 'content-type': 'application/json', 'CF-Connecting-IP': freshIp(), ...headers }, body: JSON.stringify(body) });
const authed = (token: string, init: RequestInit = {}) => ({ ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } });

const registerUser = async (email = `asha.${crypto.randomUUID().slice(0, 8)}@example.in`, password = 'mango2024') => {
  const res = await post('/api/auth/register', { email, password });
  expect(res.status).toBe(201);
  return { email, password, token: res.body.data.token as string, user: res.body.data.user };
};

afterEach(() => {
  vi.useRealTimers();
});

describe('register and login with e-mail', () => {
  it('registers, deriving username and names from the e-mail as the spec says', async () => {
    const res = await post('/api/auth/register', { email: '  Priya.Nair@Example.IN ', password: 'kochi2024!' });
    expect(res.status).toBe(201);
    expect(res.body.data.user).toMatchObject({ email: 'priya.nair@example.in', username: 'priya.nair', firstName: 'Priya', lastName: 'Nair', isVerified: false });
    expect(res.body.data.token.split('.')).toHaveLength(3);
    const [row] = await onUserDbs<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = ?', 'priya.nair@example.in');
    expect(row?.password_hash).toMatch(/^pbkdf2-sha256\$100000\$[\w-]+\$[\w-]+$/);
    expect(row?.password_hash).not.toContain('kochi2024');
  });

  it('keeps names the user typed', async () => {
    const res = await post('/api/auth/register', { email: 'x@example.in', password: 'abcd1234', firstName: 'Rahul', lastName: 'Verma', username: 'rahul_v' });
    expect(res.body.data.user).toMatchObject({ firstName: 'Rahul', lastName: 'Verma', username: 'rahul_v' });
  });

  it('refuses a duplicate e-mail, whatever its case', async () => {
    const { email } = await registerUser();
    const res = await post('/api/auth/register', { email: email.toUpperCase(), password: 'other1234' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'EMAIL_TAKEN', error: 'An account with this email already exists' });
  });

  it.each([
    [{ email: 'a@example.in' }, 'Please enter both email and password'],
    [{ password: 'abcd1234' }, 'Please enter both email and password'],
    [{ email: 'not-an-email', password: 'abcd1234' }, 'Please enter a valid email address'],
    [{ email: 'a@example.in', password: 'short1' }, 'Password must be 8 to 128 characters and contain at least one letter and one number'],
    [{ email: 'a@example.in', password: 'onlyletters' }, 'at least one letter and one number'],
    [{ email: 'a@example.in', password: '12345678' }, 'at least one letter and one number'],
    [{ email: 'a@example.in', password: 'abcd1234', username: 'a b' }, 'Username must be 3 to 30 characters'],
  ])('rejects %j', async (body, message) => {
    const res = await post('/api/auth/register', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
  });

  it('rejects malformed JSON with a 400', async () => {
    const res = await call('/api/auth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });

  it('logs in with the right password only, with one message for wrong password and unknown e-mail', async () => {
    const { email, password } = await registerUser();
    const ok = await post('/api/auth/login', { email: email.toUpperCase(), password });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.email).toBe(email);
    const wrong = await post('/api/auth/login', { email, password: 'wrong1234' });
    const unknown = await post('/api/auth/login', { email: 'nobody@example.in', password });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'INVALID_CREDENTIALS', error: 'Invalid email or password' });
    }
  });

  it('refuses deactivated and blocked accounts with the spec messages', async () => {
    const { email, password } = await registerUser();
    await onUserDbs(`UPDATE users SET status = 'DEACTIVATED' WHERE email = ?`, email);
    const deactivated = await post('/api/auth/login', { email, password });
    expect(deactivated.status).toBe(401);
    expect(deactivated.body.error).toBe('Your account has been deactivated. Please contact support.');
    await onUserDbs(`UPDATE users SET status = 'BLOCKED' WHERE email = ?`, email);
    const blocked = await post('/api/auth/login', { email, password });
    expect(blocked.body.error).toBe('Your account has been blocked. Please contact support for assistance.');
  });

  it('slows password guessing from one network (429 with Retry-After after 5 wrong passwords), without locking the owner out', async () => {
    const { email, password } = await registerUser();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 7; i++) {
      last = await post('/api/auth/login', { email, password: `guess${i}xyz1` }, { 'CF-Connecting-IP': '198.51.100.200' });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses[6]).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.body.code).toBe('RATE_LIMITED');
    // the owner, elsewhere, signs in at once
    const owner = await post('/api/auth/login', { email, password }, { 'CF-Connecting-IP': '203.0.113.90' });
    expect(owner.status).toBe(200);
  });

  it('rate limits sign-ups per network', async () => {
    const ip = '192.0.2.77';
    const results: number[] = [];
    for (let i = 0; i < 11; i++) {
      results.push((await post('/api/auth/register', { email: `bulk${i}@example.in`, password: 'abcd1234' }, { 'CF-Connecting-IP': ip })).status);
    }
    expect(results.filter((s) => s === 201)).toHaveLength(10);
    expect(results[10]).toBe(429);
  });
});

describe('tokens', () => {
  it('profile needs a valid token', async () => {
    const { token, user } = await registerUser();
    const ok = await call('/api/auth/profile', authed(token));
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ id: user.id, email: user.email });
    const none = await call('/api/auth/profile');
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('AUTH_REQUIRED');
  });

  const secret = () => new TextEncoder().encode(env.JWT_SECRET);
  const forge = (claims: Record<string, unknown>, opts: { alg?: string; iss?: string; aud?: string; exp?: number; key?: Uint8Array } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: opts.alg ?? 'HS256' })
      .setIssuer(opts.iss ?? env.JWT_ISSUER)
      .setAudience(opts.aud ?? env.JWT_AUDIENCE)
      .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 3600)
      .sign(opts.key ?? secret());

  it.each([
    ['garbage', async () => 'not.a.token'],
    ['two parts', async () => 'abc.def'],
    ['bad signature', async (sub: string) => forge({ sub, sid: 's', tv: 0 }, { key: new TextEncoder().encode('another-secret-another-secret!!') })],
    ['wrong audience', async (sub: string) => forge({ sub, sid: 's', tv: 0 }, { aud: 'someone-else' })],
    ['wrong issuer', async (sub: string) => forge({ sub, sid: 's', tv: 0 }, { iss: 'evil' })],
    ['expired', async (sub: string) => forge({ sub, sid: 's', tv: 0 }, { exp: Math.floor(Date.now() / 1000) - 10 })],
    ['alg none', async (sub: string) => {
      const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
      return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub, sid: 's', tv: 0, iss: env.JWT_ISSUER, aud: env.JWT_AUDIENCE, exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
    }],
    ['HS512 algorithm switch', async (sub: string) => forge({ sub, sid: 's', tv: 0 }, { alg: 'HS512' })],
    ['missing claims', async (sub: string) => forge({ sub })],
    ['unknown user', async () => forge({ sub: 'usr_ghost', sid: 's', tv: 0 })],
  ])('rejects a token that is %s', async (_name, make) => {
    const { user } = await registerUser();
    const token = await make(user.id);
    const res = await call('/api/auth/profile', authed(token));
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });

  it('expires tokens after 7 days (time travel)', async () => {
    const { token } = await registerUser();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 7 * 24 * 3600 * 1000 + 60_000);
    const res = await call('/api/auth/profile', authed(token));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('TOKEN_EXPIRED');
  });

  it('logout from all devices kills every earlier token at once and counts the sessions', async () => {
    const { email, password, token: first } = await registerUser();
    const second = (await post('/api/auth/login', { email, password })).body.data.token;
    const third = (await post('/api/auth/login', { email, password })).body.data.token;
    const res = await call('/api/auth/logout-all-devices', authed(second, { method: 'POST' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ loggedOutDevices: 3 });
    for (const t of [first, second, third]) {
      const after = await call('/api/auth/profile', authed(t));
      expect(after.status).toBe(401);
      expect(after.body.code).toBe('SESSION_REVOKED');
    }
    const fresh = await post('/api/auth/login', { email, password });
    expect((await call('/api/auth/profile', authed(fresh.body.data.token))).status).toBe(200);
  });

  it('a blocked user’s existing token stops working', async () => {
    const { token, user } = await registerUser();
    await userRowsDb(user.id).prepare(`UPDATE users SET status = 'BLOCKED' WHERE id = ?`).bind(user.id).run();
    const res = await call('/api/auth/profile', authed(token));
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Your account has been blocked. Please contact support for assistance.');
  });
});

describe('profile update', () => {
  it('changes only the allowed fields and ignores server-owned ones', async () => {
    const { token, user } = await registerUser();
    const res = await call(
      '/api/auth/profile',
      authed(token, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          firstName: 'Meera',
          businessName: 'Meera Mobiles',
          isVerified: true,
          status: 'ACTIVE',
          email: 'hijack@example.in',
          phone: '9999999999',
          tokenVersion: 99,
          id: 'usr_other',
          createdAt: '2000-01-01',
        }),
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: user.id, firstName: 'Meera', businessName: 'Meera Mobiles', isVerified: false, email: user.email, phone: null });
    const row = await userRowsDb(user.id).prepare('SELECT token_version, is_verified, email FROM users WHERE id = ?').bind(user.id).first();
    expect(row).toEqual({ token_version: 0, is_verified: 0, email: user.email });
  });

  it('validates fields and refuses an empty update', async () => {
    const { token } = await registerUser();
    const put = (body: unknown) => call('/api/auth/profile', authed(token, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    expect((await put({})).status).toBe(400);
    expect((await put({ firstName: '' })).body.error).toBe('First name is required');
    expect((await put({ avatar: 'javascript:alert(1)' })).body.error).toBe('Avatar must be an https:// image URL or an uploaded photo');
    expect((await put({ firstName: 'x'.repeat(51) })).body.error).toBe('First name must be at most 50 characters');
  });
});

describe('delete account', () => {
  it('wipes personal data, takes listings down and kills tokens', async () => {
    const { token, user, email, password } = await registerUser();
    await userRowsDb(user.id).prepare(`UPDATE users SET phone = '9811122233' WHERE id = ?`).bind(user.id).run();
    const listing = await createListing({ id: user.id });
    const other = await createUser();
    await createListing(other);
    const refused = await call('/api/auth/account', authed(token, { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: JSON.stringify({}) }));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Type DELETE to confirm that you want to delete your account');

    const res = await call('/api/auth/account', authed(token, { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ confirm: 'DELETE' }) }));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ deleted: true });
    const row = await userRowsDb(user.id).prepare('SELECT email, phone, password_hash, first_name, status FROM users WHERE id = ?').bind(user.id).first();
    expect(row).toEqual({ email: null, phone: null, password_hash: null, first_name: 'Deleted', status: 'DELETED' });
    const status = await listingDb(listing.id).prepare('SELECT status FROM listings WHERE id = ?').bind(listing.id).first<{ status: string }>();
    expect(status?.status).toBe('INACTIVE');
    expect((await call(`/api/listings/${listing.id}`)).status).toBe(404);
    expect((await call('/api/auth/profile', authed(token))).status).toBe(401);
    expect((await post('/api/auth/login', { email, password })).status).toBe(401);
    // the e-mail is free again
    expect((await post('/api/auth/register', { email, password })).status).toBe(201);
  });
});
