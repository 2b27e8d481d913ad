#!/usr/bin/env node
// `npm run db:generate -- --name what_changed`: drizzle-kit writes the SQL for schema changes, then we
// renumber the file after the hand-written and generated reference-data migrations already in
// migrations/ (drizzle-kit numbers by its own journal, which does not know about those).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const before = new Set(readdirSync('migrations'));
const r = spawnSync('drizzle-kit', ['generate', '--config', 'worker/db/drizzle.config.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
const created = readdirSync('migrations').filter((f) => f.endsWith('.sql') && !before.has(f));
if (!created.length) process.exit(0);
const highest = Math.max(...[...before].filter((f) => /^\d{4}_/.test(f)).map((f) => Number(f.slice(0, 4))));
const journalPath = 'migrations/meta/_journal.json';
const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
created.sort().forEach((file, i) => {
  const renamed = `${String(highest + 1 + i).padStart(4, '0')}${file.slice(4)}`;
  renameSync(`migrations/${file}`, `migrations/${renamed}`);
  const entry = journal.entries.find((e) => `${e.tag}.sql` === file);
  if (entry) entry.tag = renamed.replace(/\.sql$/, '');
  console.log(`migrations/${renamed}`);
});
writeFileSync(journalPath, `${JSON.stringify(journal, null, 2)}\n`);
