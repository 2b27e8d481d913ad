import type { Env } from '../env';
import { tooManyRequests } from './errors';

export interface Limit {
  /** what is limited, for the key: 'login-ip', 'otp-phone', ... */
  name: string;
  limit: number;
  windowMs: number;
  message: string;
  /**
   * Count in the limiter object's memory instead of its storage. The object is the only writer of
   * its count, so memory is the truth while it lives; it is evicted only after a pause with no hits
   * (or a restart), and then the count starts over: a sender who pauses long enough can send at most
   * one more window's worth. Meant for a short-window limit on a steady stream (chat messages),
   * where the storage writes were what bursts of limiter calls waited on (decision 002). Never for
   * limits that guard money or accounts (OTP, logins, sign-ups): those count in storage.
   */
  inMemory?: boolean;
  /**
   * Said instead of `message` when the limit is hit, with `{n}` the minutes left (rounded up): a
   * person told "later" keeps trying and burns more of the window; one told "in 38 min" waits.
   */
  waitMessage?: string;
}

/** The limit's refusal in words, with the wait when the limit says it. */
export const limitMessage = (limit: Limit, retryAfterMs: number) =>
  limit.waitMessage ? limit.waitMessage.replace('{n}', String(Math.max(1, Math.ceil(retryAfterMs / 60_000)))) : limit.message;

export const LIMITS = {
  loginPerIp: { name: 'login-ip', limit: 30, windowMs: 15 * 60_000, message: 'Too many login attempts. Please try again later.' },
  registerPerIp: { name: 'register-ip', limit: 10, windowMs: 60 * 60_000, message: 'Too many sign-ups from this network. Please try again later.' },
  otpPerPhone: { name: 'otp-phone', limit: 5, windowMs: 60 * 60_000, message: 'Too many OTP requests for this number. Please try again later.', waitMessage: 'Too many OTP requests for this number. Please try again in {n} min.' },
  otpPerIp: { name: 'otp-ip', limit: 20, windowMs: 60 * 60_000, message: 'Too many OTP requests from this network. Please try again later.', waitMessage: 'Too many OTP requests from this network. Please try again in {n} min.' },
  postPerUser: { name: 'post-user', limit: 30, windowMs: 60 * 60_000, message: 'You are posting too fast. Please wait a while before posting another ad.' },
  uploadPerUser: { name: 'upload-user', limit: 200, windowMs: 60 * 60_000, message: 'Too many photo uploads. Please wait a while and try again.' },
  messagesPerUser: { name: 'messages-user', limit: 120, windowMs: 60_000, message: 'You are sending messages too fast. Please wait a moment.', inMemory: true },
  // reports hold ads: a burst from one account is a brigade, not a buyer (decision 008)
  reportsPerUser: { name: 'report-user', limit: 30, windowMs: 60 * 60_000, message: 'You have reported many ads in a short time. Please wait a while and try again.' },
  verifyPerIp: { name: 'verify-ip', limit: 60, windowMs: 15 * 60_000, message: 'Too many attempts. Please try again later.', waitMessage: 'Too many attempts. Please try again in {n} min.' },
  // Asking whether an account exists (send-otp answers "No account found" / "number taken", sign-up
  // "email taken"): counted per address and per network BEFORE the answer, so a script testing
  // numbers gets a handful a minute and then nothing.
  lookupPerIp: { name: 'lookup-ip', limit: 10, windowMs: 60_000, message: 'Too many attempts from this network. Please wait a minute and try again.' },
  lookupPerNetwork: { name: 'lookup-net', limit: 60, windowMs: 60 * 60_000, message: 'Too many attempts from this network. Please try again later.' },
} satisfies Record<string, Limit>;

export interface Backoff {
  name: string;
  /** failures that cost nothing */
  free: number;
  baseMs: number;
  maxMs: number;
  windowMs: number;
  message: string;
}

/**
 * Wrong passwords slow the one guessing, not the owner: per account and source network the delay
 * doubles after 5 failures (1 s, 2 s, … up to 15 minutes), so a stranger elsewhere cannot lock the
 * owner out; per account across all networks the delay starts only after 30 failures and stays
 * under a minute, which slows a spread-out attack without ever locking the account. Sign-in by OTP
 * or Google never looks at these.
 */
export const BACKOFFS = {
  passwordPerAccountNetwork: { name: 'pw-acct-net', free: 5, baseMs: 1_000, maxMs: 15 * 60_000, windowMs: 60 * 60_000, message: 'Too many wrong passwords. Please wait a little and try again, or sign in with an OTP.' },
  passwordPerAccount: { name: 'pw-acct', free: 30, baseMs: 1_000, maxMs: 60_000, windowMs: 60 * 60_000, message: 'Too many wrong passwords for this account. Please wait a little and try again, or sign in with an OTP.' },
} satisfies Record<string, Backoff>;

const backoffStub = (env: Env, b: Backoff, subject: string) => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`${b.name}:${subject}`));

/** Throws a 429 with Retry-After while the subject must still wait after earlier failures. */
export const checkBackoff = async (env: Env, b: Backoff, subject: string) => {
  const r = await backoffStub(env, b, subject).backoffCheck();
  if (!r.allowed) throw tooManyRequests(b.message, Math.ceil(r.retryAfterMs / 1000));
};

export const recordFailure = (env: Env, b: Backoff, subject: string) => backoffStub(env, b, subject).backoffFail(b.free, b.baseMs, b.maxMs, b.windowMs);
export const clearBackoff = (env: Env, b: Backoff, subject: string) => backoffStub(env, b, subject).reset();

/** The eight 16-bit groups of an IPv6 address (any spelling: `::`, upper case, an IPv4 tail, a zone), or null. */
const ipv6Groups = (ip: string): number[] | null => {
  let text = ip.trim().toLowerCase().replace(/%.*$/, '');
  const v4Tail = text.match(/^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (v4Tail) {
    const o = v4Tail.slice(2).map(Number);
    if (o.some((n) => n > 255)) return null;
    text = `${v4Tail[1]}${((o[0]! << 8) | o[1]!).toString(16)}:${((o[2]! << 8) | o[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (s: string | undefined) => (s ? s.split(':') : []);
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0 || (halves.length === 1 && head.length !== 8) || (halves.length === 2 && fill < 1)) return null;
  const groups = [...head, ...Array<string>(fill).fill('0'), ...tail];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
};

/** An IPv4 address (also when written IPv4-mapped, ::ffff:a.b.c.d) as its four numbers, or null. */
const ipv4Octets = (ip: string): number[] | null => {
  const m = ip.trim().match(/^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/i);
  if (!m) return null;
  const o = m.slice(1).map(Number);
  return o.some((n) => n > 255) ? null : o;
};

const prefix64 = (g: number[]) => `${g.slice(0, 4).map((n) => n.toString(16)).join(':')}::/64`;

/**
 * The network an address belongs to, wide: IPv4 /24, IPv6 /64 (one home or office connection).
 * For limits that must not lock out a neighbour for long (lookups, wrong-password backoff).
 */
export const networkOf = (ip: string): string => {
  const v4 = ipv4Octets(ip);
  if (v4) return `${v4[0]}.${v4[1]}.${v4[2]}.0/24`;
  const v6 = ipv6Groups(ip);
  return v6 ? prefix64(v6) : ip.trim().toLowerCase().slice(0, 64);
};

/**
 * What one subscriber controls: an IPv4 address, or an IPv6 /64. An ISP hands each home or phone
 * a whole /64, so keying a limit on the full IPv6 address would give one attacker 2^64 fresh
 * counters. Every per-address limit is keyed through here (`enforceForAddress`); any spelling of
 * the same address (`::`, case, leading zeros, IPv4-mapped) gives the same key.
 */
export const addressKey = (ip: string): string => {
  const v4 = ipv4Octets(ip);
  if (v4) return v4.join('.');
  const v6 = ipv6Groups(ip);
  return v6 ? prefix64(v6) : ip.trim().toLowerCase().slice(0, 64);
};

const limiterStub = (env: Env, limit: Limit, subject: string) => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`${limit.name}:${subject}`));

/** Counts one hit against `limit` for `subject`; throws a 429 with Retry-After when over. */
export const enforce = async (env: Env, limit: Limit, subject: string) => {
  const result = await limiterStub(env, limit, subject).consume(limit.limit, limit.windowMs, Date.now(), 1, limit.inMemory === true);
  if (!result.allowed) throw tooManyRequests(limitMessage(limit, result.retryAfterMs), result.retryAfterMs / 1000);
};

/** Counts one hit against a per-address `limit` for the client at `ip` (keyed by `addressKey`). */
export const enforceForAddress = (env: Env, limit: Limit, ip: string) => enforce(env, limit, addressKey(ip));

/**
 * The most hits a lease takes from the limiter at once. At one message a second a room asks every
 * 5–8 s, inside the few seconds of idleness after which a local limiter object is evicted and must
 * be created again (at 16, 400 senders re-created their limiters in the same second, decision 002).
 */
const MAX_LEASE = 8;

/**
 * A limit enforced through leases: hits are taken from the subject's limiter a few at a time and
 * spent from memory, so a busy caller (a chat room with a steady sender) asks the limiter once per
 * several hits instead of on every one. The limiter counts every hit it leases, so a subject never
 * gets more than the limit in a window across all callers. A lease doubles only when the previous
 * one was used up within the window, so an occasional sender takes one hit at a time; what a lease
 * has left when the window ends is dropped, which can make the subject wait earlier elsewhere by
 * fewer hits than it just used here — never later.
 */
export class LeasedLimit {
  readonly #leases = new Map<string, { resetAt: number; left: number; size: number }>();

  /**
   * `random` shortens each lease by up to a half, at random, so senders who all started in the same
   * second (a bench, a reconnect storm) do not all come back to their limiters in the same second
   * ever after; tests pass () => 0 for exact sizes.
   */
  constructor(
    private readonly env: Env,
    private readonly limit: Limit,
    private readonly random: () => number = Math.random,
  ) {}

  /** Spends one hit of `subject`'s; throws the limiter's 429 with Retry-After when none is left. */
  async take(subject: string, now = Date.now()) {
    const lease = this.#leases.get(subject);
    if (lease && now < lease.resetAt && lease.left > 0) {
      lease.left--;
      return;
    }
    const size = lease && now < lease.resetAt ? Math.min(MAX_LEASE, lease.size * 2) : 1;
    const ask = size - Math.floor((this.random() * size) / 2);
    const result = await limiterStub(this.env, this.limit, subject).consume(this.limit.limit, this.limit.windowMs, now, ask, this.limit.inMemory === true);
    if (!result.allowed) throw tooManyRequests(this.limit.message, result.retryAfterMs / 1000);
    // two takes may have asked at once: the hits of both stay spendable
    const current = this.#leases.get(subject);
    if (current && current.resetAt === result.resetAt) {
      current.left += result.granted - 1;
      current.size = Math.max(current.size, size);
    } else {
      this.#leases.set(subject, { resetAt: result.resetAt, left: result.granted - 1, size });
    }
  }
}
