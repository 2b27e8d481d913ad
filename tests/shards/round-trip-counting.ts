import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import worker from '../../worker/index';
import { ReplicatedD1, RoundTripCounter, simulatedD1 } from '../support/simulated-d1';
import { listingsDbs } from './shard-factory';

/**
 * Requests through the worker with every database (the core and each listings database) wrapped in
 * the round-trip simulation at 0 ms, one counter for all of them: how many times a request waited
 * on a database, wherever the calls went. Make one per test file (the simulation keeps its replicas'
 * state per file).
 */
export const roundTripCounting = (o: { accountsDatabases?: 4 } = {}) => {
  // with `accountsDatabases: 4` the four accounts databases are wrapped too and the worker is told to use them (decision 034)
  const accounts = o.accountsDatabases ? [env.ACCOUNTS_0!, env.ACCOUNTS_1!, env.ACCOUNTS_2!, env.ACCOUNTS_3!].map((db) => new ReplicatedD1(db)) : [];
  const simulated = { DB: new ReplicatedD1(env.DB), listings: listingsDbs.map((db) => new ReplicatedD1(db)) };
  // `vars` are set on the env of this request only (e.g. the switch that moves `users`, decision 034)
  return async (path: string, init: RequestInit = {}, vars: Record<string, string> = {}) => {
    const counter = new RoundTripCounter();
    const latency = { primaryMs: 0, replicaMs: 0 };
    const wrapped = Object.fromEntries([
      ...simulated.listings.map((d1, i) => [`LISTINGS_${i}`, simulatedD1(d1, latency, counter)]),
      ...accounts.map((d1, i) => [`ACCOUNTS_${i}`, simulatedD1(d1, latency, counter)]),
      ...(o.accountsDatabases ? [['ACCOUNTS_DATABASES', String(o.accountsDatabases)]] : []),
      ...Object.entries(vars),
    ]);
    const ctx = createExecutionContext();
    const res = await worker.fetch!(new Request(`http://sel.test${path}`, init) as never, { ...env, ...wrapped, DB: simulatedD1(simulated.DB, latency, counter) }, ctx);
    // an HTML page (the tax invoice) is kept as its text
    const body = (res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text()) as any;
    // what the request waited on, before the work it leaves for after the answer
    const statements = counter.trace.map((t) => `${t.depth} ${t.sql.slice(0, 110)}`);
    const answer = { status: res.status, body, roundTrips: counter.roundTrips, statements, trace: statements.join('\n') };
    await waitOnExecutionContext(ctx);
    return answer;
  };
};
