import { defineConfig } from 'vitest/config';
import { FOUR_AND_FOUR_SWITCHES_OFF, workerTestConfig } from './vitest.worker-base';
import { ONE_DATABASE_IN_CI, WORKER_SUITES } from './worker-suites';

// The worker suites with four listings and four accounts databases in the migration's middle state
// (decision 034): the accounts' own tables already in the accounts databases, but `users` and the chat
// list still read from the core (USERS_WITH_ACCOUNTS and CHAT_LIST_WITH_ACCOUNTS off), as an existing
// deployment runs while its copies and moves are under way, before it turns the switches on.
// tests/vitest.config.ts runs the design's layout, with both switches on. Not part of `npm test` (a
// second run would double the worker suites' time): `npm run test:worker:switches-off`.
export default defineConfig(() =>
  workerTestConfig({
    ...FOUR_AND_FOUR_SWITCHES_OFF,
    test: {
      name: 'worker suites, switches off (the middle state)',
      include: WORKER_SUITES,
      exclude: ONE_DATABASE_IN_CI,
      setupFiles: ['tests/setup/apply-migrations-four.ts'],
      maxWorkers: 2,
      isolate: false,
    },
  }),
);
