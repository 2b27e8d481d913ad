/**
 * A database's process in `bench:search --databases-apart` (never deployed): a miniflare of its own
 * whose only work is the local D1 — the same databases, over the same persisted
 * state, that the worker would otherwise open in its own thread. Each POST is one D1 call
 * (scripts/bench/d1-apart.ts) answered with D1's own result.
 */
import { answerCall, type WireCall } from './d1-apart';

export default {
  fetch: async (request: Request, env: Record<string, unknown>) => {
    if (request.method !== 'POST') return new Response('the databases process of bench:search --databases-apart', { status: 405 });
    const call = (await request.json()) as WireCall;
    return Response.json(await answerCall(env, call));
  },
};
