/**
 * `npm run drill:restore -- [--from DIR] [--out DIR] [--port N] [--keep]`
 *
 * The restore drill, locally (the production runbook is the README's "Backups and restore"). From a
 * seeded local state (DIR, default .wrangler/state, as `npm start` leaves it):
 *   1. serves the app on it and leaves a signed-in user's traces through the API (an account, a
 *      favourite, a saved search), noting the ads it lists and the bytes of one photo;
 *   2. backs up every D1 database wrangler.toml binds (a consistent copy of each SQLite file,
 *      `VACUUM INTO`) and every object of every R2 bucket (body, type, metadata), with a manifest;
 *   3. restores the backup into a FRESH state folder and compares it with the manifest (rows per
 *      table, every object's bytes and metadata);
 *   4. serves the app on the restored state and checks it works: the same ads listed, the same photo
 *      bytes served, the user signs in with their password and finds their favourite and search;
 *   5. runs the consistency checker (decision 018) on the restored state.
 * Exit 0 when all of it holds, 1 on any failure (each one listed), 2 on bad usage.
 * The backup and the restored state stay in .wrangler/drill/<time>/ (deleted at the end unless --keep).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

// node:sqlite and wrangler need Node 22; a bare `tsx` may have started on an older system node
if (Number(process.versions.node.split('.')[0]) < 22) {
  const pinned = join(ROOT, 'node_modules', '.bin', 'node');
  if (!existsSync(pinned)) throw new Error(`Node ${process.versions.node} is too old (needs 22); install dependencies first`);
  const r = spawnSync(pinned, ['--import', 'tsx', fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit', cwd: ROOT });
  process.exit(r.status ?? 1);
}

process.env.WRANGLER_LOG ??= 'error';
process.env.WRANGLER_SEND_METRICS = 'false';
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';

const { compareObjects, compareTableCounts, countedTables, d1Files, parseDrillArgs, sha256 } = await import('./lib/restore-drill');
type BackupManifest = import('./lib/restore-drill').BackupManifest;
type ObjectRecord = import('./lib/restore-drill').ObjectRecord;
type TableCounts = import('./lib/restore-drill').TableCounts;

let opts: ReturnType<typeof parseDrillArgs>;
try {
  opts = parseDrillArgs(process.argv.slice(2));
} catch (err) {
  console.error(`${(err as Error).message}\nusage: npm run drill:restore -- [--from DIR] [--out DIR] [--port N] [--keep]`);
  process.exit(2);
}

const { DatabaseSync } = await import('node:sqlite');
const { experimental_readRawConfig } = await import('wrangler');
const { localBindings } = await import('./lib/local-bindings');
const { formatReport, runConsistencyChecks } = await import('../worker/services/consistency');

const started = Date.now();
const from = resolve(ROOT, opts.from);
const work = resolve(ROOT, opts.out ?? join('.wrangler', 'drill', new Date().toISOString().replace(/[:.]/g, '-')));
const backupDir = join(work, 'backup');
const restored = join(work, 'state');
const base = `http://127.0.0.1:${opts.port}`;
const failures: string[] = [];
const step = (text: string) => console.log(`\n[drill ${((Date.now() - started) / 1000).toFixed(1)}s] ${text}`);
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? '✓' : '✗'} ${what}`);
  if (!ok) failures.push(what);
  return ok;
};

const { rawConfig } = experimental_readRawConfig({ config: join(ROOT, 'wrangler.toml') });
const d1Bindings = (rawConfig.d1_databases ?? []).map((d: { binding: string }) => d.binding);
const r2Bindings = (rawConfig.r2_buckets ?? []).map((b: { binding: string }) => b.binding);

type Bindings = Record<string, D1Database | R2Bucket>;

// ------------------------------------------------------------------ the app, served on a state folder

let server: ChildProcess | undefined;
const jwtSecret = randomBytes(32).toString('hex');

const serve = async (persist: string) => {
  if (!existsSync(join(ROOT, 'dist', 'client', 'index.html'))) {
    const built = spawnSync(join(ROOT, 'node_modules', '.bin', 'vite'), ['build'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('vite build failed');
  }
  server = spawn(
    join(ROOT, 'node_modules', '.bin', 'wrangler'),
    // the same secret on both sides is not needed (a restored database needs no old tokens), but a
    // password sign-in is: the account must work on a worker that never saw it
    ['dev', '--port', String(opts.port), '--ip', '127.0.0.1', '--persist-to', persist, '--show-interactive-dev-session=false', '--log-level', 'error',
      '--var', `JWT_SECRET:${jwtSecret}`, '--var', 'DEV_OUTBOX:true', '--var', 'EDGE_CACHE:off'],
    { cwd: ROOT, env: process.env, stdio: ['ignore', 'ignore', 'inherit'], detached: true },
  );
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/categories`)).ok) return;
    } catch {
      /* still starting */
    }
    if (server.exitCode !== null) throw new Error(`wrangler dev exited (${server.exitCode}); is port ${opts.port} free?`);
    if (i > 240) throw new Error('the app did not start within two minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
};

const stop = async () => {
  const s = server;
  server = undefined;
  if (!s || s.exitCode !== null || s.pid === undefined) return;
  const exited = new Promise((r) => s.once('exit', r));
  try {
    process.kill(-s.pid, 'SIGTERM'); // its own process group: wrangler and the workerd it started
  } catch {
    /* already gone */
  }
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
};

const api = async (method: string, path: string, body?: unknown, token?: string) => {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let json: { data?: any; error?: unknown } = {};
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, data: json.data, text };
};

const photoHash = async (url: string) => {
  const res = await fetch(new URL(new URL(url, base).pathname + new URL(url, base).search, base));
  return { status: res.status, type: res.headers.get('content-type') ?? '', sha: sha256(new Uint8Array(await res.arrayBuffer())) };
};

// ------------------------------------------------------------------ storage: counts, objects

const tableCounts = async (db: D1Database): Promise<TableCounts> => {
  const { results } = await db.prepare(`SELECT name, type, sql FROM sqlite_master`).all<{ name: string; type: string; sql: string | null }>();
  const out: TableCounts = {};
  for (const t of countedTables(results)) out[t] = (await db.prepare(`SELECT count(*) AS n FROM "${t.replace(/"/g, '""')}"`).first<{ n: number }>())!.n;
  return out;
};

const fileTableCounts = (file: string): TableCounts => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = db.prepare(`SELECT name, type, sql FROM sqlite_master`).all() as { name: string; type: string; sql: string | null }[];
    const out: TableCounts = {};
    for (const t of countedTables(rows)) out[t] = (db.prepare(`SELECT count(*) AS n FROM "${t.replace(/"/g, '""')}"`).get() as { n: number }).n;
    return out;
  } finally {
    db.close();
  }
};

const listAll = async (bucket: R2Bucket) => {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ limit: 1000, ...(cursor ? { cursor } : {}) });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
};

const objectRecords = async (bucket: R2Bucket, onBody?: (i: number, bytes: Uint8Array) => void): Promise<ObjectRecord[]> => {
  const out: ObjectRecord[] = [];
  for (const key of await listAll(bucket)) {
    const object = await bucket.get(key);
    if (!object) continue; // removed while listing
    const bytes = new Uint8Array(await object.arrayBuffer());
    onBody?.(out.length, bytes);
    out.push({
      key,
      size: bytes.byteLength,
      sha256: sha256(bytes),
      ...(object.httpMetadata?.contentType ? { contentType: object.httpMetadata.contentType } : {}),
      ...(object.httpMetadata?.cacheControl ? { cacheControl: object.httpMetadata.cacheControl } : {}),
      customMetadata: object.customMetadata ?? {},
    });
  }
  return out;
};

// ------------------------------------------------------------------ the drill

interface Traces {
  email: string;
  password: string;
  favourite: string;
  savedSearch: string;
  firstAds: string[];
  total: number;
  photoUrl: string;
  photoSha: string;
}

const leaveTraces = async (): Promise<Traces> => {
  const page = await api('GET', '/api/listings?limit=20');
  const ads = (page.data?.listings ?? []) as { id: string; images: string[] }[];
  if (page.status !== 200 || !ads.length) throw new Error(`the source state lists no ads (GET /api/listings: ${page.status}); seed it first (npm start, or npm run seed -- --persist-to DIR)`);
  const withPhoto = ads.find((a) => a.images?.length);
  if (!withPhoto) throw new Error('no listed ad has a photo');
  const photo = await photoHash(withPhoto.images[0]!);
  if (photo.status !== 200) throw new Error(`the source app does not serve ${withPhoto.images[0]} (${photo.status})`);
  const stamp = Date.now().toString(36);
  const email = `drill-${stamp}@sel.local`;
  const password = `Drill-${randomBytes(6).toString('hex')}1`;
  const reg = await api('POST', '/api/auth/register', { email, password, firstName: 'Drill' });
  if (reg.status !== 201) throw new Error(`registering the drill's user failed: ${reg.status} ${reg.text.slice(0, 200)}`);
  const token = reg.data.token as string;
  const fav = await api('POST', `/api/listings/${withPhoto.id}/favorite`, { isFavorite: true }, token);
  if (fav.status !== 200) throw new Error(`favouriting failed: ${fav.status} ${fav.text.slice(0, 200)}`);
  const name = `Restore drill ${stamp}`;
  const saved = await api('POST', '/api/saved-searches', { name, query: { q: 'swift' }, alert: 'off' }, token);
  if (saved.status !== 201) throw new Error(`saving a search failed: ${saved.status} ${saved.text.slice(0, 200)}`);
  return { email, password, favourite: withPhoto.id, savedSearch: name, firstAds: ads.map((a) => a.id), total: page.data.pagination.total, photoUrl: withPhoto.images[0]!, photoSha: photo.sha };
};

const backup = async (): Promise<BackupManifest> => {
  mkdirSync(join(backupDir, 'd1'), { recursive: true });
  const manifest: BackupManifest = { version: 1, createdAt: new Date().toISOString(), source: from, d1: {}, r2: {} };
  // each database file copied consistently (VACUUM INTO reads one snapshot, WAL included)
  const files = d1Files(from);
  const copies = new Map<string, TableCounts>();
  for (const name of files) {
    const src = join(from, 'v3', 'd1', 'miniflare-D1DatabaseObject', name);
    const db = new DatabaseSync(src, { readOnly: true });
    try {
      db.exec(`VACUUM INTO '${join(backupDir, 'd1', name).replace(/'/g, "''")}'`);
    } finally {
      db.close();
    }
    copies.set(name, fileTableCounts(join(backupDir, 'd1', name)));
  }
  const proxy = await localBindings<Bindings>(opts.from);
  try {
    // which file is which binding: the one whose tables hold what the binding reads
    for (const binding of d1Bindings) {
      const counts = await tableCounts(proxy.env[binding] as D1Database);
      const file = [...copies].find(([, c]) => compareTableCounts(binding, counts, c).length === 0)?.[0];
      if (!file) throw new Error(`no database file of ${from} holds what ${binding} reads`);
      manifest.d1[binding] = { file, tables: counts };
      console.log(`  ${binding}: ${file} (${Object.keys(counts).length} tables, ${Object.values(counts).reduce((a, b) => a + b, 0)} rows)`);
    }
    for (const binding of r2Bindings) {
      const dir = join(backupDir, 'r2', binding);
      mkdirSync(dir, { recursive: true });
      manifest.r2[binding] = await objectRecords(proxy.env[binding] as R2Bucket, (i, bytes) => writeFileSync(join(dir, String(i)), bytes));
      console.log(`  ${binding}: ${manifest.r2[binding].length} objects, ${(manifest.r2[binding].reduce((a, o) => a + o.size, 0) / 1e6).toFixed(1)} MB`);
    }
  } finally {
    await proxy.dispose();
  }
  writeFileSync(join(backupDir, 'manifest.json'), JSON.stringify(manifest, null, 1));
  return manifest;
};

const restore = async (manifest: BackupManifest) => {
  if (existsSync(restored) && readdirSync(restored).length) throw new Error(`${restored} is not empty: a restore goes into a fresh state folder`);
  const d1Dir = join(restored, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  mkdirSync(d1Dir, { recursive: true });
  for (const { file } of Object.values(manifest.d1)) copyFileSync(join(backupDir, 'd1', file), join(d1Dir, file));
  const proxy = await localBindings<Bindings>(restored);
  try {
    for (const [binding, objects] of Object.entries(manifest.r2)) {
      const bucket = proxy.env[binding] as R2Bucket;
      for (const [i, o] of objects.entries()) {
        await bucket.put(o.key, readFileSync(join(backupDir, 'r2', binding, String(i))), {
          httpMetadata: { ...(o.contentType ? { contentType: o.contentType } : {}), ...(o.cacheControl ? { cacheControl: o.cacheControl } : {}) },
          customMetadata: o.customMetadata,
        });
      }
    }
    // the restored copy against the manifest, table by table and object by object
    for (const [binding, { tables }] of Object.entries(manifest.d1)) {
      const diff = compareTableCounts(binding, tables, await tableCounts(proxy.env[binding] as D1Database));
      for (const d of diff.slice(0, 20)) console.log(`    ${d}`);
      check(diff.length === 0, `${binding}: every table has the rows of the backup (${Object.keys(tables).length} tables)`);
    }
    for (const [binding, objects] of Object.entries(manifest.r2)) {
      const diff = compareObjects(binding, objects, await objectRecords(proxy.env[binding] as R2Bucket));
      for (const d of diff.slice(0, 20)) console.log(`    ${d}`);
      check(diff.length === 0, `${binding}: every object restored with its bytes and metadata (${objects.length})`);
    }
  } finally {
    await proxy.dispose();
  }
};

const verifyApp = async (t: Traces) => {
  const page = await api('GET', '/api/listings?limit=20');
  check(page.status === 200 && page.data.pagination.total === t.total, `GET /api/listings: ${page.data?.pagination?.total} ads, ${t.total} before`);
  check(JSON.stringify((page.data?.listings ?? []).map((l: { id: string }) => l.id)) === JSON.stringify(t.firstAds), 'the first page lists the same ads in the same order');
  const ad = await api('GET', `/api/listings/${t.favourite}`);
  check(ad.status === 200 && ad.data?.id === t.favourite, `GET /api/listings/${t.favourite}: ${ad.status}`);
  const photo = await photoHash(t.photoUrl);
  check(photo.status === 200 && photo.type.startsWith('image/') && photo.sha === t.photoSha, `the ad's photo is served with the same bytes (${photo.status}, ${photo.type})`);
  const login = await api('POST', '/api/auth/login', { email: t.email, password: t.password });
  check(login.status === 200 && typeof login.data?.token === 'string', `the user signs in with their password (${login.status})`);
  const token = login.data?.token as string | undefined;
  if (!token) return;
  const favs = await api('GET', '/api/listings/user/favorites', undefined, token);
  const favIds = JSON.stringify(favs.data ?? '');
  check(favs.status === 200 && favIds.includes(t.favourite), `their favourite is in their wishlist (${favs.status})`);
  const searches = await api('GET', '/api/saved-searches', undefined, token);
  check(searches.status === 200 && JSON.stringify(searches.data ?? '').includes(t.savedSearch), `their saved search is there (${searches.status})`);
};

let code = 0;
try {
  if (!d1Files(from).length) throw new Error(`${from} has no local D1 database; run npm start (or the seed with --persist-to) first`);
  step(`1. serving the source state ${from} on ${base}; a user signs up, favourites an ad, saves a search`);
  await serve(from);
  const traces = await leaveTraces();
  console.log(`  user ${traces.email}, favourite ${traces.favourite}, ${traces.total} ads listed`);
  await stop();

  step(`2. backing up every D1 database and R2 bucket of wrangler.toml into ${backupDir}`);
  const manifest = await backup();

  step(`3. restoring into the fresh state ${restored}`);
  await restore(manifest);

  step(`4. serving the restored state on ${base}`);
  await serve(restored);
  await verifyApp(traces);
  await stop();

  step('5. the consistency checker on the restored state');
  const proxy = await localBindings<import('../worker/services/consistency').Env>(restored);
  try {
    const report = await runConsistencyChecks(proxy.env);
    console.log(formatReport(report).replace(/^/gm, '  '));
    check(report.clean, 'check:consistency is clean on the restored state');
  } finally {
    await proxy.dispose();
  }
  code = failures.length ? 1 : 0;
} catch (err) {
  console.error(`\ndrill stopped: ${err instanceof Error ? err.message : String(err)}`);
  code = 1;
} finally {
  await stop();
  if (!opts.keep && code === 0) rmSync(work, { recursive: true, force: true });
}
step(code === 0 ? 'restore drill passed' : `restore drill FAILED${failures.length ? `:\n  ${failures.join('\n  ')}` : ''}${(opts.keep || code) && existsSync(work) ? `\n  backup and restored state kept in ${work}` : ''}`);
process.exit(code);
