import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Browser journeys: real Chromium (Debian's) against the built app served by wrangler on a free port.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // journeys share one server and run one file at a time: 2 cores, one browser
    fileParallelism: false,
    // a journey that fails is run once more (as the worker suites do): on this 2-core machine a browser
    // event now and then lands while the page is still re-rendering; a real failure fails twice
    retry: 1,
  },
});
