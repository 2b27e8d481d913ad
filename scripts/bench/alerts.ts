/**
 * `npm run bench:alerts -- [--searches 100000] [--rate 20] [--seconds 60] [--pool 3000] [--sellers 100] [--online 0.05]`
 *
 * Saved-search alerts at scale (decision 009), through the real code path: `wrangler dev` runs the
 * worker with its queue producer and consumer (miniflare's local Queue, wrangler.toml's batch
 * settings), D1, KV and the inbox Durable Objects; ads are posted with POST /api/listings by
 * signed-in sellers at a fixed rate, so each goes live with its outbox event written in the same
 * batch, is handed to the queue and matched by the consumer against the saved searches.
 *
 * Data (its own database, .wrangler/bench-alerts-state, rebuilt every run):
 *  - `--pool` distinct saved queries drawn like the seed draws ads (subcategory weights, cities by
 *    population, keywords from the seed's own titles, price ranges around its prices, a few near-me
 *    ones), each compiled by the worker's own compileSearch (services/alerts/saved-searches.ts);
 *  - `--searches` saved searches over them (popular ones saved by many buyers, 5 per buyer),
 *    80% instant, 15% daily, 5% off;
 *  - `--rate` × `--seconds` ads from the seed's content generators, each with a photo of its own;
 *  - `--online` of the buyers marked as having an app tab open (inbox_presence), so alerts to them
 *    wake their inbox Durable Object as in real use (the rest are told on their next visit).
 *
 * Measured, from the database the worker wrote:
 *  - latency: the outbox write (listing_events.created_at) → each notification stored
 *    (the inbox's created_at), and → the event done (every match recorded), p50/p95/p99;
 *  - lost: ads live without an event, events not done, and buyers a brute-force check says should
 *    have been told but were not (the matcher run over every saved search, no index); must be 0;
 *  - duplicates: two notifications of one ad to one buyer; must be 0;
 *  - consumer CPU per event: the worker process's CPU (utime + stime of workerd) while the same
 *    events are replayed through the queue alone (outbox reset, relay cron fired), ÷ events.
 *    Locally D1 is SQLite inside workerd, so this counts the database's work too.
 * The machine's load average is printed with the figures: rerun on a quiet machine to compare.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import jpeg from 'jpeg-js';
import { SignJWT } from 'jose';
import { clearInboxNotifications, dataField, storedNotifications } from '../lib/inbox-notifications';
import { arg, benchEnv as env, freePort, percentile, run, waitForWorker, workerdCpuSeconds } from '../lib/bench';
import { Random } from '../seed/random';

const SEARCHES = Number(arg('searches', '100000'));
const RATE = Number(arg('rate', '20'));
const SECONDS = Number(arg('seconds', '60'));
const POOL = Number(arg('pool', '3000'));
const SELLERS = Number(arg('sellers', '100'));
/** Share of buyers with an app tab open while ads arrive: their inboxes are woken for each alert. */
const ONLINE = Number(arg('online', '0.05'));
/** `--inspect 9230`: the live run's workerd takes a DevTools inspector there (scripts/bench/profile.ts records a CPU profile) */
const INSPECT = arg('inspect', '');
const PER_BUYER = 5;
const persist = arg('persist-to', '.wrangler/bench-alerts-state');
const SECRET = 'bench-alerts-secret-0123456789abcdef';
const ADS = Math.round(RATE * SECONDS);

const token = (userId: string) =>
  new SignJWT({ sid: `bench-${userId}`, tv: 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer('sel')
    .setAudience('sel-web')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(SECRET));

/** A small JPEG no other ad has (posting refuses a photo used twice). */
const uniquePhoto = (n: number) => {
  const width = 32;
  const height = 24;
  const data = new Uint8Array(width * height * 4);
  const rng = new Random(`photo-${n}`);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = rng.int(0, 255);
    data[i + 1] = rng.int(0, 255);
    data[i + 2] = (n >> 4) & 255;
    data[i + 3] = 255;
  }
  return new Uint8Array(jpeg.encode({ data, width, height }, 80).data);
};

/** Words of a seed title a buyer would type: "Honda Activa 6G" → "activa" or "honda activa". */
const keywordOf = (rng: Random, title: string) => {
  const words = title
    .split(/[\s,()/-]+/)
    .filter((w) => /^[A-Za-z]{3,}$/.test(w) && !['for', 'with', 'and', 'the', 'sale', 'new', 'used'].includes(w.toLowerCase()))
    .map((w) => w.toLowerCase());
  if (!words.length) return undefined;
  if (words.length > 1 && rng.chance(0.4)) return `${words[0]} ${words[1]}`;
  return words[Math.min(words.length - 1, rng.chance(0.5) ? 1 : 0)];
};

interface PoolEntry {
  query: Record<string, string>;
  scope: string;
  placeId: number;
  matcher: string;
}

/** Users, the saved-query pool compiled by the worker's own code, and the saved searches. */
const prepareData = async () => {
  const { localBindings } = await import('../lib/local-bindings');
  const { getDb } = await import('../../worker/db/client');
  const { compileSearch } = await import('../../worker/services/alerts/saved-searches');
  const { SUBCATEGORIES } = await import('../seed/catalog');
  const { loadGeography } = await import('../seed/places');
  const { weightedTable } = await import('../seed/random');
  const { env: bindings, dispose } = await localBindings<{ DB: D1Database; CACHE: KVNamespace; MEDIA: R2Bucket }>(persist);
  const db = bindings.DB;
  const now = Date.now();

  const geo = await loadGeography(db);
  const pickSub = weightedTable(SUBCATEGORIES.map((s) => [s, s.weight] as const));
  const rng = new Random('bench-alerts');
  const cityOf = (r: Random) => geo.pickCity(r);

  const pool: PoolEntry[] = [];
  const seen = new Set<string>();
  const workerEnv = bindings as unknown as Parameters<typeof compileSearch>[0];
  const dbi = getDb(db);
  let refused = 0;
  for (let tries = 0; pool.length < POOL && tries < POOL * 4; tries++) {
    const r = rng.fork(`q${tries}`);
    const sub = pickSub(r);
    const city = cityOf(r);
    const draft = sub.generate({ rng: r, city: city.name, area: null, state: city.state, business: null });
    const word = keywordOf(r, draft.title);
    const roll = r.next();
    const around = (f: number) => String(Math.max(100, Math.round((draft.price * f) / 100) * 100));
    let query: Record<string, string>;
    if (roll < 0.3) query = { subcategory: sub.name, location: city.name };
    else if (roll < 0.55 && word) query = { q: word, location: city.name };
    else if (roll < 0.65 && word) query = { q: word };
    else if (roll < 0.8) query = { subcategory: sub.name, location: city.name, maxPrice: around(1.2) };
    else if (roll < 0.88) query = { category: sub.categoryName, location: city.name };
    else if (roll < 0.95 && word) query = { q: word, location: city.name, minPrice: around(0.5), maxPrice: around(1.5) };
    else if (city.latitude !== null && city.longitude !== null) {
      query = { subcategory: sub.name, lat: String(city.latitude), lng: String(city.longitude), radiusKm: r.pick(['10', '25', '50']) };
    } else query = { subcategory: sub.name };
    const key = JSON.stringify(query);
    if (seen.has(key)) continue;
    seen.add(key);
    try {
      const compiled = await compileSearch(workerEnv, dbi, query);
      pool.push({ query, scope: compiled.scope, placeId: compiled.placeId, matcher: JSON.stringify(compiled.matcher) });
    } catch {
      refused++;
    }
  }

  await dispose();

  // bulk rows straight into the SQLite file behind the local D1 (the proxy is slow for 100k rows)
  const sqlite = new DatabaseSync(sqliteFile());
  sqlite.exec('PRAGMA busy_timeout = 5000');
  sqlite.exec('BEGIN');
  // the bench measures alerts, not the free-ad quota of seller packages (decision 007)
  sqlite.exec('UPDATE free_ad_limits SET free_ads = 1000000');
  const buyers = Math.ceil(SEARCHES / PER_BUYER);
  const addUser = sqlite.prepare(`INSERT INTO users (id, username, email, first_name, last_name, status, token_version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'ACTIVE', 0, ?, ?)`);
  for (let i = 0; i < SELLERS; i++) addUser.run(`usr_bench_s${i}`, `usr_bench_s${i}`, `usr_bench_s${i}@bench.sel.test`, 'Seller', String(i), now, now);
  for (let i = 0; i < buyers; i++) addUser.run(`usr_bench_b${i}`, `usr_bench_b${i}`, `usr_bench_b${i}@bench.sel.test`, 'Buyer', String(i), now, now);
  // buyers looking at the app right now (what their inbox records on connect): each alert for them wakes their inbox
  const addPresent = sqlite.prepare('INSERT INTO inbox_presence (user_id, since) VALUES (?, ?)');
  const online = new Random('bench-alerts-online');
  for (let i = 0; i < buyers; i++) if (online.chance(ONLINE)) addPresent.run(`usr_bench_b${i}`, now);
  // popular searches are saved by many buyers ("activa pune"), the long tail by few
  // each distinct query once, as the worker stores them (saved_search_matchers), the searches point at theirs
  // (two different filter sets can compile to the same query: they share its row, as in the worker)
  const addMatcher = sqlite.prepare(`INSERT INTO saved_search_matchers (scope, place_id, matcher, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`);
  const matcherId = sqlite.prepare(`SELECT id FROM saved_search_matchers WHERE scope = ? AND place_id = ? AND matcher = ?`);
  const matcherIds = pool.map((entry) => {
    addMatcher.run(entry.scope, entry.placeId, entry.matcher, now);
    return (matcherId.get(entry.scope, entry.placeId, entry.matcher) as { id: number }).id;
  });
  const addSearch = sqlite.prepare(
    `INSERT INTO saved_searches (id, user_id, name, query, href, alert, scope, place_id, matcher, matcher_id, last_seen_at, digested_until, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // as the worker stores it at save time: the link its alerts open
  const { savedSearchHref } = await import('../../worker/schemas/saved-search-links');
  const hrefs = pool.map((entry) => savedSearchHref(entry.query as Record<string, string>));
  const saver = new Random('bench-alerts-savers');
  const created = now - 86_400_000;
  for (let i = 0; i < SEARCHES; i++) {
    const p = Math.min(pool.length - 1, Math.floor(pool.length * saver.next() ** 2));
    const entry = pool[p]!;
    const roll = saver.next();
    const alert = roll < 0.8 ? 'instant' : roll < 0.95 ? 'daily' : 'off';
    addSearch.run(`ss_bench_${i}`, `usr_bench_b${Math.floor(i / PER_BUYER)}`, `bench ${p}`, JSON.stringify(entry.query), hrefs[p]!, alert, entry.scope, entry.placeId, entry.matcher, matcherIds[p]!, created, created, created, created);
  }
  sqlite.exec('COMMIT');
  sqlite.close();

  // the ads to post, drawn the same way (same subcategories and cities as the searches)
  const ads = [];
  const adRng = new Random('bench-alerts-ads');
  for (let i = 0; ads.length < ADS; i++) {
    const r = adRng.fork(i);
    const sub = pickSub(r);
    const city = cityOf(r);
    const draft = sub.generate({ rng: r, city: city.name, area: null, state: city.state, business: null });
    ads.push({
      title: draft.title.slice(0, 100),
      description: draft.description.slice(0, 4000),
      price: draft.price,
      condition: draft.condition,
      features: draft.features,
      categoryId: sub.categoryName,
      subcategoryId: sub.name,
      location: city.name,
    });
  }
  const scopes = new Set(pool.map((p) => p.scope));
  console.log(`prepared: ${pool.length} distinct saved queries (${refused} refused by the compiler), ${SEARCHES} saved searches of ${buyers} buyers, ${scopes.size} index scopes; ${ads.length} ads to post`);
  return { pool, ads };
};

const sqliteFile = () => {
  const dir = join(persist, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  if (!file) throw new Error(`no D1 database in ${dir}`);
  return join(dir, file);
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const main = async () => {
  if (!existsSync('dist/client/index.html')) run('vite', ['build']);
  rmSync(persist, { recursive: true, force: true });
  run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist]);
  const prepStart = Date.now();
  const { pool, ads } = await prepareData();
  console.log(`preparation took ${((Date.now() - prepStart) / 1000).toFixed(0)} s`);

  const port = await freePort();
  const server: ChildProcess = spawn(
    'wrangler',
    [
      ...['dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', persist, '--test-scheduled', '--show-interactive-dev-session=false', '--log-level', 'error'],
      ...['--var', `JWT_SECRET:${SECRET}`, ...(INSPECT ? ['--inspector-port', INSPECT] : [])],
    ],
    { env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  process.on('exit', () => server.kill('SIGTERM'));
  const base = `http://127.0.0.1:${port}`;
  await waitForWorker(base);

  const auth = new Map<string, string>();
  for (let i = 0; i < SELLERS; i++) auth.set(`usr_bench_s${i}`, `Bearer ${await token(`usr_bench_s${i}`)}`);
  const sellerOf = (i: number) => `usr_bench_s${i % SELLERS}`;

  // every ad's photo, uploaded before the clock starts (uploads are not what is measured)
  const photos: string[] = new Array(ads.length);
  for (let i = 0; i < ads.length; i += 8) {
    await Promise.all(
      ads.slice(i, i + 8).map(async (_, k) => {
        const n = i + k;
        const form = new FormData();
        form.append('image', new File([uniquePhoto(n)], `ad-${n}.jpg`, { type: 'image/jpeg' }));
        const res = await fetch(`${base}/api/upload/image`, { method: 'POST', headers: { authorization: auth.get(sellerOf(n))! }, body: form });
        const body = (await res.json()) as { data?: { url: string }; error?: string };
        if (!res.ok || !body.data) throw new Error(`upload ${n} failed: ${res.status} ${body.error}`);
        photos[n] = body.data.url;
      }),
    );
  }
  console.log(`${photos.length} photos uploaded; posting ${ads.length} ads at ${RATE}/s for ${SECONDS} s`);

  const posted: { id: string; status: string }[] = [];
  const refusals = new Map<string, number>();
  const cpuBefore = workerdCpuSeconds(server.pid!);
  const start = Date.now() + 500;
  let late = 0;
  await Promise.all(
    ads.map(async (ad, i) => {
      const wait = start + (i * 1000) / RATE - Date.now();
      if (wait > 0) await sleep(wait);
      else if (wait < -100) late++;
      const res = await fetch(`${base}/api/listings`, {
        method: 'POST',
        headers: { authorization: auth.get(sellerOf(i))!, 'content-type': 'application/json' },
        body: JSON.stringify({ ...ad, images: [photos[i]] }),
      });
      const text = await res.text();
      let body: { data?: { id: string; status: string }; error?: string };
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        body = { error: text.slice(0, 80) }; // e.g. workerd's own "Your worker …" page
      }
      if (res.status === 201 && body.data) posted.push(body.data);
      else refusals.set(`${res.status} ${body.error}`, (refusals.get(`${res.status} ${body.error}`) ?? 0) + 1);
    }),
  );
  const postingEnded = Date.now();
  const postingSeconds = (postingEnded - start) / 1000;
  const live = posted.filter((p) => p.status === 'APPROVED');

  // drained: every event of the posted ads done (or two minutes without progress)
  const sqlite = new DatabaseSync(sqliteFile(), { readOnly: true });
  sqlite.exec('PRAGMA busy_timeout = 5000');
  const ids = live.map((p) => p.id);
  const inList = `(${ids.map((id) => `'${id.replace(/'/g, '')}'`).join(',')})`;
  const pendingCount = () => (sqlite.prepare(`SELECT count(*) AS n FROM listing_events WHERE listing_id IN ${inList} AND done_at IS NULL`).get() as { n: number }).n;
  for (let last = -1, stuckSince = Date.now(); ; ) {
    const pending = pendingCount();
    if (pending === 0) break;
    if (pending !== last) {
      last = pending;
      stuckSince = Date.now();
    } else if (Date.now() - stuckSince > 120_000) break;
    await sleep(500);
  }
  const drainSeconds = (Date.now() - postingEnded) / 1000;
  const cpuLive = workerdCpuSeconds(server.pid!) - cpuBefore;

  // ---- what the worker wrote
  const events = sqlite.prepare(`SELECT id, listing_id, created_at, done_at FROM listing_events WHERE listing_id IN ${inList} AND kind = 'posted'`).all() as {
    id: string;
    listing_id: string;
    created_at: number;
    done_at: number | null;
  }[];
  const eventOf = new Map(events.map((e) => [e.listing_id, e]));
  // in the buyers' inbox objects (decision 032), and any D1 still holds
  const notes = storedNotifications(persist, sqlite)
    .filter((n) => n.user_id.startsWith('usr_bench_b') && dataField(n, 'kind') === 'SAVED_SEARCH')
    .map((n) => ({ user_id: n.user_id, created_at: n.created_at, listing_id: String(dataField(n, 'listingId')) }));
  // matches are recorded once per distinct saved query (decision 009), not per saved search
  const matchCount = (sqlite.prepare(`SELECT count(*) AS n FROM saved_query_matches WHERE listing_id IN ${inList}`).get() as { n: number }).n;

  const notifyLatency: number[] = [];
  const seenPair = new Map<string, number>();
  const notifiedBy = new Map<string, Set<string>>();
  for (const n of notes) {
    const e = eventOf.get(n.listing_id);
    if (e) notifyLatency.push(n.created_at - e.created_at);
    const key = `${n.user_id}|${n.listing_id}`;
    seenPair.set(key, (seenPair.get(key) ?? 0) + 1);
    const set = notifiedBy.get(n.listing_id) ?? new Set<string>();
    set.add(n.user_id);
    notifiedBy.set(n.listing_id, set);
  }
  const duplicates = [...seenPair.values()].filter((c) => c > 1).reduce((s, c) => s + c - 1, 0);
  const doneLatency = events.filter((e) => e.done_at !== null).map((e) => e.done_at! - e.created_at);
  const withoutEvent = ids.filter((id) => !eventOf.has(id)).length;
  const notDone = events.filter((e) => e.done_at === null).length;

  // ---- the oracle: every saved search checked against every ad, no index
  const { matches, prepareAd } = await import('../../worker/services/alerts/matcher');
  const adRows = sqlite
    .prepare(
      `SELECT l.id, l.title, l.description, l.location, l.price_minor, l.condition, l.category_id, l.subcategory_id, l.state_id, l.city_id, l.area_id, l.latitude, l.longitude, l.features,
         (SELECT group_concat(name, ' ') FROM categories WHERE id IN (l.category_id, l.subcategory_id)) AS categories
       FROM listings l WHERE l.id IN ${inList}`,
    )
    .all() as Record<string, any>[];
  const compiled = pool.map((p) => JSON.parse(p.matcher));
  // which pool entries each saved search uses, and who saved it with which alert
  const savers = sqlite.prepare(`SELECT user_id, alert, query FROM saved_searches WHERE id LIKE 'ss_bench_%'`).all() as { user_id: string; alert: string; query: string }[];
  const poolIndex = new Map(pool.map((p, i) => [JSON.stringify(p.query), i]));
  const instantUsers = pool.map(() => new Set<string>());
  const searchesOf = pool.map(() => 0);
  for (const s of savers) {
    const i = poolIndex.get(s.query);
    if (i === undefined) continue;
    searchesOf[i]!++;
    if (s.alert === 'instant') instantUsers[i]!.add(s.user_id);
  }
  let missed = 0;
  let extra = 0;
  let expectedMatches = 0;
  let expectedNotifications = 0;
  for (const ad of adRows) {
    let features: Record<string, unknown> = {};
    try {
      features = JSON.parse(ad.features);
    } catch {
      /* none */
    }
    const prepared = prepareAd({
      text: `${ad.title}\n${ad.description}\n${ad.location}\n${ad.categories ?? ''}`,
      priceMinor: ad.price_minor,
      condition: ad.condition,
      subcategoryId: ad.subcategory_id,
      features,
      latitude: ad.latitude,
      longitude: ad.longitude,
    });
    const places = new Set([0, ad.state_id, ad.city_id, ad.area_id]);
    const scopes = new Set(['', ad.category_id, ad.subcategory_id]);
    const expected = new Set<string>();
    const matchedQueries = new Set<string>();
    pool.forEach((p, i) => {
      if (!scopes.has(p.scope) || !places.has(p.placeId) || !matches(compiled[i], prepared)) return;
      if (searchesOf[i]) matchedQueries.add(`${p.scope}|${p.placeId}|${p.matcher}`);
      for (const u of instantUsers[i]!) expected.add(u);
    });
    expectedNotifications += expected.size;
    expectedMatches += matchedQueries.size;
    const got = notifiedBy.get(ad.id) ?? new Set<string>();
    for (const u of expected) if (!got.has(u)) missed++;
    for (const u of got) if (!expected.has(u)) extra++;
  }

  // ---- consumer CPU: the same events again, through the relay and the queue alone
  sqlite.close();
  server.kill('SIGTERM');
  await sleep(1500);
  {
    const reset = new DatabaseSync(sqliteFile());
    reset.exec('PRAGMA busy_timeout = 5000');
    reset.exec(`DELETE FROM notifications WHERE user_id LIKE 'usr_bench_b%'`);
    clearInboxNotifications(persist);
    reset.exec(`DELETE FROM saved_query_matches`);
    reset.exec(`UPDATE listing_events SET done_at = NULL, sent_at = NULL, created_at = created_at - 120000`);
    reset.close();
  }
  const replayPort = await freePort();
  const replay: ChildProcess = spawn(
    'wrangler',
    ['dev', '--port', String(replayPort), '--ip', '127.0.0.1', '--persist-to', persist, '--test-scheduled', '--show-interactive-dev-session=false', '--log-level', 'error', '--var', `JWT_SECRET:${SECRET}`],
    { env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  process.on('exit', () => replay.kill('SIGTERM'));
  await waitForWorker(`http://127.0.0.1:${replayPort}`);
  await sleep(1000);
  const replayCpu0 = workerdCpuSeconds(replay.pid!);
  const replayStart = Date.now();
  // miniflare's trigger route (wrangler's /__scheduled is answered by the static assets' SPA fallback first)
  const fired = await fetch(`http://127.0.0.1:${replayPort}/cdn-cgi/local/scheduled?cron=${encodeURIComponent('* * * * *')}`);
  const firedText = (await fired.text()).slice(0, 80);
  console.log(`replay: relay cron fired (${fired.status} ${firedText})`);
  if (!fired.ok || firedText !== 'ok') throw new Error('the relay cron could not be fired; the replay would measure nothing');
  const again = new DatabaseSync(sqliteFile(), { readOnly: true });
  again.exec('PRAGMA busy_timeout = 5000');
  const replayPending = () => (again.prepare(`SELECT count(*) AS n FROM listing_events WHERE done_at IS NULL`).get() as { n: number }).n;
  for (let last = -1, stuckSince = Date.now(); ; ) {
    const pending = replayPending();
    if (pending === 0) break;
    if (pending !== last) {
      last = pending;
      stuckSince = Date.now();
    } else if (Date.now() - stuckSince > 120_000) break;
    await sleep(250);
  }
  const replaySeconds = (Date.now() - replayStart) / 1000;
  const replayCpu = workerdCpuSeconds(replay.pid!) - replayCpu0;
  const replayed = (again.prepare(`SELECT count(*) AS n FROM listing_events WHERE done_at IS NOT NULL`).get() as { n: number }).n;
  const replayNotes = storedNotifications(persist, again).filter((n) => n.user_id.startsWith('usr_bench_b')).length;
  again.close();
  replay.kill('SIGTERM');

  notifyLatency.sort((a, b) => a - b);
  doneLatency.sort((a, b) => a - b);
  const lost = withoutEvent + notDone + missed;
  const load = loadavg().map((l) => l.toFixed(1)).join(' ');
  const ms = (v: number) => (Number.isFinite(v) ? `${v}` : '–');
  console.log(`\nbench:alerts — ${SEARCHES.toLocaleString('en-IN')} saved searches (${pool.length} distinct), ${ads.length} ads at ${RATE}/s for ${SECONDS} s`);
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}; load average at the end ${load}`);
  console.log(`posted ${posted.length} (live ${live.length}) in ${postingSeconds.toFixed(1)} s${late ? `, ${late} sent late by the client` : ''}; refused: ${refusals.size ? [...refusals].map(([k, n]) => `${n} × ${k}`).join('; ') : 'none'}`);
  console.log('');
  console.log('| measure | p50 | p95 | p99 | max |');
  console.log('|---|---|---|---|---|');
  console.log(`| ad live (outbox write) → notification stored, ms (${notifyLatency.length} notifications) | ${ms(percentile(notifyLatency, 50))} | ${ms(percentile(notifyLatency, 95))} | ${ms(percentile(notifyLatency, 99))} | ${ms(notifyLatency[notifyLatency.length - 1] ?? NaN)} |`);
  console.log(`| ad live → event done (all matches recorded), ms (${doneLatency.length} events) | ${ms(percentile(doneLatency, 50))} | ${ms(percentile(doneLatency, 95))} | ${ms(percentile(doneLatency, 99))} | ${ms(doneLatency[doneLatency.length - 1] ?? NaN)} |`);
  console.log('');
  console.log(`lost: ${lost} (ads live without an event ${withoutEvent}, events not done ${notDone}, buyers not told ${missed}); duplicates: ${duplicates}; told who should not be: ${extra}`);
  console.log(`expected by brute force: ${expectedNotifications} notifications, ${expectedMatches} query matches; stored ${notes.length} notifications, ${matchCount} query matches; drained ${drainSeconds.toFixed(1)} s after the last post`);
  console.log(`worker CPU during posting + alerts: ${((cpuLive * 1000) / Math.max(1, live.length)).toFixed(1)} ms per ad (posting included)`);
  console.log(`consumer replay: ${replayed} events through relay + queue in ${replaySeconds.toFixed(1)} s (${(replayed / Math.max(0.001, replaySeconds)).toFixed(1)} events/s), ${replayNotes} notifications; consumer CPU ${((replayCpu * 1000) / Math.max(1, replayed)).toFixed(1)} ms per event`);
  if (matchCount !== expectedMatches) console.log(`query matches differ from the brute-force check: stored ${matchCount}, expected ${expectedMatches}`);
  if (lost || duplicates || extra || matchCount !== expectedMatches) process.exitCode = 1;
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
