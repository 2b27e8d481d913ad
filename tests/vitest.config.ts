import { defineConfig } from 'vitest/config';
import { FOUR_AND_FOUR, workerTestConfig } from './vitest.worker-base';
import { ONE_DATABASE_IN_CI, WORKER_SUITES } from './worker-suites';

// Tests that run inside workerd (API integration, Durable Objects, hardening, worker-side unit
// tests), with the listings over four D1 databases as decision 033 lays them out (the core `DB`
// plus LISTINGS_0 … LISTINGS_3) and the accounts over four as decision 034 does (ACCOUNTS_0 … ACCOUNTS_3),
// `users` and the chat list in the accounts databases (both switches on: the design's layout;
// `npm run test:worker:switches-off` runs the middle state). The files tests/worker-suites.ts lists run with one database
// (tests/vitest.one-db-only.config.ts); `npm run test:worker:one` runs everything with one.
export default defineConfig(() =>
  workerTestConfig({
    ...FOUR_AND_FOUR,
    test: {
      name: 'worker suites, four databases, switches on',
      include: WORKER_SUITES,
      exclude: ONE_DATABASE_IN_CI,
      setupFiles: ['tests/setup/apply-migrations-four.ts'],
      // vitest runs one file at a time on a 2-core machine by default (cores - 1); two at once overlap
      // one file's transform with another's tests (measured: a third off the suite's wall time on 2 cores)
      maxWorkers: 2,
      // each of the two keeps one workerd for all its files (starting one per file was about 107 s of
      // the suite); every file still starts from the migrated rows (tests/setup/fresh-file.ts)
      isolate: false,
    },
  }),
);
