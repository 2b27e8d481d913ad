/**
 * Local listings databases for scripts and benchmarks (decision 033): with N > 1 the worker needs
 * bindings LISTINGS_0 … LISTINGS_{N-1} beside DB and LISTING_DATABASES = N. wrangler.toml declares
 * only DB (what `npm start` and a one-database deployment use), so the scripts that want N databases
 * write a copy of it with the listings bindings added, `.wrangler/listings-<N>.wrangler.json`, and
 * pass it to `wrangler dev` / `wrangler d1 migrations apply` with `--config`. Local D1 state is kept per
 * database id, so the seed (getPlatformProxy over the same bindings) and the served worker open the
 * same files under one `--persist-to` folder. The accounts databases (decision 034) are added the same
 * way, ACCOUNTS_0 … with ACCOUNTS_DATABASES = N and, as the design lays them out, `users` and the chat
 * list and the conversations' rows with the accounts (USERS_WITH_ACCOUNTS, CHAT_LIST_WITH_ACCOUNTS and
 * CHATS_WITH_ACCOUNTS = 1): a fresh state made with
 * several accounts databases has nothing to copy or move, so it starts with the switches on. The
 * migration's middle state (switches off: what an existing deployment runs while its copies are under
 * way) is asked for with `--switches-off`. Each in
 * `.wrangler/listings-<N>-accounts-<M>-switches-<on|off>.wrangler.json`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { experimental_readRawConfig } from 'wrangler';
import { ACCOUNTS_LAYOUTS } from '../../worker/schemas/accounts-shards-data';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The supported counts (worker/schemas/listing-shards-data.ts SHARD_LAYOUTS). */
export const parseListingDatabases = (raw: string | undefined): number => {
  const n = Number(raw ?? 1);
  if (![1, 4, 10].includes(n)) throw new Error(`--listing-databases must be 1, 4 or 10 (the layouts in worker/schemas/listing-shards-data.ts), not ${raw}`);
  return n;
};

/** The local D1 declarations of N listings databases (none for one: the listings live in DB). */
export const listingsD1 = (n: number) =>
  n === 1
    ? []
    : Array.from({ length: n }, (_, i) => ({
        binding: `LISTINGS_${i}`,
        database_name: `sel-listings-${i}`,
        database_id: `00000000-0000-0000-0000-1157${String(i).padStart(8, '0')}`,
        migrations_dir: join(ROOT, 'migrations'),
      }));

/** The listings bindings' names, in order. */
export const listingsBindings = (n: number) => listingsD1(n).map((d) => d.binding);

/** The supported accounts database counts (worker/schemas/accounts-shards-data.ts ACCOUNTS_LAYOUTS, decision 034). */
export const parseAccountsDatabases = (raw: string | undefined): number => {
  const n = Number(raw ?? 1);
  const supported = Object.keys(ACCOUNTS_LAYOUTS).map(Number);
  if (!supported.includes(n)) throw new Error(`--accounts-databases must be ${supported.join(', ')} (the layouts in worker/schemas/accounts-shards-data.ts), not ${raw}`);
  return n;
};

/** The local D1 declarations of N accounts databases (none for one: the accounts' rows live in DB). */
export const accountsD1 = (n: number) =>
  n === 1
    ? []
    : Array.from({ length: n }, (_, i) => ({
        binding: `ACCOUNTS_${i}`,
        database_name: `sel-accounts-${i}`,
        database_id: `00000000-0000-0000-0000-acc0${String(i).padStart(8, '0')}`,
        migrations_dir: join(ROOT, 'migrations'),
      }));

/** The accounts bindings' names, in order. */
export const accountsBindings = (n: number) => accountsD1(n).map((d) => d.binding);

/**
 * What a local deployment is split over: listings databases, accounts databases, and whether the
 * accounts' switches are held off (the migration's middle state; only with several accounts databases).
 */
export type LocalLayout = { listings: number; accounts?: number; switchesOff?: boolean };

/**
 * The switches mean nothing with one accounts database (worker/db/users.ts and the chat list turn them
 * off then), so asking for the middle state there is refused rather than measured as if it were one.
 * The option that turned the `users` switch on alone is gone: it is on by default now, and a state
 * with `users` moved but the chat list not is no step of the migration.
 */
export const checkSwitches = (accounts: number, switchesOff: boolean, argv: readonly string[] = []) => {
  if (argv.includes('--users-with-accounts'))
    throw new Error('--users-with-accounts is gone: with several accounts databases the switches (users and the chat list) are on unless --switches-off asks for the middle state');
  if (switchesOff && accounts < 2) throw new Error('--switches-off needs --accounts-databases 4, 15, 18 or 36: with one accounts database there are no switches to hold off');
};

/** Are the accounts' switches on in this layout? (several accounts databases, not held off) */
export const switchesOn = ({ accounts = 1, switchesOff = false }: LocalLayout) => accounts > 1 && !switchesOff;

/** The vars the worker reads its layout from (worker/db/shards.ts, accounts.ts, users.ts, chat-members.ts), as a deployment of this layout sets them. */
export const layoutVars = (layout: LocalLayout): Record<string, string> => {
  const { listings, accounts = 1 } = layout;
  return {
    LISTING_DATABASES: String(listings),
    ...(accounts > 1 ? { ACCOUNTS_DATABASES: String(accounts) } : {}),
    ...(switchesOn(layout) ? { USERS_WITH_ACCOUNTS: '1', CHAT_LIST_WITH_ACCOUNTS: '1', CHATS_WITH_ACCOUNTS: '1' } : {}),
  };
};

/** The accounts part of a layout's names: none for one accounts database, else the count and the switches' state. */
const accountsSuffix = (layout: LocalLayout) => ((layout.accounts ?? 1) > 1 ? `-accounts-${layout.accounts}-switches-${switchesOn(layout) ? 'on' : 'off'}` : '');

/** The config's file name: one per layout, so runs of different layouts never overwrite each other's. */
export const layoutConfigName = (layout: LocalLayout) => `listings-${layout.listings}${accountsSuffix(layout)}.wrangler.json`;

/**
 * A benchmark's local state folder for a layout (`prefix` e.g. `.wrangler/bench-journeys`): the
 * one-database state, `-shards-N` for listings alone (the names the benchmarks have always used), and
 * the accounts split with its switches' state named after it — a state is seeded once, for one layout
 * (the seed writes `users` where the switches read them), so the two never share a folder.
 */
export const layoutStateFolder = (prefix: string, layout: LocalLayout) =>
  layout.listings === 1 && (layout.accounts ?? 1) === 1 ? `${prefix}-state` : `${prefix}-shards-${layout.listings}${accountsSuffix(layout)}`;

/**
 * A raw wrangler config with the layout's databases added (LISTINGS_n, ACCOUNTS_n) and its vars set
 * (`layoutVars`); paths made absolute, since the copy lives in .wrangler/.
 */
export const layoutConfig = (rawConfig: Record<string, any>, layout: LocalLayout) => {
  const { listings, accounts = 1, switchesOff = false } = layout;
  checkSwitches(accounts, switchesOff);
  const config = structuredClone(rawConfig);
  config.main = resolve(ROOT, config.main);
  if (config.assets?.directory) config.assets.directory = resolve(ROOT, config.assets.directory);
  config.d1_databases = [
    ...(config.d1_databases ?? []).map((d: Record<string, string>) => ({ ...d, ...(d.migrations_dir ? { migrations_dir: resolve(ROOT, d.migrations_dir) } : {}) })),
    ...listingsD1(listings),
    ...accountsD1(accounts),
  ];
  config.vars = { ...config.vars, ...layoutVars(layout) };
  return config;
};

/**
 * wrangler.toml with N listings databases added (and LISTING_DATABASES set) — and, with `accounts` > 1,
 * the accounts databases too — as a config file for `wrangler --config`. Returns its path.
 */
export const writeListingsConfig = (n: number, accounts = 1, switchesOff = false): string => {
  const { rawConfig } = experimental_readRawConfig({ config: join(ROOT, 'wrangler.toml') });
  const layout = { listings: n, accounts, switchesOff };
  const config = layoutConfig(rawConfig as Record<string, any>, layout);
  const path = join(ROOT, '.wrangler', layoutConfigName(layout));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(config, null, 2));
  return path;
};

/**
 * Applies the migrations to the core and to each of N listings databases (and of the accounts
 * databases, with `accounts` > 1) in a local state folder (every database carries the same migrations
 * for now, decisions 033 and 034). Returns the config path that `wrangler dev --config` then serves
 * the worker with (wrangler.toml itself when nothing is split).
 */
export const migrateLocal = (n: number, persistTo: string, run: (cmd: string, args: string[]) => void, accounts = 1, switchesOff = false): string => {
  checkSwitches(accounts, switchesOff);
  const config = n === 1 && accounts === 1 ? join(ROOT, 'wrangler.toml') : writeListingsConfig(n, accounts, switchesOff);
  for (const binding of ['DB', ...listingsBindings(n), ...accountsBindings(accounts)]) run('wrangler', ['d1', 'migrations', 'apply', binding, '--local', '--persist-to', persistTo, '--config', config]);
  return config;
};
