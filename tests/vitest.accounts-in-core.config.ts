import { defineConfig } from 'vitest/config';
import { workerTestConfig } from './vitest.worker-base';
import { ACCOUNTS_IN_CORE_FOR_NOW } from './worker-suites';

// The worker suites tests/worker-suites.ts lists as not yet ready for several accounts databases: the
// listings over four databases as tests/vitest.config.ts runs them, the accounts in the core.
export default defineConfig(() =>
  workerTestConfig({
    d1Databases: {
      DB_REPLICA: 'sel-replica-simulation',
      LISTINGS_0: 'sel-listings-0',
      LISTINGS_1: 'sel-listings-1',
      LISTINGS_2: 'sel-listings-2',
      LISTINGS_3: 'sel-listings-3',
    },
    bindings: { LISTING_DATABASES: '4' },
    test: {
      name: 'worker suites, four listings databases, accounts in the core',
      include: ACCOUNTS_IN_CORE_FOR_NOW,
      setupFiles: ['tests/setup/apply-migrations-four.ts'],
      maxWorkers: 2,
      isolate: false,
    },
  }),
);
