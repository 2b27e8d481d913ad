/**
 * Tokens and OTP: only what tests/api/auth.test.ts and tests/api/otp.test.ts do not already cover
 * (garbage, bad signature, wrong iss/aud, expired, alg none, HS512, missing claims, unknown user,
 * 7-day expiry, logout-all, blocked user, single use, expiry, 5 tries, parallel WRONG guesses,
 * cross-phone with both phones holding codes, cooldown, send limits are all there).
 */
import { roomRows } from '../support/chat-room';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { env } from 'cloudflare:workers';
import { SignJWT, base64url } from 'jose';
import { call } from '../api/helpers';
import { connect, refusedStatus } from '../durable-objects/socket';
import { createListing, createUser, createUserWithToken, otpDb, sessionsDb, userRowsDb, onUserDbs } from '../factories';
import { json, rows, rowsIn } from './support';

let cases = 0;
afterEach(() => {
  vi.useRealTimers();
  cases++;
});
afterAll(() => console.log(`tokens: ${cases} cases`));

const secret = () => new TextEncoder().encode(env.JWT_SECRET);
const nowS = () => Math.floor(Date.now() / 1000);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const profile = (headers: Record<string, string>, path = '/api/auth/profile') => call(path, { headers });

/** A token signed with the real key, with exactly the claims given (nothing added by default). */
const sign = (claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }) =>
  new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(secret());

/** A compact JWS assembled by hand (for headers jose refuses to produce). */
const signRaw = async (header: Record<string, unknown>, payload: Record<string, unknown>, key: Uint8Array<ArrayBuffer>) => {
  const enc = (o: unknown) => base64url.encode(new TextEncoder().encode(JSON.stringify(o)));
  const input = `${enc(header)}.${enc(payload)}`;
  const hmac = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return `${input}.${base64url.encode(new Uint8Array(await crypto.subtle.sign('HMAC', hmac, new TextEncoder().encode(input))))}`;
};

const good = (sub: string, extra: Record<string, unknown> = {}) => ({
  sub,
  sid: 'ses_test',
  tv: 0,
  iss: env.JWT_ISSUER,
  aud: env.JWT_AUDIENCE,
  iat: nowS(),
  exp: nowS() + 3600,
  ...extra,
});

describe('tokens signed with the right key but the wrong shape', () => {
  it('the baseline: a well-formed token of an active user works', async () => {
    const user = await createUser();
    expect((await profile(bearer(await sign(good(user.id))))).status).toBe(200);
  });

  it.each([
    ['no exp (would never expire)', { exp: undefined }],
    ['iat one hour in the future', { iat: nowS() + 3600, exp: nowS() + 7200 }],
    ['no iat', { iat: undefined }],
    ['exp ten years away, issued 8 days ago (beyond the 7-day token life)', { iat: nowS() - 8 * 86_400, exp: nowS() + 10 * 365 * 86_400 }],
    ['nbf in the future', { nbf: nowS() + 3600 }],
    ['tv ahead of the stored token version', { tv: 1 }],
    ['tv as a string', { tv: '0' }],
    ['sub as a number', { sub: 12345 }],
    ['sub carrying SQL', { sub: "usr_x' OR '1'='1" }],
    ['aud as a list of other audiences', { aud: ['evil-app', 'sel-web-x'] }],
  ])('refuses a token with %s', async (_name, overrides) => {
    const user = await createUser();
    const claims: Record<string, unknown> = good(user.id);
    for (const [k, v] of Object.entries(overrides)) {
      if (v === undefined) delete claims[k];
      else claims[k] = v;
    }
    const res = await profile(bearer(await sign(claims)));
    expect(res.status, JSON.stringify(res.body)).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: expect.stringMatching(/^TOKEN_|SESSION_/) });
  });

  it('refuses an embedded jwk / jku / crit header (no key chosen by the token)', async () => {
    const user = await createUser();
    const attackerKey = new TextEncoder().encode('attacker-chosen-secret-0123456789');
    const withJwk = await new SignJWT(good(user.id))
      .setProtectedHeader({ alg: 'HS256', jwk: { kty: 'oct', k: base64url.encode(attackerKey) } } as unknown as { alg: string })
      .sign(attackerKey);
    const withJku = await new SignJWT(good(user.id)).setProtectedHeader({ alg: 'HS256', jku: 'https://evil.example/keys.json', kid: '../../etc/passwd' }).sign(attackerKey);
    // jose will not even sign an unknown `crit`, so this one is put together by hand, with the real key
    const withCrit = await signRaw({ alg: 'HS256', crit: ['x-evil'], 'x-evil': true }, good(user.id), secret());
    for (const token of [withJwk, withJku, withCrit]) {
      const res = await profile(bearer(token));
      expect(res.status).toBe(401);
    }
  });
});

describe('where a token may come from', () => {
  it('only the Authorization: Bearer header counts on the REST API (not ?token=, not a cookie, not Basic)', async () => {
    const user = await createUserWithToken();
    expect((await call(`/api/auth/profile?token=${user.token}`)).status).toBe(401);
    expect((await profile({ cookie: `token=${user.token}; sel_token=${user.token}` })).status).toBe(401);
    expect((await profile({ authorization: `Basic ${btoa(`${user.id}:${user.token}`)}` })).status).toBe(401);
    expect((await profile({ authorization: `Bearer ${user.token} extra` })).status).toBe(401);
    expect((await profile({ authorization: 'Bearer' })).status).toBe(401);
    expect((await profile({ authorization: `Token ${user.token}` })).status).toBe(401);
    expect((await profile({ authorization: `bearer ${user.token}` })).status).toBe(200); // the scheme is case-insensitive (RFC 7235)
  });

  it('an oversized token is a 401, not a crash', async () => {
    const res = await profile({ authorization: `Bearer ${'a'.repeat(30_000)}.${'b'.repeat(30_000)}.${'c'.repeat(100)}` });
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });
});

describe('deleted and deactivated accounts', () => {
  it('a deleted user is refused even with a freshly signed token of the current token version', async () => {
    const user = await createUserWithToken();
    const ad = await createListing(user, { status: 'INACTIVE' });
    const del = await json(user, 'DELETE', '/api/auth/account', { confirm: 'DELETE' });
    expect(del.status).toBe(200);
    const [{ token_version: tv }] = (await onUserDbs('SELECT token_version FROM users WHERE id = ?', user.id)) as [{ token_version: number }];
    const forged = bearer(await sign(good(user.id, { tv })));
    const res = await profile(forged);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('ACCOUNT_DELETED');
    // public reads treat it as a guest: the deleted user's own hidden ad stays hidden
    expect((await call(`/api/listings/${ad.id}`, { headers: forged })).status).toBe(404);
    expect((await json({ auth: forged }, 'POST', '/api/listings', { title: 'x' })).status).toBe(401);
    expect(await refusedStatus(`/parties/user-inbox/${user.id}?token=${forged.authorization.slice(7)}`)).toBe(401);
  });

  /** A buyer with a chat socket open and one message ('before') sent and acknowledged on it. */
  const buyerInChat = async () => {
    const seller = await createUserWithToken();
    const buyer = await createUserWithToken();
    const ad = await createListing(seller);
    const chatId = (await json(buyer, 'POST', '/api/messages/chats', { listingId: ad.id })).body.data.chat.id as string;
    const socket = await connect(`/parties/chat-room/${chatId}?token=${buyer.token}`);
    socket.send({ type: 'send', clientId: 'before', content: 'still me' });
    await socket.waitFor((e) => e.type === 'ack' && e.clientId === 'before');
    return { seller, buyer, chatId, socket };
  };

  it('an open chat socket stops accepting messages once its user is banned, deleted or logged out everywhere', async () => {
    const admin = await createUserWithToken({ firstName: 'Admin' });
    await userRowsDb(admin.id).prepare(`UPDATE users SET role = 'ADMIN' WHERE id = ?`).bind(admin.id).run();
    for (const revoke of ['ban', 'delete', 'logout-all'] as const) {
      const { seller, buyer, chatId, socket } = await buyerInChat();
      if (revoke === 'ban') expect((await json(admin, 'POST', `/api/admin/users/${buyer.id}/ban`, { reason: 'Scam messages to many sellers' })).status).toBe(200);
      if (revoke === 'delete') expect((await json(buyer, 'DELETE', '/api/auth/account', { confirm: 'DELETE' })).status).toBe(200);
      if (revoke === 'logout-all') expect((await json(buyer, 'POST', '/api/auth/logout-all-devices')).status).toBe(200);
      // revoked through the API: the socket is closed at once
      const closed = await Promise.race([socket.closed, new Promise<null>((r) => setTimeout(() => r(null), 3000))]);
      expect(closed, revoke).toMatchObject({ code: 4001 });
      // the history, as the other member reads it from the room
      const history = await call(`/api/messages/chats/${chatId}/messages`, { headers: seller.auth });
      expect(history.body.data.messages.map((m: { clientId: string }) => m.clientId), revoke).toEqual(['before']);
      expect((await roomRows(chatId)).map((r) => ({ client_id: r.client_id })), revoke).toEqual([{ client_id: 'before' }]);
      socket.close();
    }
  });

  it('a status changed behind the API’s back stops the socket by the room’s next update of D1’s conversation row (which re-reads the members)', async () => {
    const { buyer, chatId, socket } = await buyerInChat();
    await userRowsDb(buyer.id).prepare(`UPDATE users SET status = 'BLOCKED' WHERE id = ?`).bind(buyer.id).run();
    // the room last read its members before this change: one more message may go through…
    socket.send({ type: 'send', clientId: 'in-flight', content: 'sent as the status changed' });
    await socket.waitFor((e) => e.clientId === 'in-flight' && (e.type === 'ack' || e.type === 'nack'));
    // …and the update of D1's row (within a second) reads the change: the next send is refused and the socket closed
    const inD1Row = async () => ((await env.DB.prepare('SELECT last_seq FROM chats WHERE id = ?').bind(chatId).first<{ last_seq: number }>())?.last_seq ?? 0) >= 2;
    for (let i = 0; i < 40 && !(await inD1Row()); i++) await new Promise((r) => setTimeout(r, 50));
    socket.send({ type: 'send', clientId: 'after', content: 'sent after revocation' });
    const answer = await socket.waitFor((e) => e.clientId === 'after' && (e.type === 'ack' || e.type === 'nack'));
    expect(answer.type).toBe('nack');
    expect((await socket.closed).code).toBe(4001);
    const stored = await roomRows(chatId);
    expect(stored.map((r) => r.client_id)).not.toContain('after');
  });
});

describe('OTP races and reuse', () => {
  let n = 0;
  const freshPhone = () => `8${String(200_000_000 + ++n * 7_919 + Math.floor(Math.random() * 7_000)).padStart(9, '0')}`;
  const freshIp = () => `198.18.${n % 250}.${(n * 7) % 250}`;
  const post = (path: string, body: unknown, ip: string) => json(null, 'POST', path, body, { 'CF-Connecting-IP': ip });
  const codeFor = async (phone: string) => {
    const { body } = await call('/api/dev/outbox');
    return body.data.find((m: { to: string }) => m.to === phone)?.body.match(/\b(\d{6})\b/)?.[1] as string;
  };
  const wrong = (code: string, k = 1) => String((Number(code) + k) % 1_000_000).padStart(6, '0');

  it('a code tried on another phone counts one attempt there and stays good for its own phone', async () => {
    const ip = freshIp();
    const a = freshPhone();
    const b = freshPhone();
    expect((await post('/api/auth/send-otp', { phone: a, type: 'REGISTER' }, ip)).status).toBe(200);
    expect((await post('/api/auth/send-otp', { phone: b, type: 'REGISTER' }, ip)).status).toBe(200);
    const codeA = await codeFor(a);
    const codeB = await codeFor(b);
    const cross = await post('/api/auth/verify-otp', { phone: b, otp: codeA === codeB ? wrong(codeA) : codeA, type: 'REGISTER', firstName: 'Kiran' }, ip);
    expect(cross.status).toBe(400);
    const attempts = [...(await rowsIn(await otpDb(a), 'SELECT phone, attempts, consumed_at FROM otp_challenges WHERE phone = ?', a)), ...(await rowsIn(await otpDb(b), 'SELECT phone, attempts, consumed_at FROM otp_challenges WHERE phone = ?', b))] as { phone: string; attempts: number; consumed_at: number | null }[];
    expect(attempts.find((r) => r.phone === a)).toMatchObject({ attempts: 0, consumed_at: null });
    expect(attempts.find((r) => r.phone === b)).toMatchObject({ attempts: 1, consumed_at: null });
    const own = await post('/api/auth/verify-otp', { phone: a, otp: codeA, type: 'REGISTER', firstName: 'Kiran' }, ip);
    expect(own.status).toBe(200);
    expect(own.body.data.user.phone).toBe(a);
    // and a number with no outstanding code accepts nobody's code
    const c = freshPhone();
    expect((await post('/api/auth/verify-otp', { phone: c, otp: codeA, type: 'REGISTER', firstName: 'Kiran' }, ip)).status).toBe(400);
    expect(await onUserDbs('SELECT id FROM users WHERE phone IN (?, ?)', b, c)).toEqual([]);
  });

  it('correct and wrong guesses racing in parallel: at most one success, one account, one session, never more than 5 attempts', async () => {
    for (let round = 0; round < 4; round++) {
      const ip = freshIp();
      const phone = freshPhone();
      expect((await post('/api/auth/send-otp', { phone, type: 'REGISTER' }, ip)).status).toBe(200);
      const code = await codeFor(phone);
      // three correct submissions (a double tap plus a retry) among nine wrong guesses, interleaved
      const guesses = Array.from({ length: 12 }, (_, i) => (i % 4 === round % 4 ? code : wrong(code, i + 1)));
      const results = await Promise.all(guesses.map((otp) => post('/api/auth/verify-otp', { phone, otp, type: 'REGISTER', firstName: 'Kiran' }, ip)));
      const ok = results.filter((r) => r.status === 200);
      expect(ok.length, `round ${round}`).toBeLessThanOrEqual(1);
      for (const r of results.filter((x) => x.status !== 200)) expect(r.status).toBe(400);
      const accounts = (await onUserDbs('SELECT id FROM users WHERE phone = ?', phone)) as { id: string }[];
      expect(accounts).toHaveLength(ok.length);
      if (ok[0]) {
        expect(accounts[0]!.id).toBe(ok[0].body.data.user.id);
        expect(await rowsIn(sessionsDb(accounts[0]!.id), 'SELECT count(*) AS n FROM sessions WHERE user_id = ?', accounts[0]!.id)).toEqual([{ n: 1 }]);
      }
      const [challenge] = (await rowsIn(await otpDb(phone), 'SELECT attempts, consumed_at FROM otp_challenges WHERE phone = ?', phone)) as { attempts: number; consumed_at: number | null }[];
      expect(challenge!.attempts).toBeLessThanOrEqual(5);
      expect(challenge!.consumed_at).not.toBeNull();
      // whatever happened, the code is dead now
      expect((await post('/api/auth/verify-otp', { phone, otp: code, type: 'REGISTER', firstName: 'Kiran' }, ip)).status).toBe(400);
    }
  });

  it('two correct LOGIN submissions racing give one session, not two', async () => {
    const ip = freshIp();
    const phone = freshPhone();
    const user = await createUser({ phone });
    expect((await post('/api/auth/send-otp', { phone, type: 'LOGIN' }, ip)).status).toBe(200);
    const code = await codeFor(phone);
    const results = await Promise.all(Array.from({ length: 4 }, () => post('/api/auth/verify-otp', { phone, otp: code, type: 'LOGIN' }, ip)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await rowsIn(sessionsDb(user.id), 'SELECT count(*) AS n FROM sessions WHERE user_id = ?', user.id)).toEqual([{ n: 1 }]);
  });
});
