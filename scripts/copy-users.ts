/**
 * `npm run accounts:copy-users -- --accounts-databases N [--listing-databases N] [--persist-to DIR] [--dry-run] [--batch B] [--switches-off]`
 *
 * Copies every core `users` row to its user's accounts database (decision 034), in the local D1 state
 * `wrangler dev` uses (or DIR, like the seed and the benchmarks): the step before `USERS_WITH_ACCOUNTS`
 * is turned on. The same code as the deployed worker's every-minute job
 * (worker/services/accounts/users-copy.ts), which copies a deployment's rows by itself; this command
 * is for local states and for seeing what a copy would do first (--dry-run writes nothing).
 *
 * Guarded on `updated_at` (a copy as new as the core's row or newer is kept), idempotent (a second run
 * writes nothing) and resumable (batches by account id; an interrupted run is simply run again). The
 * core's rows stay. A row an accounts database refuses (an e-mail, phone or Google id held there by
 * another account's older copy) is listed and the command exits 1: run it again once the other copy
 * is replaced. A finished pass is recorded in KV, after which the checker compares the copies
 * (users.copies).
 */
import { runOnPinnedNode } from './lib/pinned-node';

runOnPinnedNode(import.meta.url);

process.env.WRANGLER_LOG ??= 'error';
process.env.WRANGLER_SEND_METRICS = 'false';

const usage = 'usage: npm run accounts:copy-users -- --accounts-databases 4|15|18|36 [--listing-databases 1|4|10] [--persist-to DIR] [--dry-run] [--batch N] [--switches-off]';
const { accountsCommandOptions } = await import('./lib/accounts-command');
const { accounts, listings, persistTo, dryRun, batch, switchesOff, vars } = accountsCommandOptions(process.argv.slice(2), usage, `with one accounts database that database is the core: users already live where the switch would read them, nothing to copy`);

const { localBindings } = await import('./lib/local-bindings');
const { copyUsersToAccounts, readUsersCopyState, recordUsersCopy } = await import('../worker/services/accounts/users-copy');
const proxy = await localBindings<Record<string, unknown> & { DB: D1Database; CACHE: KVNamespace }>(persistTo, listings, accounts);
let code = 0;
try {
  const env = { ...proxy.env, ...vars } as never as Parameters<typeof copyUsersToAccounts>[0] & { CACHE: KVNamespace };
  const started = Date.now();
  const report = await copyUsersToAccounts(env, {
    dryRun,
    ...(batch ? { batchRows: batch } : {}),
    onBatch: (r) => process.stdout.write(`\r${r.accounts} accounts read, ${dryRun ? `${r.missing + r.older} would be written` : `${r.written} written`}, ${r.kept} kept, ${r.refused.length} refused`),
  });
  process.stdout.write('\n');
  for (const r of report.refused) console.log(`refused: ${r.id} in ACCOUNTS_${r.database}: ${r.error}`);
  console.log(
    `${dryRun ? 'dry run: ' : ''}${report.accounts} accounts, ${report.missing} without a copy, ${report.older} with an older copy, ${report.kept} kept (as new or newer)` +
      `${dryRun ? '' : `, ${report.written} written`}, ${report.refused.length} refused (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  if (!dryRun) await recordUsersCopy(env.CACHE, { ...(await readUsersCopyState(env.CACHE)), pass: null }, report, { startedAt: started, withSwitch: !switchesOff, now: Date.now() });
  if (report.refused.length) code = 1;
} finally {
  await proxy.dispose();
}
process.exit(code);
