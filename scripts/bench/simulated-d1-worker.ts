/**
 * The worker as the benchmarks run it (never deployed): `wrangler dev scripts/bench/simulated-d1-worker.ts`.
 * Its D1 binding is wrapped in the simulation of tests/support/simulated-d1.ts, so each request
 * (and, with the listings or the accounts over several databases, each LISTINGS_n and ACCOUNTS_n
 * binding too, counted together)
 * pays a network round trip per database call — `x-sim-d1-primary-ms` / `x-sim-d1-replica-ms`
 * (request headers, 0 when absent) — and its answer says how many it waited on:
 * `x-d1-round-trips` (one after another) and `x-d1-calls` (all of them).
 */
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { ReplicatedD1, RoundTripCounter, simulatedD1 } from '../../tests/support/simulated-d1';
import { LISTINGS_BINDINGS } from '../../worker/db/shards';
import { ACCOUNTS_BINDINGS } from '../../worker/db/accounts';

export { RateLimiter, ChatRoom, UserInbox, ViewCounter } from '../../worker/index';

let replicated: ReplicatedD1 | undefined;
/** the listings and accounts databases when the worker runs with several (decisions 033, 034): each wrapped alike, one counter */
const apart = new Map<string, ReplicatedD1>();
const ms = (value: string | null) => Math.max(0, Math.min(2000, Number(value) || 0));

export default {
  ...worker,
  fetch: async (request, env, ctx) => {
    replicated ??= new ReplicatedD1(env.DB);
    const counter = new RoundTripCounter();
    const latency = { primaryMs: ms(request.headers.get('x-sim-d1-primary-ms')), replicaMs: ms(request.headers.get('x-sim-d1-replica-ms')) };
    const wrapped: Record<string, D1Database> = {};
    for (const binding of [...LISTINGS_BINDINGS, ...ACCOUNTS_BINDINGS]) {
      const d1 = (env as unknown as Record<string, D1Database | undefined>)[binding];
      if (!d1) continue;
      if (!apart.has(binding)) apart.set(binding, new ReplicatedD1(d1));
      wrapped[binding] = simulatedD1(apart.get(binding)!, latency, counter);
    }
    const res = await worker.fetch!(request as never, { ...env, ...wrapped, DB: simulatedD1(replicated, latency, counter) }, ctx);
    if (res.status === 101 || res.webSocket) return res;
    const out = new Response(res.body, res);
    out.headers.set('x-d1-round-trips', String(counter.roundTrips));
    out.headers.set('x-d1-calls', String(counter.calls));
    return out;
  },
} satisfies ExportedHandler<Env>;
