import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

// Tests that run inside workerd: API integration, Durable Objects and worker-side unit tests.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(`${root}/migrations`);
  return {
    root,
    plugins: [
      cloudflareTest({
        wrangler: { configPath: `${root}/wrangler.toml` },
        miniflare: {
          bindings: { TEST_MIGRATIONS: migrations, DEV_OUTBOX: 'true', JWT_SECRET: 'test-secret-0123456789-abcdefghij' },
        },
      }),
    ],
    test: {
      include: ['tests/api/**/*.test.ts', 'tests/durable-objects/**/*.test.ts', 'tests/hardening/**/*.test.ts', 'worker/**/*.test.ts'],
      setupFiles: ['tests/setup/apply-migrations.ts'],
      testTimeout: 20_000,
    },
  };
});
