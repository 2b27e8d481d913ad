/**
 * `npm run bench:pages -- [--runs 3] [--reuse] [--check]`
 *
 * Lighthouse (its default mobile profile: Moto G Power viewport, simulated slow 4G and 4× CPU
 * slowdown) in the local headless Chromium against the home page, /products and a listing detail,
 * served by the real worker (wrangler dev) over a separate demo database (.wrangler/bench-pages-state).
 * Prints Performance, Accessibility and SEO scores with LCP, TBT, CLS and FCP per page (median of
 * --runs by performance score), and every audit that cost points, so a regression names its cause.
 * --check exits non-zero when a page misses the targets (Performance ≥ 90, Accessibility ≥ 95, SEO ≥ 95).
 *
 * Chromium: CHROMIUM_PATH, else the system's, else the one that comes with npm install (scripts/lib/chromium.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { arg, benchEnv as env, freePort, run, waitForWorker } from '../lib/bench';
import { CHROMIUM_ARGS, browserEnv, findChromium } from '../lib/chromium';

const runs = Math.max(1, Number(arg('runs', '3')));
const reuse = process.argv.includes('--reuse');
const check = process.argv.includes('--check');
/** --save DIR writes each page's full Lighthouse report (JSON, viewable at googlechrome.github.io/lighthouse/viewer) */
const saveDir = arg('save', '');
const persist = arg('persist-to', '.wrangler/bench-pages-state');
const TARGETS = { performance: 90, accessibility: 95, seo: 95 } as const;

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
}
interface Lhr {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
  runtimeError?: { message: string };
}

const main = async () => {
  const browser = await findChromium();
  console.log(`Chromium from ${browser.source}: ${browser.path}`);
  if (!existsSync('dist/client/index.html')) run('vite', ['build']);
  run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist]);
  // pages an earlier run left in the local edge cache name an earlier build's files (a deploy bumps
  // the data version for the same reason): every run measures this build's pages
  rmSync(join(persist, 'v3', 'cache'), { recursive: true, force: true });
  if (!reuse) run('tsx', ['scripts/seed.ts', '--listings', '600', '--if-empty', '--persist-to', persist]);

  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn('wrangler', ['dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', persist, '--show-interactive-dev-session=false', '--log-level', 'error'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const chrome = await chromeLauncher.launch({
    chromePath: browser.path,
    // the flags this machine needs (no sandbox as root, no background calls to a closed network)
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    envVars: browserEnv(),
  });
  const stop = () => {
    server.kill('SIGTERM');
    try {
      chrome.kill();
    } catch {
      /* already gone */
    }
  };
  process.on('exit', stop);
  try {
    await waitForWorker(base);
    const sample = (await (await fetch(`${base}/api/listings?limit=1&sortBy=views`)).json()) as { data: { listings: { slug: string }[] } };
    const slug = sample.data.listings[0]?.slug;
    if (!slug) throw new Error('no listings in the benchmark database');
    const pages: Record<string, string> = {
      home: `${base}/`,
      products: `${base}/products?category=Vehicles`,
      'listing detail': `${base}/item/${slug}`,
    };

    const rows: { page: string; lhr: Lhr }[] = [];
    let missed = false;
    for (const [page, url] of Object.entries(pages)) {
      // one warm-up load so the worker's isolate and its KV caches are hot, as in production
      await fetch(url).then((r) => r.arrayBuffer());
      const results: Lhr[] = [];
      for (let i = 0, failures = 0; i < runs; ) {
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo'] });
        const lhr = result?.lhr as unknown as Lhr | undefined;
        if (!lhr || lhr.runtimeError) {
          // Lighthouse's own trace recording fails now and then (NO_NAVSTART...): run that one again
          if (++failures > 3) throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
          console.warn(`Lighthouse run failed on ${url} (${lhr?.runtimeError?.message ?? 'no result'}); running it again`);
          continue;
        }
        results.push(lhr);
        i++;
      }
      results.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const median = results[Math.floor(results.length / 2)]!;
      rows.push({ page, lhr: median });
      if (saveDir) {
        mkdirSync(saveDir, { recursive: true });
        writeFileSync(join(saveDir, `${page.replace(/\W+/g, '-')}.json`), JSON.stringify(median));
      }
    }

    const score = (lhr: Lhr, c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    const ms = (lhr: Lhr, id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
    console.log(`\nLighthouse, mobile (simulated slow 4G, 4× CPU slowdown), median of ${runs} run(s) by performance score\n`);
    console.log('page'.padEnd(16), 'perf'.padStart(5), 'a11y'.padStart(5), 'SEO'.padStart(5), 'LCP ms'.padStart(8), 'TBT ms'.padStart(8), 'CLS'.padStart(6), 'FCP ms'.padStart(8), '  targets');
    for (const { page, lhr } of rows) {
      const ok = (Object.keys(TARGETS) as (keyof typeof TARGETS)[]).every((c) => score(lhr, c) >= TARGETS[c]);
      if (!ok) missed = true;
      console.log(
        page.padEnd(16),
        String(score(lhr, 'performance')).padStart(5),
        String(score(lhr, 'accessibility')).padStart(5),
        String(score(lhr, 'seo')).padStart(5),
        String(ms(lhr, 'largest-contentful-paint')).padStart(8),
        String(ms(lhr, 'total-blocking-time')).padStart(8),
        (lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3).padStart(6),
        String(ms(lhr, 'first-contentful-paint')).padStart(8),
        ok ? '  met' : '  MISSED',
      );
    }
    // What cost points: failed accessibility/SEO audits and the performance audits that score < 0.9.
    for (const { page, lhr } of rows) {
      const lost = new Set<string>();
      for (const [cat, c] of Object.entries(lhr.categories)) {
        for (const ref of c.auditRefs) {
          const a = lhr.audits[ref.id];
          if (!a || a.score === null || a.scoreDisplayMode === 'notApplicable' || a.scoreDisplayMode === 'informative' || a.scoreDisplayMode === 'manual') continue;
          if (a.score < (cat === 'performance' ? 0.9 : 1)) lost.add(`  [${cat}] ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
        }
      }
      if (lost.size) console.log(`\n${page}:\n${[...lost].join('\n')}`);
    }
    if (check && missed) process.exitCode = 1;
  } finally {
    stop();
  }
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
