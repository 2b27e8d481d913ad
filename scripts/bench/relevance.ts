/**
 * `npm run bench:relevance -- [--reuse] [--json] [--persist-to DIR]`
 *
 * Search relevance on the default demo seed: every query of every relevance-queries*.json beside this
 * script (written from how people in India search, before looking at the seed) goes to /api/listings?limit=5, and its top 5
 * is judged against what a person counts as a good result. Prints success@5, the zero-result rate
 * on queries that have a real answer in the seed, success by kind, for queries that name a budget
 * how often every result shown keeps to it, the failures with what came back, queries the seed
 * cannot answer, and the slowest queries.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { arg, benchEnv as env, freePort, run, waitForWorker } from '../lib/bench';

const reuse = process.argv.includes('--reuse');
const asJson = process.argv.includes('--json');
const persist = arg('persist-to', '.wrangler/bench-relevance');

interface Good {
  none?: boolean;
  category?: string;
  subcategory?: string;
  /** every word appears in the title */
  title?: string[];
  /** at least one of these appears in the title */
  titleAny?: string[];
  city?: string;
  /** the ad is in one of these cities (a region: "NCR" is Delhi, Gurugram, Noida…) */
  cityAny?: string[];
  state?: string;
  /** the budget a person means, in rupees: a good ad is inside it */
  minPrice?: number;
  maxPrice?: number;
}
interface Judged {
  q: string;
  kind: string;
  good: Good;
}
interface Ad {
  title: string;
  category: { name: string };
  subcategory: { name: string } | null;
  city: string | null;
  state: string | null;
  price: number;
}
interface Answer {
  listings: Ad[];
  pagination: { total: number };
  search?: { relaxed: string; widenedTo?: string; correctedQuery?: string; interpretedAs: Record<string, string> };
}

const KINDS = new Set(['typo', 'sound', 'synonym', 'brand', 'hindi', 'hinglish', 'place', 'locality', 'region', 'multiword', 'category', 'price', 'numbers', 'none']);

/** Every judged file (relevance-queries.json and relevance-queries-*.json), in name order. */
const queryFiles = () => readdirSync(new URL('.', import.meta.url)).filter((f) => /^relevance-queries(-[a-z0-9-]+)?\.json$/.test(f)).sort();

/** The query files, checked: a bad entry stops the bench with a message that names its file and entry; a query judged twice is refused. */
const loadQueries = (): Judged[] => {
  const seen = new Map<string, string>();
  return queryFiles().flatMap((file) => loadQueryFile(file, seen));
};

const loadQueryFile = (file: string, seen: Map<string, string>): Judged[] => {
  const doc = JSON.parse(readFileSync(new URL(`./${file}`, import.meta.url), 'utf8')) as { queries?: unknown };
  if (!Array.isArray(doc.queries)) throw new Error(`${file}: "queries" must be a list`);
  return doc.queries.map((raw, i) => {
    const e = raw as Partial<Judged>;
    const where = `${file} entry ${i} (${JSON.stringify(e?.q)})`;
    const key = typeof e?.q === 'string' ? e.q.trim().toLowerCase() : '';
    if (key && seen.has(key) && seen.get(key) !== file) throw new Error(`${where}: already judged in ${seen.get(key)}`);
    if (key) seen.set(key, file);
    if (typeof e?.q !== 'string' || !e.q.trim()) throw new Error(`${where}: q must be text`);
    if (typeof e.kind !== 'string' || !KINDS.has(e.kind)) throw new Error(`${where}: kind must be one of ${[...KINDS].join(', ')}`);
    const g = e.good;
    if (!g || typeof g !== 'object') throw new Error(`${where}: good is missing`);
    const keys = Object.keys(g);
    if (g.none ? keys.length !== 1 : !keys.length) throw new Error(`${where}: good is either {"none": true} or a description`);
    for (const k of keys) if (!['none', 'category', 'subcategory', 'title', 'titleAny', 'city', 'cityAny', 'state', 'minPrice', 'maxPrice'].includes(k)) throw new Error(`${where}: unknown key good.${k}`);
    for (const key of ['title', 'titleAny', 'cityAny'] as const) {
      const list = g[key];
      if (list && (!Array.isArray(list) || !list.length || !list.every((w) => typeof w === 'string' && w))) throw new Error(`${where}: good.${key} must be a list of words`);
    }
    for (const key of ['minPrice', 'maxPrice'] as const) if (g[key] !== undefined && !(typeof g[key] === 'number' && g[key] >= 0)) throw new Error(`${where}: good.${key} must be rupees`);
    if ((g.minPrice !== undefined || g.maxPrice !== undefined) !== (e.kind === 'price')) throw new Error(`${where}: a price query names its budget (good.minPrice/maxPrice), and only a price query does`);
    return e as Judged;
  });
};

const words = (text: string) => text.toLowerCase().normalize('NFC');

/** Is this ad a good answer? A place counts when the ad is there, or inside the place the search widened to. */
const inBudget = (ad: Ad, good: Good) => (good.minPrice === undefined || ad.price >= good.minPrice) && (good.maxPrice === undefined || ad.price <= good.maxPrice);

const isGood = (ad: Ad, good: Good, answer?: Answer) => {
  if (!inBudget(ad, good)) return false;
  if (good.category && ad.category.name !== good.category) return false;
  if (good.subcategory && ad.subcategory?.name !== good.subcategory) return false;
  if (good.title && !good.title.every((w) => words(ad.title).includes(words(w)))) return false;
  if (good.titleAny && !good.titleAny.some((w) => words(ad.title).includes(words(w)))) return false;
  const widened = answer?.search?.relaxed === 'widerPlace' ? answer.search.widenedTo : undefined;
  const wideOk = widened === 'India' || (widened !== undefined && ad.state === widened);
  if (good.city && ad.city !== good.city && !wideOk) return false;
  if (good.cityAny && !good.cityAny.includes(ad.city ?? '') && !wideOk) return false;
  if (good.state && ad.state !== good.state && !wideOk) return false;
  return true;
};

const main = async () => {
  const queries = loadQueries();
  if (!asJson) console.log(`judged files: ${queryFiles().join(', ')}`);
  if (!existsSync('dist/client/index.html')) run('vite', ['build']);
  run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist]);
  // the default demo seed, exactly as `npm start` makes it
  if (!reuse) run('tsx', ['scripts/seed.ts', '--reset', '--persist-to', persist]);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn('wrangler', ['dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', persist, '--show-interactive-dev-session=false', '--log-level', 'error'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => server.kill('SIGTERM');
  process.on('exit', stop);
  try {
    await waitForWorker(base);
    // every live ad, to know which queries have a real answer in the seed
    const all: Ad[] = [];
    for (let page = 1; ; page++) {
      const body = (await (await fetch(`${base}/api/listings?limit=100&page=${page}`)).json()) as { data: Answer & { pagination: { pages: number } } };
      all.push(...body.data.listings);
      if (page >= body.data.pagination.pages) break;
    }
    // warm the dictionary and the isolate
    await fetch(`${base}/api/listings?q=warm&limit=5`);

    const results = [];
    for (const j of queries) {
      const t = performance.now();
      const res = await fetch(`${base}/api/listings?${new URLSearchParams({ q: j.q, limit: '5' })}`);
      const ms = performance.now() - t;
      const body = (await res.json()) as { success: boolean; data: Answer };
      if (!res.ok || !body.success) throw new Error(`"${j.q}" answered ${res.status}: ${JSON.stringify(body)}`);
      const answer = body.data;
      const top = answer.listings.slice(0, 5);
      // a thing the seed has somewhere is answerable for a place query too: widening to where it is, and saying so, is the answer
      const hasAnswer = j.good.none ? false : all.some((ad) => isGood(ad, { ...j.good, city: undefined, cityAny: undefined, state: undefined }));
      const success = j.good.none ? top.length === 0 : top.some((ad) => isGood(ad, j.good, answer));
      // a budget is a filter: every ad shown keeps to it, not just the good one
      const priceRespected = j.kind === 'price' && top.length ? top.every((ad) => inBudget(ad, j.good)) : undefined;
      results.push({ ...j, ms, success, hasAnswer, zero: top.length === 0, top, search: answer.search, priceRespected });
    }

    const pct = (n: number, d: number) => (d ? `${((n / d) * 100).toFixed(1)} %` : '–');
    const answerable = results.filter((r) => r.hasAnswer);
    const judged = results.filter((r) => r.hasAnswer || r.good.none);
    const summary = {
      queries: results.length,
      answerable: answerable.length,
      successAt5: pct(judged.filter((r) => r.success).length, judged.length),
      zeroResultRate: pct(answerable.filter((r) => r.zero).length, answerable.length),
      /** price queries whose every shown result is inside the budget meant (of those with results) */
      priceRespect: pct(results.filter((r) => r.priceRespected).length, results.filter((r) => r.priceRespected !== undefined).length),
      priceZeroResultRate: pct(answerable.filter((r) => r.kind === 'price' && r.zero).length, answerable.filter((r) => r.kind === 'price').length),
      byKind: Object.fromEntries(
        [...KINDS].map((k) => {
          const rs = judged.filter((r) => r.kind === k);
          return [k, { n: rs.length, successAt5: pct(rs.filter((r) => r.success).length, rs.length) }];
        }),
      ),
      failures: judged.filter((r) => !r.success).map((r) => ({ q: r.q, kind: r.kind, good: r.good, search: r.search, top: r.top.map((a) => `${a.title} [${a.subcategory?.name ?? a.category.name}, ${a.city}, ₹${a.price}]`) })),
      seedGaps: results.filter((r) => !r.hasAnswer && !r.good.none).map((r) => ({ q: r.q, good: r.good, success: r.success })),
      slowest: [...results].sort((a, b) => b.ms - a.ms).slice(0, 10).map((r) => ({ q: r.q, ms: Math.round(r.ms * 10) / 10 })),
    };
    if (asJson) {
      console.log(JSON.stringify(summary, null, 1));
      return;
    }
    console.log(`\n${summary.queries} judged queries on the default seed (${all.length} live ads); ${summary.answerable} have a real answer in it\n`);
    console.log('| kind | queries | success@5 |\n|---|---|---|');
    for (const [k, v] of Object.entries(summary.byKind)) console.log(`| ${k} | ${v.n} | ${v.successAt5} |`);
    console.log(`| **all** | **${judged.length}** | **${summary.successAt5}** |`);
    console.log(`\nzero-result rate on queries with a real answer: ${summary.zeroResultRate} (price queries: ${summary.priceZeroResultRate})`);
    console.log(`price respected by every result shown (price queries with results): ${summary.priceRespect}`);
    console.log(`\nfailures (${summary.failures.length}):`);
    for (const f of summary.failures) console.log(`  ${f.kind.padEnd(9)} "${f.q}" wanted ${JSON.stringify(f.good)}; ${f.search?.relaxed ?? ''} ${f.search?.correctedQuery ? `→ "${f.search.correctedQuery}"` : ''}\n      ${f.top.join('\n      ') || '(nothing)'}`);
    console.log(`\nno real answer in the seed (${summary.seedGaps.length}, not counted): ${summary.seedGaps.map((g) => `"${g.q}"`).join(', ')}`);
    console.log(`\nslowest: ${summary.slowest.map((s) => `"${s.q}" ${s.ms} ms`).join(', ')}`);
  } finally {
    stop();
  }
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
