/**
 * `npm run accounts:retire-core-copies -- --accounts-databases N [--listing-databases N] [--persist-to DIR] [--dry-run] [--batch B]`
 *
 * Retires the core's `users` rows (decision 034) in the local D1 state `wrangler dev` uses (or DIR, like
 * the seed and the benchmarks): the last step of the users split, after the copy
 * (`accounts:copy-users`), a clean `users.copies` and the switch. With several listings databases the
 * rows are deleted; with one they stay as the seller cards and only their private columns are cleared.
 * The same code as the deployed worker's every-minute job (worker/services/accounts/users-retire.ts),
 * which retires a deployment's rows once `RETIRE_CORE_USERS = "1"` is set.
 *
 * Refused (exit 2) when the layout's switch is off (`--switches-off`) or there is one accounts database.
 * Before it changes anything it reads every core row still to retire with its copy: if any has no copy,
 * or a copy older than the core's row, it names them and exits 1 with nothing changed. Then it retires
 * in bounded batches, each read again and guarded on `updated_at`; resumable (an interrupted run is
 * simply run again), and a finished pass is recorded in KV, after which the check `users.retired`
 * looks for core rows that came back. --dry-run does the first half only.
 */
import { runOnPinnedNode } from './lib/pinned-node';

runOnPinnedNode(import.meta.url);

process.env.WRANGLER_LOG ??= 'error';
process.env.WRANGLER_SEND_METRICS = 'false';

const usage = 'usage: npm run accounts:retire-core-copies -- --accounts-databases 4|15|18|36 [--listing-databases 1|4|10] [--persist-to DIR] [--dry-run] [--batch N]';
const { accountsCommandOptions } = await import('./lib/accounts-command');
const { listings, accounts, persistTo, dryRun, batch, vars } = accountsCommandOptions(
  process.argv.slice(2),
  usage,
  "with one accounts database that database is the core: its users rows are the accounts, nothing to retire",
);

const { localBindings } = await import('./lib/local-bindings');
const { readUsersRetireState, recordUsersRetire, retireCoreUsers, retireRefusedBecause } = await import('../worker/services/accounts/users-retire');
type RetireEnv = Parameters<typeof retireCoreUsers>[0] & { CACHE: KVNamespace };

const proxy = await localBindings<Record<string, unknown> & { DB: D1Database; CACHE: KVNamespace }>(persistTo, listings, accounts);
let code = 0;
try {
  const env = { ...proxy.env, ...vars } as never as RetireEnv;
  const refused = retireRefusedBecause(env);
  if (refused) {
    console.error(`${refused}\n${usage}`);
    code = 2;
  } else {
    const state = await readUsersRetireState(env.CACHE);
    const options = { after: state.cursor, ...(batch ? { batchRows: batch } : {}) };
    const started = Date.now();
    // every row still to retire, read with its copy, before anything changes
    const check = await retireCoreUsers(env, { ...options, dryRun: true });
    if (check.refused.length) {
      for (const r of check.refused.slice(0, 20)) console.log(`not safe to retire: ${r.id} in ACCOUNTS_${r.database}: ${r.reason}`);
      console.error(
        `refused: ${check.refused.length} core row(s) without a copy at least as new, nothing changed. Bring the copies level (accounts:copy-users, or the worker's copy pass after the switch), check users.copies, then run again.`,
      );
      code = 1;
    } else if (dryRun) {
      console.log(`dry run: ${check.accounts} core row(s) would be ${check.mode === 'delete' ? 'deleted' : 'cleared of their private columns (one listings database: they stay as seller cards)'}`);
    } else {
      const report = await retireCoreUsers(env, { ...options, onBatch: (r) => process.stdout.write(`\r${r.accounts} read, ${r.retired} ${r.mode === 'delete' ? 'deleted' : 'cleared'}`) });
      process.stdout.write('\n');
      await recordUsersRetire(env.CACHE, state, report, Date.now());
      console.log(
        `${report.accounts} core row(s) read, ${report.retired} ${report.mode === 'delete' ? 'deleted' : 'cleared of their private columns'}, ${report.changed} changed meanwhile (left for the check)` +
          `${report.refused.length ? `, a batch refused (${report.refused.map((r) => `${r.id}: ${r.reason}`).join('; ')})` : ''} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
      if (report.refused.length) code = 1;
    }
  }
} finally {
  await proxy.dispose();
}
process.exit(code);
