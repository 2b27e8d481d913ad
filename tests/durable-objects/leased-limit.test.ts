/**
 * LeasedLimit (worker/lib/rate-limit.ts): chat rooms take a sender's message allowance from the
 * rate limiter a few hits at a time. It must ask rarely for a steady sender, and never let anyone
 * past the limit, however many rooms they spread their messages over.
 */
import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { ulid } from 'ulid';
import type { RateLimiter } from '../../durable-objects/rate-limiter';
import { AppError } from '../../worker/lib/errors';
import { LIMITS, LeasedLimit, enforce, type Limit } from '../../worker/lib/rate-limit';

const limitOf = (limit: number): Limit => ({ name: `lease-test-${ulid()}`, limit, windowMs: 60_000, message: 'You are sending messages too fast. Please wait a moment.' });

/** Hits the limiter has counted for `subject` in its current window. */
const counted = (limit: Limit, subject: string) =>
  runInDurableObject(env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`${limit.name}:${subject}`)) as unknown as DurableObjectStub<RateLimiter>, async (_, state) =>
    (await state.storage.get<{ count: number }>('w'))?.count ?? 0,
  );

/** Takes `n` hits one after another; returns how many were allowed and the first refusal. */
const takeMany = async (lease: LeasedLimit, subject: string, n: number, now: number) => {
  let allowed = 0;
  let refusal: unknown;
  for (let i = 0; i < n; i++) {
    try {
      await lease.take(subject, now);
      allowed++;
    } catch (err) {
      refusal ??= err;
    }
  }
  return { allowed, refusal };
};

describe('leased message limit', () => {
  it('a steady sender asks the limiter rarely: leases of 1, 2, 4 and then 8 hits', async () => {
    const limit = limitOf(120);
    const lease = new LeasedLimit(env, limit, () => 0);
    const now = Date.now();
    expect((await takeMany(lease, 'u1', 15, now)).allowed).toBe(15);
    expect(await counted(limit, 'u1')).toBe(15);
    await lease.take('u1', now);
    expect(await counted(limit, 'u1')).toBe(23);
    await takeMany(lease, 'u1', 8, now);
    expect(await counted(limit, 'u1')).toBe(31);
  });

  it('leases are shortened at random (by at most half), so senders who started together drift apart', async () => {
    const limit = limitOf(120);
    const asked: number[] = [];
    let r = 0;
    const sequence = [0, 0, 0.99, 0.5, 0.3, 0.99];
    const lease = new LeasedLimit(env, limit, () => sequence[r++ % sequence.length]!);
    const now = Date.now();
    let before = 0;
    for (let i = 0; i < 30; i++) {
      await lease.take('drift', now);
      const after = await counted(limit, 'drift');
      if (after !== before) asked.push(after - before);
      before = after;
    }
    // nominal 1, 2, 4, 8, 8, 8 … less up to half of each
    expect(asked.slice(0, 6)).toEqual([1, 2, 3, 6, 7, 5]);
    expect(asked.every((n) => n >= 1 && n <= 8)).toBe(true);
  });

  it('never lets one sender past the limit, in one room or spread over many', async () => {
    const limit = limitOf(120);
    const one = await takeMany(new LeasedLimit(env, limit, () => 0), 'busy', 200, Date.now());
    expect(one.allowed).toBe(120);
    expect(one.refusal).toBeInstanceOf(AppError);
    expect((one.refusal as AppError).status).toBe(429);
    expect(Number((one.refusal as AppError).headers?.['Retry-After'])).toBeGreaterThan(0);

    const rooms = Array.from({ length: 5 }, () => new LeasedLimit(env, limit));
    let allowed = 0;
    for (let round = 0; round < 40; round++) for (const room of rooms) allowed += (await takeMany(room, 'spread', 1, Date.now())).allowed;
    expect(allowed).toBeLessThanOrEqual(120);
    expect(await counted(limit, 'spread')).toBe(120);
  });

  it('a sender writing once in each of many rooms gets the whole limit (nothing left stranded)', async () => {
    const limit = limitOf(30);
    const now = Date.now();
    let allowed = 0;
    for (let i = 0; i < 30; i++) allowed += (await takeMany(new LeasedLimit(env, limit), 'seller', 1, now)).allowed;
    expect(allowed).toBe(30);
    expect((await takeMany(new LeasedLimit(env, limit), 'seller', 1, now)).allowed).toBe(0);
  });

  it('a new window starts over with single hits', async () => {
    const limit = limitOf(120);
    const lease = new LeasedLimit(env, limit, () => 0);
    const now = Date.now();
    await takeMany(lease, 'u2', 7, now);
    expect(await counted(limit, 'u2')).toBe(7);
    await lease.take('u2', now + limit.windowMs + 1);
    expect(await counted(limit, 'u2')).toBe(1);
  });

  it('a limit counted in memory (chat messages) holds the same line across rooms and REST, and writes no storage', async () => {
    const limit: Limit = { ...limitOf(40), inMemory: true };
    const rooms = Array.from({ length: 4 }, () => new LeasedLimit(env, limit));
    let allowed = 0;
    for (let round = 0; round < 15; round++) for (const room of rooms) allowed += (await takeMany(room, 'chatty', 1, Date.now())).allowed;
    let rest = 0;
    for (let i = 0; i < 5; i++) {
      try {
        await enforce(env, limit, 'chatty');
        rest++;
      } catch (err) {
        expect((err as AppError).status).toBe(429);
      }
    }
    expect(allowed + rest).toBeLessThanOrEqual(40);
    expect(allowed).toBe(40 - rest);
    expect(await counted(limit, 'chatty')).toBe(0); // nothing in storage
    // the message limit itself is one of these, and no limit that guards accounts or money is
    expect(LIMITS.messagesPerUser.inMemory).toBe(true);
    for (const key of ['loginPerIp', 'registerPerIp', 'otpPerPhone', 'otpPerIp', 'lookupPerIp', 'lookupPerNetwork', 'verifyPerIp'] as const) expect((LIMITS[key] as Limit).inMemory, key).toBeUndefined();
  });
});
