/**
 * `npm run bench:expiry [-- --listings 100000 --due 0.03]`: what one batch of the ad expiry job costs
 * (decision 019). Builds a SQLite database from the real migrations (the full-text index and the
 * live-ad count triggers included, as D1 runs them), fills it with `--listings` ads of which a
 * `--due` share are past their expiry, then runs the job's own statement (EXPIRE_BATCH_SQL, 200 ads)
 * until nothing is due, and prints the time per batch and the query plan. SQLite in Node, not D1:
 * the statement's work (index walk, row updates, trigger writes) is the same; D1 adds its round trip.
 */
import { DatabaseSync } from 'node:sqlite';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { EXPIRE_BATCH_SQL } from '../../worker/services/listings/lifecycle';
import { EXPIRY_JOB } from '../../worker/schemas/ad-lifecycle-data';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const LISTINGS = Number(arg('listings', '100000'));
const DUE = Number(arg('due', '0.03'));
const DAY = 86_400_000;

const db = new DatabaseSync(':memory:');
for (const file of readdirSync('migrations').filter((f) => f.endsWith('.sql')).sort()) {
  for (const statement of readFileSync(join('migrations', file), 'utf8').split('--> statement-breakpoint')) {
    if (statement.trim()) db.exec(statement);
  }
}
const now = Date.now();
const sellers = 2_000;
db.exec('BEGIN');
const user = db.prepare(`INSERT INTO users (id, email, username, first_name, last_name, created_at, updated_at) VALUES (?1, ?2, ?1, 'Demo', 'Seller', ?3, ?4)`);
for (let u = 0; u < sellers; u++) user.run(`usr_bench_${u}`, `bench${u}@example.in`, now, now);
const ad = db.prepare(
  `INSERT INTO listings (id, slug, user_id, title, description, price_minor, category_id, subcategory_id, location, features, status, created_at, updated_at, expires_at)
   VALUES (?, ?, ?, ?, 'A well kept item, available for pickup in the evening.', 100000, 'home-and-garden', 'home-and-garden-furniture', 'Bengaluru', '{}', 'APPROVED', ?, ?, ?)`,
);
let due = 0;
for (let i = 0; i < LISTINGS; i++) {
  const isDue = (i * 7919) % 1000 < DUE * 1000;
  if (isDue) due++;
  const expiresAt = isDue ? now - ((i % 600) + 1) * 60_000 : now + ((i % 30) + 1) * DAY;
  ad.run(`ad_${i}`, `furniture-c84-teak-table-${i}-in-bengaluru-iid-ad_${i}`, `usr_bench_${i % sellers}`, `Teak table number ${i}`, now - 40 * DAY, now - 40 * DAY, expiresAt);
}
db.exec('COMMIT');

const plan = db.prepare(`EXPLAIN QUERY PLAN ${EXPIRE_BATCH_SQL}`).all(now, EXPIRY_JOB.batchSize) as { detail: string }[];
const batch = db.prepare(EXPIRE_BATCH_SQL);
const times: number[] = [];
let expired = 0;
for (;;) {
  const started = performance.now();
  const rows = batch.all(now, EXPIRY_JOB.batchSize);
  times.push(performance.now() - started);
  expired += rows.length;
  if (rows.length < EXPIRY_JOB.batchSize) break;
}
const sorted = [...times].sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);
const live = db.prepare(`SELECT count(*) AS n FROM listings WHERE status = 'APPROVED'`).get() as { n: number };
const fts = db.prepare(`SELECT count(*) AS n FROM listings_fts`).get() as { n: number };
const counted = db.prepare(`SELECT sum(live_ads) AS n FROM users`).get() as { n: number };
console.log(
  [
    `bench:expiry — ${LISTINGS.toLocaleString('en-IN')} ads, ${due.toLocaleString('en-IN')} due; batches of ${EXPIRY_JOB.batchSize}`,
    `plan: ${plan.map((p) => p.detail).join(' | ')}`,
    `expired ${expired.toLocaleString('en-IN')} in ${times.length} batches: per batch p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${pct(100)} ms`,
    `after: ${live.n.toLocaleString('en-IN')} live, ${fts.n.toLocaleString('en-IN')} in the search index, sellers' live_ads sum ${counted.n.toLocaleString('en-IN')}`,
  ].join('\n'),
);
if (expired !== due || live.n !== LISTINGS - due || fts.n !== live.n || counted.n !== live.n) {
  console.error('the job left an inconsistent state');
  process.exit(1);
}
