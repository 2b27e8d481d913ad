/**
 * `npm run accounts:backfill-directory -- --accounts-databases N [--persist-to DIR] [--dry-run] [--batch B] [--switches-off]`
 *
 * Writes the identifier directory rows (decision 034) of accounts made while there was one accounts
 * database — each account's e-mail, phone and Google id into the accounts database of the
 * identifier's hash — in the local D1 state `wrangler dev` uses (or DIR, like the seed and the
 * benchmarks). The same code as the deployed worker's hourly backfill
 * (worker/services/accounts/directory-backfill.ts), which fills a deployment's directory by itself
 * after the switch; this command is for local states and for seeing what a switch would find first
 * (--dry-run writes nothing).
 *
 * Idempotent (a second run writes nothing) and resumable (batches by account id; an interrupted run
 * is simply run again). A row naming another account is a conflict: listed, never overwritten; the
 * command exits 1 when there is one. A finished pass is recorded in KV, after which the consistency
 * check expects every account's rows (identifiers.missing).
 */
import { runOnPinnedNode } from './lib/pinned-node';

runOnPinnedNode(import.meta.url);

process.env.WRANGLER_LOG ??= 'error';
process.env.WRANGLER_SEND_METRICS = 'false';

const usage = 'usage: npm run accounts:backfill-directory -- --accounts-databases 4|15|18|36 [--listing-databases 1|4|10] [--persist-to DIR] [--dry-run] [--batch N] [--switches-off]';
const { accountsCommandOptions } = await import('./lib/accounts-command');
const { accounts, listings, persistTo, dryRun, batch, vars } = accountsCommandOptions(process.argv.slice(2), usage, `with one accounts database the directory is not used (the users table's own unique columns decide): nothing to backfill`);

const { localBindings } = await import('./lib/local-bindings');
const { backfillDirectory, markBackfilled } = await import('../worker/services/accounts/directory-backfill');
const proxy = await localBindings<Record<string, unknown> & { DB: D1Database; CACHE: KVNamespace }>(persistTo, listings, accounts);
let code = 0;
try {
  const env = { ...proxy.env, ...vars } as never as Parameters<typeof backfillDirectory>[0] & { CACHE: KVNamespace };
  const started = performance.now();
  const report = await backfillDirectory(env, {
    dryRun,
    ...(batch ? { batchRows: batch } : {}),
    onBatch: (r) => process.stdout.write(`\r${r.accounts} accounts read, ${dryRun ? `${r.missing} rows missing` : `${r.written} rows written`}, ${r.present} already there, ${r.conflicts.length} conflicts`),
  });
  process.stdout.write('\n');
  for (const c of report.conflicts) console.log(`conflict: the ${c.kind} of ${c.userId} is held by ${c.owner} in ACCOUNTS_${c.database} (not overwritten)`);
  console.log(`${dryRun ? 'dry run: ' : ''}${report.accounts} accounts, ${dryRun ? `${report.missing} rows would be written` : `${report.written} rows written`}, ${report.present} already there, ${report.conflicts.length} conflicts (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  if (!dryRun) await markBackfilled(env.CACHE, report);
  if (report.conflicts.length) code = 1;
} finally {
  await proxy.dispose();
}
process.exit(code);
