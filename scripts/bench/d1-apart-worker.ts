/**
 * The worker as `bench:search --databases-apart` runs it (never deployed): every D1 binding it has
 * (DB and the LISTINGS_n of decision 033) is replaced by a forwarder to the databases' own process
 * at `D1_APART_URLS` (one process per database) (scripts/bench/d1-apart.ts), so this workerd thread spends its CPU on the
 * worker alone, as in production where D1 is a separate service. The Durable Objects, the cron and
 * the queue consumer get the same forwarders: were any of them to open the local databases here,
 * two processes would share one SQLite file and wait on each other's locks.
 */
import worker, { ChatRoom as BaseChatRoom, RateLimiter as BaseRateLimiter, UserInbox as BaseUserInbox, ViewCounter as BaseViewCounter } from '../../worker/index';
import type { Env } from '../../worker/env';
import { LISTINGS_BINDINGS } from '../../worker/db/shards';
import { forwardedD1, httpSender } from './d1-apart';

let forwarded: Record<string, D1Database> | undefined;

const apart = (env: Env): Env => {
  if (!forwarded) {
    // each database's own process: {"DB": "http://127.0.0.1:…/", "LISTINGS_0": …}
    const raw = (env as unknown as { D1_APART_URLS?: string }).D1_APART_URLS;
    if (!raw) throw new Error('D1_APART_URLS is not set: start this worker through bench:search --databases-apart');
    const urls = JSON.parse(raw) as Record<string, string>;
    const via = (binding: string) => forwardedD1(binding, httpSender(urls[binding]!, (input, init) => fetch(input, init)));
    forwarded = { DB: via('DB') };
    for (const binding of LISTINGS_BINDINGS) if (env[binding] && urls[binding]) forwarded[binding] = via(binding);
  }
  return { ...env, ...forwarded } as Env;
};

export class RateLimiter extends BaseRateLimiter {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, apart(env));
  }
}
export class ChatRoom extends BaseChatRoom {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, apart(env));
  }
}
export class UserInbox extends BaseUserInbox {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, apart(env));
  }
}
export class ViewCounter extends BaseViewCounter {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, apart(env));
  }
}

export default {
  ...worker,
  fetch: (request, env, ctx) => worker.fetch!(request as never, apart(env), ctx),
  ...(worker.scheduled ? { scheduled: (controller, env, ctx) => worker.scheduled!(controller, apart(env), ctx) } : {}),
  ...(worker.queue ? { queue: (batch, env) => worker.queue!(batch as never, apart(env)) } : {}),
} satisfies ExportedHandler<Env>;
