import { defineConfig } from 'vitest/config';
import { FOUR_AND_FOUR, workerTestConfig } from './vitest.worker-base';
import { ONE_DATABASE_IN_CI, WORKER_SUITES } from './worker-suites';

// The worker suites as tests/vitest.config.ts runs them (four listings and four accounts databases),
// with `users` moved to the accounts databases (USERS_WITH_ACCOUNTS = "1", decision 034): the proof
// that the worker works with the switch on. The factories write each `users` row where the worker
// reads it (tests/factories `userRowsDb`, the worker's own `usersDbFor`). Not part of `npm test`
// (it doubles the worker suites' time): `npm run test:worker:users-split`.
export default defineConfig(() =>
  workerTestConfig({
    d1Databases: FOUR_AND_FOUR.d1Databases,
    bindings: { ...FOUR_AND_FOUR.bindings, USERS_WITH_ACCOUNTS: '1' },
    test: {
      name: 'worker suites, users with the accounts',
      include: WORKER_SUITES,
      exclude: ONE_DATABASE_IN_CI,
      setupFiles: ['tests/setup/apply-migrations-four.ts'],
      maxWorkers: 2,
      isolate: false,
    },
  }),
);
