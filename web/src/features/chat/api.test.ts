import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { retryDelay, withRetry } from './api';

describe('withRetry (message service)', () => {
  it('retries a transient failure once, then succeeds', async () => {
    const delays: number[] = [];
    let calls = 0;
    const result = await withRetry(
      async () => {
        calls++;
        if (calls === 1) throw new ApiError(0, 'NETWORK', 'offline');
        return 'ok';
      },
      { sleep: async (ms) => void delays.push(ms), random: () => 0.5 },
    );
    expect(result).toBe('ok');
    expect(calls).toBe(2);
    expect(delays).toEqual([2500]);
  });

  it('gives up after the retries', async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new ApiError(503, 'HTTP_503', 'down');
        },
        { sleep: async () => {} },
      ),
    ).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(2);
  });

  it('never retries 401, 403 or validation errors', async () => {
    for (const status of [400, 401, 403]) {
      let calls = 0;
      await expect(
        withRetry(
          async () => {
            calls++;
            throw new ApiError(status, 'X', 'no');
          },
          { sleep: async () => {} },
        ),
      ).rejects.toBeInstanceOf(ApiError);
      expect(calls).toBe(1);
    }
  });

  it('backs off exponentially with up to 1 s jitter', () => {
    expect(retryDelay(0, 2000, () => 0)).toBe(2000);
    expect(retryDelay(1, 2000, () => 0)).toBe(4000);
    expect(retryDelay(2, 2000, () => 0.999)).toBe(8999);
  });
});
