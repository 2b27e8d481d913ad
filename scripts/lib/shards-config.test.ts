/**
 * The local layouts the benchmarks and the checker run with (decisions 033, 034): the wrangler config
 * they write for N listings and M accounts databases (bindings, the vars the worker reads its layout
 * from, the `users` switch), the state folder each layout gets, the databases migrated, and the
 * checker's refusal of a layout that does not exist.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountsDatabaseCount } from '../../worker/db/accounts';
import { usersWithAccounts } from '../../worker/db/users';
import { checkUsersSwitch, layoutConfig, layoutConfigName, layoutStateFolder, migrateLocal, parseAccountsDatabases } from './shards-config';

const raw = { name: 'sel', main: 'worker/index.ts', d1_databases: [{ binding: 'DB', database_name: 'sel', database_id: 'core', migrations_dir: 'migrations' }], vars: { EDGE_CACHE: 'on' } };
const bindings = (config: Record<string, any>): string[] => config.d1_databases.map((d: { binding: string }) => d.binding);

describe('layoutConfig', () => {
  it('adds N accounts databases beside the listings ones, with the vars the worker reads', () => {
    const config = layoutConfig(raw, { listings: 4, accounts: 4 });
    expect(bindings(config)).toEqual(['DB', 'LISTINGS_0', 'LISTINGS_1', 'LISTINGS_2', 'LISTINGS_3', 'ACCOUNTS_0', 'ACCOUNTS_1', 'ACCOUNTS_2', 'ACCOUNTS_3']);
    expect(config.vars).toEqual({ EDGE_CACHE: 'on', LISTING_DATABASES: '4', ACCOUNTS_DATABASES: '4' });
    // every database its own local id, so the seed and the served worker open separate files
    expect(new Set(config.d1_databases.map((d: { database_id: string }) => d.database_id)).size).toBe(9);
    // the worker itself reads this as four accounts databases, the switch off
    const env = { ...config.vars, ...Object.fromEntries(bindings(config).map((b) => [b, {} as D1Database])) } as never;
    expect(accountsDatabaseCount(env)).toBe(4);
    expect(usersWithAccounts(env)).toBe(false);
  });

  it('the users switch sets USERS_WITH_ACCOUNTS, which the worker then reads as on', () => {
    const config = layoutConfig(raw, { listings: 1, accounts: 18, usersWithAccounts: true });
    expect(bindings(config)).toEqual(['DB', ...Array.from({ length: 18 }, (_, i) => `ACCOUNTS_${i}`)]);
    expect(config.vars).toMatchObject({ LISTING_DATABASES: '1', ACCOUNTS_DATABASES: '18', USERS_WITH_ACCOUNTS: '1' });
    const env = { ...config.vars, ...Object.fromEntries(bindings(config).map((b) => [b, {} as D1Database])) } as never;
    expect(usersWithAccounts(env)).toBe(true);
  });

  it('listings alone: no accounts databases, no accounts vars (as before)', () => {
    const config = layoutConfig(raw, { listings: 10 });
    expect(bindings(config).filter((b) => b.startsWith('ACCOUNTS_'))).toEqual([]);
    expect(config.vars).toEqual({ EDGE_CACHE: 'on', LISTING_DATABASES: '10' });
    expect(raw.d1_databases).toHaveLength(1); // the wrangler.toml read is not changed under its reader
  });

  it('refuses the users switch with one accounts database', () => {
    expect(() => layoutConfig(raw, { listings: 4, usersWithAccounts: true })).toThrow(/--users-with-accounts needs --accounts-databases/);
    expect(() => checkUsersSwitch(1, true)).toThrow(/users rows stay in DB/);
    expect(() => checkUsersSwitch(4, true)).not.toThrow();
  });

  it('refuses an accounts count with no layout', () => {
    expect(() => parseAccountsDatabases('3')).toThrow(/--accounts-databases must be 1, 4, 15, 18/);
    expect(parseAccountsDatabases('15')).toBe(15);
  });
});

describe('names per layout', () => {
  it('each layout its own config file and benchmark state; the old names kept for listings alone', () => {
    expect(layoutConfigName({ listings: 4 })).toBe('listings-4.wrangler.json');
    expect(layoutConfigName({ listings: 4, accounts: 4 })).toBe('listings-4-accounts-4.wrangler.json');
    expect(layoutConfigName({ listings: 4, accounts: 4, usersWithAccounts: true })).toBe('listings-4-accounts-4-users.wrangler.json');
    expect(layoutStateFolder('.wrangler/bench-journeys', { listings: 1 })).toBe('.wrangler/bench-journeys-state');
    expect(layoutStateFolder('.wrangler/bench-journeys', { listings: 4 })).toBe('.wrangler/bench-journeys-shards-4');
    expect(layoutStateFolder('.wrangler/bench-journeys', { listings: 4, accounts: 4 })).toBe('.wrangler/bench-journeys-shards-4-accounts-4');
    expect(layoutStateFolder('.wrangler/bench-journeys', { listings: 1, accounts: 4, usersWithAccounts: true })).toBe('.wrangler/bench-journeys-shards-1-accounts-4-users');
  });
});

describe('migrateLocal', () => {
  const migrated = (...args: [number, number?, boolean?]) => {
    const calls: string[][] = [];
    const config = migrateLocal(args[0], 'state-dir', (_cmd, a) => calls.push(a), args[1], args[2]);
    return { config, databases: calls.map((a) => a[3]), calls };
  };

  it('migrates the core, the listings and the accounts databases, and serves the config that declares them', () => {
    const { config, databases, calls } = migrated(4, 4);
    expect(databases).toEqual(['DB', 'LISTINGS_0', 'LISTINGS_1', 'LISTINGS_2', 'LISTINGS_3', 'ACCOUNTS_0', 'ACCOUNTS_1', 'ACCOUNTS_2', 'ACCOUNTS_3']);
    expect(calls.every((a) => a.includes('state-dir') && a[a.indexOf('--config') + 1] === config)).toBe(true);
    expect(config.endsWith(join('.wrangler', 'listings-4-accounts-4.wrangler.json'))).toBe(true);
    const written = JSON.parse(readFileSync(config, 'utf8'));
    expect(written.vars.ACCOUNTS_DATABASES).toBe('4');
    expect(written.vars.USERS_WITH_ACCOUNTS).toBeUndefined();
  });

  it('accounts apart with one listings database still gets its own config', () => {
    const { config, databases } = migrated(1, 4, true);
    expect(databases).toEqual(['DB', 'ACCOUNTS_0', 'ACCOUNTS_1', 'ACCOUNTS_2', 'ACCOUNTS_3']);
    expect(JSON.parse(readFileSync(config, 'utf8')).vars).toMatchObject({ ACCOUNTS_DATABASES: '4', USERS_WITH_ACCOUNTS: '1' });
  });

  it('one database of each: wrangler.toml itself, only DB migrated', () => {
    const { config, databases } = migrated(1);
    expect(config.endsWith('wrangler.toml')).toBe(true);
    expect(databases).toEqual(['DB']);
  });

  it('the switch with one accounts database is refused before anything is migrated', () => {
    const calls: string[][] = [];
    expect(() => migrateLocal(4, 'state-dir', (_c, a) => calls.push(a), 1, true)).toThrow(/--users-with-accounts/);
    expect(calls).toEqual([]);
  });
});

describe('check:consistency layout options', () => {
  // the checker on the pinned node, as `npm run check:consistency` runs it; these refusals come before any database is opened
  const checker = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-consistency.ts', ...args], {
      encoding: 'utf8',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    });

  it('refuses the users switch without several accounts databases, and a listings count with no layout', () => {
    const users = checker('--users-with-accounts', '--listing-databases', '4');
    expect(users.status).toBe(2);
    expect(users.stderr).toMatch(/--users-with-accounts needs --accounts-databases/);
    const listings = checker('--listing-databases', '3');
    expect(listings.status).toBe(2);
    expect(listings.stderr).toMatch(/--listing-databases must be 1, 4 or 10/);
    expect(listings.stderr).toMatch(/\[--users-with-accounts\]/);
  }, 60_000);
});
