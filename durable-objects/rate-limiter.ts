import { DurableObject } from 'cloudflare:workers';

/**
 * One object per rate-limit key (e.g. "otp-phone:98xxxxxxxx"): a fixed-window counter that is
 * consistent across every isolate, unlike an in-memory map. Storage survives eviction.
 */
export class RateLimiter extends DurableObject {
  async consume(limit: number, windowMs: number, now = Date.now()): Promise<{ allowed: boolean; remaining: number; retryAfterMs: number }> {
    const state = (await this.ctx.storage.get<{ start: number; count: number }>('w')) ?? { start: now, count: 0 };
    const fresh = now - state.start >= windowMs;
    const window = fresh ? { start: now, count: 0 } : state;
    if (window.count >= limit) {
      return { allowed: false, remaining: 0, retryAfterMs: window.start + windowMs - now };
    }
    window.count += 1;
    await this.ctx.storage.put('w', window);
    // clean-up once per window, not on every hit
    if (fresh || window.count === 1) await this.ctx.storage.setAlarm(window.start + windowMs * 2);
    return { allowed: true, remaining: limit - window.count, retryAfterMs: 0 };
  }

  /** Undo one count, for limits that only count failures after the fact. */
  async reset(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }

  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}
