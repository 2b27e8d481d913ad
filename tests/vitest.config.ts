import { defineConfig } from 'vitest/config';
import { workerTestConfig } from './vitest.worker-base';

// Tests that run inside workerd: API integration, Durable Objects and worker-side unit tests.
export default defineConfig(() =>
  workerTestConfig({
    // a second database standing in for a D1 read replica (tests/support/simulated-d1.ts); the
    // worker never sees it, only the tests that wrap DB in the simulation
    d1Databases: { DB_REPLICA: 'sel-replica-simulation' },
    test: {
      include: ['tests/api/**/*.test.ts', 'tests/durable-objects/**/*.test.ts', 'tests/hardening/**/*.test.ts', 'worker/**/*.test.ts'],
      setupFiles: ['tests/setup/apply-migrations.ts'],
      // vitest runs one file at a time on a 2-core machine by default (cores - 1); two at once overlap
      // one file's workerd start-up and module transform with another's tests (measured: a third off
      // the suite's wall time on 2 cores)
      maxWorkers: 2,
    },
  }),
);
