import { DurableObject } from 'cloudflare:workers';
import type { Consumed, RateLimiterContract } from '../worker/durable-object-contracts';

/**
 * One object per rate-limit key (e.g. "otp-phone:98xxxxxxxx"): a fixed-window counter that is
 * consistent across every isolate, unlike an in-memory map. Storage survives eviction; a limit
 * marked `inMemory` (a short window of a steady stream, worker/lib/rate-limit.ts) counts in the
 * object's memory instead.
 */
export class RateLimiter extends DurableObject implements RateLimiterContract {
  /** the window of a limit counted in memory (`Limit.inMemory`) */
  #window: { start: number; count: number } | undefined;

  /**
   * Counts `count` hits (fewer when the window has fewer left: `granted`); refused only when none
   * is left. `resetAt` is when the window ends.
   */
  async consume(limit: number, windowMs: number, now = Date.now(), count = 1, inMemory = false): Promise<Consumed> {
    const state = (inMemory ? this.#window : await this.ctx.storage.get<{ start: number; count: number }>('w')) ?? { start: now, count: 0 };
    const fresh = now - state.start >= windowMs;
    const window = fresh ? { start: now, count: 0 } : state;
    const resetAt = window.start + windowMs;
    if (window.count >= limit) {
      return { allowed: false, remaining: 0, retryAfterMs: resetAt - now, granted: 0, resetAt };
    }
    const granted = Math.min(Math.max(1, count), limit - window.count);
    window.count += granted;
    if (inMemory) {
      // the object is the only writer of its count: its memory is the truth while it lives (Limit.inMemory)
      this.#window = window;
    } else {
      await this.ctx.storage.put('w', window);
      // clean-up once per window, not on every hit
      if (fresh || window.count === granted) await this.ctx.storage.setAlarm(window.start + windowMs * 2);
    }
    return { allowed: true, remaining: limit - window.count, retryAfterMs: 0, granted, resetAt };
  }

  /**
   * Failures with growing delays instead of a lock: the first `free` failures cost nothing, then
   * each one makes the next attempt wait `baseMs`·2^(n−free−1), at most `maxMs`. Forgotten
   * `windowMs` after the last failure. `check` only reads; `fail` records one failure.
   */
  async backoffCheck(now = Date.now()): Promise<{ allowed: boolean; retryAfterMs: number }> {
    const state = await this.ctx.storage.get<{ failures: number; until: number }>('b');
    if (!state || now >= state.until) return { allowed: true, retryAfterMs: 0 };
    return { allowed: false, retryAfterMs: state.until - now };
  }

  async backoffFail(free: number, baseMs: number, maxMs: number, windowMs: number, now = Date.now()): Promise<{ failures: number; waitMs: number }> {
    const state = (await this.ctx.storage.get<{ failures: number; until: number }>('b')) ?? { failures: 0, until: 0 };
    const failures = state.failures + 1;
    const waitMs = failures > free ? Math.min(maxMs, baseMs * 2 ** (failures - free - 1)) : 0;
    await this.ctx.storage.put('b', { failures, until: now + waitMs });
    await this.ctx.storage.setAlarm(now + windowMs);
    return { failures, waitMs };
  }

  /** Undo one count, for limits that only count failures after the fact. */
  async reset(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }

  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}
