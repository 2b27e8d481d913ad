import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import type { ViteUserConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { generateVapidKeys } from '../scripts/lib/vapid.mjs';

export const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The databases of the worker suites with the listings over four D1 databases as decision 033 lays them
 * out (the core `DB` plus LISTINGS_0 … LISTINGS_3) and the accounts over four as decision 034 does
 * (ACCOUNTS_0 … ACCOUNTS_3), with the variables that tell the worker so. The design's layout has
 * `users`, the chat list and the conversations' rows in the accounts databases, so the three switches
 * are on here: this is the shape
 * tests/vitest.config.ts (and so `npm test`) proves. tests/vitest.switches-off.config.ts turns them off
 * again for the migration's middle state (accounts split, `users`, the chat list and the conversations still read from
 * the core), the state an existing deployment passes through before its copies are done.
 */
export const FOUR_AND_FOUR = {
  d1Databases: {
    // a database standing in for a D1 read replica (tests/support/simulated-d1.ts); the worker
    // never sees it, only the tests that wrap DB in the simulation
    DB_REPLICA: 'sel-replica-simulation',
    LISTINGS_0: 'sel-listings-0',
    LISTINGS_1: 'sel-listings-1',
    LISTINGS_2: 'sel-listings-2',
    LISTINGS_3: 'sel-listings-3',
    // every moved per-user table lives in its user's group's database
    ACCOUNTS_0: 'sel-accounts-0',
    ACCOUNTS_1: 'sel-accounts-1',
    ACCOUNTS_2: 'sel-accounts-2',
    ACCOUNTS_3: 'sel-accounts-3',
  },
  bindings: { LISTING_DATABASES: '4', ACCOUNTS_DATABASES: '4', USERS_WITH_ACCOUNTS: '1', CHAT_LIST_WITH_ACCOUNTS: '1', CHATS_WITH_ACCOUNTS: '1' },
} as const;

/** The same databases in the migration's middle state: accounts split, the switches off. */
export const FOUR_AND_FOUR_SWITCHES_OFF = {
  d1Databases: FOUR_AND_FOUR.d1Databases,
  bindings: { LISTING_DATABASES: '4', ACCOUNTS_DATABASES: '4' },
} as const;

/**
 * What every worker suite in workerd shares (tests/vitest.config.ts and tests/vitest.shards.config.ts
 * with the listings over four databases, tests/vitest.one-db*.config.ts with one): the worker's wrangler.toml, the
 * migrations for the setup file to apply, and the bindings the suites expect. Each config adds its
 * own databases, bindings, files and test options.
 */
export const workerTestConfig = async (own: {
  d1Databases: Record<string, string>;
  bindings?: Record<string, string>;
  test: NonNullable<ViteUserConfig['test']>;
}): Promise<ViteUserConfig> => {
  const migrations = await readD1Migrations(`${root}/migrations`);
  // a VAPID key pair for Web Push, fresh per run
  const vapid = generateVapidKeys();
  return {
    root,
    plugins: [
      cloudflareTest({
        wrangler: { configPath: `${root}/wrangler.toml` },
        miniflare: {
          d1Databases: own.d1Databases,
          bindings: {
            ...own.bindings,
            TEST_MIGRATIONS: migrations,
            DEV_OUTBOX: 'true',
            JWT_SECRET: 'test-secret-0123456789-abcdefghij',
            VAPID_PUBLIC_KEY: vapid.publicKey,
            VAPID_PRIVATE_KEY: vapid.privateKey,
            VAPID_SUBJECT: 'mailto:test@sel.local',
            // the search dictionary follows every listing change at once
            SEARCH_DICTIONARY_MAX_AGE: '0',
            // the local test checkout stands in for Razorpay (an explicit opt-in, as with npm start)
            PAYMENTS_LOCAL_CHECKOUT: '1',
            // most suites write rows straight into D1 (no version bump) and read them back as guests;
            // the edge cache's own suite (tests/api/edge-cache.test.ts) turns it on
            EDGE_CACHE: 'off',
          },
        },
      }),
    ],
    test: {
      testTimeout: 20_000,
      // a test that fails once for a reason outside it (a workerd start-up or I/O stall on a busy
      // 2-core CI machine; seen once in 1,557) runs again; a real failure fails both times
      retry: 1,
      ...own.test,
    },
  };
};

/**
 * The worker suites with one listings database (LISTING_DATABASES unset), as a deployment without
 * the setting runs: only the core `DB` (and the simulated read replica's database).
 */
export const oneDatabaseConfig = (name: string, include: string[]) =>
  workerTestConfig({
    d1Databases: { DB_REPLICA: 'sel-replica-simulation' },
    test: { name, include, setupFiles: ['tests/setup/apply-migrations.ts'], maxWorkers: 2, isolate: false, passWithNoTests: true },
  });
