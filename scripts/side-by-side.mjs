#!/usr/bin/env node
// Runs npm scripts at the same time and fails if any fails: `npm test` pairs steps that leave a core
// idle on a 2-core machine (the four-database suite runs one file at a time; the type checker and the
// client build are mostly one process each), which keeps CI within its time.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/side-by-side.mjs <npm script> [<npm script> …]');
  process.exit(2);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const results = await Promise.all(
  scripts.map(
    (name) =>
      new Promise((resolve) => {
        const child = spawn(npm, ['run', name], { stdio: 'inherit' });
        child.on('exit', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0) }));
        child.on('error', () => resolve({ name, code: 1 }));
      }),
  ),
);
const failed = results.filter((r) => r.code !== 0);
for (const r of failed) console.error(`npm run ${r.name} failed (exit ${r.code})`);
process.exit(failed.length ? 1 : 0);
