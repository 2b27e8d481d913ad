/**
 * `npm run bench:uncached -- [--per-kind 40] [--listings 600] [--persist-to DIR] [--reuse] [--port P] [--base URL] [--accept-encoding gzip|none] [--no-fill] [--fill-share] [--statements] [--check]`
 *
 * The uncached path (decision 023): guest pages and `/api/listings` answers rendered anew, each URL
 * requested once, against a static file from the same server as the floor. Kinds: category,
 * category + city, text, text + city, a price range sorted by price, an ad page, home, and the same
 * searches through the API (other URLs than the pages', so no search total is already in KV).
 *
 * Every request carries `X-Edge-Cache: bypass`, which the worker obeys only under EDGE_CACHE=measure
 * (set on this bench's own wrangler dev): the page is rendered and its inlined API answers are
 * searched anew, nothing from the edge cache. Each SEL request is followed by a request for the
 * static file, so both see the same machine (8 engineers share its 2 cores; the ratios are what
 * count). Timed straight at the worker's workerd socket (scripts/lib/workerd-direct.ts) with a
 * kept-alive node:http client that sends `Accept-Encoding: gzip` as a browser does, to the last byte.
 *
 * Also per kind: workerd's CPU per request (utime + stime of the worker's workerd, which runs the
 * local D1's SQLite too; the static file's own CPU, measured alone, is taken off) and the mean of
 * each `Server-Timing` stage the worker reports under EDGE_CACHE=measure (worker/lib/server-timing.ts;
 * its clock has millisecond steps, so the means of a series are what to read).
 *
 * `--statements`: per kind, each D1 statement the fresh answers ran (named by the worker: page,
 * count, pins, related, ad, … — worker/lib/server-timing.ts), its calls, rows read and SQLite time
 * per request, from D1's own meta (the `X-D1-Statements` header under EDGE_CACHE=measure).
 *
 * Two floors, each measured alone before the series: the static file (workerd's assets, no worker
 * code) and the worker's smallest answer (`/robots.txt`: workerd's way into the worker, Hono's
 * router, the app-wide middleware, a few lines of text), so a kind's CPU can be read as the way in
 * and out (the worker floor) plus its own work.
 *
 * Encoding: like a browser, `Accept-Encoding: gzip`; locally wrangler's entry worker then has workerd
 * gzip every compressible answer on its way out (the static file too), which in production the
 * edge does outside the Worker's CPU. `--accept-encoding none` sends none: the same bytes plain, to
 * see that compression's share of the CPU.
 *
 * Fill: a fresh answer is written to the Workers cache for later guests (in `waitUntil`, as a miss
 * does). In production that write is the runtime's work, not the Worker's CPU; locally miniflare's
 * Cache API does it inside the worker's own workerd (~3-5 ms of CPU a fresh answer, decision 023).
 * `--no-fill` sends `X-Edge-Cache: bypass, no-fill` (obeyed under EDGE_CACHE=measure only): the same
 * renders without that write, to see its share of the CPU column. Two runs a minute apart differ by
 * more than that share on this shared machine; `--fill-share` measures it within the run instead:
 * after each kind's series, chunks of its URLs rendered again with and without the write, back to
 * back in alternating order, and the median difference of workerd CPU per answer (column `fill CPU`).
 *
 * Data: 600 demo ads in .wrangler/bench-pages-state (seeded if empty), or `--listings 100000
 * --persist-to .wrangler/bench-state` (seeded with --reset unless --reuse, as bench:search does).
 * Targets (this machine): page p50 ≤ 2.5× the static file and p95 ≤ 4×; API p50 ≤ 2×. --check fails otherwise.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { loadavg } from 'node:os';
import { arg, benchEnv as env, freePort, percentile, processTable, run, waitForWorker } from '../lib/bench';
import { workerdDirect } from '../lib/workerd-direct';

const perKind = Math.max(5, Number(arg('per-kind', '40')));
const listings = Number(arg('listings', '600'));
const persist = arg('persist-to', listings === 600 ? '.wrangler/bench-pages-state' : '.wrangler/bench-state');
const reuse = process.argv.includes('--reuse');
const givenBase = arg('base', '');
const inspect = arg('inspect', '');
const check = process.argv.includes('--check');
const givenPort = arg('port', '');
const encoding = arg('accept-encoding', 'gzip');
const statements = process.argv.includes('--statements');
const noFill = process.argv.includes('--no-fill');
const fillShare = process.argv.includes('--fill-share');
const WORKER_FLOOR = '/robots.txt';
const PHONE = 'Mozilla/5.0 (Linux; Android 11; moto g power) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36';
const STATIC = '/favicon.svg';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
interface Timed {
  ms: number;
  status: number;
  bytes: number;
  timing: Map<string, number>;
  statements: { name: string; rows: number; ms: number; text: string }[];
  /** D1 calls the answer made (Server-Timing's `db` count: a batch is one call) */
  d1Calls: number;
}
const time = (url: string, headers: Record<string, string>) =>
  new Promise<Timed>((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent, headers: { 'user-agent': PHONE, ...(encoding === 'none' ? {} : { 'accept-encoding': encoding }), ...headers } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          const ms = performance.now() - started;
          const timing = new Map<string, number>();
          let d1Calls = 0;
          for (const part of String(res.headers['server-timing'] ?? '').split(',')) {
            const m = /^\s*([\w-]+);dur=([\d.]+)(?:;desc="(\d+)")?/.exec(part);
            if (m) timing.set(m[1]!, Number(m[2]));
            if (m?.[1] === 'db') d1Calls = Number(m[3] ?? 0);
          }
          const statements: Timed['statements'] = [];
          for (const part of String(res.headers['x-d1-statements'] ?? '').split(', ')) {
            const m = /^(.+);rows=(\d+);dur=([\d.]+)(?:;sql=(\w+))?$/.exec(part);
            if (m) statements.push({ name: m[1]!, rows: Number(m[2]), ms: Number(m[3]), text: m[4] ?? '' });
          }
          resolve({ ms, status: res.statusCode ?? 0, bytes, timing, statements, d1Calls });
        });
      })
      .on('error', reject);
  });

const unique = <T>(list: T[]) => [...new Set(list)];
const take = <T>(list: T[], n: number) => list.slice(0, n);
const interleave = <T>(a: T[], b: T[]) => a.flatMap((x, i) => [x, b[i % b.length]!]);

/** The URLs of each kind, built from the data the server holds: distinct, each used once. */
const buildUrls = async (root: string) => {
  const json = async <T>(path: string) => ((await (await fetch(root + path)).json()) as { data: T }).data;
  const categories = await json<{ name: string; count: number; subcategories: { name: string; count: number }[] }[]>('/api/categories');
  const cities = (await json<{ name: string; count: number }[]>('/api/locations?limit=60')).filter((c) => c.count > 0).map((c) => c.name);
  const sample = (await json<{ listings: { slug: string; title: string; price: number; category: { name: string } }[] }>('/api/listings?limit=100&sortBy=createdAt&sortOrder=desc')).listings;
  const older = (await json<{ listings: { slug: string; title: string }[] }>('/api/listings?limit=100&page=5')).listings;
  const names = unique([...categories.filter((c) => c.count).map((c) => c.name), ...categories.flatMap((c) => c.subcategories.filter((s) => s.count).map((s) => s.name))]);
  const words = unique([...sample, ...older].flatMap((l) => l.title.toLowerCase().match(/\p{L}{4,}/gu) ?? []));
  const enc = encodeURIComponent;
  // category × city pairs in a fixed mixed order: enough for pages and API alike
  const pairs: [string, string][] = [];
  for (let i = 0; pairs.length < 4 * perKind && i < names.length * cities.length; i++) pairs.push([names[i % names.length]!, cities[Math.floor(i / names.length + i) % cities.length]!]);
  const half = <T>(list: T[], odd: boolean) => list.filter((_, i) => i % 2 === (odd ? 1 : 0));
  const pageKinds = (odd: boolean) => ({
    category: take(half(names, odd), perKind).map((n) => `category=${enc(n)}`),
    'category + city': take(half(pairs, odd), perKind).map(([n, c]) => `category=${enc(n)}&location=${enc(c)}`),
    text: take(half(words, odd), perKind).map((w) => `q=${enc(w)}`),
    'text + city': take(half(words.slice(2 * perKind), odd), perKind).map((w, i) => `q=${enc(w)}&location=${enc(cities[i % cities.length]!)}`),
    'price range by price': take(half(pairs, odd), perKind).map(([n], i) => `category=${enc(n)}&minPrice=${1000 * (i + 1)}&maxPrice=${50_000 + 5000 * i}`),
  });
  const pages = pageKinds(false);
  const api = pageKinds(true);
  const kinds: { kind: string; urls: string[]; api: boolean }[] = [
    ...Object.entries(pages).map(([kind, qs]) => ({ kind, api: false, urls: qs.map((q) => `/products?${q}${kind === 'price range by price' ? '&sort=price-asc' : ''}`) })),
    { kind: 'ad page', api: false, urls: take(unique([...sample, ...older].map((l) => l.slug)), perKind).map((s) => `/item/${s}`) },
    // one URL: rendered anew every time (the bypass), as after any change to the listings
    { kind: 'home', api: false, urls: Array.from({ length: perKind }, () => '/') },
    ...Object.entries(api).map(([kind, qs]) => ({
      kind: `API: ${kind}`,
      api: true,
      urls: qs.map((q) => `/api/listings?${q}&page=1&limit=20${kind === 'price range by price' ? '&sortBy=price&sortOrder=asc' : ''}`),
    })),
  ];
  const short = kinds.filter((k) => k.urls.length < perKind);
  if (short.length) console.log(`fewer distinct URLs than --per-kind for: ${short.map((k) => `${k.kind} (${k.urls.length})`).join(', ')}`);
  return kinds;
};

const workerCpu = (pid: number | undefined) => (pid ? (processTable().find((p) => p.pid === pid)?.cpu ?? NaN) : NaN);

const main = async () => {
  let server: ChildProcess | undefined;
  let base = givenBase;
  if (!base) {
    run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist]);
    if (listings === 600) run('tsx', ['scripts/seed.ts', '--listings', '600', '--if-empty', '--persist-to', persist]);
    else if (!reuse) run('tsx', ['scripts/seed.ts', '--listings', String(listings), '--reset', '--persist-to', persist]);
    const port = givenPort ? Number(givenPort) : await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(
      'wrangler',
      ['dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', persist, '--var', 'EDGE_CACHE:measure', '--show-interactive-dev-session=false', '--log-level', 'error', ...(inspect ? ['--inspector-port', inspect] : [])],
      { env, stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  try {
    await waitForWorker(base);
    const direct = await workerdDirect(base);
    const root = direct?.base ?? base;
    console.log(direct ? `timed straight at the worker's workerd (${root})` : `the worker socket behind wrangler dev was not found: timed through its proxy (${root})`);
    const kinds = await buildUrls(root);
    console.log(`load average at the start: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
    const bypass = { 'x-edge-cache': noFill ? 'bypass, no-fill' : 'bypass' };
    // warm-up: the isolate's once-per-isolate work (code, reference data, dictionary) is not what a fresh page pays
    // Statement texts seen so far (hashes, from X-D1-Statements): the local D1 keeps compiled
    // statements by their text, so a text first sent by a fresh answer costs a compile (about
    // 0.8 ms of CPU for a page-sized one here, scripts/bench/d1-call-cost.ts), a repeated one not.
    const textsSeen = new Set<string>();
    for (const k of kinds) for (const st of (await time(root + k.urls.at(-1)!, bypass)).statements) textsSeen.add(st.text);
    for (let i = 0; i < 50; i++) await time(root + STATIC, {});
    // the floors' own CPU and times, each alone (the static file's is taken off the interleaved series)
    const floorOf = async (path: string) => {
      for (let i = 0; i < 20; i++) await time(root + path, {});
      const cpu0 = workerCpu(direct?.pid);
      const ms: number[] = [];
      for (let i = 0; i < 200; i++) ms.push((await time(root + path, {})).ms);
      return { cpuMs: ((workerCpu(direct?.pid) - cpu0) * 1000) / 200, p50: percentile(ms.sort((a, b) => a - b), 50) };
    };
    const staticFloor = await floorOf(STATIC);
    const workerFloor = await floorOf(WORKER_FLOOR);
    const staticCpuMs = staticFloor.cpuMs;
    const f = (n: number, d = 1) => (Number.isFinite(n) ? Number(n.toFixed(d)) : '-');
    const rows: Record<string, string | number>[] = [];
    const statementRows: Record<string, string | number>[] = [];
    const verdicts: string[] = [];
    for (const k of kinds) {
      const sel: Timed[] = [];
      const floor: Timed[] = [];
      const cpu0 = workerCpu(direct?.pid);
      for (const [i, path] of interleave(k.urls, [STATIC]).entries()) {
        const got = await time(root + path, path === STATIC ? {} : bypass);
        if (path === STATIC) floor.push(got);
        else {
          if (got.status !== 200 && !(k.api && got.status === 400)) throw new Error(`${path}: ${got.status}`);
          sel.push(got);
        }
        void i;
      }
      const cpuMs = ((workerCpu(direct?.pid) - cpu0) * 1000 - staticCpuMs * floor.length) / sel.length;
      // the Workers cache write's share, A/B within seconds so the machine's load cancels out
      let fillCpu = NaN;
      if (fillShare) {
        const chunk = k.urls.slice(0, 10);
        const cpuOf = async (edge: string) => {
          const c0 = workerCpu(direct?.pid);
          for (const path of chunk) await time(root + path, { 'x-edge-cache': edge });
          return ((workerCpu(direct?.pid) - c0) * 1000) / chunk.length;
        };
        const diffs: number[] = [];
        for (let r = 0; r < 6; r++) {
          const order = r % 2 ? ['bypass, no-fill', 'bypass'] : ['bypass', 'bypass, no-fill'];
          const got = new Map<string, number>();
          for (const edge of order) got.set(edge, await cpuOf(edge));
          diffs.push(got.get('bypass')! - got.get('bypass, no-fill')!);
        }
        fillCpu = percentile(diffs.sort((a, b) => a - b), 50);
      }
      const ms = sel.map((t) => t.ms).sort((a, b) => a - b);
      const fl = floor.map((t) => t.ms).sort((a, b) => a - b);
      const stages = new Map<string, number>();
      for (const t of sel) for (const [name, dur] of t.timing) stages.set(name, (stages.get(name) ?? 0) + dur / sel.length);
      const p50 = percentile(ms, 50) / percentile(fl, 50);
      const p95 = percentile(ms, 95) / percentile(fl, 95);
      rows.push({
        kind: k.kind,
        n: sel.length,
        'p50 ms': f(percentile(ms, 50)),
        'p95 ms': f(percentile(ms, 95)),
        'static p50': f(percentile(fl, 50)),
        'static p95': f(percentile(fl, 95)),
        '× p50': f(p50),
        '× p95': f(p95),
        'CPU ms': f(cpuMs),
        ...(fillShare ? { 'fill CPU': f(fillCpu) } : {}),
        'KB (gzip)': f(sel.reduce((n, t) => n + t.bytes, 0) / sel.length / 1024),
        // each D1 call has a fixed cost about a static file's whole request here (bench:d1-call-cost)
        'D1 calls': f(sel.reduce((n, t) => n + t.d1Calls, 0) / sel.length, 2),
        stages: [...stages]
          .filter(([name, v]) => name !== 'total' && v >= 0.05)
          .sort((a, b) => b[1] - a[1])
          .map(([name, v]) => `${name} ${v.toFixed(1)}`)
          .join(', '),
      });
      const byName = new Map<string, { calls: number; rows: number; ms: number; newTexts: number }>();
      for (const t of sel) {
        for (const st of t.statements) {
          const e = byName.get(st.name) ?? { calls: 0, rows: 0, ms: 0, newTexts: 0 };
          e.calls += 1 / sel.length;
          e.rows += st.rows / sel.length;
          e.ms += st.ms / sel.length;
          // a text no answer of this run has sent before: SQLite compiles it (see textsSeen)
          if (st.text && !textsSeen.has(st.text)) e.newTexts += 1 / sel.length;
          if (st.text) textsSeen.add(st.text);
          byName.set(st.name, e);
        }
      }
      for (const [name, e] of [...byName].sort((a, b) => b[1].rows - a[1].rows)) {
        statementRows.push({ kind: k.kind, statement: name, 'calls/req': f(e.calls, 2), 'new texts/req': f(e.newTexts, 2), 'rows read/req': f(e.rows, 0), 'SQLite ms/req': f(e.ms, 2) });
      }
      if (k.api ? p50 > 2 : p50 > 2.5 || p95 > 4) verdicts.push(`${k.kind}: ${p50.toFixed(2)}× p50, ${p95.toFixed(2)}× p95 (target ${k.api ? '≤ 2× p50' : '≤ 2.5× p50, ≤ 4× p95'})`);
    }
    console.log(`\nfresh answers, ${listings.toLocaleString('en-IN')} listings, each URL once (home: one URL rendered anew each time), ms; static file ${STATIC} interleaved as the floor; CPU = workerd CPU per request less the static file's; stages = mean Server-Timing ms; Accept-Encoding: ${encoding}${noFill ? '; without the Workers cache write (--no-fill)' : ''}`);
    console.log(`floors, each alone: static file ${STATIC} p50 ${staticFloor.p50.toFixed(2)} ms, CPU ${staticFloor.cpuMs.toFixed(2)} ms; the worker's smallest answer ${WORKER_FLOOR} p50 ${workerFloor.p50.toFixed(2)} ms, CPU ${workerFloor.cpuMs.toFixed(2)} ms (${(workerFloor.cpuMs - staticFloor.cpuMs).toFixed(2)} ms over the static file's)`);
    console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
    console.table(rows);
    if (statements) {
      console.log('\nD1 statements per fresh answer (D1 meta: rows read, SQLite time; means over the series; new texts = statement texts no earlier answer of this run sent, which SQLite compiles)');
      console.table(statementRows);
    }
    if (verdicts.length) console.log(`over target:\n  ${verdicts.join('\n  ')}`);
    else console.log('every kind within its target');
    if (check && verdicts.length) process.exitCode = 1;
  } finally {
    server?.kill('SIGTERM');
  }
};

await main();
