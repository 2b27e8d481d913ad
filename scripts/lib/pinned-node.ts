/**
 * Wrangler needs Node 22; a bare `tsx` may have started a script on an older system node. A script
 * that uses wrangler's local bindings calls this first (before importing anything of wrangler's,
 * hence the scripts' dynamic imports after it): on an older node it re-runs itself on the pinned one
 * from node_modules and exits with its status.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const runOnPinnedNode = (scriptUrl: string) => {
  if (Number(process.versions.node.split('.')[0]) >= 22) return;
  const pinned = join(ROOT, 'node_modules', '.bin', 'node');
  if (!existsSync(pinned)) throw new Error(`Node ${process.versions.node} is too old for wrangler (needs 22); install dependencies first`);
  const r = spawnSync(pinned, ['--import', 'tsx', fileURLToPath(scriptUrl), ...process.argv.slice(2)], { stdio: 'inherit', cwd: ROOT });
  process.exit(r.status ?? 1);
};
