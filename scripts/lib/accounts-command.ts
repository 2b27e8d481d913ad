/**
 * The options every accounts-split command takes (`accounts:backfill-directory`, `accounts:copy-users`):
 * `--accounts-databases N` (required, more than one), `--listing-databases N`, `--persist-to DIR`,
 * `--dry-run`, `--batch B` and `--switches-off` (the state's switches held off: the migration's middle
 * state; by default a state with several accounts databases has them on, as the seed leaves it). A bad
 * or missing value prints the reason and the usage line and exits 2, as the other scripts do.
 */
import { checkSwitches, layoutVars, parseAccountsDatabases, parseListingDatabases } from './shards-config';

export interface AccountsCommandOptions {
  accounts: number;
  listings: number;
  persistTo: string | undefined;
  dryRun: boolean;
  batch: number | undefined;
  switchesOff: boolean;
  /** the vars the worker reads its layout from, for the env the command hands the worker's code */
  vars: Record<string, string>;
}

const fail = (message: string, usage: string): never => {
  console.error(`${message}\n${usage}`);
  process.exit(2);
};

/** `oneDatabase`: why the command has nothing to do with one accounts database (said when asked to). */
export const accountsCommandOptions = (argv: readonly string[], usage: string, oneDatabase: string): AccountsCommandOptions => {
  const values = new Map<string, string>();
  let dryRun = false;
  let switchesOff = false;
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = (argv[i] as string).split('=', 2) as [string, string | undefined];
    if (['--accounts-databases', '--listing-databases', '--persist-to', '--batch'].includes(name)) {
      const value = inline ?? argv[++i];
      if (!value) fail(`${name} needs a value`, usage);
      values.set(name, value!);
    } else if (name === '--dry-run') dryRun = true;
    else if (name === '--switches-off') switchesOff = true;
    else if (name === '--users-with-accounts') fail('--users-with-accounts is gone: with several accounts databases the switches are on unless --switches-off', usage);
    else if (name === '--help' || name === '-h') {
      console.log(usage);
      process.exit(0);
    } else fail(`unknown option ${name}`, usage);
  }
  let accounts = 1;
  let listings = 1;
  try {
    accounts = parseAccountsDatabases(values.get('--accounts-databases'));
    listings = parseListingDatabases(values.get('--listing-databases'));
    checkSwitches(accounts, switchesOff);
  } catch (e) {
    fail((e as Error).message, usage);
  }
  if (accounts === 1) fail(oneDatabase, usage);
  const batch = values.has('--batch') ? Number(values.get('--batch')) : undefined;
  if (batch !== undefined && (!Number.isInteger(batch) || batch < 1)) fail('--batch must be a positive whole number', usage);
  return { accounts, listings, persistTo: values.get('--persist-to'), dryRun, batch, switchesOff, vars: layoutVars({ listings, accounts, switchesOff }) };
};
