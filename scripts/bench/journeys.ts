/**
 * `npm run bench:journeys -- [--requests 20] [--check]`
 *
 * What the network between a Worker and its D1 database costs each user journey (decision 022).
 * Runs the worker under wrangler dev with its D1 binding wrapped in the simulation
 * (scripts/bench/simulated-d1-worker.ts, over .wrangler/bench-journeys-state with 600 demo ads), and
 * times each journey at a database round trip of 0, 30 and 150 ms (primary and replica alike: the
 * worst case, no replica nearer than the primary), printing p50/p95 and the round trips each
 * request waited on. --check fails when a journey is over its budget (worker/db/round-trip-budget.ts).
 * --shards N: the listings over N databases (decision 033; its own state, .wrangler/bench-journeys-shards-N),
 * every database's calls counted together. --accounts-databases N: the accounts' own rows over N
 * databases (decision 034; 4, 15 or 18; the seed writes them there; its own state,
 * .wrangler/bench-journeys-shards-N-accounts-M), their calls counted with the rest.
 * With several accounts databases the state is the design's layout, `users` and the chat list with the
 * accounts (USERS_WITH_ACCOUNTS and CHAT_LIST_WITH_ACCOUNTS on; the seed writes each account's row in its
 * accounts database); --switches-off measures the migration's middle state instead (both off, `users`
 * in the core), each layout in a state folder of its own (`-switches-on`, `-switches-off`). --only a,b: only the journeys
 * whose names contain one of these words (e.g. `--only post,phone`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { arg, benchEnv as env, freePort, percentile, run, waitForWorker } from '../lib/bench';
import { scene, toJpeg } from '../../tests/factories/photo-variants';
import { ROUND_TRIP_BUDGET } from '../../worker/db/round-trip-budget';
import { checkSwitches, layoutStateFolder, switchesOn, migrateLocal, parseAccountsDatabases, parseListingDatabases } from '../lib/shards-config';

const requests = Math.max(5, Number(arg('requests', '20')));
const check = process.argv.includes('--check');
const shards = parseListingDatabases(arg('shards', '1'));
const accounts = parseAccountsDatabases(arg('accounts-databases', '1'));
const switchesOff = process.argv.includes('--switches-off');
checkSwitches(accounts, switchesOff, process.argv);
const layout = { listings: shards, accounts, switchesOff };
const persist = arg('persist-to', layoutStateFolder('.wrangler/bench-journeys', layout));
const RTTS = [0, 30, 150];
const only = arg('only', '')
  .split(',')
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean);

type Answer = { status: number; body: any; ms: number; roundTrips: number };

const main = async () => {
  const config = migrateLocal(shards, persist, run, accounts, switchesOff);
  // the seed writes `users` where the layout's switches read them (the accounts databases when on)
  run('tsx', ['scripts/seed.ts', '--listings', '600', '--if-empty', '--persist-to', persist, '--listing-databases', String(shards), '--accounts-databases', String(accounts), ...(switchesOff ? ['--switches-off'] : [])]);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(
    'wrangler',
    ['dev', 'scripts/bench/simulated-d1-worker.ts', '--config', config, '--port', String(port), '--ip', '127.0.0.1', '--persist-to', persist, '--var', 'EDGE_CACHE:measure', '--var', 'DEV_OUTBOX:true', '--var', 'PAYMENTS_LOCAL_CHECKOUT:1', '--var', 'JWT_SECRET:bench-journeys-secret-0123456789', '--show-interactive-dev-session=false', '--log-level', 'error'],
    { env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  let rtt = 0;
  const call = async (path: string, init: RequestInit = {}): Promise<Answer> => {
    const headers = new Headers(init.headers);
    headers.set('x-sim-d1-primary-ms', String(rtt));
    headers.set('x-sim-d1-replica-ms', String(rtt));
    const started = performance.now();
    const res = await fetch(base + path, { ...init, headers });
    const text = await res.text();
    const ms = performance.now() - started;
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      // a page
    }
    return { status: res.status, body, ms, roundTrips: Number(res.headers.get('x-d1-round-trips') ?? NaN) };
  };
  try {
    await waitForWorker(base);
    const stamp = Date.now().toString(36);
    const runSeed = (Date.now() % 1_000_000) * 1000;
    const register = async (name: string, ip: string) => {
      const res = await call('/api/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
        body: JSON.stringify({ email: `bench.${name}.${stamp}@example.in`, password: 'bench-password-123' }),
      });
      if (res.status !== 201 && res.status !== 200) throw new Error(`register ${name}: ${res.status} ${JSON.stringify(res.body)}`);
      return { auth: { authorization: `Bearer ${res.body.data.token as string}` }, id: res.body.data.user.id as string };
    };
    const account = async (name: string, ip: string) => (await register(name, ip)).auth;
    const buyer = await account('buyer', '10.9.0.1');
    // a Pro buyer (the local test checkout), for the seller's phone number
    const pro = await register('pro', '10.9.0.2');
    const proJson = { ...pro.auth, 'content-type': 'application/json' };
    const order = await call('/api/premium/create-order', { method: 'POST', headers: proJson, body: JSON.stringify({ packageId: 'pro' }) });
    const signed = await call('/api/premium/local-checkout/complete', { method: 'POST', headers: proJson, body: JSON.stringify({ orderId: order.body.data?.orderId }) });
    const paid = await call('/api/premium/verify-payment', { method: 'POST', headers: proJson, body: JSON.stringify({ ...signed.body.data, subscriptionId: order.body.data?.subscriptionId }) });
    if (paid.status !== 200) throw new Error(`Pro: ${order.status} ${signed.status} ${paid.status} ${JSON.stringify(paid.body).slice(0, 300)}`);
    const sample = await call('/api/listings?limit=50&category=Vehicles');
    const ads = sample.body.data.listings as { id: string; slug: string; city: string | null }[];
    const city = ads.find((l) => l.city)?.city ?? 'Delhi';
    const ad = ads[0]!;
    const chat = await call('/api/messages/chats', { method: 'POST', headers: { ...buyer, 'content-type': 'application/json' }, body: JSON.stringify({ listingId: ad.id }) });
    if (chat.status !== 201 && chat.status !== 200) {
      // with the switch on, the seeded sellers' `users` rows must be in their accounts databases too (the users copy above)
      const hint = switchesOn(layout) ? ' (switches on: did the seed write the sellers\' users rows into their accounts databases? a state seeded before the switches were on needs --switches-off or a fresh folder)' : '';
      throw new Error(`chat with a seeded seller: ${chat.status} ${JSON.stringify(chat.body).slice(0, 300)}${hint}`);
    }
    const chatId = chat.body.data.chat.id as string;

    let posted = 0;
    let sellerAuth: Record<string, string> = {};
    const postAd = async (extra: Record<string, unknown> = {}) => {
      // a seller may post 10 free furniture ads a month: a fresh seller every 8
      if (posted++ % 8 === 0) sellerAuth = await account(`seller${posted}`, `10.9.1.${posted}`);
      const form = new FormData();
      // a photo that matches no other (its own generated scene per post and run, the state being kept between
      // runs): the journey is plain posting. Look-alike and copied photos: tests/shards/posting-photo-checks.test.ts
      form.append('image', new File([toJpeg(scene(320, 240, runSeed + posted), 85)], 'table.jpg', { type: 'image/jpeg' }));
      const upload = await call('/api/upload/image', { method: 'POST', headers: sellerAuth, body: form });
      if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${JSON.stringify(upload.body)}`);
      return call('/api/listings', {
        method: 'POST',
        headers: { ...sellerAuth, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: `Sheesham dining table ${posted} six seater`,
          description: 'Solid sheesham wood, six chairs, bought in 2021, no scratches, pickup only.',
          price: 18000 + posted,
          categoryId: 'Home & Garden',
          subcategoryId: 'Furniture',
          location: city,
          images: [upload.body.data.url],
          features: {},
          ...extra,
        }),
      });
    };

    const every: { name: string; kind: 'read' | 'write'; go: () => Promise<Answer>; ok: number }[] = [
      { name: 'guest category page, not cached', kind: 'read', ok: 200, go: () => call(`/products?category=Vehicles&location=${encodeURIComponent(city)}`, { headers: { 'x-edge-cache': 'bypass' } }) },
      { name: 'guest ad page, not cached', kind: 'read', ok: 200, go: () => call(`/item/${ad.slug}`, { headers: { 'x-edge-cache': 'bypass' } }) },
      { name: 'signed-in search', kind: 'read', ok: 200, go: () => call('/api/listings?category=Vehicles&page=1&limit=20', { headers: buyer }) },
      { name: 'signed-in: open an ad', kind: 'read', ok: 200, go: () => call(`/api/listings/${ad.id}`, { headers: buyer }) },
      { name: 'favourite an ad', kind: 'write', ok: 200, go: () => call(`/api/listings/${ad.id}/favorite`, { method: 'POST', headers: buyer }) },
      { name: 'post an ad', kind: 'write', ok: 201, go: () => postAd() },
      { name: 'chat message over REST', kind: 'write', ok: 201, go: () => call('/api/messages/messages', { method: 'POST', headers: { ...buyer, 'content-type': 'application/json' }, body: JSON.stringify({ chatId, content: `Is it still available? ${Math.random()}` }) }) },
      { name: 'chat list', kind: 'read', ok: 200, go: () => call('/api/messages/chats', { headers: buyer }) },
      { name: 'My Ads', kind: 'read', ok: 200, go: () => call('/api/listings/user/my-listings', { headers: sellerAuth }) },
      // an ad posted here (the demo seed writes no posting records), with its seller's number on it; each ad counts once a period
      { name: "Pro: a seller's phone number", kind: 'write', ok: 200, go: () => call(`/api/premium/access-phone/${pro.id}`, { method: 'POST', headers: proJson, body: JSON.stringify({ listingId: phoneAd }) }) },
    ];
    const journeys = every.filter((j) => !only.length || only.some((word) => j.name.toLowerCase().includes(word)));
    // the first seller exists before My Ads is timed; its ad is the one whose phone number is asked for
    const first = await postAd({ sellerPhone: '9876543210' });
    if (first.status !== 201) throw new Error(`post: ${first.status} ${JSON.stringify(first.body).slice(0, 300)}`);
    const phoneAd = first.body.data.id as string;
    const rows: Record<string, string | number>[] = [];
    const over: string[] = [];
    for (const j of journeys) {
      const row: Record<string, string | number> = { journey: j.name };
      let trips = 0;
      for (const value of RTTS) {
        rtt = value;
        await j.go(); // warm
        const times: number[] = [];
        // posting draws on a monthly free quota: fewer samples
        const n = j.name === 'post an ad' ? Math.min(requests, 6) : requests;
        for (let i = 0; i < n; i++) {
          const a = await j.go();
          if (a.status !== j.ok) throw new Error(`${j.name}: ${a.status} ${JSON.stringify(a.body).slice(0, 300)}`);
          trips = Math.max(trips, a.roundTrips);
          times.push(a.ms);
        }
        times.sort((x, y) => x - y);
        row[`p50 @${value}`] = Number(percentile(times, 50).toFixed(1));
        row[`p95 @${value}`] = Number(percentile(times, 95).toFixed(1));
      }
      row['round trips'] = trips;
      row.budget = ROUND_TRIP_BUDGET[j.kind];
      if (trips > ROUND_TRIP_BUDGET[j.kind]) over.push(`${j.name}: ${trips} > ${ROUND_TRIP_BUDGET[j.kind]}`);
      rows.push(row);
    }
    console.log(`\nms per request by database round trip (primary = replica), ${requests} sequential requests per cell; round trips = the most one request waited on; ${shards} listings database${shards > 1 ? 's' : ''}, ${accounts} accounts database${accounts > 1 ? 's' : ''}${accounts > 1 ? (switchesOn(layout) ? ', switches on' : ', switches off') : ''}`);
    console.table(rows);
    if (over.length) console.log(`over budget: ${over.join('; ')}`);
    if (check && over.length) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
  }
};

await main();
