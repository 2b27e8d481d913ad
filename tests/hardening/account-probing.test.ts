/**
 * Holes 3 and 4 of the security review. 3: send-otp said whether a number has an account before any
 * limit applied, so a script could test thousands of numbers a minute. 4: five wrong passwords from
 * anywhere locked an account's password sign-in for 15 minutes. Now look-ups are counted per address
 * and per network before they are answered, and wrong passwords slow the guesser (per account and
 * network, growing delays), never the owner, whose OTP and Google sign-in stay open.
 */
import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { call } from '../api/helpers';
import { createUser } from '../factories';
import { LIMITS, networkOf } from '../../worker/lib/rate-limit';

const post = (path: string, body: unknown, ip: string) =>
  call(path, { method: 'POST', headers: { 'content-type': 'application/json', 'CF-Connecting-IP': ip }, body: JSON.stringify(body) });
let seq = 0;
/**
 * A network no other test counted: the limiter objects outlive a test file (its workerd runs other
 * files too) and a retried test must not meet its own first run's counts.
 */
const freshNetwork = () => `10.${1 + Math.floor(Math.random() * 254)}.${1 + Math.floor(Math.random() * 254)}`;
const randomPhone = () => `9${String(700_000_000 + ++seq * 7919).padStart(9, '0')}`;

describe('testing which numbers have an account (hole 3)', () => {
  it('100 look-ups from one address: a handful are answered, the rest are 429 before any answer', async () => {
    const answers: Record<string, number> = {};
    const ip = `${freshNetwork()}.66`;
    for (let i = 0; i < 100; i++) {
      const res = await post('/api/auth/send-otp', { phone: randomPhone(), type: 'LOGIN' }, ip);
      const key = res.status === 429 ? '429' : String(res.body.code ?? res.status);
      answers[key] = (answers[key] ?? 0) + 1;
    }
    // "No account found" at most LIMITS.lookupPerIp.limit times, then nothing but "too many"
    expect(answers.NO_ACCOUNT).toBe(LIMITS.lookupPerIp.limit);
    expect(answers['429']).toBe(100 - LIMITS.lookupPerIp.limit);
  });

  it('spreading over the addresses of one network does not help: counted per /24 too', async () => {
    let revealed = 0;
    const network = freshNetwork();
    for (let i = 0; i < 100; i++) {
      const res = await post('/api/auth/send-otp', { phone: randomPhone(), type: 'REGISTER' }, `${network}.${i + 1}`);
      if (res.status !== 429) revealed++;
    }
    expect(revealed).toBe(LIMITS.lookupPerNetwork.limit);
  });

  it('the number-taken answer is limited the same way', async () => {
    const phone = '9812345670';
    await createUser({ phone, isVerified: true });
    const statuses: number[] = [];
    const ip = `${freshNetwork()}.150`;
    for (let i = 0; i < 15; i++) statuses.push((await post('/api/auth/send-otp', { phone, type: 'REGISTER' }, ip)).status);
    expect(statuses.filter((s) => s === 409).length).toBeLessThanOrEqual(LIMITS.lookupPerIp.limit);
    expect(statuses.at(-1)).toBe(429);
  });

  it('IPv4 networks are /24 and IPv6 networks /64', () => {
    expect(networkOf('203.0.113.66')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd:12::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });
});

describe('locking the owner out with wrong passwords (hole 4)', () => {
  const register = async (email: string, password: string) => {
    const res = await post('/api/auth/register', { email, password }, `192.0.2.${10 + (++seq % 200)}`);
    expect(res.status).toBe(201);
  };

  it('50 wrong passwords from a stranger’s network: the stranger waits, the owner signs in at once', async () => {
    const email = `owner.${crypto.randomUUID().slice(0, 8)}@example.in`;
    await register(email, 'mango2024');
    const stranger: number[] = [];
    for (let i = 0; i < 50; i++) stranger.push((await post('/api/auth/login', { email, password: `wrong${i}abc` }, '203.0.113.77')).status);
    expect(stranger.slice(0, 6).every((s) => s === 401)).toBe(true);
    expect(stranger.slice(6).every((s) => s === 429)).toBe(true);
    const owner = await post('/api/auth/login', { email, password: 'mango2024' }, '198.18.5.20');
    expect(owner.status).toBe(200);
  });

  it('OTP sign-in stays open to the owner whatever happens to password sign-in', async () => {
    const phone = '9823456710';
    const email = `otp.${crypto.randomUUID().slice(0, 8)}@example.in`;
    await createUser({ phone, email, isVerified: true });
    for (let i = 0; i < 10; i++) await post('/api/auth/login', { email, password: `wrong${i}abc` }, '203.0.113.78');
    const sent = await post('/api/auth/send-otp', { phone, type: 'LOGIN' }, '198.18.6.1');
    expect(sent.status).toBe(200);
  });

  it('the delay grows (1 s, 2 s, 4 s … capped), and is forgotten after an hour', async () => {
    const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`test-backoff:${crypto.randomUUID()}`));
    const t0 = 1_800_000_000_000;
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) waits.push((await stub.backoffFail(5, 1_000, 5_000, 3_600_000, t0 + i)).waitMs);
    expect(waits).toEqual([0, 0, 0, 0, 0, 1_000, 2_000, 4_000, 5_000]);
    expect(await stub.backoffCheck(t0 + 9)).toMatchObject({ allowed: false });
    expect(await stub.backoffCheck(t0 + 8 + 5_000)).toEqual({ allowed: true, retryAfterMs: 0 });
  });
});
