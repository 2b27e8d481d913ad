import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { fileURLToPath } from 'node:url';
import { staticHeadersFile } from './worker/lib/page-headers';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The client lives in web/; the worker serves the build from dist/client as static assets.
export default defineConfig({
  root: here('./web'),
  publicDir: here('./web/public'),
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: here('./web/src/routes'),
      generatedRouteTree: here('./web/src/routeTree.gen.ts'),
    }),
    react(),
    {
      // security headers for static pages come from the same list the worker uses for its pages
      name: 'sel-static-headers',
      apply: 'build',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: '_headers', source: staticHeadersFile() });
      },
    },
  ],
  build: {
    outDir: here('./dist/client'),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8787', '/parties': { target: 'ws://localhost:8787', ws: true } },
  },
});
