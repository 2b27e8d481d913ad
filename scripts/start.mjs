#!/usr/bin/env node
// `npm start`: build the client, migrate the local D1, seed demo data if the database is empty,
// then serve app + API with wrangler (workerd, local D1/R2/KV/Durable Objects under .wrangler/).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';

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

// Local-only settings: a random JWT secret and the dev outbox (SMS/e-mail readable at /api/dev/outbox).
if (!existsSync('.dev.vars')) {
  writeFileSync('.dev.vars', `JWT_SECRET=${randomBytes(32).toString('hex')}\nDEV_OUTBOX=true\n`);
  console.log('wrote .dev.vars (local JWT secret, dev outbox on)');
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
