/**
 * The worker as `bench:search --databases-apart` runs it (never deployed): every D1 binding it has
 * (DB and the LISTINGS_n of decision 033) is replaced by a forwarder to the databases' own process
 * at `D1_APART_URL` (scripts/bench/d1-apart.ts), so this workerd thread spends its CPU on the
 * worker alone, as in production where D1 is a separate service.
 */
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { LISTINGS_BINDINGS } from '../../worker/db/shards';
import { forwardedD1, httpSender } from './d1-apart';

export { RateLimiter, ChatRoom, UserInbox, ViewCounter } from '../../worker/index';

let forwarded: Record<string, D1Database> | undefined;

export default {
  ...worker,
  fetch: (request, env, ctx) => {
    if (!forwarded) {
      const url = (env as unknown as { D1_APART_URL?: string }).D1_APART_URL;
      if (!url) throw new Error('D1_APART_URL is not set: start this worker through bench:search --databases-apart');
      const send = httpSender(url, (input, init) => fetch(input, init));
      forwarded = { DB: forwardedD1('DB', send) };
      for (const binding of LISTINGS_BINDINGS) if (env[binding]) forwarded[binding] = forwardedD1(binding, send);
    }
    return worker.fetch!(request as never, { ...env, ...forwarded }, ctx);
  },
} satisfies ExportedHandler<Env>;
