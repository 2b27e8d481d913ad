import { defineConfig } from 'vitest/config';
import { oneDatabaseConfig } from './vitest.worker-base';
import { ONE_DATABASE_IN_CI } from './worker-suites';

// The part of `npm test` that runs with one database: the files tests/worker-suites.ts lists.
export default defineConfig(() => oneDatabaseConfig('worker suites, one database', ONE_DATABASE_IN_CI));
