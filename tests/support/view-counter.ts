import { env } from 'cloudflare:workers';
import { viewCounter, viewShards } from '../../worker/services/listings/view-counter';

/**
 * Writes the views the view counter objects hold to D1 now, as their alarms do every few seconds
 * (decision 020): tests that read `listings.views` or the daily counters from D1 call this first.
 * One counter per listings database (just "main" with one), flushed side by side.
 */
export const flushViews = async () => {
  await Promise.all(
    viewShards(env).map(async (shard) => {
      const counter = viewCounter(env, shard);
      for (let i = 0; i < 100; i++) if (!(await counter.flush()).left) return;
    }),
  );
};
