import { defineConfig } from 'vitest/config';

// Every vitest suite but the browser journeys in one run, as `npm test` runs them: the worker suites
// with four databases and the files that run with one (tests/worker-suites.ts), the four-database
// paths, and the client and scripts' tests. One run shares its two workers between all of them, so a
// long last file of one suite no longer leaves a core idle while the next suite waits to start.
export default defineConfig({
  test: {
    projects: ['tests/vitest.config.ts', 'tests/vitest.one-db-only.config.ts', 'tests/vitest.shards.config.ts', 'tests/vitest.web.config.ts'],
    maxWorkers: 2,
  },
});
