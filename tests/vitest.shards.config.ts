import { defineConfig } from 'vitest/config';
import { workerTestConfig } from './vitest.worker-base';

/**
 * The worker with its listings over four D1 databases (decision 033): the core `DB` plus
 * LISTINGS_0 … LISTINGS_3, every one migrated alike. Only tests/shards runs here; the other suites
 * run with one database (tests/vitest.config.ts), which is what a deployment without the setting gets.
 */
export default defineConfig(() =>
  workerTestConfig({
    d1Databases: {
      LISTINGS_0: 'sel-listings-0', LISTINGS_1: 'sel-listings-1', LISTINGS_2: 'sel-listings-2', LISTINGS_3: 'sel-listings-3',
      // four accounts databases (decision 034): only the tests/shards/accounts-*.test.ts files turn them
      // on (ACCOUNTS_DATABASES on the env they hand the worker) and migrate them; the other files run
      // with the accounts in the core, as their factories write them
      ACCOUNTS_0: 'sel-accounts-0', ACCOUNTS_1: 'sel-accounts-1', ACCOUNTS_2: 'sel-accounts-2', ACCOUNTS_3: 'sel-accounts-3',
    },
    bindings: { LISTING_DATABASES: '4' },
    test: {
      name: 'four-database paths',
      include: ['tests/shards/**/*.test.ts'],
      setupFiles: ['tests/setup/apply-migrations-shards.ts'],
      // two workers, each one workerd for all its files (every file starts afresh: tests/setup/fresh-file.ts)
      maxWorkers: 2,
      isolate: false,
    },
  }),
);
