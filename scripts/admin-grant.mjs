#!/usr/bin/env node
// `npm run admin:grant -- <email or phone> [--role ADMIN|MODERATOR|USER] [--remote]`
// Gives an account a role in the local D1 (default) or the deployed one (--remote). The server reads
// the role from the database on every request, so it applies at once (at the latest on next sign-in).
import { spawnSync } from 'node:child_process';
import { grantSql, parseGrantArgs } from './lib/admin-grant.mjs';

const parsed = parseGrantArgs(process.argv.slice(2));
if (parsed.error) {
  console.error(parsed.error);
  process.exit(2);
}
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
const where = parsed.remote ? ['--remote'] : ['--local', ...(parsed.persistTo ? ['--persist-to', parsed.persistTo] : [])];
const r = spawnSync('wrangler', ['d1', 'execute', 'DB', ...where, '--json', '--command', grantSql(parsed)], { env, encoding: 'utf8' });
if (r.status !== 0) {
  console.error(r.stderr || r.stdout || `wrangler failed (exit ${r.status})`);
  process.exit(r.status ?? 1);
}
let rows = [];
try {
  const results = JSON.parse(r.stdout);
  rows = results[results.length - 1]?.results ?? [];
} catch {
  console.error(`could not read wrangler's answer:\n${r.stdout}`);
  process.exit(1);
}
const user = rows[0];
if (!user) {
  console.error(`No account with ${parsed.column} ${parsed.value} in the ${parsed.remote ? 'deployed' : 'local'} database. Sign up first, then grant.`);
  process.exit(1);
}
console.log(`${user.first_name} ${user.last_name} (${user.email ?? user.phone ?? user.id}) is now ${user.role}${user.status !== 'ACTIVE' ? ` (account ${user.status})` : ''}.`);
