import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The deep tier of the hardening suites: the same workerd setup as tests/vitest.config.ts, only the
 * hardening files, and a DEEP binding the suites read at run time (10× the fuzz and chaos volume).
 * A binding, not an environment variable: inside workerd there is no shell environment, and
 * `import.meta.env` is baked into vitest's on-disk module cache, so a deep run would leak into the
 * next fast one. FUZZ_SEED and FUZZ_VERBOSE pass through the same way.
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations(`${root}/migrations`);
  return {
    root,
    plugins: [
      cloudflareTest({
        wrangler: { configPath: `${root}/wrangler.toml` },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            DEV_OUTBOX: 'true',
            JWT_SECRET: 'test-secret-0123456789-abcdefghij',
            DEEP: '1',
            FUZZ_SEED: process.env.FUZZ_SEED ?? '',
            FUZZ_VERBOSE: process.env.FUZZ_VERBOSE ?? '',
          },
        },
      }),
    ],
    test: {
      include: ['tests/hardening/**/*.test.ts'],
      setupFiles: ['tests/setup/apply-migrations.ts'],
      testTimeout: 600_000,
      hookTimeout: 120_000,
    },
  };
});
