/**
 * `npm run bench:d1-call-cost -- [--calls 200] [--rounds 5] [--port P]` — where the local D1's time goes
 * (decision 023's sixth pass): a fixed cost per call (the crossing to the D1 object on the same
 * workerd thread, the result as JSON both ways), a cost per row stepped, a cost per row and column
 * returned. A throwaway-sized experiment kept so it can be rerun: one workerd (miniflare, the same
 * D1 object wrangler dev runs), a table shaped like a listing row (35 columns, a 600-character
 * description), and a worker that makes `calls` sequential D1 calls of one shape per request.
 * Per shape: wall time per call (the request's time less an empty request's, over `calls`) and
 * workerd CPU per call (utime + stime of the workerd process: it runs the D1 object's SQLite too).
 * Shapes are interleaved round by round so a shared machine's load falls on all of them alike.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { arg, benchEnv, freePort, processTable } from '../lib/bench';
import { workerdDirect } from '../lib/workerd-direct';

const calls = Number(arg('calls', '200'));
const rounds = Number(arg('rounds', '5'));
const givenPort = arg('port', '');

const COLUMNS = 35;
const script = `
const cols = Array.from({ length: ${COLUMNS} }, (_, i) => 'c' + i);
const SHAPES = {
  empty: null,
  'SELECT 1 (1 row, 1 column)': (db) => db.prepare('SELECT 1 AS one').all(),
  '1 row × 1 column': (db) => db.prepare('SELECT id FROM t WHERE id = 7').all(),
  '1 row × 35 columns': (db) => db.prepare('SELECT * FROM t WHERE id = 7').all(),
  '20 rows × 1 column': (db) => db.prepare('SELECT id FROM t WHERE id <= 20').all(),
  '20 rows × 35 columns': (db) => db.prepare('SELECT * FROM t WHERE id <= 20').all(),
  '20 rows × 35 columns, raw()': (db) => db.prepare('SELECT * FROM t WHERE id <= 20').raw(),
  '20 rows × 34 columns, no description': (db) => db.prepare('SELECT ' + cols.filter((c) => c !== 'c3').join(', ') + ', id FROM t WHERE id <= 20').all(),
  '200 rows stepped, 1 returned': (db) => db.prepare('SELECT count(*) AS n FROM (SELECT c1 FROM t WHERE id <= 200)').all(),
  '1,000 rows stepped, 1 returned': (db) => db.prepare('SELECT count(*) AS n FROM (SELECT c1 FROM t WHERE id <= 1000)').all(),
  '1,000 index entries counted': (db) => db.prepare('SELECT count(*) AS n FROM (SELECT 1 FROM t INDEXED BY t_c1 WHERE c1 >= 0 LIMIT 1000)').all(),
  '200 rows × 35 columns returned': (db) => db.prepare('SELECT * FROM t WHERE id <= 200').all(),
  'page-sized statement, same text': (db) => db.prepare(BIG).all(),
  'page-sized statement, new text each call': (db) => db.prepare(BIG + ' /* ' + counter++ + ' */').all(),
  'batch of 3 × (1 row × 1 column)': (db) => db.batch([1, 2, 3].map((i) => db.prepare('SELECT id FROM t WHERE id = ?').bind(i))),
  '3 calls side by side × (1 row × 1 column)': (db) => Promise.all([1, 2, 3].map((i) => db.prepare('SELECT id FROM t WHERE id = ?').bind(i).all())),
  'batch of 3 × (20 rows × 35 columns)': (db) => db.batch([0, 20, 40].map((i) => db.prepare('SELECT * FROM t WHERE id > ? AND id <= ? + 20').bind(i, i))),
};
// a statement of the size of a page's (a few KB: CTEs, joins, a 26-term expression), to tell
// SQLite's compile from its run: the same text every call (a statement cache can keep it) or a
// new text every call (a comment that differs)
const terms = Array.from({ length: 26 }, (_, k) => 'coalesce(unicode(substr(c2, ' + (k + 1) + ', 1)), 0) * ' + (k + 7)).join(' + ');
const BIG = "WITH p AS (SELECT id, c1, c2, c4 FROM t WHERE id <= 60 ORDER BY c1 DESC LIMIT 60), k AS (SELECT id, (" + terms + ") % 2147483647 AS pin_key FROM p ORDER BY pin_key LIMIT 3) SELECT a.id, a.c1, a.c2, a.c5, a.c8, b.c11, b.c14, (SELECT json_group_array(c2) FROM (SELECT c2 FROM t x WHERE x.id = a.id)) AS keys FROM k JOIN t a ON a.id = k.id LEFT JOIN t b ON b.id = a.id + 1 LEFT JOIN t c ON c.id = a.id + 2 LEFT JOIN t d ON d.id = a.id + 3";
let counter = 0;
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const db = env.DB;
    if (url.pathname === '/setup') {
      const defs = cols.map((c, i) => c + (i % 3 === 0 ? ' TEXT' : ' INTEGER')).join(', ');
      await db.exec('CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, ' + defs + ')');
      await db.exec('CREATE INDEX IF NOT EXISTS t_c1 ON t(c1)');
      const desc = 'A well kept phone, bought in Pune two years ago, with its box, bill and charger. '.repeat(8).slice(0, 600);
      for (let start = 1; start <= 2000; start += 100) {
        const stmts = [];
        for (let id = start; id < start + 100; id++) {
          const values = cols.map((c, i) => (i === 3 ? desc : i % 3 === 0 ? 'text value ' + id + '-' + i : id * i));
          stmts.push(db.prepare('INSERT OR REPLACE INTO t (id, ' + cols.join(', ') + ') VALUES (?, ' + cols.map(() => '?').join(', ') + ')').bind(id, ...values));
        }
        await db.batch(stmts);
      }
      return Response.json(Object.keys(SHAPES));
    }
    const shape = SHAPES[url.searchParams.get('shape')];
    const n = Number(url.searchParams.get('n'));
    if (shape) for (let i = 0; i < n; i++) await shape(db);
    // the header lets scripts/lib/workerd-direct.ts tell this worker's socket from wrangler's proxy
    return new Response('ok', { headers: { 'x-edge-cache': 'none' } });
  },
};`;

// a worker of its own under wrangler dev, as the bench server runs ours (its own state, thrown away after)
const dir = mkdtempSync(join(tmpdir(), 'd1-call-cost-'));
writeFileSync(join(dir, 'index.js'), script);
writeFileSync(join(dir, 'wrangler.toml'), `name = "d1-call-cost"\nmain = "index.js"\ncompatibility_date = "2025-09-01"\n[[d1_databases]]\nbinding = "DB"\ndatabase_name = "cost"\ndatabase_id = "00000000-0000-0000-0000-00000000c057"\n`);
const port = givenPort ? Number(givenPort) : await freePort();
const server = spawn(join(process.cwd(), 'node_modules/.bin/wrangler'), ['dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', join(dir, 'state'), '--show-interactive-dev-session=false', '--log-level', 'error'], { cwd: dir, env: benchEnv, stdio: ['ignore', 'ignore', 'inherit'], detached: false });
const base = `http://127.0.0.1:${port}`;
// the server and its state go whatever happens (a failed start included)
const cleanUp = () => {
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
};
process.on('exit', cleanUp);
for (let i = 0; ; i++) {
  try {
    if ((await fetch(base + '/?shape=empty&n=0')).ok) break;
  } catch {
    if (i > 600) throw new Error('wrangler dev did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}
// timed straight at the worker's workerd, past wrangler's proxy (as bench:uncached is); its own CPU only
const direct = await workerdDirect(base);
if (!direct) throw new Error("the worker's own workerd was not found");
const cpuOf = () => processTable().find((p) => p.pid === direct.pid)?.cpu ?? NaN;
const root = direct.base;
const shapes = (await (await fetch(new URL('/setup', root))).json()) as string[];
const hit = async (shape: string, n: number) => {
  const cpu0 = cpuOf();
  const t0 = performance.now();
  await (await fetch(new URL(`/?shape=${encodeURIComponent(shape)}&n=${n}`, root))).text();
  return { ms: performance.now() - t0, cpu: (cpuOf() - cpu0) * 1000 };
};
// warm-up: every shape's code path and statement once
for (const s of shapes) await hit(s, 20);
console.log(`load average at the start: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
const total = new Map<string, { ms: number; cpu: number }>(shapes.map((s) => [s, { ms: 0, cpu: 0 }]));
for (let r = 0; r < rounds; r++) {
  for (const s of shapes) {
    const got = await hit(s, calls);
    const t = total.get(s)!;
    t.ms += got.ms / rounds;
    t.cpu += got.cpu / rounds;
  }
}
const empty = total.get('empty')!;
// the same per request, as a fresh answer makes it: one call in a request, p50 over many requests
// (interleaved), against a request that makes none
const single = ['empty', 'SELECT 1 (1 row, 1 column)', '20 rows × 35 columns', 'batch of 3 × (20 rows × 35 columns)'];
const perRequest = new Map<string, number[]>(single.map((s) => [s, []]));
for (let i = 0; i < 40 * rounds; i++) for (const s of single) perRequest.get(s)!.push((await hit(s, 1)).ms);
const p50 = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
console.log(`one call per request, p50 ms over ${40 * rounds} requests each: ${single.map((s) => `${s} ${p50(perRequest.get(s)!).toFixed(2)}`).join('; ')}`);
console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
console.table(
  shapes
    .filter((s) => s !== 'empty')
    .map((s) => ({
      shape: s,
      'wall ms / call': Number(((total.get(s)!.ms - empty.ms) / calls).toFixed(3)),
      'workerd CPU ms / call': Number(((total.get(s)!.cpu - empty.cpu) / calls).toFixed(3)),
    })),
);
process.exit(0);
