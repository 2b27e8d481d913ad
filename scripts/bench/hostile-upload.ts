/**
 * Does a hostile photo stall other requests? (decision 012, "Decode budget".) A Worker isolate runs
 * one request's JavaScript at a time, so a photo that takes seconds to decode makes every other
 * request wait that long. This starts `wrangler dev` (own database .wrangler/bench-hostile-state),
 * uploads photos through POST /api/upload/image and, while each upload is in flight, sends an
 * unrelated request (GET /api/categories) again and again, reporting how much longer the slowest of
 * those took than the same request on an idle worker.
 *
 * Photos, all generated here (no files): a crafted ~200 KB progressive JPEG with 2,000 scans over
 * 1600 × 1200 (the CPU bomb, refused from its markers), the same picture with 64 scans (within the
 * scan limit but over the Worker's decode budget: hashed from the Images binding's copy, which runs
 * outside the isolate), and a normal 1600 × 1200 baseline JPEG as the web app sends (decoded in the
 * Worker, for comparison).
 *   npm run bench:hostile-upload [-- --runs 3 --port 8811 --scans 2000]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { SignJWT } from 'jose';
import { progressiveJpeg } from '../../tests/factories/progressive-jpeg';
import { scene, toJpeg } from '../../tests/factories/photo-variants';
import { arg, benchEnv, freePort, run, waitForWorker } from '../lib/bench';

const RUNS = Number(arg('runs', '3'));
const SCANS = Number(arg('scans', '2000'));
const persist = arg('persist-to', '.wrangler/bench-hostile-state');
const SECRET = 'bench-hostile-secret-0123456789abcdef';
const USER_ID = 'usr_benchhostileupload0000000';

const token = () =>
  new SignJWT({ sid: 'bench-hostile', tv: 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(USER_ID)
    .setIssuer('sel')
    .setAudience('sel-web')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(SECRET));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const prepareUser = async () => {
  const { localBindings } = await import('../lib/local-bindings');
  const { env: bindings, dispose } = await localBindings<{ DB: D1Database }>(persist);
  const now = Date.now();
  await bindings.DB.prepare(
    `INSERT OR IGNORE INTO users (id, username, first_name, last_name, status, token_version, created_at, updated_at) VALUES (?, ?, 'Bench', 'Uploader', 'ACTIVE', 0, ?, ?)`,
  )
    .bind(USER_ID, USER_ID, now, now)
    .run();
  await dispose();
};

const main = async () => {
  // the API alone is measured: wrangler only needs the assets folder to exist
  if (!existsSync('dist/client')) mkdirSync('dist/client', { recursive: true });
  run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist]);
  await prepareUser();
  const port = Number(arg('port', '0')) || (await freePort());
  const server: ChildProcess = spawn(
    'wrangler',
    ['dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', persist, '--show-interactive-dev-session=false', '--log-level', 'error', '--var', `JWT_SECRET:${SECRET}`],
    { env: { ...benchEnv, X_LOCAL_OBSERVABILITY: 'false' }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const stop = () => server.kill('SIGTERM');
  process.on('exit', stop);
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForWorker(base);
    const auth = { authorization: `Bearer ${await token()}` };

    const upload = async (bytes: Uint8Array, name: string) => {
      const form = new FormData();
      form.append('image', new File([bytes.slice()], name, { type: 'image/jpeg' }));
      const res = await fetch(`${base}/api/upload/image`, { method: 'POST', headers: auth, body: form });
      const body = (await res.json()) as { code?: string };
      return { status: res.status, code: body.code ?? '' };
    };
    const probe = async () => {
      const start = performance.now();
      const res = await fetch(`${base}/api/categories`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`GET /api/categories answered ${res.status}`);
      return performance.now() - start;
    };

    const picture = scene(1600, 1200, 7);
    const photos: [string, Uint8Array][] = [
      [`crafted progressive JPEG, ${SCANS} scans over 1600×1200`, progressiveJpeg(picture, { scans: SCANS })],
      ['progressive JPEG, 64 scans over 1600×1200 (over the decode budget: Images binding)', progressiveJpeg(picture, { scans: 64 })],
      ['baseline 1600×1200 JPEG q85 (what the web app sends; decoded in the Worker)', toJpeg(picture, 85)],
    ];

    // warm up: the isolate, the JIT, the categories cache, the Images binding
    for (const [, bytes] of photos.slice(1)) await upload(bytes, 'warm.jpg');
    for (let i = 0; i < 20; i++) await probe();
    const idle: number[] = [];
    for (let i = 0; i < 60; i++) idle.push(await probe());
    const idleMedian = median(idle);
    console.log(`hostile-upload bench on ${base}: unrelated request GET /api/categories, idle median ${idleMedian.toFixed(1)} ms (max ${Math.max(...idle).toFixed(1)})`);

    for (const [label, bytes] of photos) {
      const delays: number[] = [];
      const uploads: string[] = [];
      for (let r = 0; r < RUNS; r++) {
        const started = performance.now();
        let done = false;
        const uploading = upload(bytes, 'photo.jpg').then((res) => {
          done = true;
          return { ...res, ms: performance.now() - started };
        });
        const during: number[] = [];
        // the unrelated requests run back to back while the upload is in flight: one that arrives
        // while the upload's JavaScript holds the isolate waits for it
        await new Promise((resolve) => setTimeout(resolve, 3));
        while (!done) during.push(await probe());
        const res = await uploading;
        uploads.push(`${res.status}${res.code ? ` ${res.code}` : ''} in ${res.ms.toFixed(0)} ms`);
        delays.push(Math.max(0, Math.max(...during, idleMedian) - idleMedian));
      }
      console.log(`${label}: ${Math.round(bytes.length / 1024)} KB; upload ${uploads.join(', ')}; unrelated request delayed by up to ${median(delays).toFixed(0)} ms (median of ${RUNS} runs; runs ${delays.map((d) => d.toFixed(0)).join(' / ')})`);
    }
  } finally {
    stop();
  }
};

await main();
