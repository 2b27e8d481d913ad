#!/usr/bin/env node
/**
 * `npm run deploy`: builds and runs `wrangler deploy`, after refusing a configuration that would
 * turn on local-only shortcuts in production (scripts/lib/deploy-guard.mjs). Extra arguments go to
 * wrangler (`npm run deploy -- --env staging`).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { deployProblems } from './lib/deploy-guard.mjs';

const problems = deployProblems(readFileSync('wrangler.toml', 'utf8'));
if (problems.length) {
  console.error(`\nRefusing to deploy:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
  process.exit(1);
}
const extra = process.argv.slice(2);
const envArgs = extra.includes('--env') ? ['--env', extra[extra.indexOf('--env') + 1]] : [];
for (const [cmd, args] of [
  ['vite', ['build']],
  ['wrangler', ['deploy', ...extra]],
  // pages in the guests' edge cache name the old build's hashed files: a new data version retires
  // them all at once (worker/lib/edge-cache.ts, decision 011)
  ['wrangler', ['kv', 'key', 'put', 'cache-version:listings', `deploy-${Date.now()}`, '--binding', 'CACHE', '--remote', ...envArgs]],
]) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
