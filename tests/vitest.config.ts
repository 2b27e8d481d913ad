import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { generateVapidKeys } from '../scripts/lib/vapid.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

// Tests that run inside workerd: API integration, Durable Objects and worker-side unit tests.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(`${root}/migrations`);
  // a VAPID key pair for Web Push, fresh per run
  const vapid = generateVapidKeys();
  return {
    root,
    plugins: [
      cloudflareTest({
        wrangler: { configPath: `${root}/wrangler.toml` },
        miniflare: {
          // a second database standing in for a D1 read replica (tests/support/simulated-d1.ts); the
          // worker never sees it, only the tests that wrap DB in the simulation
          d1Databases: { DB_REPLICA: 'sel-replica-simulation' },
          bindings: {
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
      include: ['tests/api/**/*.test.ts', 'tests/durable-objects/**/*.test.ts', 'tests/hardening/**/*.test.ts', 'worker/**/*.test.ts'],
      setupFiles: ['tests/setup/apply-migrations.ts'],
      testTimeout: 20_000,
      // vitest runs one file at a time on a 2-core machine by default (cores - 1); two at once overlap
      // one file's workerd start-up and module transform with another's tests (measured: a third off
      // the suite's wall time on 2 cores)
      maxWorkers: 2,
      // a test that fails once for a reason outside it (a workerd start-up or I/O stall on a busy
      // 2-core CI machine; seen once in 1,557) runs again; a real failure fails both times
      retry: 1,
    },
  };
});
