import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import worker from '../../worker/index';
import { BOOKMARK_HEADER, newerBookmark } from '../../worker/db/session';
import { RoundTripCounter, simulatedD1, type Latency, type ReplicatedD1 } from './simulated-d1';

export const BASE = 'http://sel.test';

export interface SimulatedAnswer {
  status: number;
  body: any;
  headers: Headers;
  roundTrips: number;
  calls: number;
  replicaCalls: number;
  trace: RoundTripCounter['trace'];
}

/**
 * The worker under test with its D1 binding wrapped in the simulation, one counter per request.
 * Like the web client (web/src/lib/api.ts), a Browser keeps the newest bookmark it was given and
 * sends it back; a guest that never sends one reads unconstrained.
 */
export class Browser {
  bookmark: string | null = null;

  constructor(
    readonly d1: ReplicatedD1,
    readonly latency: Latency = { primaryMs: 0, replicaMs: 0 },
    readonly keepsBookmark = true,
  ) {}

  async call(path: string, init: RequestInit = {}): Promise<SimulatedAnswer> {
    const headers = new Headers(init.headers);
    if (this.keepsBookmark && this.bookmark) headers.set(BOOKMARK_HEADER, this.bookmark);
    const counter = new RoundTripCounter();
    const ctx = createExecutionContext();
    const res = await worker.fetch!(new Request(`${BASE}${path}`, { ...init, headers }) as never, { ...env, DB: simulatedD1(this.d1, this.latency, counter) }, ctx);
    const text = await res.text();
    // what the request waited on before its answer; work left to waitUntil is not counted
    const counted = { roundTrips: counter.roundTrips, calls: counter.calls, replicaCalls: counter.replicaCalls, trace: [...counter.trace] };
    await waitOnExecutionContext(ctx);
    if (this.keepsBookmark) this.bookmark = newerBookmark(this.bookmark, res.headers.get(BOOKMARK_HEADER));
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: res.status, body, headers: res.headers, ...counted };
  }
}
