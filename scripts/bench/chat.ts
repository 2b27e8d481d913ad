/**
 * `npm run bench:chat -- [--chats 200] [--rate 1] [--duration 60] [--through-proxy] [--inspect PORT]`
 *
 * Realtime benchmark against the local worker: N conversations, two WebSocket clients each (buyer
 * and seller), every client sending `rate` messages per second for `duration` seconds through its
 * chat room. Prints p50/p95/p99 send→receive latency (sender's clock, receiver's arrival) and
 * checks that every message arrived exactly once at the other side, in sequence order, and the
 * worker's CPU per delivered message (utime + stime of workerd while sending and draining), which
 * a busy machine disturbs less than latency.
 * Uses its own database (.wrangler/bench-chat-state) and signs tokens with its own secret.
 *
 * The sockets connect straight to the worker's own workerd socket (scripts/lib/workerd-direct.ts):
 * `wrangler dev`'s port is a proxy, a second workerd that forwards every frame over loopback and
 * competes for the same two cores; production has no such hop. `--through-proxy` connects through
 * it as before. CPU is reported for the worker's workerd alone and for every workerd (proxy too).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { arg, benchEnv as env, freePort, percentile, processTable, run, waitForWorker, workerdCpuSeconds } from '../lib/bench';
import { SignJWT } from 'jose';
import { workerdDirect } from '../lib/workerd-direct';

const CHATS = Number(arg('chats', '200'));
const RATE = Number(arg('rate', '1'));
const DURATION_S = Number(arg('duration', '60'));
const persist = arg('persist-to', '.wrangler/bench-chat-state');
const SECRET = 'bench-chat-secret-0123456789abcdef';
const THROUGH_PROXY = process.argv.includes('--through-proxy');

const pct = percentile;

const token = (userId: string) =>
  new SignJWT({ sid: `bench-${userId}`, tv: 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer('sel')
    .setAudience('sel-web')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(SECRET));

/** Users, one listing per seller and the conversations, written straight into the bench database. */
const prepareData = async () => {
  const { localBindings } = await import('../lib/local-bindings');
  const { env: bindings, dispose } = await localBindings<{ DB: D1Database }>(persist);
  const now = Date.now();
  const db = bindings.DB;
  // the rooms' own logs (and limiters) start empty too: the conversations are re-created with the same ids
  for (const object of ['sel-ChatRoom', 'sel-RateLimiter']) rmSync(`${persist}/v3/do/${object}`, { recursive: true, force: true });
  await db.batch([db.prepare(`DELETE FROM messages`), db.prepare(`DELETE FROM chats`), db.prepare(`DELETE FROM listings WHERE user_id LIKE 'usr_bench_%'`), db.prepare(`DELETE FROM users WHERE id LIKE 'usr_bench_%'`)]);
  const city = await db.prepare(`SELECT id, parent_id FROM locations WHERE kind = 'city' LIMIT 1`).first<{ id: number; parent_id: number }>();
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < CHATS; i++) {
    const seller = `usr_bench_s${i}`;
    const buyer = `usr_bench_b${i}`;
    for (const [id, name] of [
      [seller, 'Seller'],
      [buyer, 'Buyer'],
    ] as const) {
      statements.push(db.prepare(`INSERT INTO users (id, username, first_name, last_name, status, token_version, created_at, updated_at) VALUES (?, ?, ?, ?, 'ACTIVE', 0, ?, ?)`).bind(id, id, name, String(i), now, now));
    }
    const listingId = `bench${String(i).padStart(21, '0')}`;
    statements.push(
      db
        .prepare(
          `INSERT INTO listings (id, slug, user_id, title, description, price_minor, category_id, subcategory_id, location, state_id, city_id, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 100000, 'vehicles', 'vehicles-cars', 'Bench', ?, ?, 'APPROVED', ?, ?)`,
        )
        .bind(listingId, `bench-${i}-iid-${listingId}`, seller, `Bench car ${i}`, 'A car for the chat benchmark.', city?.parent_id ?? null, city?.id ?? null, now, now),
    );
    statements.push(db.prepare(`INSERT INTO chats (id, listing_id, buyer_id, seller_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`).bind(`cht_bench_${i}`, listingId, buyer, seller, now, now));
  }
  for (let i = 0; i < statements.length; i += 200) await db.batch(statements.slice(i, i + 200));
  await dispose();
};

/**
 * Messages D1's conversation rows account for (the sum of the bench's chats' last_seq, read after
 * the server stopped). The messages themselves live in the rooms (decision 031); each client checks
 * its own copy for loss, duplicates and order, and D1 must hold no message rows at all.
 */
const countStored = async () => {
  const { localBindings } = await import('../lib/local-bindings');
  const { env: bindings, dispose } = await localBindings<{ DB: D1Database }>(persist);
  const row = await bindings.DB.prepare(
    `SELECT (SELECT coalesce(sum(last_seq), 0) FROM chats WHERE id LIKE 'cht_bench_%') AS seqs,
            (SELECT count(*) FROM messages WHERE chat_id LIKE 'cht_bench_%') AS d1_rows`,
  ).first<{ seqs: number; d1_rows: number }>();
  await dispose();
  return row && row.d1_rows === 0 ? row.seqs : -(row?.seqs ?? 0);
};

interface Client {
  userId: string;
  chatId: string;
  ws: WebSocket;
  received: Map<string, number>;
  seqs: number[];
  duplicates: number;
}

const main = async () => {
  if (!existsSync('dist/client/index.html')) run('vite', ['build']);
  run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist]);
  await prepareData();
  const port = await freePort();
  const server: ChildProcess = spawn(
    'wrangler',
    [
      ...['dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', persist, '--show-interactive-dev-session=false', '--log-level', 'error', '--var', `JWT_SECRET:${SECRET}`],
      // `--inspect PORT`: a DevTools inspector there, for `npm run bench:profile -- --port PORT`
      ...(arg('inspect', '') ? ['--inspector-port', arg('inspect', '')] : []),
    ],
    // wrangler's local observability (its dev dashboard) attaches a tail collector to every event of
    // every object on the same thread: ~11 % of the CPU at 400 msg/s, which production does not run there
    { env: { ...env, X_LOCAL_OBSERVABILITY: 'false' }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  process.on('exit', () => server.kill('SIGTERM'));
  await waitForWorker(`http://127.0.0.1:${port}`);
  const direct = THROUGH_PROXY ? undefined : await workerdDirect(`http://127.0.0.1:${port}`);
  const base = direct ? new URL(direct.base).host : `127.0.0.1:${port}`;
  console.log(direct ? `sockets straight to the worker's workerd (${base}, pid ${direct.pid})` : `sockets through wrangler's proxy (${base})`);

  const latencies: number[] = [];
  /** latency by the second (of the timed run) the message was sent in: shows whether the tail is spikes or queueing */
  const bySecond = new Map<number, number[]>();
  let timedStart = Infinity;
  let warmDelivered = 0;
  const nacks = new Map<string, number>();
  const retries = new Map<string, number>();
  const pending = new Map<string, string>();
  const open = async (userId: string, chatId: string): Promise<Client> => {
    const ws = new WebSocket(`ws://${base}/parties/chat-room/${chatId}?token=${await token(userId)}`);
    const client: Client = { userId, chatId, ws, received: new Map(), seqs: [], duplicates: 0 };
    ws.addEventListener('message', (e) => {
      const event = JSON.parse(String(e.data)) as { type: string; clientId?: string; error?: string; message?: { senderId: string; clientId: string; content: string; seq: number } };
      // a refused send is retried with the same clientId, as the app does (idempotent on the server)
      if (event.type === 'nack' && event.clientId) {
        nacks.set(event.error ?? 'unknown', (nacks.get(event.error ?? 'unknown') ?? 0) + 1);
        const tries = (retries.get(event.clientId) ?? 0) + 1;
        retries.set(event.clientId, tries);
        const payload = pending.get(event.clientId);
        if (payload && tries <= 5) setTimeout(() => ws.send(payload), 250 * tries);
        return;
      }
      if (event.type !== 'new_message' || !event.message || event.message.senderId === userId) return;
      const { clientId, content, seq } = event.message;
      if (clientId.endsWith('-warm')) {
        warmDelivered += 1;
        client.seqs.push(seq);
        return;
      }
      if (client.received.has(clientId)) client.duplicates += 1;
      client.received.set(clientId, seq);
      client.seqs.push(seq);
      const sentAt = Number(content.split('|')[1]);
      const latency = Date.now() - sentAt;
      latencies.push(latency);
      const second = Math.floor((sentAt - timedStart) / 1000);
      const inSecond = bySecond.get(second) ?? [];
      if (!inSecond.length) bySecond.set(second, inSecond);
      inSecond.push(latency);
    });
    await new Promise<void>((resolve, reject) => {
      ws.addEventListener('open', () => resolve(), { once: true });
      ws.addEventListener('error', () => reject(new Error(`socket for ${userId} failed`)), { once: true });
    });
    return client;
  };

  const clients: Client[] = [];
  for (let i = 0; i < CHATS; i++) {
    clients.push(await open(`usr_bench_b${i}`, `cht_bench_${i}`), await open(`usr_bench_s${i}`, `cht_bench_${i}`));
  }
  console.log(`${clients.length} sockets open`);
  // Warm-up, untimed: one message from every client, the clients arriving over WARM_S seconds as
  // people do. The first message of a conversation wakes its room and reads the chat; a sender's
  // first takes a fresh rate limiter object and starts its one-minute window. All 400 in the same
  // instant is a cold start no steady load has (locally ~10 s of the one worker thread creating
  // objects), and every window would then end in the same second a minute later. The timed load
  // below is the steady state.
  const WARM_S = 10;
  const warmStarted = Date.now();
  for (const [i, c] of clients.entries()) {
    setTimeout(() => c.ws.send(JSON.stringify({ type: 'send', clientId: `${c.userId}-warm`, content: `warm|${Date.now()}` })), (i * WARM_S * 1000) / clients.length);
  }
  while (warmDelivered < clients.length && Date.now() - warmStarted < 60_000 + WARM_S * 1000) await new Promise((r) => setTimeout(r, 100));
  console.log(`warm-up: the first message of ${clients.length} senders in ${CHATS} new rooms, sent over ${WARM_S} s, all delivered ${((Date.now() - warmStarted) / 1000 - WARM_S).toFixed(1)} s after the last`);
  console.log(`sending ${RATE}/s per client for ${DURATION_S} s`);

  const sent = new Map<string, string[]>(); // sender userId → clientIds
  const perClient = Math.round(RATE * DURATION_S);
  const start = Date.now() + 200;
  timedStart = start;
  const workerCpu = () => (direct ? (processTable().find((p) => p.pid === direct.pid)?.cpu ?? 0) : NaN);
  const cpuBefore = workerdCpuSeconds(server.pid!);
  const workerCpuBefore = workerCpu();
  await Promise.all(
    clients.map(async (c, idx) => {
      const ids: string[] = [];
      sent.set(c.userId, ids);
      // spread clients over the second so the load is even
      const offset = ((idx * 1000) / clients.length / RATE) | 0;
      for (let n = 0; n < perClient; n++) {
        const due = start + offset + (n * 1000) / RATE;
        const wait = due - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const clientId = `${c.userId}-${n}`;
        ids.push(clientId);
        const payload = JSON.stringify({ type: 'send', clientId, content: `m${n}|${Date.now()}` });
        pending.set(clientId, payload);
        c.ws.send(payload);
      }
    }),
  );
  const sendingEnded = Date.now();
  // let the last messages land: until all arrived, or nothing arrived for 10 s (a pause of a second
  // or two under load is not a loss), at most a minute
  const expected = clients.length * perClient;
  for (let last = -1, lastGrowth = Date.now(); latencies.length < expected && Date.now() - lastGrowth < 10_000 && Date.now() - sendingEnded < 60_000; ) {
    if (latencies.length !== last) [last, lastGrowth] = [latencies.length, Date.now()];
    await new Promise((r) => setTimeout(r, 500));
  }
  const drainMs = Date.now() - sendingEnded;
  const cpuSeconds = workerdCpuSeconds(server.pid!) - cpuBefore;
  const workerCpuSeconds = workerCpu() - workerCpuBefore;

  let lost = 0;
  let duplicates = 0;
  let outOfOrder = 0;
  for (let i = 0; i < clients.length; i += 2) {
    const [buyer, seller] = [clients[i]!, clients[i + 1]!];
    for (const [from, to] of [
      [buyer, seller],
      [seller, buyer],
    ] as const) {
      lost += (sent.get(from.userId) ?? []).filter((id) => !to.received.has(id)).length;
      duplicates += to.duplicates;
      outOfOrder += to.seqs.filter((s, k) => k > 0 && s <= to.seqs[k - 1]!).length;
    }
  }
  for (const c of clients) c.ws.close();
  // the rooms copy their logs to D1 within a second (decision 002): give the last copies time, then count what D1 holds
  await new Promise((r) => setTimeout(r, 3000));
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  const d1Held = await countStored();
  latencies.sort((a, b) => a - b);
  const total = [...sent.values()].reduce((n, ids) => n + ids.length, 0);
  console.log(`\n${CHATS} conversations × 2 clients, ${RATE} msg/s each, ${DURATION_S} s: ${total} messages sent`);
  console.log(`send→receive latency ms: p50 ${pct(latencies, 50)}  p95 ${pct(latencies, 95)}  p99 ${pct(latencies, 99)}  max ${latencies[latencies.length - 1]}`);
  console.log(`delivered ${latencies.length}, lost ${lost}, duplicated ${duplicates}, out of order ${outOfOrder}; drained ${(drainMs / 1000).toFixed(1)} s after the last send`);
  const seconds = [...bySecond].map(([second, ms]) => ({ second, p95: pct(ms.sort((a, b) => a - b), 95), max: ms[ms.length - 1]! }));
  const over = seconds.filter((s) => s.p95 > 50);
  const worst = [...seconds].sort((a, b) => b.p95 - a.p95).slice(0, 5);
  console.log(`seconds with p95 over 50 ms: ${over.length} of ${seconds.length}; worst: ${worst.map((s) => `${s.second}s p95 ${s.p95} max ${s.max}`).join(', ')}`);
  const perMessage = (s: number) => ((s * 1000) / Math.max(1, latencies.length)).toFixed(2);
  console.log(`workerd CPU ${cpuSeconds.toFixed(1)} s: ${perMessage(cpuSeconds)} ms per message delivered; load average at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  if (direct) console.log(`the worker's workerd alone: ${workerCpuSeconds.toFixed(1)} s, ${perMessage(workerCpuSeconds)} ms per message`);
  const expectedInD1 = total + clients.length; // the timed messages and one warm-up message per client
  console.log(`D1's conversation rows count ${d1Held} of the ${expectedInD1} messages sent (warm-up included), and D1 holds no message rows: ${d1Held === expectedInD1 ? 'yes' : 'NO'}`);
  if (nacks.size) console.log(`refused and retried: ${[...nacks].map(([why, n]) => `${n} × ${why}`).join('; ')}`);
  if (lost || duplicates || outOfOrder || d1Held !== expectedInD1) process.exitCode = 1;
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
