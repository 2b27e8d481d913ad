import { describe, expect, it } from 'vitest';
import { MAIN_LISTINGS_SHARD, VIEW_COUNTER, viewCounterName } from './view-counter-data';

describe('the view counter (reviewed data, decision 020)', () => {
  it('are the reviewed values', () => {
    expect(VIEW_COUNTER).toEqual({ flushEveryMs: 5_000, rowsPerFlush: 500, retryAfterMs: 30_000 });
    expect(viewCounterName(MAIN_LISTINGS_SHARD)).toBe('views:main');
  });

  it('a flush fits D1: one JSON parameter per statement well under its 2 MB, and the retry is slower than the flush', () => {
    const row = JSON.stringify(['01jxxxxxxxxxxxxxxxxxxxxxxx', 20_000, 99_999]);
    expect((row.length + 1) * VIEW_COUNTER.rowsPerFlush).toBeLessThan(100_000);
    expect(VIEW_COUNTER.retryAfterMs).toBeGreaterThan(VIEW_COUNTER.flushEveryMs);
  });

});
