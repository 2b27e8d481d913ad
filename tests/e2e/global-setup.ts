import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { findChromium } from '../../scripts/lib/chromium';
import { freePort } from '../../scripts/lib/bench';
import { generateVapidKeys } from '../../scripts/lib/vapid.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string;
    /** the e2e server's local state folder (wrangler --persist-to), for npm run admin:grant */
    persistTo: string;
  }
}

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_LOG: 'error' };

const run = (cmd: string, args: string[]) => {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status})`);
};

/**
 * Builds the client, makes a fresh database in a temp folder (migrations + a small fixed seed),
 * and serves the app with wrangler on a free port, with the dev outbox on and the scheduled handler
 * reachable at /cdn-cgi/local/scheduled (journeys fire a cron when they need its work done).
 */
export default async function setup(project: TestProject) {
  const browser = await findChromium();
  const chromiumPath = browser.path;
  console.log(`browser journeys: Chromium from ${browser.source} (${chromiumPath})`);
  // `npm test` builds before the suites; a direct `npm run test:e2e` builds when nothing is there yet
  if (!existsSync('dist/client/index.html')) run('vite', ['build']);
  const state = mkdtempSync(join(tmpdir(), 'sel-e2e-'));
  run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state]);
  run('tsx', ['scripts/seed.ts', '--listings', '240', '--persist-to', state, '--seed', 'e2e']);
  const port = await freePort();
  // a VAPID key pair, so /api/push/public-key answers as in production
  const vapid = generateVapidKeys();
  const server: ChildProcess = spawn(
    'wrangler',
    ['dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', state, '--test-scheduled', '--show-interactive-dev-session=false', '--var', 'DEV_OUTBOX:true', '--var', 'PAYMENTS_LOCAL_CHECKOUT:1', '--var', 'JWT_SECRET:e2e-secret-0123456789abcdef', '--var', 'R2_S3_ENDPOINT:local', '--var', 'R2_ACCESS_KEY_ID:sel-local-dev', '--var', 'R2_SECRET_ACCESS_KEY:sel-local-dev-secret', '--var', `VAPID_PUBLIC_KEY:${vapid.publicKey}`, '--var', `VAPID_PRIVATE_KEY:${vapid.privateKey}`, '--log-level', 'error'],
    { env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const baseURL = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${baseURL}/api/categories`)).ok) break;
    } catch {
      /* starting */
    }
    if (server.exitCode !== null) throw new Error('wrangler dev exited during start-up');
    if (i > 240) throw new Error('the app did not start within 2 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
  project.provide('baseURL', baseURL);
  project.provide('chromiumPath', chromiumPath);
  project.provide('persistTo', state);
  return () => {
    server.kill('SIGTERM');
    rmSync(state, { recursive: true, force: true });
  };
}
