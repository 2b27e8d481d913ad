/**
 * `npm run bench:price-guidance -- [--listings 100000] [--holdout 0.2] [--reuse] [--persist-to DIR]`
 *
 * How far off the price guidance is (decision 026), on the benchmark's demo data: seeds N listings
 * into a separate local database (.wrangler/bench-state, as bench:search does; --reuse keeps what is
 * there), holds out a share of the live ads that have a comparable group (chosen by a hash of the
 * id, so every run holds out the same ones), builds the ranges from the rest exactly as the worker
 * does (PRICE_GUIDANCE_RULES: the newest `sampleSize` live and recently sold ads per group and place,
 * city → state → India until `minAds`), and predicts each held-out ad's price by its range's median.
 * Prints per subcategory: held-out ads, coverage (share that got a range), the median absolute
 * percentage error of the median, and the share of real prices inside the range (the middle half,
 * so ~50 % when the range is honest).
 */
import { existsSync } from 'node:fs';
import { arg, run } from '../lib/bench';

const listings = Number(arg('listings', '100000'));
const holdout = Number(arg('holdout', '0.2'));
const persist = arg('persist-to', '.wrangler/bench-state');
const reuse = process.argv.includes('--reuse');

if (!reuse || !existsSync(persist)) {
  run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist]);
  run('tsx', ['scripts/seed.ts', '--listings', String(listings), '--reset', '--persist-to', persist]);
}

const { localBindings } = await import('../lib/local-bindings');
const { PRICE_GROUP_DETAILS, PRICE_GUIDANCE_RULES: RULES, priceGroupKey, priceRange } = await import('../../worker/schemas/price-guidance-data');
const { env, dispose } = await localBindings<{ DB: D1Database }>(persist);

interface Ad {
  id: string;
  sub: string;
  group: string;
  state: number | null;
  city: number | null;
  price: number;
  status: string;
  sortAt: number;
  updatedAt: number;
}

// read the ads in pages (the local D1 answers large results slowly in one piece)
const subs = Object.keys(PRICE_GROUP_DETAILS);
const ads: Ad[] = [];
let after = 0;
for (;;) {
  const { results } = await env.DB.prepare(
    `SELECT num, id, subcategory_id, title, features, brand, state_id, city_id, price_minor, status, coalesce(bumped_at, created_at) AS sort_at, updated_at
     FROM listings WHERE num > ? AND subcategory_id IN (${subs.map(() => '?').join(',')}) AND status IN ('APPROVED', 'SOLD') ORDER BY num LIMIT 5000`,
  )
    .bind(after, ...subs)
    .all<{ num: number; id: string; subcategory_id: string; title: string; features: string; state_id: number | null; city_id: number | null; price_minor: number; status: string; sort_at: number; updated_at: number }>();
  if (!results.length) break;
  after = results[results.length - 1]!.num;
  for (const r of results) {
    // the code's key, which the database's generated column matches (tests/api/price-guidance.test.ts)
    const group = priceGroupKey(r.subcategory_id, JSON.parse(r.features) as Record<string, unknown>, r.title);
    if (group) ads.push({ id: r.id, sub: r.subcategory_id, group, state: r.state_id, city: r.city_id, price: r.price_minor, status: r.status, sortAt: r.sort_at, updatedAt: r.updated_at });
  }
}
await dispose();

/** A stable share of ids: FNV-1a of the id below the hold-out fraction. */
const held = (id: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h / 2 ** 32 < holdout;
};
const now = Math.max(...ads.map((a) => a.updatedAt));
const soldSince = now - RULES.soldWithinDays * 86_400_000;
const training = ads.filter((a) => !held(a.id) && (a.status === 'APPROVED' || a.updatedAt >= soldSince));
const test = ads.filter((a) => held(a.id) && a.status === 'APPROVED');

// the newest `sampleSize` per group and place, as the worker's refresh reads them
const buckets = new Map<string, Ad[]>();
const add = (key: string, ad: Ad) => {
  const list = buckets.get(key) ?? [];
  list.push(ad);
  buckets.set(key, list);
};
for (const a of training) {
  if (a.city !== null) add(`${a.group}#city#${a.city}`, a);
  if (a.state !== null) add(`${a.group}#state#${a.state}`, a);
  add(`${a.group}#india#0`, a);
}
const ranges = new Map<string, ReturnType<typeof priceRange>>();
for (const [key, list] of buckets) {
  const sample = list.sort((x, y) => y.sortAt - x.sortAt).slice(0, RULES.sampleSize);
  if (sample.length >= RULES.minAds) ranges.set(key, priceRange(sample.map((a) => a.price)));
}

interface Row {
  held: number;
  covered: number;
  ape: number[];
  inside: number;
  scopes: Record<string, number>;
}
const rows = new Map<string, Row>();
for (const a of test) {
  const row = rows.get(a.sub) ?? { held: 0, covered: 0, ape: [], inside: 0, scopes: {} };
  rows.set(a.sub, row);
  row.held++;
  const scope = (
    [
      ['city', a.city],
      ['state', a.state],
      ['india', 0],
    ] as const
  ).find(([s, place]) => place !== null && ranges.has(`${a.group}#${s}#${place}`));
  if (!scope) continue;
  const range = ranges.get(`${a.group}#${scope[0]}#${scope[1]}`)!;
  row.covered++;
  row.scopes[scope[0]] = (row.scopes[scope[0]] ?? 0) + 1;
  row.ape.push(Math.abs(range.median - a.price) / a.price);
  if (a.price >= range.low && a.price <= range.high) row.inside++;
}

const median = (xs: number[]) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length / 2;
  return s.length % 2 ? s[Math.floor(m)]! : (s[m - 1]! + s[m]!) / 2;
};
const pct = (x: number) => (Number.isFinite(x) ? `${(x * 100).toFixed(1)} %` : '—');
console.log(`\nprice guidance on ${ads.length.toLocaleString('en-IN')} comparable live/sold ads of ${listings.toLocaleString('en-IN')} listings; ${test.length.toLocaleString('en-IN')} live ads held out (${pct(holdout)})`);
console.log(`rules: minAds ${RULES.minAds}, sampleSize ${RULES.sampleSize}, sold within ${RULES.soldWithinDays} days\n`);
console.log(`${'subcategory'.padEnd(30)} ${'held out'.padStart(8)} ${'covered'.padStart(8)} ${'MdAPE'.padStart(8)} ${'in range'.padStart(9)}  scopes (city/state/India)`);
const all: Row = { held: 0, covered: 0, ape: [], inside: 0, scopes: {} };
for (const sub of subs) {
  const r = rows.get(sub);
  if (!r) continue;
  all.held += r.held;
  all.covered += r.covered;
  all.ape.push(...r.ape);
  all.inside += r.inside;
  for (const [k, v] of Object.entries(r.scopes)) all.scopes[k] = (all.scopes[k] ?? 0) + v;
  const scopes = ['city', 'state', 'india'].map((s) => r.scopes[s] ?? 0).join('/');
  console.log(`${sub.padEnd(30)} ${String(r.held).padStart(8)} ${pct(r.covered / r.held).padStart(8)} ${pct(median(r.ape)).padStart(8)} ${pct(r.covered ? r.inside / r.covered : NaN).padStart(9)}  ${scopes}`);
}
console.log(`${'all'.padEnd(30)} ${String(all.held).padStart(8)} ${pct(all.covered / all.held).padStart(8)} ${pct(median(all.ape)).padStart(8)} ${pct(all.covered ? all.inside / all.covered : NaN).padStart(9)}  ${['city', 'state', 'india'].map((s) => all.scopes[s] ?? 0).join('/')}`);
