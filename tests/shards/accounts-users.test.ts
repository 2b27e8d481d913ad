import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { answerOf } from '../api/helpers';
import { accountsDatabaseOfGroup, groupOfUserId } from '../../worker/db/accounts';
import { removeExpiredSessions } from '../../worker/services/accounts/session-cleanup';
import { ulid } from 'ulid';
import { groupOfIdentifierHash, identifierHash, type Identifier } from '../../worker/db/identifiers';
import { getDb } from '../../worker/db/client';
import { signInWithGoogle, sweepIdentifierClaims } from '../../worker/services/accounts/auth';
import { applyMigrations } from '../setup/databases';
import { resetToMigratedState } from '../setup/reset-databases';
import { createUser, createUserWithToken } from '../factories';

/**
 * The identifier directory over four accounts databases (decision 034): who owns an e-mail, a
 * phone or a Google id lives in the accounts database of the identifier's hash's group; sign-up
 * claims there first, sign-in reads there, then the account. The worker gets ACCOUNTS_DATABASES = 4
 * on the env this file hands it. `users` itself still lives in the core.
 */
const accountsDbs = [env.ACCOUNTS_0!, env.ACCOUNTS_1!, env.ACCOUNTS_2!, env.ACCOUNTS_3!];
const fourAccounts = { ...env, ACCOUNTS_DATABASES: '4' };

let seq = 0;
const freshIp = () => `198.51.100.${++seq % 250}`;
const freshEmail = (what: string) => `${what}.${Date.now()}.${++seq}@example.in`;
const freshPhone = () => `8${String(600_000_000 + ++seq * 7919 + (Date.now() % 100_000)).padStart(9, '0')}`;

const call = async (path: string, init: RequestInit = {}, onEnv: object = fourAccounts) => {
  const ctx = createExecutionContext();
  const answer = await answerOf(await worker.fetch!(new Request(`http://sel.test${path}`, init) as never, onEnv as never, ctx));
  await waitOnExecutionContext(ctx);
  return answer;
};
const post = (path: string, body: unknown, headers: Record<string, string> = {}, onEnv: object = fourAccounts) =>
  call(path, { method: 'POST', headers: { 'content-type': 'application/json', 'CF-Connecting-IP': freshIp(), ...headers }, body: JSON.stringify(body) }, onEnv);

/** The database (index) the layout puts an identifier's directory row in. */
const homeOf = async (id: Identifier) => accountsDatabaseOfGroup(4, groupOfIdentifierHash(await identifierHash(id)));

/** Where an identifier's directory rows are: per accounts database, the owner there (or null), and whether the core has one. */
const whereIdentifier = async (id: Identifier) => {
  const hash = await identifierHash(id);
  const sql = 'SELECT user_id FROM identifiers WHERE kind = ? AND value_hash = ?';
  const found = await Promise.all(accountsDbs.map((db) => db.prepare(sql).bind(id.kind, hash).first<{ user_id: string }>()));
  return { accounts: found.map((r) => r?.user_id ?? null), core: Boolean(await env.DB.prepare(sql).bind(id.kind, hash).first()) };
};
/** Only database `at` holds the identifier, for `owner`. */
const onlyIn = (at: number, owner: string) => ({ accounts: [0, 1, 2, 3].map((i) => (i === at ? owner : null)), core: false });
const nowhere = { accounts: [null, null, null, null], core: false };

/** The accounts database (index) of a user's own rows, by the group their id ends in. */
const homeOfUser = (userId: string) => accountsDatabaseOfGroup(4, groupOfUserId(userId));
/** How many session rows a user has in each accounts database and in the core. */
const whereSessions = async (userId: string) => {
  const count = async (db: D1Database) => (await db.prepare('SELECT count(*) AS n FROM sessions WHERE user_id = ?').bind(userId).first<{ n: number }>())!.n;
  return { accounts: await Promise.all(accountsDbs.map(count)), core: await count(env.DB) };
};

/** The latest SMS code sent to a phone, from the dev outbox. */
const codeFor = async (phone: string) => {
  const row = await env.DB.prepare(`SELECT body FROM dev_outbox WHERE channel = 'sms' AND recipient = ? ORDER BY created_at DESC, rowid DESC LIMIT 1`).bind(phone).first<{ body: string }>();
  return row?.body.match(/\b(\d{6})\b/)?.[1] as string;
};

beforeAll(async () => {
  await Promise.all(accountsDbs.map((db) => applyMigrations(db)));
  await Promise.all(accountsDbs.map((db) => resetToMigratedState(db)));
});

describe('sign-up and sign-in by e-mail through the directory', () => {
  it('sign-up claims the e-mail in the database of its hash, and sign-in finds the account from there', async () => {
    const email = freshEmail('asha');
    const res = await post('/api/auth/register', { email, password: 'kochi2024!' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id: string = res.body.data.user.id;
    expect(await whereIdentifier({ kind: 'email', value: email })).toEqual(onlyIn(await homeOf({ kind: 'email', value: email }), id));
    const login = await post('/api/auth/login', { email, password: 'kochi2024!' });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.data.user.id).toBe(id);
    // the directory names the owner: a claim naming an account that does not hold the address signs nobody in
    const hash = await identifierHash({ kind: 'email', value: email });
    await accountsDbs[await homeOf({ kind: 'email', value: email })]!.prepare('UPDATE identifiers SET user_id = ? WHERE value_hash = ?').bind('usr_someone_else', hash).run();
    expect((await post('/api/auth/login', { email, password: 'kochi2024!' })).body.code).toBe('INVALID_CREDENTIALS');
  });

  it('an account from before the split (no directory row) still signs in by e-mail, from the core\'s column', async () => {
    const email = freshEmail('before.split');
    const made = await post('/api/auth/register', { email, password: 'kochi2024!' }, {}, { ...env });
    expect(made.status).toBe(201);
    expect(await whereIdentifier({ kind: 'email', value: email })).toEqual(nowhere);
    const login = await post('/api/auth/login', { email, password: 'kochi2024!' });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.data.user.id).toBe(made.body.data.user.id);
  });

  it('two sign-ups racing for one e-mail: exactly one wins, the other gets 409 EMAIL_TAKEN, the directory names the winner', async () => {
    const email = freshEmail('race');
    const answers = await Promise.all([post('/api/auth/register', { email, password: 'kochi2024!' }), post('/api/auth/register', { email, password: 'pune2024!!' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const lost = answers.find((a) => a.status === 409)!;
    expect(lost.body).toMatchObject({ success: false, code: 'EMAIL_TAKEN', error: 'An account with this email already exists' });
    const winner: string = answers.find((a) => a.status === 201)!.body.data.user.id;
    expect(await whereIdentifier({ kind: 'email', value: email })).toEqual(onlyIn(await homeOf({ kind: 'email', value: email }), winner));
    expect((await env.DB.prepare('SELECT count(*) AS n FROM users WHERE email = ?').bind(email).first<{ n: number }>())!.n).toBe(1);
    // later too
    expect((await post('/api/auth/register', { email, password: 'kochi2024!' })).body.code).toBe('EMAIL_TAKEN');
  });

  it('a claim whose account cannot be written is released: nothing is left in the directory', async () => {
    // an account from before the split (no directory row) holds the address: the core's unique index refuses the second
    const email = freshEmail('old');
    await createUser({ email });
    const res = await post('/api/auth/register', { email, password: 'kochi2024!' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_TAKEN');
    expect(await whereIdentifier({ kind: 'email', value: email })).toEqual(nowhere);
  });
});

describe('stale claims', () => {
  it('a claim of a deleted account, or of one that no longer holds the address, is taken over by the next sign-up; a young claim is not', async () => {
    const gone = await createUser({ status: 'DELETED', email: null });
    const moved = await createUser({});
    const claim = async (email: string, owner: string, at: number) => {
      const id = { kind: 'email', value: email } as const;
      await accountsDbs[await homeOf(id)]!.prepare('INSERT INTO identifiers (kind, value_hash, user_id, created_at) VALUES (?, ?, ?, ?)').bind('email', await identifierHash(id), owner, at).run();
    };
    const long = Date.now() - 86_400_000;
    for (const [what, owner, at, status] of [
      ['of.deleted', gone.id, long, 201],
      ['changed.since', moved.id, long, 201],
      ['mid.signup', 'usr_being_written', Date.now() - 5_000, 409],
      ['lost.signup', 'usr_never_written', Date.now() - 5 * 60_000, 201],
    ] as const) {
      const email = freshEmail(what);
      await claim(email, owner, at);
      const res = await post('/api/auth/register', { email, password: 'kochi2024!' });
      expect(res.status, what).toBe(status);
      const home = await homeOf({ kind: 'email', value: email });
      expect(await whereIdentifier({ kind: 'email', value: email }), what).toEqual(onlyIn(home, status === 201 ? res.body.data.user.id : owner));
    }
  });
});

describe('phone sign-up and sign-in: the OTP challenge beside the directory row', () => {
  it('REGISTER and LOGIN by phone keep their challenges and the claim in the phone\'s database', async () => {
    const phone = freshPhone();
    const home = await homeOf({ kind: 'phone', value: phone });
    expect((await post('/api/auth/send-otp', { phone, type: 'REGISTER' })).status).toBe(200);
    const challenges = async () =>
      Promise.all([env.DB, ...accountsDbs].map(async (db) => (await db.prepare('SELECT count(*) AS n FROM otp_challenges WHERE phone = ?').bind(phone).first<{ n: number }>())!.n));
    expect(await challenges()).toEqual([0, ...[0, 1, 2, 3].map((i) => (i === home ? 1 : 0))]);
    const made = await post('/api/auth/verify-otp', { phone, otp: await codeFor(phone), type: 'REGISTER', firstName: 'Kiran' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.isNewUser).toBe(true);
    const id: string = made.body.data.user.id;
    expect(await whereIdentifier({ kind: 'phone', value: phone })).toEqual(onlyIn(home, id));
    // a second REGISTER is refused from the directory
    expect((await post('/api/auth/send-otp', { phone, type: 'REGISTER' })).body.code).toBe('PHONE_TAKEN');
    // LOGIN: the cooldown is read beside the directory row, so move the first send back in time there
    await accountsDbs[home]!.prepare('UPDATE otp_challenges SET last_sent_at = last_sent_at - 60000 WHERE phone = ?').bind(phone).run();
    expect((await post('/api/auth/send-otp', { phone, type: 'LOGIN' })).status).toBe(200);
    const login = await post('/api/auth/verify-otp', { phone, otp: await codeFor(phone), type: 'LOGIN' });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.data.user.id).toBe(id);
    expect((await challenges())[0]).toBe(0);
  });
});

describe('Google sign-in through the directory', () => {
  it('a new Google account claims its e-mail and Google id; the next sign-in finds it by the Google id', async () => {
    const email = freshEmail('google');
    const sub = `g-${Date.now()}-${++seq}`;
    const profile = { sub, email, emailVerified: true, givenName: 'Meera' };
    const first = await signInWithGoogle(fourAccounts as never, getDb(env.DB), profile);
    expect(await whereIdentifier({ kind: 'google', value: sub })).toEqual(onlyIn(await homeOf({ kind: 'google', value: sub }), first.user.id));
    expect(await whereIdentifier({ kind: 'email', value: email })).toEqual(onlyIn(await homeOf({ kind: 'email', value: email }), first.user.id));
    const again = await signInWithGoogle(fourAccounts as never, getDb(env.DB), { ...profile, email: freshEmail('changed') });
    expect(again.user.id).toBe(first.user.id);
  });

  it('linking Google to an e-mail account claims the Google id for it', async () => {
    const email = freshEmail('link');
    const made = await post('/api/auth/register', { email, password: 'kochi2024!' });
    const sub = `g-link-${Date.now()}-${++seq}`;
    const linked = await signInWithGoogle(fourAccounts as never, getDb(env.DB), { sub, email, emailVerified: true });
    expect(linked.user.id).toBe(made.body.data.user.id);
    expect(await whereIdentifier({ kind: 'google', value: sub })).toEqual(onlyIn(await homeOf({ kind: 'google', value: sub }), linked.user.id));
  });
});

describe('changing the e-mail and deleting the account', () => {
  it('a new address is claimed and the old one released; a taken one is refused', async () => {
    const oldEmail = freshEmail('before');
    const made = await post('/api/auth/register', { email: oldEmail, password: 'kochi2024!' });
    const id: string = made.body.data.user.id;
    const auth = { authorization: `Bearer ${made.body.data.token}` };
    const newEmail = freshEmail('after');
    const sent = await post('/api/auth/email/send-code', { email: newEmail }, auth);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await whereIdentifier({ kind: 'email', value: newEmail })).toEqual(onlyIn(await homeOf({ kind: 'email', value: newEmail }), id));
    expect(await whereIdentifier({ kind: 'email', value: oldEmail })).toEqual(nowhere);
    expect((await post('/api/auth/login', { email: newEmail, password: 'kochi2024!' })).status).toBe(200);
    // someone else's address, claimed in the directory: 409, and nothing changes
    const other = freshEmail('other');
    expect((await post('/api/auth/register', { email: other, password: 'kochi2024!' })).status).toBe(201);
    const refused = await post('/api/auth/email/send-code', { email: other }, auth);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('EMAIL_TAKEN');
    expect(await whereIdentifier({ kind: 'email', value: newEmail })).toEqual(onlyIn(await homeOf({ kind: 'email', value: newEmail }), id));
  });

  it('deletion releases the e-mail and phone and removes the phone\'s challenges; the e-mail can sign up again', async () => {
    const email = freshEmail('leaving');
    const phone = freshPhone();
    const user = await createUserWithToken({ email, phone });
    // as a sign-up with several accounts databases would have left them
    for (const id of [{ kind: 'email', value: email }, { kind: 'phone', value: phone }] as const) {
      await accountsDbs[await homeOf(id)]!.prepare('INSERT INTO identifiers (kind, value_hash, user_id, created_at) VALUES (?, ?, ?, ?)').bind(id.kind, await identifierHash(id), user.id, Date.now()).run();
    }
    const phoneHome = await homeOf({ kind: 'phone', value: phone });
    await accountsDbs[phoneHome]!.prepare(`INSERT INTO otp_challenges (id, phone, type, code_hash, expires_at, last_sent_at, created_at) VALUES (?, ?, 'LOGIN', 'x', ?, ?, ?)`).bind(`otp_${seq}`, phone, Date.now() + 60_000, Date.now(), Date.now()).run();
    await accountsDbs[homeOfUser(user.id)]!.prepare('INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').bind(ulid(), user.id, Date.now(), Date.now() + 60_000).run();
    const deleted = await call('/api/auth/account', { method: 'DELETE', headers: { 'content-type': 'application/json', ...user.auth }, body: JSON.stringify({ confirm: 'DELETE' }) });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await whereIdentifier({ kind: 'email', value: email })).toEqual(nowhere);
    expect(await whereIdentifier({ kind: 'phone', value: phone })).toEqual(nowhere);
    expect(await whereSessions(user.id)).toEqual({ accounts: [0, 0, 0, 0], core: 0 });
    expect((await accountsDbs[phoneHome]!.prepare('SELECT count(*) AS n FROM otp_challenges WHERE phone = ?').bind(phone).first<{ n: number }>())!.n).toBe(0);
    expect((await post('/api/auth/register', { email, password: 'kochi2024!' })).status).toBe(201);
  });
});

describe("sessions in the user's accounts database", () => {
  it('sign-up and sign-in record the session there; logout-all counts and removes them there and ends the tokens', async () => {
    const email = freshEmail('devices');
    const made = await post('/api/auth/register', { email, password: 'kochi2024!' }, { 'user-agent': 'phone' });
    const id: string = made.body.data.user.id;
    const home = homeOfUser(id);
    expect(await whereSessions(id)).toEqual({ accounts: [0, 1, 2, 3].map((i) => (i === home ? 1 : 0)), core: 0 });
    const login = await post('/api/auth/login', { email, password: 'kochi2024!' });
    expect(await whereSessions(id)).toEqual({ accounts: [0, 1, 2, 3].map((i) => (i === home ? 2 : 0)), core: 0 });
    const out = await call('/api/auth/logout-all-devices', { method: 'POST', headers: { authorization: `Bearer ${login.body.data.token}` } });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body.data.loggedOutDevices).toBe(2);
    expect(await whereSessions(id)).toEqual({ accounts: [0, 0, 0, 0], core: 0 });
    const old = await call('/api/auth/profile', { headers: { authorization: `Bearer ${made.body.data.token}` } });
    expect(old.status).toBe(401);
    expect(old.body.code).toBe('SESSION_REVOKED');
  });

  it('the expiry sweep removes expired sessions in every accounts database', async () => {
    const now = Date.now();
    const ids = [0, 1, 2, 3].map(() => ulid(now - 10 * 86_400_000));
    await Promise.all(accountsDbs.map((db, i) => db.prepare('INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').bind(ids[i], `usr_gone_${i}`, now - 10 * 86_400_000, now - 3 * 86_400_000).run()));
    expect(await removeExpiredSessions(fourAccounts as never, now)).toBeGreaterThanOrEqual(4);
    const left = await Promise.all(accountsDbs.map((db, i) => db.prepare('SELECT 1 FROM sessions WHERE id = ?').bind(ids[i]).first()));
    expect(left).toEqual([null, null, null, null]);
  });
});

describe('the sweep of claims whose account never arrived', () => {
  it('removes a claim over a minute old with no account, or a deleted one; keeps younger claims and live accounts\'', async () => {
    const now = Date.now();
    const live = await createUser({});
    const gone = await createUser({ status: 'DELETED' });
    const claims = [
      { id: { kind: 'email', value: freshEmail('orphan') }, user: 'usr_never_written', at: now - 2 * 60_000, stays: false },
      { id: { kind: 'email', value: freshEmail('young') }, user: 'usr_still_writing', at: now - 20_000, stays: true },
      { id: { kind: 'phone', value: freshPhone() }, user: live.id, at: now - 3 * 60_000, stays: true },
      { id: { kind: 'email', value: freshEmail('deleted') }, user: gone.id, at: now - 5 * 60_000, stays: false },
    ] as const;
    for (const c of claims) {
      await accountsDbs[await homeOf(c.id)]!.prepare('INSERT INTO identifiers (kind, value_hash, user_id, created_at) VALUES (?, ?, ?, ?)').bind(c.id.kind, await identifierHash(c.id), c.user, c.at).run();
    }
    expect(await sweepIdentifierClaims(fourAccounts as never, now)).toBe(2);
    for (const c of claims) expect((await whereIdentifier(c.id)).accounts.some(Boolean), c.id.value).toBe(c.stays);
    // one accounts database: the directory is not used, nothing is read
    expect(await sweepIdentifierClaims(env as never, now)).toBe(0);
  });
});
