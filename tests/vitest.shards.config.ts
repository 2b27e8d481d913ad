import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { generateVapidKeys } from '../scripts/lib/vapid.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The worker with its listings over four D1 databases (decision 033): the core `DB` plus
 * LISTINGS_0 … LISTINGS_3, every one migrated alike. Only tests/shards runs here; the other suites
 * run with one database (tests/vitest.config.ts), which is what a deployment without the setting gets.
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations(`${root}/migrations`);
  const vapid = generateVapidKeys();
  return {
    root,
    plugins: [
      cloudflareTest({
        wrangler: { configPath: `${root}/wrangler.toml` },
        miniflare: {
          d1Databases: { LISTINGS_0: 'sel-listings-0', LISTINGS_1: 'sel-listings-1', LISTINGS_2: 'sel-listings-2', LISTINGS_3: 'sel-listings-3' },
          bindings: {
            LISTING_DATABASES: '4',
            TEST_MIGRATIONS: migrations,
            DEV_OUTBOX: 'true',
            JWT_SECRET: 'test-secret-0123456789-abcdefghij',
            VAPID_PUBLIC_KEY: vapid.publicKey,
            VAPID_PRIVATE_KEY: vapid.privateKey,
            VAPID_SUBJECT: 'mailto:test@sel.local',
            SEARCH_DICTIONARY_MAX_AGE: '0',
            PAYMENTS_LOCAL_CHECKOUT: '1',
            EDGE_CACHE: 'off',
          },
        },
      }),
    ],
    test: {
      include: ['tests/shards/**/*.test.ts'],
      setupFiles: ['tests/setup/apply-migrations-shards.ts'],
      testTimeout: 20_000,
      maxWorkers: 1,
      retry: 1,
    },
  };
});
