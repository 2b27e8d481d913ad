import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from 'cloudflare:workers';
import { app } from '../../worker/app';
import { call } from './helpers';
import { createUser, userRowsDb } from '../factories';

const googleEnv = { ...env, GOOGLE_CLIENT_ID: 'client-123', GOOGLE_CLIENT_SECRET: 'shh' };
const request = (path: string, headers: Record<string, string> = {}) => app.request(`http://sel.test${path}`, { headers, redirect: 'manual' }, googleEnv);
const callbackParams = (res: Response) => {
  const location = res.headers.get('location') ?? '';
  expect(location.startsWith('/auth/callback?')).toBe(true);
  return new URL(location, 'http://sel.test').searchParams;
};

/** Stubs Google's token and userinfo endpoints, like miniflare's fetch mock would. */
const stubGoogle = (profile: Record<string, unknown>, opts: { tokenStatus?: number } = {}) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url === 'https://oauth2.googleapis.com/token') {
      const body = new URLSearchParams(String(init?.body));
      if (!body.get('code_verifier') || body.get('code') !== 'good-code') return new Response('{"error":"invalid_grant"}', { status: 400 });
      return new Response(JSON.stringify({ access_token: 'at-1', id_token: 'x' }), { status: opts.tokenStatus ?? 200 });
    }
    if (url === 'https://openidconnect.googleapis.com/v1/userinfo') return Response.json(profile);
    throw new Error(`unexpected fetch ${url}`);
  });

/** Starts the flow and returns the state and the cookie the browser would carry back. */
const start = async () => {
  const res = await request('/api/oauth/google');
  expect(res.status).toBe(302);
  const to = new URL(res.headers.get('location')!);
  expect(to.origin + to.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
  expect(to.searchParams.get('client_id')).toBe('client-123');
  expect(to.searchParams.get('code_challenge_method')).toBe('S256');
  expect(to.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  expect(to.searchParams.get('redirect_uri')).toBe('http://sel.test/api/oauth/google/callback');
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  expect(res.headers.get('set-cookie')).toContain('HttpOnly');
  return { state: to.searchParams.get('state')!, cookie };
};

afterEach(() => vi.restoreAllMocks());

describe('Google sign-in', () => {
  it('without configuration, sends the browser back with the spec message', async () => {
    const res = await call('/api/oauth/google', { redirect: 'manual' });
    expect(res.status).toBe(302);
    const params = callbackParams(new Response(null, { headers: res.headers }));
    expect(params.get('success')).toBe('false');
    expect(params.get('error')).toBe('Google OAuth is not configured.');
    for (const [provider, name] of [['facebook', 'Facebook'], ['github', 'GitHub']]) {
      const r = await request(`/api/oauth/${provider}`);
      expect(callbackParams(r).get('error')).toBe(`${name} OAuth is not configured.`);
    }
  });

  it('creates a user from a verified Google profile and returns a working token', async () => {
    stubGoogle({ sub: 'g-1', email: 'Sneha.Iyer@gmail.com', email_verified: true, given_name: 'Sneha', family_name: 'Iyer' });
    const { state, cookie } = await start();
    const res = await request(`/api/oauth/google/callback?code=good-code&state=${state}`, { cookie });
    const params = callbackParams(res);
    expect(params.get('success')).toBe('true');
    const token = params.get('token')!;
    const me = await call('/api/auth/profile', { headers: { authorization: `Bearer ${token}` } });
    expect(me.body.data).toMatchObject({ email: 'sneha.iyer@gmail.com', firstName: 'Sneha', lastName: 'Iyer', emailVerified: true });
  });

  it('links to an existing account with the same verified e-mail', async () => {
    const existing = await createUser({ email: 'arjun@example.in' });
    stubGoogle({ sub: 'g-2', email: 'arjun@example.in', email_verified: true });
    const { state, cookie } = await start();
    const params = callbackParams(await request(`/api/oauth/google/callback?code=good-code&state=${state}`, { cookie }));
    const me = await call('/api/auth/profile', { headers: { authorization: `Bearer ${params.get('token')}` } });
    expect(me.body.data.id).toBe(existing.id);
    const row = await userRowsDb(existing.id).prepare('SELECT google_sub FROM users WHERE id = ?').bind(existing.id).first<{ google_sub: string }>();
    expect(row?.google_sub).toBe('g-2');
  });

  it('refuses an unverified Google e-mail', async () => {
    stubGoogle({ sub: 'g-3', email: 'x@example.in', email_verified: false });
    const { state, cookie } = await start();
    const params = callbackParams(await request(`/api/oauth/google/callback?code=good-code&state=${state}`, { cookie }));
    expect(params.get('success')).toBe('false');
    expect(params.get('error')).toBe('Your Google e-mail address is not verified.');
  });

  it('a state mismatch or a missing cookie fails without calling Google', async () => {
    const spy = stubGoogle({ sub: 'g-4', email: 'y@example.in', email_verified: true });
    const { cookie } = await start();
    const mismatch = callbackParams(await request('/api/oauth/google/callback?code=good-code&state=forged', { cookie }));
    expect(mismatch.get('error')).toBe('OAuth authentication failed');
    const { state } = await start();
    const noCookie = callbackParams(await request(`/api/oauth/google/callback?code=good-code&state=${state}`));
    expect(noCookie.get('error')).toBe('OAuth authentication failed');
    const tampered = callbackParams(await request(`/api/oauth/google/callback?code=good-code&state=${state}`, { cookie: `${cookie}x` }));
    expect(tampered.get('success')).toBe('false');
    expect(spy).not.toHaveBeenCalled();
  });

  it('provider errors come back as readable failures', async () => {
    stubGoogle({});
    const { state, cookie } = await start();
    const denied = callbackParams(await request(`/api/oauth/google/callback?error=access_denied&state=${state}`, { cookie }));
    expect(denied.get('error')).toBe('Google sign-in was cancelled.');
    const again = await start();
    const badCode = callbackParams(await request(`/api/oauth/google/callback?code=bad-code&state=${again.state}`, { cookie: again.cookie }));
    expect(badCode.get('error')).toBe('OAuth authentication failed');
  });

  it('a Google outage is a failure message, not a crash', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('network down'));
    const { state, cookie } = await start();
    const params = callbackParams(await request(`/api/oauth/google/callback?code=good-code&state=${state}`, { cookie }));
    expect(params.get('error')).toBe('Authentication failed');
  });
});
