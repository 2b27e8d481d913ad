import { env } from 'cloudflare:workers';
import { viewCounter } from '../../worker/services/listings/view-counter';

/**
 * Writes the views the view counter object holds to D1 now, as its alarm does every few seconds
 * (decision 020): tests that read `listings.views` or the daily counters from D1 call this first.
 */
export const flushViews = async () => {
  const counter = viewCounter(env);
  for (let i = 0; i < 100; i++) if (!(await counter.flush()).left) return;
};
