/**
 * `npm run check:consistency -- [--repair] [--json] [--only NAME[,NAME]] [--persist-to DIR] [--listing-databases N] [--accounts-databases N] [--switches-off]`
 *
 * Checks every value SEL keeps twice (decision 018) against its source in the local D1 and KV that
 * `wrangler dev` uses (or the state in DIR, like the seed and the benchmarks), prints a report and
 * exits 1 when anything disagrees, 0 when clean. --repair sets the repairable ones right (in bounded
 * batches, safe while `npm start` serves traffic) and exits 1 only if something is still wrong.
 * --json prints the report as JSON for machines. --listing-databases N, --accounts-databases N and
 * --switches-off describe a split local state (as seeded with the same options, or as
 * `npm run bench:journeys -- --shards N --accounts-databases M [--switches-off]` leaves it: with several
 * accounts databases the switches are on unless --switches-off), so the checks read each database the
 * deployment would.
 *
 * The deployed database is checked and repaired by the worker itself, daily (wrangler.toml crons;
 * the report is in the worker's logs); --remote is refused with that note rather than half-supported.
 */
import { runOnPinnedNode } from './lib/pinned-node';

runOnPinnedNode(import.meta.url);

process.env.WRANGLER_LOG ??= 'error';
process.env.WRANGLER_SEND_METRICS = 'false';
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';

const usage = 'usage: npm run check:consistency -- [--repair] [--json] [--only NAME[,NAME]] [--persist-to DIR] [--listing-databases 1|4|10] [--accounts-databases 1|4|15|18|36] [--switches-off]';
const argv = process.argv.slice(2);
let repair = false;
let asJson = false;
let only: string[] | undefined;
let persistTo: string | undefined;
// a state seeded with `--accounts-databases N` (decision 034): its accounts databases and directory are checked too
let accountsRaw: string | undefined;
let listingsRaw: string | undefined;
let switchesOff = false;
// the old option, refused below with what replaced it
let legacySwitch = false;
for (let i = 0; i < argv.length; i++) {
  const [name, inline] = (argv[i] as string).split('=', 2) as [string, string | undefined];
  if (name === '--repair') repair = true;
  else if (name === '--json') asJson = true;
  else if (name === '--switches-off') switchesOff = true;
  else if (name === '--users-with-accounts') legacySwitch = true;
  else if (name === '--only' || name === '--persist-to' || name === '--accounts-databases' || name === '--listing-databases') {
    const value = inline ?? argv[++i];
    if (!value) {
      console.error(`${name} needs a value\n${usage}`);
      process.exit(2);
    }
    if (name === '--only') only = value.split(',').map((s) => s.trim()).filter(Boolean);
    else if (name === '--accounts-databases') accountsRaw = value;
    else if (name === '--listing-databases') listingsRaw = value;
    else persistTo = value;
  } else if (name === '--remote') {
    console.error('--remote is not supported: the deployed worker checks and repairs its own database daily (wrangler.toml crons) and logs the report.');
    process.exit(2);
  } else if (name === '--help' || name === '-h') {
    console.log(usage);
    process.exit(0);
  } else {
    console.error(`unknown option ${name}\n${usage}`);
    process.exit(2);
  }
}

const { localBindings } = await import('./lib/local-bindings');
const { CHECK_NAMES, ROOM_CHECK_NAMES, formatReport, runConsistencyChecks } = await import('../worker/services/consistency');
type Env = import('../worker/services/consistency').Env;

const unknown = only?.filter((n) => !CHECK_NAMES.includes(n)) ?? [];
if (unknown.length) {
  console.error(`unknown check(s): ${unknown.join(', ')}\nknown: ${CHECK_NAMES.join(', ')}`);
  process.exit(2);
}

const { checkSwitches, layoutVars, parseAccountsDatabases, parseListingDatabases } = await import('./lib/shards-config');
let accountsCount = 1;
let listingsCount = 1;
try {
  accountsCount = parseAccountsDatabases(accountsRaw);
  listingsCount = parseListingDatabases(listingsRaw);
  checkSwitches(accountsCount, switchesOff, legacySwitch ? ['--users-with-accounts'] : []);
} catch (err) {
  console.error(`${err instanceof Error ? err.message : err}\n${usage}`);
  process.exit(2);
}
const proxy = await localBindings<Env>(persistTo, listingsCount, accountsCount);
// the vars the worker reads its layout from (worker/db/shards.ts, accounts.ts, users.ts), as a split deployment sets them
Object.assign(proxy.env, layoutVars({ listings: listingsCount, accounts: accountsCount, switchesOff }));
let code = 0;
// the chat checks and the view check read Durable Objects (the rooms, the view counter), which a local binding proxy does not reach: the worker's daily run covers them
if (!proxy.env.ChatRoom) {
  const skipped = (only ?? CHECK_NAMES).filter((n) => ROOM_CHECK_NAMES.includes(n));
  if (skipped.length) console.error(`skipped (they read the chat rooms or the view counter; the worker's daily check runs them): ${skipped.join(', ')}`);
  only = (only ?? CHECK_NAMES).filter((n) => !ROOM_CHECK_NAMES.includes(n));
}
try {
  const report = await runConsistencyChecks(proxy.env, { repair, ...(only ? { only } : {}) });
  console.log(asJson ? JSON.stringify(report, null, 2) : formatReport(report));
  code = report.clean ? 0 : 1;
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  code = 2;
} finally {
  await proxy.dispose();
}
process.exit(code);
