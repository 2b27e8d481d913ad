/**
 * `npm run bench:search -- [--listings 100000] [--rate 40] [--duration 30] [--reuse] [--no-baseline] [--shards 4] [--databases-apart] [--rtt 30]`
 *
 * --shards N  the listings over N databases (decision 033): the state gets LISTINGS_0 … beside DB
 *             (scripts/lib/shards-config.ts), the seed spreads the ads by group of states and the
 *             worker runs with LISTING_DATABASES = N. Its own state folder (.wrangler/bench-state-shards-N).
 * --databases-apart  each database (DB and the listings ones) runs in a miniflare of its own, over
 *             the same state, and the worker's D1 bindings forward each call there
 *             (scripts/bench/d1-apart.ts): the worker's thread no longer pays the databases' CPU, as
 *             in production where D1 is a separate service. Not with --rtt.
 * --rtt MS    every database call waits MS first (the simulated network of decision 022, every
 *             database alike: scripts/bench/simulated-d1-worker.ts); 0 runs the plain worker
 *
 * Seeds N listings into a separate local database (.wrangler/bench-state, so your dev data is
 * untouched), starts the worker with wrangler on a free port, and drives /api/listings with a
 * FIXED-RATE load (open loop: each request is due at its scheduled time and its latency is counted
 * from then, so queueing is not hidden). Prints p50/p95/p99 per query kind and overall.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadavg } from 'node:os';
import { arg, benchEnv as env, freePort, percentile, run, waitForWorker } from '../lib/bench';
import { migrateLocal, parseListingDatabases } from '../lib/shards-config';

const listings = Number(arg('listings', '100000'));
const rate = Number(arg('rate', '40'));
const durationS = Number(arg('duration', '30'));
const reuse = process.argv.includes('--reuse');
/** --no-baseline skips the FTS5-vs-LIKE comparison (slow at 1M) */
const baseline = !process.argv.includes('--no-baseline');
const shards = parseListingDatabases(arg('shards', '1'));
const rtt = Number(arg('rtt', '0'));
if (!Number.isFinite(rtt) || rtt < 0 || rtt > 2000) throw new Error('--rtt must be between 0 and 2000 ms');
const apart = process.argv.includes('--databases-apart');
const persist = arg('persist-to', shards > 1 ? `.wrangler/bench-state-shards-${shards}` : '.wrangler/bench-state');




/**
 * FTS5 against the naive `LIKE '%term%'` on the same data, for words from common to rare, two ways:
 *  - "page + total": what the API runs for `?q=word&limit=20` (built by the API's own query
 *    builder: FTS5 rank order, total capped at COUNT_CAP) against the LIKE version of the same
 *    page (newest first) and capped total;
 *  - "every match": counting all live matches, the classic full-text comparison.
 * Timed on the local D1 with its rows_read.
 */
/** Big cities' centres for the near-me kind (Delhi, Mumbai, Bengaluru, Chennai, Kolkata, Hyderabad, Pune, Ahmedabad). */
const NEAR: [number, number][] = [
  [28.61, 77.21], [19.08, 72.88], [12.97, 77.59], [13.08, 80.27], [22.57, 88.36], [17.39, 78.49], [18.52, 73.86], [23.02, 72.57],
];

const likeBaseline = async () => {
  const { localBindings } = await import('../lib/local-bindings');
  const { getDb } = await import('../../worker/db/client');
  const { buildListingQuery } = await import('../../worker/services/listings/listings');
  const { listingsQuery, COUNT_CAP } = await import('../../worker/schemas/listings');
  const { env: bindings, dispose } = await localBindings<{ DB: D1Database }>(persist);
  const db = bindings.DB;
  const words = ['honda', 'iphone', 'sofa', 'flat', 'swift', 'laptop', 'royal', 'samsung', 'fortuner', 'macbook', 'recliner', 'tractor'];
  const time = async (statements: { sql: string; params: unknown[] }[]) => {
    // once untimed, so both sides are measured with their pages in SQLite's cache
    for (const st of statements) await db.prepare(st.sql).bind(...st.params).all();
    const t = performance.now();
    let rows = 0;
    for (const st of statements) rows += (await db.prepare(st.sql).bind(...st.params).all()).meta.rows_read ?? 0;
    return { ms: performance.now() - t, rows };
  };
  const like = `status = 'APPROVED' AND (title LIKE ?1 OR description LIKE ?1)`;
  const kinds: Record<string, { fts: (w: string) => Promise<{ sql: string; params: unknown[] }[]>; like: (w: string) => { sql: string; params: unknown[] }[] }> = {
    'page + total (the API)': {
      fts: async (w) => {
        const built = await buildListingQuery(getDb(db), listingsQuery.parse({ q: w, limit: '20' }));
        return [
          { sql: built.sql, params: built.params },
          { sql: built.countSql, params: built.countParams },
        ];
      },
      like: (w) => [
        { sql: `SELECT num FROM listings WHERE ${like} ORDER BY created_at DESC LIMIT 20`, params: [`%${w}%`] },
        { sql: `SELECT count(*) FROM (SELECT 1 FROM listings WHERE ${like} LIMIT ${COUNT_CAP + 1})`, params: [`%${w}%`] },
      ],
    },
    'every match (count)': {
      fts: async (w) => [{ sql: `SELECT count(*) FROM listings_fts WHERE listings_fts MATCH ?`, params: [`"${w}"*`] }],
      like: (w) => [{ sql: `SELECT count(*) FROM listings WHERE ${like}`, params: [`%${w}%`] }],
    },
  };
  console.log(`\nFTS5 vs LIKE '%term%' (${words.join(', ')}; mean per word):`);
  for (const [name, kind] of Object.entries(kinds)) {
    let fts = { ms: 0, rows: 0 };
    let lk = { ms: 0, rows: 0 };
    for (const w of words) {
      const f = await time(await kind.fts(w));
      const l = await time(kind.like(w));
      fts = { ms: fts.ms + f.ms, rows: fts.rows + f.rows };
      lk = { ms: lk.ms + l.ms, rows: lk.rows + l.rows };
    }
    const n = words.length;
    console.log(`  ${name}`);
    console.log(`    FTS5  ${(fts.ms / n).toFixed(1).padStart(8)} ms  ${Math.round(fts.rows / n).toString().padStart(9)} rows read`);
    console.log(`    LIKE  ${(lk.ms / n).toFixed(1).padStart(8)} ms  ${Math.round(lk.rows / n).toString().padStart(9)} rows read  (${(lk.ms / fts.ms).toFixed(0)}× slower, ${(lk.rows / Math.max(1, fts.rows)).toFixed(0)}× the rows)`);
  }
  await dispose();
};

/**
 * The databases' own processes: miniflare (the local D1 of `wrangler dev`, started straight from its
 * API so each call reaches the worker without wrangler's proxy process in between — that hop cost
 * ~6 ms and capped the far side near 175 calls a second) running scripts/bench/d1-host-worker.ts
 * with the same D1 declarations as the worker's config, over the same --persist-to.
 */
const startDatabases = async (workerConfig: string) => {
  const worker = JSON.parse(readFileSync(workerConfig, 'utf8')) as { compatibility_date: string; compatibility_flags?: string[]; d1_databases: { binding: string; database_id: string }[] };
  const esbuild = await import('esbuild');
  const bundle = await esbuild.build({ entryPoints: [resolve('scripts/bench/d1-host-worker.ts')], bundle: true, format: 'esm', platform: 'neutral', write: false, logLevel: 'error' });
  // its service process would otherwise die noisily when the bench exits
  await esbuild.stop();
  const { Miniflare } = await import('miniflare');
  // one miniflare (one workerd thread) per database, as each D1 database is its own service
  const started = await Promise.all(
    worker.d1_databases.map(async (d) => {
      const mf = new Miniflare({
        host: '127.0.0.1',
        port: await freePort(),
        // where wrangler dev --persist-to keeps its state (v3/), so both open the same D1 files
        resourcePersistencePath: resolve(persist, 'v3'),
        logRequests: false,
        workers: [
          {
            config: {
              name: 'sel-bench-databases',
              compatibilityDate: worker.compatibility_date,
              compatibilityFlags: worker.compatibility_flags ?? [],
              manifest: { mainModule: 'd1-host-worker.js', modulesRoot: resolve('.wrangler'), modules: { 'd1-host-worker.js': { type: 'esm', contents: bundle.outputFiles[0]!.text } } },
              env: { [d.binding]: { type: 'd1', id: d.database_id } },
            },
          },
        ],
      } as unknown as ConstructorParameters<typeof Miniflare>[0]);
      return { mf, binding: d.binding, url: (await mf.ready).toString() };
    }),
  );
  const urls = Object.fromEntries(started.map((s) => [s.binding, s.url]));
  return { stop: () => started.forEach((s) => void s.mf.dispose()), url: JSON.stringify(urls) };
};

const main = async () => {
  if (!existsSync('dist/client/index.html')) run('vite', ['build']);
  const config = migrateLocal(shards, persist, run);
  if (!reuse) run('tsx', ['scripts/seed.ts', '--listings', String(listings), '--reset', '--persist-to', persist, '--listing-databases', String(shards)]);

  // the LIKE baseline reads one database's listings table
  if (baseline && shards === 1) await likeBaseline();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // the database's search is what is measured here: the guest edge cache (decision 011) stays out of it
  // `--inspect PORT`: a DevTools inspector there, for `npm run bench:profile -- --port PORT`
  const inspect = arg('inspect', '');
  if (apart && rtt > 0) throw new Error('--databases-apart and --rtt do not combine: pick one');
  // --databases-apart: the databases' own process first, on its own port, over the same state
  const databases = apart ? await startDatabases(config) : undefined;
  const devArgs = [
    'dev',
    ...(rtt > 0 ? ['scripts/bench/simulated-d1-worker.ts'] : apart ? ['scripts/bench/d1-apart-worker.ts'] : []),
    '--config', config, '--port', String(port), '--ip', '127.0.0.1', '--persist-to', persist, '--show-interactive-dev-session=false', '--log-level', 'error', '--var', 'EDGE_CACHE:off',
    ...(databases ? ['--var', `D1_APART_URLS:${databases.url}`] : []),
  ];
  const server: ChildProcess = spawn('wrangler', [...devArgs, ...(inspect ? ['--inspector-port', inspect] : [])], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    server.kill('SIGTERM');
    databases?.stop();
  };
  process.on('exit', stop);
  try {
    await waitForWorker(base);
    if (databases) console.log(`databases apart: worker pid ${server.pid} on ${base}, databases (one miniflare each, this process's child workerds) on ${databases.url}`);

    // Realistic parameters taken from the data itself.
    const sample = (await (await fetch(`${base}/api/listings?limit=100&sortBy=views`)).json()) as {
      data: { listings: { id: string; slug: string; city: string | null; features: Record<string, unknown>; subcategory: { name: string } | null; title: string }[] };
    };
    const ads = sample.data.listings;
    if (!ads.length) throw new Error('no listings in the benchmark database');
    // every live ad is found: an all-India search's total (capped at COUNT_CAP) against the databases' own count
    const { COUNT_CAP } = await import('../../worker/schemas/listings');
    const all = (await (await fetch(`${base}/api/listings?limit=1`)).json()) as { data: { pagination: { total: number } } };
    console.log(`all-India search total: ${all.data.pagination.total} (capped at ${COUNT_CAP}); ${shards} listings database${shards > 1 ? 's' : ''}; database round trip ${rtt} ms${apart ? '; databases in their own process' : ''}`);
    const pick = <T>(xs: T[], i: number) => xs[i % xs.length]!;
    const cities = [...new Set(ads.map((a) => a.city).filter(Boolean))] as string[];
    const words = ads.map((a) => a.title.split(' ')[0]!.toLowerCase()).filter((w) => w.length > 2);
    const brands = ads.filter((a) => typeof a.features.brand === 'string' && a.subcategory).map((a) => ({ sub: a.subcategory!.name, brand: String(a.features.brand) }));

    const kinds: Record<string, (i: number) => string> = {
      'text + city': (i) => `/api/listings?q=${encodeURIComponent(pick(words, i))}&location=${encodeURIComponent(pick(cities, i))}&limit=20`,
      'category + price + sort': (i) => `/api/listings?category=Vehicles&minPrice=${50_000 + (i % 5) * 100_000}&maxPrice=2000000&sortBy=price&sortOrder=asc&limit=20`,
      // the kind where another engine beat us: a category and a price range, newest first
      'category + price, newest': (i) => `/api/listings?category=Electronics&minPrice=${10_000 + (i % 3) * 1_000}&maxPrice=50000&sortBy=createdAt&sortOrder=desc&limit=20`,
      'subcategory + brand': (i) => {
        const b = pick(brands, i);
        return `/api/listings?subcategory=${encodeURIComponent(b.sub)}&brand=${encodeURIComponent(b.brand)}&limit=20`;
      },
      'location only': (i) => `/api/listings?location=${encodeURIComponent(pick(cities, i))}&limit=20`,
      'page 50 of a broad query': () => `/api/listings?category=Electronics&page=50&limit=20`,
      'slug lookup': (i) => `/api/listings/slug/${pick(ads, i).slug}`,
      related: (i) => `/api/listings/${pick(ads, i).id}/related?limit=4`,
      // query understanding: a typo (a doubled letter) that the strict search misses and the corrector fixes
      'misspelled text': (i) => {
        const w = pick(words.filter((x) => x.length >= 5 && /^[a-z]+$/.test(x)), i);
        return `/api/listings?q=${encodeURIComponent(`${w.slice(0, 2)}${w[1]}${w.slice(2)}`)}&limit=20`;
      },
      'near me, nearest first': (i) => {
        const [lat, lng] = pick(NEAR, i);
        return `/api/listings?lat=${lat}&lng=${lng}&radiusKm=${pick([10, 25, 50], i)}&sortBy=distance&limit=20`;
      },
      suggest: (i) => `/api/search/suggest?q=${encodeURIComponent(pick(words, i).slice(0, 2 + (i % 4)))}&limit=8`,
    };
    const names = Object.keys(kinds);

    // warm-up: one of each
    for (const n of names) await fetch(base + kinds[n]!(0)).then((r) => r.arrayBuffer());

    const total = Math.round(rate * durationS);
    const results: { kind: string; ms: number; ok: boolean; rowsRead?: number }[] = [];
    const start = performance.now() + 100;
    const inflight: Promise<void>[] = [];
    const delay = rtt > 0 ? { headers: { 'x-sim-d1-primary-ms': String(rtt), 'x-sim-d1-replica-ms': String(rtt) } } : {};
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const kind = names[i % names.length]!;
      inflight.push(
        fetch(base + kinds[kind]!(i), delay)
          .then(async (r) => {
            await r.arrayBuffer();
            const rows = r.headers.get('x-d1-rows-read');
            results.push({ kind, ms: performance.now() - due, ok: r.ok, ...(rows ? { rowsRead: Number(rows) } : {}) });
          })
          .catch(() => {
            results.push({ kind, ms: performance.now() - due, ok: false });
          }),
      );
    }
    await Promise.all(inflight);

    console.log(`\n${reuse ? 'the reused state\'s' : listings.toLocaleString('en-IN')} listings over ${shards} database${shards > 1 ? 's' : ''}, round trip ${rtt} ms${apart ? ', databases in their own process' : ''}, ${rate} req/s for ${durationS} s (${total} requests), open loop; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
    console.log('kind'.padEnd(28), 'n'.padStart(5), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'p99 ms'.padStart(8), 'errors'.padStart(7), 'rows read'.padStart(10));
    for (const kind of [...names, 'ALL']) {
      const rows = results.filter((r) => kind === 'ALL' || r.kind === kind);
      const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
      console.log(
        kind.padEnd(28),
        String(rows.length).padStart(5),
        percentile(ms, 50).toFixed(1).padStart(8),
        percentile(ms, 95).toFixed(1).padStart(8),
        percentile(ms, 99).toFixed(1).padStart(8),
        String(rows.filter((r) => !r.ok).length).padStart(7),
        // D1 rows read by the search and its count (listing searches only), mean per request
        (rows.some((r) => r.rowsRead !== undefined) ? String(Math.round(rows.reduce((n, r) => n + (r.rowsRead ?? 0), 0) / rows.filter((r) => r.rowsRead !== undefined).length)) : '-').padStart(10),
      );
    }
  } finally {
    stop();
  }
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
