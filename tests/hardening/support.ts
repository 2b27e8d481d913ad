/**
 * Shared helpers of the hardening suites (tests/hardening/*.test.ts): a seeded PRNG, the fast/deep
 * tier switch, JSON calls with a user's token, a Pro plan without going through checkout, and
 * row snapshots for "nothing changed" assertions.
 */
import { env } from 'cloudflare:workers';
import { addNotification } from '../support/inbox-notifications';
import { ulid } from 'ulid';
import { expect } from 'vitest';
import { call } from '../api/helpers';
import { accountsDb } from '../factories';

/**
 * The deep tier: `npx vitest run --config tests/hardening/vitest.deep.config.ts` (the `test:deep`
 * script) sets a DEEP binding, read here at run time. Not an environment variable: workerd has no
 * shell environment, and `import.meta.env` gets baked into vitest's on-disk module cache, so a deep
 * run would silently make the next fast run deep too (or the other way round).
 */
const bindings = env as unknown as { DEEP?: string; FUZZ_SEED?: string; FUZZ_VERBOSE?: string };
export const DEEP = bindings.DEEP === '1';
export const tier = <T>(fast: T, deep: T): T => (DEEP ? deep : fast);
/** The seed of the randomised suites; `FUZZ_SEED=1234 npm run test:deep` tries another one. */
export const BASE_SEED = (bindings.FUZZ_SEED ? Number(bindings.FUZZ_SEED) : 0x5e1) >>> 0;
/** `FUZZ_VERBOSE=1` (deep config) prints the error codes each fuzzed operation produced. */
export const VERBOSE = bindings.FUZZ_VERBOSE === '1';

/** mulberry32: tiny, fast, good enough for test-case generation, and fully deterministic. */
export const mulberry32 = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** FNV-1a of a string: a stable per-case seed that does not depend on the order cases run in. */
export const hashSeed = (text: string, base = BASE_SEED) => {
  let h = 0x811c9dc5 ^ base;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

export interface Rng {
  (): number;
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
}

export const rng = (seed: number): Rng => {
  const next = mulberry32(seed) as Rng;
  next.int = (min, max) => min + Math.floor(next() * (max - min + 1));
  next.pick = (items) => items[Math.floor(next() * items.length)]!;
  next.chance = (p) => next() < p;
  return next;
};

export type Actor = { auth: Record<string, string> } | null;

/** A JSON request to the worker, as a signed-in user or a guest. */
export const json = (user: Actor, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  call(path, {
    method,
    headers: { 'content-type': 'application/json', ...(user?.auth ?? {}), ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });

/** Gives a user an active plan directly in the database (the checkout itself is tested elsewhere). */
export const grantPlan = async (userId: string, packageId: 'basic' | 'pro' = 'pro') => {
  const now = Date.now();
  const id = `sub_${ulid().toLowerCase()}`;
  // in the payer's accounts database, where the worker reads plans (decision 034; `DB` with one)
  await accountsDb(userId).prepare(`INSERT INTO subscriptions (id, user_id, package_id, status, start_date, end_date, created_at, updated_at) VALUES (?, ?, ?, 'ACTIVE', ?, ?, ?, ?)`)
    .bind(id, userId, packageId, now - 1000, now + 30 * 86_400_000, now, now)
    .run();
  return id;
};

/** Stores a notification for a user directly, in their inbox object (decision 032). */
export const seedNotification = (userId: string, title = 'Hello') => addNotification(userId, { title, body: 'Body' });

/** Every row a query returns, for before/after comparisons. */
export const rows = async (sql: string, ...params: unknown[]) => (await env.DB.prepare(sql).bind(...params).all()).results;
/** Rows of a query on one given database (a user's accounts database, a phone's OTP database: tests/factories). */
export const rowsIn = async (db: D1Database, sql: string, ...params: unknown[]) => (await db.prepare(sql).bind(...params).all()).results;

/** R2 keys (and etags) under a prefix. */
export const objects = async (prefix = '') => {
  const out: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.MEDIA.list({ prefix, ...(cursor ? { cursor } : {}) });
    out.push(...page.objects.map((o) => `${o.key}@${o.etag}`));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return out.sort();
};

/** Polls until `check` returns a value that is not undefined (async side effects settling). */
export const eventually = async <T>(check: () => Promise<T | undefined>, timeoutMs = 3000): Promise<T> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** The failure envelope of the contract: `{ success: false, error, code }`. */
export const expectErrorEnvelope = (body: unknown, context = '') => {
  expect(body, context).toMatchObject({ success: false, error: expect.any(String), code: expect.any(String) });
};
