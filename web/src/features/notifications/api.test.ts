import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { UNREAD_BREAKER_MS, UNREAD_MIN_INTERVAL_MS, ZERO_COUNTS, createUnreadCountLoader } from './api';

const counts = (n: number) => ({ unreadMessages: n, unreadNotifications: 1, total: n + 1 });

function setup(responses: Array<number | Error>) {
  let clock = 1_000_000;
  let calls = 0;
  const loader = createUnreadCountLoader({
    fetch: async () => {
      const next = responses[Math.min(calls++, responses.length - 1)]!;
      if (next instanceof Error) throw next;
      return counts(next);
    },
    now: () => clock,
    sleep: async () => {},
  });
  return { loader, advance: (ms: number) => (clock += ms), calls: () => calls };
}

describe('unread count loader', () => {
  it('loads, then waits at least 30 s before loading again', async () => {
    const t = setup([3, 4]);
    expect(await t.loader.load()).toEqual(counts(3));
    t.advance(UNREAD_MIN_INTERVAL_MS - 1);
    expect(await t.loader.load()).toEqual(counts(3));
    expect(t.calls()).toBe(1);
    t.advance(1);
    expect(await t.loader.load()).toEqual(counts(4));
  });

  it('says when a load was skipped', async () => {
    const t = setup([3]);
    expect(await t.loader.loadFresh()).toEqual(counts(3));
    expect(await t.loader.loadFresh()).toBeNull();
  });

  it('lets an event-driven load through after 2 s', async () => {
    const t = setup([3, 0]);
    await t.loader.load();
    t.advance(2000);
    expect(await t.loader.load({ force: true })).toEqual(counts(0));
  });

  it('falls back to zeros when the first load fails twice', async () => {
    const t = setup([new ApiError(0, 'NETWORK', 'x')]);
    expect(await t.loader.load()).toEqual(ZERO_COUNTS);
    expect(t.calls()).toBe(2);
  });

  it('retries once after a transient failure', async () => {
    const t = setup([new ApiError(503, 'X', 'x'), 7]);
    expect(await t.loader.load()).toEqual(counts(7));
  });

  it('stops for 5 minutes after a 429 and keeps the last counts', async () => {
    const t = setup([2, new ApiError(429, 'RATE_LIMITED', 'x'), 5]);
    await t.loader.load();
    t.advance(UNREAD_MIN_INTERVAL_MS);
    expect(await t.loader.load()).toEqual(counts(2));
    expect(t.calls()).toBe(2);
    t.advance(UNREAD_BREAKER_MS - 1);
    expect(await t.loader.load({ force: true })).toEqual(counts(2));
    expect(t.calls()).toBe(2);
    t.advance(1);
    expect(await t.loader.load()).toEqual(counts(5));
  });
});
