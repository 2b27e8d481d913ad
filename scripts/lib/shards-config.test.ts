/**
 * The local layouts the benchmarks and the checker run with (decisions 033, 034): the wrangler config
 * they write for N listings and M accounts databases (bindings, the vars the worker reads its layout
 * from, the accounts' switches: on in the design's layout, off in the migration's middle state), the
 * state folder each layout gets, the databases migrated, the accounts commands' options, and the
 * checker's refusal of a layout that does not exist.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountsDatabaseCount } from '../../worker/db/accounts';
import { usersWithAccounts } from '../../worker/db/users';
import { chatListWithAccounts } from '../../worker/services/chat/chat-members';
import { accountsCommandOptions } from './accounts-command';
import { checkSwitches, layoutConfig, layoutConfigName, layoutStateFolder, layoutVars, migrateLocal, parseAccountsDatabases, switchesOn } from './shards-config';

const raw = { name: 'sel', main: 'worker/index.ts', d1_databases: [{ binding: 'DB', database_name: 'sel', database_id: 'core', migrations_dir: 'migrations' }], vars: { EDGE_CACHE: 'on' } };
const bindings = (config: Record<string, any>): string[] => config.d1_databases.map((d: { binding: string }) => d.binding);

/** The env the worker would see for a config: its vars and a stand-in for each declared binding. */
const workerEnv = (config: Record<string, any>) => ({ ...config.vars, ...Object.fromEntries(bindings(config).map((b) => [b, {} as D1Database])) }) as never;

describe('layoutConfig', () => {
  it('adds N accounts databases beside the listings ones, with the vars the worker reads: the design layout, both switches on', () => {
    const config = layoutConfig(raw, { listings: 4, accounts: 4 });
    expect(bindings(config)).toEqual(['DB', 'LISTINGS_0', 'LISTINGS_1', 'LISTINGS_2', 'LISTINGS_3', 'ACCOUNTS_0', 'ACCOUNTS_1', 'ACCOUNTS_2', 'ACCOUNTS_3']);
    expect(config.vars).toEqual({ EDGE_CACHE: 'on', LISTING_DATABASES: '4', ACCOUNTS_DATABASES: '4', USERS_WITH_ACCOUNTS: '1', CHAT_LIST_WITH_ACCOUNTS: '1', CHATS_WITH_ACCOUNTS: '1' });
    // every database its own local id, so the seed and the served worker open separate files
    expect(new Set(config.d1_databases.map((d: { database_id: string }) => d.database_id)).size).toBe(9);
    // the worker itself reads this as four accounts databases with `users` and the chat list there
    const env = workerEnv(config);
    expect(accountsDatabaseCount(env)).toBe(4);
    expect(usersWithAccounts(env)).toBe(true);
    expect(chatListWithAccounts(env)).toBe(true);
  });

  it('the middle state (--switches-off): the accounts split, both switches off, as the worker then reads it', () => {
    const config = layoutConfig(raw, { listings: 1, accounts: 18, switchesOff: true });
    expect(bindings(config)).toEqual(['DB', ...Array.from({ length: 18 }, (_, i) => `ACCOUNTS_${i}`)]);
    expect(config.vars).toEqual({ EDGE_CACHE: 'on', LISTING_DATABASES: '1', ACCOUNTS_DATABASES: '18' });
    const env = workerEnv(config);
    expect(accountsDatabaseCount(env)).toBe(18);
    expect(usersWithAccounts(env)).toBe(false);
    expect(chatListWithAccounts(env)).toBe(false);
  });

  it('listings alone: no accounts databases, no accounts vars, no switches (as before)', () => {
    const config = layoutConfig(raw, { listings: 10 });
    expect(bindings(config).filter((b) => b.startsWith('ACCOUNTS_'))).toEqual([]);
    expect(config.vars).toEqual({ EDGE_CACHE: 'on', LISTING_DATABASES: '10' });
    expect(raw.d1_databases).toHaveLength(1); // the wrangler.toml read is not changed under its reader
    expect(switchesOn({ listings: 10 })).toBe(false);
  });

  it('refuses the middle state with one accounts database, and the old users-only option with what replaced it', () => {
    expect(() => layoutConfig(raw, { listings: 4, switchesOff: true })).toThrow(/--switches-off needs --accounts-databases/);
    expect(() => checkSwitches(1, true)).toThrow(/no switches to hold off/);
    expect(() => checkSwitches(4, true)).not.toThrow();
    expect(() => checkSwitches(4, false, ['--shards', '4', '--users-with-accounts'])).toThrow(/--users-with-accounts is gone: .* on unless --switches-off/);
  });

  it('refuses an accounts count with no layout', () => {
    expect(() => parseAccountsDatabases('3')).toThrow(/--accounts-databases must be 1, 4, 15, 18/);
    expect(parseAccountsDatabases('15')).toBe(15);
  });

  it('layoutVars: the same vars every script hands the worker code it runs', () => {
    expect(layoutVars({ listings: 1 })).toEqual({ LISTING_DATABASES: '1' });
    expect(layoutVars({ listings: 4, accounts: 36 })).toEqual({ LISTING_DATABASES: '4', ACCOUNTS_DATABASES: '36', USERS_WITH_ACCOUNTS: '1', CHAT_LIST_WITH_ACCOUNTS: '1', CHATS_WITH_ACCOUNTS: '1' });
    expect(layoutVars({ listings: 4, accounts: 36, switchesOff: true })).toEqual({ LISTING_DATABASES: '4', ACCOUNTS_DATABASES: '36' });
  });
});

describe('names per layout', () => {
  it('each layout its own config file and benchmark state, the switches named; the old names kept for listings alone', () => {
    expect(layoutConfigName({ listings: 4 })).toBe('listings-4.wrangler.json');
    expect(layoutConfigName({ listings: 4, accounts: 4 })).toBe('listings-4-accounts-4-switches-on.wrangler.json');
    expect(layoutConfigName({ listings: 4, accounts: 4, switchesOff: true })).toBe('listings-4-accounts-4-switches-off.wrangler.json');
    expect(layoutStateFolder('.wrangler/bench-journeys', { listings: 1 })).toBe('.wrangler/bench-journeys-state');
    expect(layoutStateFolder('.wrangler/bench-journeys', { listings: 4 })).toBe('.wrangler/bench-journeys-shards-4');
    // a state seeded before the switches were on by default (`-accounts-4`, `users` in the core) is never reused as the design's
    expect(layoutStateFolder('.wrangler/bench-journeys', { listings: 4, accounts: 4 })).toBe('.wrangler/bench-journeys-shards-4-accounts-4-switches-on');
    expect(layoutStateFolder('.wrangler/bench-journeys', { listings: 1, accounts: 4, switchesOff: true })).toBe('.wrangler/bench-journeys-shards-1-accounts-4-switches-off');
  });
});

describe('migrateLocal', () => {
  const migrated = (...args: [number, number?, boolean?]) => {
    const calls: string[][] = [];
    const config = migrateLocal(args[0], 'state-dir', (_cmd, a) => calls.push(a), args[1], args[2]);
    return { config, databases: calls.map((a) => a[3]), calls };
  };

  it('migrates the core, the listings and the accounts databases, and serves the config that declares them, switches on', () => {
    const { config, databases, calls } = migrated(4, 4);
    expect(databases).toEqual(['DB', 'LISTINGS_0', 'LISTINGS_1', 'LISTINGS_2', 'LISTINGS_3', 'ACCOUNTS_0', 'ACCOUNTS_1', 'ACCOUNTS_2', 'ACCOUNTS_3']);
    expect(calls.every((a) => a.includes('state-dir') && a[a.indexOf('--config') + 1] === config)).toBe(true);
    expect(config.endsWith(join('.wrangler', 'listings-4-accounts-4-switches-on.wrangler.json'))).toBe(true);
    const written = JSON.parse(readFileSync(config, 'utf8'));
    expect(written.vars).toMatchObject({ ACCOUNTS_DATABASES: '4', USERS_WITH_ACCOUNTS: '1', CHAT_LIST_WITH_ACCOUNTS: '1', CHATS_WITH_ACCOUNTS: '1' });
  });

  it('accounts apart with one listings database, in the middle state, gets its own config without the switches', () => {
    const { config, databases } = migrated(1, 4, true);
    expect(databases).toEqual(['DB', 'ACCOUNTS_0', 'ACCOUNTS_1', 'ACCOUNTS_2', 'ACCOUNTS_3']);
    const vars = JSON.parse(readFileSync(config, 'utf8')).vars;
    expect(vars.ACCOUNTS_DATABASES).toBe('4');
    expect(vars.USERS_WITH_ACCOUNTS).toBeUndefined();
    expect(vars.CHAT_LIST_WITH_ACCOUNTS).toBeUndefined();
    expect(vars.CHATS_WITH_ACCOUNTS).toBeUndefined();
  });

  it('one database of each: wrangler.toml itself, only DB migrated', () => {
    const { config, databases } = migrated(1);
    expect(config.endsWith('wrangler.toml')).toBe(true);
    expect(databases).toEqual(['DB']);
  });

  it('the middle state with one accounts database is refused before anything is migrated', () => {
    const calls: string[][] = [];
    expect(() => migrateLocal(4, 'state-dir', (_c, a) => calls.push(a), 1, true)).toThrow(/--switches-off/);
    expect(calls).toEqual([]);
  });
});

describe('the accounts commands (copy-users, backfill-directory, retire-core-copies)', () => {
  it('hand the worker code the layout with the switches on, or off with --switches-off', () => {
    const on = accountsCommandOptions(['--accounts-databases', '4', '--listing-databases', '4'], 'usage', 'one');
    expect(on).toMatchObject({ accounts: 4, listings: 4, switchesOff: false, vars: { ACCOUNTS_DATABASES: '4', USERS_WITH_ACCOUNTS: '1', CHAT_LIST_WITH_ACCOUNTS: '1', CHATS_WITH_ACCOUNTS: '1' } });
    const off = accountsCommandOptions(['--accounts-databases=18', '--switches-off', '--dry-run'], 'usage', 'one');
    expect(off).toMatchObject({ accounts: 18, listings: 1, switchesOff: true, dryRun: true, vars: { LISTING_DATABASES: '1', ACCOUNTS_DATABASES: '18' } });
    expect(off.vars.USERS_WITH_ACCOUNTS).toBeUndefined();
  });
});

describe('check:consistency layout options', () => {
  // the checker on the pinned node, as `npm run check:consistency` runs it; these refusals come before any database is opened
  const checker = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-consistency.ts', ...args], {
      encoding: 'utf8',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    });

  it('refuses the middle state without several accounts databases, the old users-only option, and a listings count with no layout', () => {
    const off = checker('--switches-off', '--listing-databases', '4');
    expect(off.status).toBe(2);
    expect(off.stderr).toMatch(/--switches-off needs --accounts-databases/);
    const old = checker('--users-with-accounts', '--accounts-databases', '4');
    expect(old.status).toBe(2);
    expect(old.stderr).toMatch(/--users-with-accounts is gone/);
    const listings = checker('--listing-databases', '3');
    expect(listings.status).toBe(2);
    expect(listings.stderr).toMatch(/--listing-databases must be 1, 4 or 10/);
    expect(listings.stderr).toMatch(/\[--switches-off\]/);
  }, 60_000);
});
