/**
 * `npm run bench:page-cache -- [--requests 300] [--base http://127.0.0.1:8787] [--check]`
 * (a server given with --base must run with EDGE_CACHE=measure for the cold series)
 *
 * Guest page latency with and without the edge cache (decision 011), measured on the
 * real worker (wrangler dev) over the bench's demo database (.wrangler/bench-pages-state, 600 ads),
 * or against a running server with --base. For each page kind (a category-in-city browse page,
 * /products, a listing page, the listing search API), one request warms the entry, then
 * --requests sequential requests are timed:
 *   warm  = answered from the cache (x-edge-cache: HIT)
 *   cold  = rendered anew every time (`X-Edge-Cache: bypass`, which the worker obeys only under
 *           EDGE_CACHE=measure, set here on the bench's own wrangler dev; a client's no-cache does not)
 *   304   = a repeat visit with If-None-Match
 * Each is measured twice: through wrangler dev's port (its proxy, a second workerd forwarding over
 * loopback for hot reloads) and straight at the worker's own workerd socket behind it (found with
 * scripts/lib/workerd-direct.ts; production has no such proxy), with a static file as each path's
 * floor. Prints p50/p95/p99 in ms; --check fails unless warm /products p95 ≤ 5 ms on the direct path
 * (through the proxy when the direct socket cannot be found).
 * `--round-trips` runs the worker over the simulated D1 (scripts/bench/simulated-d1-worker.ts;
 * decision 022) and adds, per page, cold renders at a database round trip of 0, 30 and 150 ms and
 * the round trips each waited on (off by default, so the cache figures stay comparable).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { arg, benchEnv as env, freePort, percentile, run, waitForWorker } from '../lib/bench';
import { workerdDirectBase } from '../lib/workerd-direct';

const requests = Math.max(20, Number(arg('requests', '300')));
const givenBase = arg('base', '');
const check = process.argv.includes('--check');
const persist = arg('persist-to', '.wrangler/bench-pages-state');
const roundTrips = process.argv.includes('--round-trips');
const RTTS = [0, 30, 150];
const PHONE = 'Mozilla/5.0 (Linux; Android 11; moto g power) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36';

/**
 * One request on a kept-alive connection (node:http, one socket per origin), as a browser sends it
 * (Accept-Encoding: gzip), timed until the last byte arrived. Not fetch(): undici's fetch adds
 * milliseconds of its own — it gunzips every body before it resolves, and a 304 cost it ~10 ms
 * where the same 304 on the wire took 2 (measured side by side, 2026-11-26) — which is the client's
 * time, not the server's. The static-file floor is measured with the same client.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const time = (url: string, headers: Record<string, string>, expectCache?: string) =>
  new Promise<{ ms: number; status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent, headers: { 'user-agent': PHONE, 'accept-encoding': 'gzip', ...headers } }, (res) => {
        res.resume();
        res.on('end', () => {
          const ms = performance.now() - started;
          const cache = res.headers['x-edge-cache'];
          if (expectCache && cache !== expectCache) reject(new Error(`${url}: expected x-edge-cache ${expectCache}, got ${String(cache)} (${res.statusCode})`));
          else resolve({ ms, status: res.statusCode ?? 0, headers: res.headers });
        });
      })
      .on('error', reject);
  });

const series = async (url: string, headers: Record<string, string>, expectCache?: string) => {
  const out: number[] = [];
  for (let i = 0; i < requests; i++) out.push((await time(url, headers, expectCache)).ms);
  out.sort((a, b) => a - b);
  return { p50: percentile(out, 50), p95: percentile(out, 95), p99: percentile(out, 99) };
};

const main = async () => {
  let server: ChildProcess | undefined;
  let base = givenBase;
  if (!base) {
    run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist]);
    run('tsx', ['scripts/seed.ts', '--listings', '600', '--if-empty', '--persist-to', persist]);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn('wrangler', ['dev', ...(roundTrips ? ['scripts/bench/simulated-d1-worker.ts'] : []), '--port', String(port), '--ip', '127.0.0.1', '--persist-to', persist, '--var', 'EDGE_CACHE:measure', '--show-interactive-dev-session=false', '--log-level', 'error'], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  try {
    await waitForWorker(base);
    const sample = (await (await fetch(`${base}/api/listings?limit=50&category=Vehicles`)).json()) as { data: { listings: { slug: string; city: string | null }[] } };
    const city = sample.data.listings.find((l) => l.city)?.city ?? 'Delhi';
    const slug = sample.data.listings[0]?.slug;
    const pages: [string, string][] = [
      ['category in city', `/products?category=Vehicles&location=${encodeURIComponent(city)}`],
      ['/products', '/products'],
      ...(slug ? ([['listing page', `/item/${slug}`]] as [string, string][]) : []),
      ['search API', '/api/listings?category=Vehicles&page=1&limit=20'],
    ];
    const direct = await workerdDirectBase(base);
    const paths: [string, string][] = [[`wrangler dev (${base})`, base], ...(direct ? ([[`direct to workerd (${direct})`, direct]] as [string, string][]) : [])];
    if (!direct) console.log('the worker socket behind wrangler dev was not found (Linux only): measuring through its proxy alone');
    const f = (n: number) => Number(n.toFixed(2));
    let warmProducts = Infinity;
    for (const [label, root] of paths) {
      const rows: Record<string, string | number>[] = [];
      for (const [name, path] of pages) {
        const url = root + path;
        const first = await time(url, {});
        const etag = first.headers.etag;
        const warm = await series(url, {}, 'HIT');
        if (etag && (await time(url, { 'if-none-match': etag })).status !== 304) throw new Error(`${url}: a repeat visit with its ETag did not get 304`);
        const revalidate = etag ? await series(url, { 'if-none-match': etag }) : undefined;
        // last: each cold render also rewrites the Workers cache entry in the background (waitUntil),
        // work that would otherwise land inside the next series; a pause lets it finish
        const cold = await series(url, { 'x-edge-cache': 'bypass' }, 'BYPASS');
        await new Promise((r) => setTimeout(r, 1500));
        if (name === '/products') warmProducts = warm.p95; // the last path measured: direct when found
        rows.push({ page: name, 'warm p50': f(warm.p50), 'warm p95': f(warm.p95), 'warm p99': f(warm.p99), 'cold p50': f(cold.p50), 'cold p95': f(cold.p95), '304 p95': revalidate ? f(revalidate.p95) : '-' });
      }
      // the path's own floor: a static file the assets layer answers without our code
      const floor = await series(`${root}/favicon.svg`, {});
      rows.push({ page: 'floor: a static file', 'warm p50': f(floor.p50), 'warm p95': f(floor.p95), 'warm p99': f(floor.p99), 'cold p50': '-', 'cold p95': '-', '304 p95': '-' });
      console.log(`\n${label}: ${requests} sequential requests per cell, ms`);
      console.table(rows);
    }
    if (roundTrips) {
      const root = paths[paths.length - 1]![1];
      const rows: Record<string, string | number>[] = [];
      for (const [name, path] of pages) {
        const row: Record<string, string | number> = { page: name };
        let trips = 0;
        for (const ms of RTTS) {
          const sim = { 'x-edge-cache': 'bypass', 'x-sim-d1-primary-ms': String(ms), 'x-sim-d1-replica-ms': String(ms) };
          const out: number[] = [];
          for (let i = 0; i < Math.min(requests, 30); i++) {
            const answer = await time(root + path, sim, 'BYPASS');
            trips = Math.max(trips, Number(answer.headers['x-d1-round-trips'] ?? NaN));
            out.push(answer.ms);
          }
          out.sort((a, b) => a - b);
          row[`cold p50 @${ms}`] = f(percentile(out, 50));
          row[`cold p95 @${ms}`] = f(percentile(out, 95));
        }
        row['round trips'] = trips;
        rows.push(row);
        await new Promise((r) => setTimeout(r, 1500));
      }
      console.log(`\ncold renders by database round trip (primary = replica), ${Math.min(requests, 30)} requests per cell, ms`);
      console.table(rows);
    }
    if (check && !(warmProducts <= 5)) {
      console.error(`warm /products p95 ${warmProducts.toFixed(2)} ms > 5 ms`);
      process.exitCode = 1;
    }
  } finally {
    server?.kill('SIGTERM');
  }
};

await main();
