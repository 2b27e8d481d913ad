import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Pure client-side logic (formatting, URL/filter mapping, slug building): plain Node, no browser.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'client and scripts',
    include: ['web/src/**/*.test.ts', 'web/sw/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/bundle/**/*.test.ts'],
    environment: 'node',
  },
});
