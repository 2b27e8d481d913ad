#!/usr/bin/env node
// `npm start`: build the client, migrate the local D1, seed demo data if the database is empty,
// then serve app + API with wrangler (workerd, local D1/R2/KV/Durable Objects under .wrangler/).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { generateVapidKeys } from './lib/vapid.mjs';

const args = new Set(process.argv.slice(2));
const port = process.env.PORT ?? '8787';
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };

const run = (cmd, cmdArgs) => {
  console.log(`\n> ${cmd} ${cmdArgs.join(' ')}`);
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`\n${cmd} failed (exit ${r.status}).`);
    process.exit(r.status ?? 1);
  }
};

// Local-only settings: a random JWT secret, the dev outbox (SMS/e-mail readable at /api/dev/outbox),
// and direct photo uploads to wrangler's local S3 endpoint (keys match wrangler.toml's local_dev).
// Web Push: a VAPID key pair made once (both halves from the same pair).
let vapid;
const vapidPair = () => (vapid ??= generateVapidKeys());
const LOCAL_VARS = {
  JWT_SECRET: () => randomBytes(32).toString('hex'),
  VAPID_PUBLIC_KEY: () => vapidPair().publicKey,
  VAPID_PRIVATE_KEY: () => vapidPair().privateKey,
  VAPID_SUBJECT: () => 'mailto:dev@sel.local',
  DEV_OUTBOX: () => 'true',
  // the local test checkout instead of Razorpay; `npm run deploy` refuses a configuration that sets it
  PAYMENTS_LOCAL_CHECKOUT: () => '1',
  R2_S3_ENDPOINT: () => 'local',
  R2_ACCESS_KEY_ID: () => 'sel-local-dev',
  R2_SECRET_ACCESS_KEY: () => 'sel-local-dev-secret',
};
const current = existsSync('.dev.vars') ? readFileSync('.dev.vars', 'utf8') : '';
const missing = Object.entries(LOCAL_VARS).filter(([name]) => !new RegExp(`^${name}=`, 'm').test(current));
if (missing.length) {
  writeFileSync('.dev.vars', `${current}${current && !current.endsWith('\n') ? '\n' : ''}${missing.map(([n, v]) => `${n}=${v()}`).join('\n')}\n`);
  console.log(`.dev.vars: added ${missing.map(([n]) => n).join(', ')}`);
}

if (!args.has('--no-build')) run('vite', ['build']);
run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local']);
run('tsx', ['scripts/seed.ts', '--if-empty']);

console.log(`\nSEL is starting at http://localhost:${port}  (API: http://localhost:${port}/api, docs: http://localhost:${port}/api/docs)\n`);
const dev = spawn('wrangler', ['dev', '--port', port, '--ip', '127.0.0.1', '--show-interactive-dev-session=false'], { stdio: 'inherit', env });
const stop = () => dev.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
dev.on('exit', (code) => process.exit(code ?? 0));
