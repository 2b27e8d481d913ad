import { describe, expect, it } from 'vitest';
import { INTENT_MAX_AGE_MS, rememberIntent, takeIntent } from './pending-intent';

const memory = () => {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
};

describe('a guest intent survives sign-in', () => {
  it('is taken once, by the same action on the same ad', () => {
    const store = memory();
    rememberIntent('favorite', 'ad1', store, 1000);
    expect(takeIntent('chat', 'ad1', store, 2000)).toBe(false);
    expect(takeIntent('favorite', 'ad2', store, 2000)).toBe(false);
    expect(takeIntent('favorite', 'ad1', store, 2000)).toBe(true);
    expect(takeIntent('favorite', 'ad1', store, 2000)).toBe(false);
  });

  it('keeps only the latest intent, and drops a stale or broken one', () => {
    const store = memory();
    rememberIntent('favorite', 'ad1', store, 0);
    rememberIntent('phone', 'ad1', store, 0);
    expect(takeIntent('favorite', 'ad1', store, 1)).toBe(false);
    expect(takeIntent('phone', 'ad1', store, INTENT_MAX_AGE_MS + 1)).toBe(false);
    rememberIntent('chat', 'ad1', store, 0);
    expect(takeIntent('chat', 'ad1', store, INTENT_MAX_AGE_MS + 1)).toBe(false);
    store.setItem('sel:pendingIntent', '{oops');
    expect(takeIntent('chat', 'ad1', store, 1)).toBe(false);
  });
});
