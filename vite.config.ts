import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { staticHeadersFile } from './worker/lib/page-headers';
import { APP_SHELL_URL } from './web/sw/cache-rules';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Library modules no first screen uses (see codeSplitting below). */
const LATER_PAGES_ONLY = /\/(useQueries|queriesObserver|useMutation|mutationObserver|useInfiniteQuery|useSuspenseInfiniteQuery|infiniteQueryObserver|useBlocker|useIsFetching|useMutationState|usePrefetchInfiniteQuery|Await|awaited|ClientOnly|ScriptOnce|HeadContent|Scripts|Asset|useElementScrollRestoration)\.js$/;

/** The chunks of the first screen (see codeSplitting below); every page loads them before anything lazy. */
const STARTUP_CHUNKS = new Set(['vendor', 'app', 'rolldown-runtime']);
const STARTUP_FILE = /^assets\/(vendor|app|rolldown-runtime|index)-[\w-]+\.(js|css)$/;

/** Pages the worker renders, and the route file whose code each needs first. */
const ROUTE_FILES: Record<string, string> = { '/': 'index.tsx', '/products': 'products.tsx', '/item': 'item/$slug.tsx', '/listing': 'listing/$id.tsx', '/sellers': 'sellers/$slug.tsx' };

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
      // The worker renders the HTML of the busiest pages (worker/routes/seo.ts) and adds
      // <link rel="modulepreload"> for the chunks their route needs, so those download with the
      // app instead of after it has started (one round trip less before the first listing shows).
      name: 'sel-route-preloads',
      apply: 'build',
      generateBundle(_options, bundle) {
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (names: string[], seen = new Set<string>()) => {
          for (const name of names) {
            if (seen.has(name)) continue;
            seen.add(name);
            closure(byName.get(name)?.imports ?? [], seen);
          }
          return seen;
        };
        const entry = chunks.find((c) => c.isEntry);
        const preloadedByHtml = closure(entry ? [entry.fileName] : []);
        const preloads: Record<string, { js: string[]; css: string[] }> = {};
        for (const [page, file] of Object.entries(ROUTE_FILES)) {
          const module = `${here(`./web/src/routes/${file}`)}?tsr-split=component`;
          const split = chunks.find((c) => c.moduleIds.includes(module));
          if (!split) throw new Error(`route preloads: no component chunk for ${file}`);
          const js = [...closure([split.fileName])].filter((f) => !preloadedByHtml.has(f));
          const css = js.flatMap((f) => [...(byName.get(f)?.viteMetadata?.importedCss ?? [])]);
          preloads[page] = { js: js.map((f) => `/${f}`), css: css.map((f) => `/${f}`) };
        }
        // chunks of their own that one kind of screen needs first: wide screens the desktop header
        // (web/src/components/SiteHeader.tsx), phones the phone home (the home route's loader loads it)
        for (const [key, file] of [['desktop-header', 'components/DesktopHeader.tsx'], ['mobile-home', 'features/listings/MobileHome.tsx']] as const) {
          const chunk = chunks.find((c) => c.facadeModuleId === here(`./web/src/${file}`));
          if (!chunk) continue;
          const js = [...closure([chunk.fileName])].filter((f) => !preloadedByHtml.has(f));
          preloads[key] = { js: js.map((f) => `/${f}`), css: js.flatMap((f) => [...(byName.get(f)?.viteMetadata?.importedCss ?? [])]).map((f) => `/${f}`) };
        }
        this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads) });
      },
    },
    {
      // The service worker (web/sw/service-worker.ts, decision 025), built after the app so it knows
      // the app's files: the shell it keeps (index.html as app-shell.html, what it loads, the
      // screens people open offline) and a version that changes whenever any built file does.
      name: 'sel-service-worker',
      apply: 'build',
      async writeBundle(options, bundle) {
        const out = options.dir ?? here('./dist/client');
        const html = readFileSync(`${out}/index.html`, 'utf8');
        writeFileSync(`${out}${APP_SHELL_URL}.html`, html);
        const fromHtml = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
        const preloads = JSON.parse(readFileSync(`${out}/route-preloads.json`, 'utf8')) as Record<string, { js: string[]; css: string[] }>;
        const screens = ['/', '/products', '/item', '/listing', 'mobile-home'].flatMap((page) => [...(preloads[page]?.js ?? []), ...(preloads[page]?.css ?? [])]);
        // the crash and not-found pages and the offline notice must never need the network themselves
        // with every part of the ad and search pages' routes (their error and pending views too), and
        // every part of the app frame loaded later (menus, search suggestions, dialogs, the footer):
        // what the first screens import lazily, other than other pages
        const chunkList = Object.values(bundle).filter((c) => c.type === 'chunk');
        const chunkByName = new Map(chunkList.map((c) => [c.fileName, c]));
        const mainScreen = (c: (typeof chunkList)[number]) => c.moduleIds.some((id) => /\/web\/src\/routes\/(index|products|item\/\$slug|listing\/\$id)\.tsx\?tsr-split/.test(id));
        const otherPage = (c: (typeof chunkList)[number]) => !mainScreen(c) && c.moduleIds.some((id) => /\/web\/src\/routes\/.*\?tsr-split/.test(id));
        const initial = chunkList.filter((c) => fromHtml.includes(`/${c.fileName}`));
        const withImports = (names: string[], seen = new Set<string>()): Set<string> => {
          for (const name of names) {
            if (seen.has(name)) continue;
            seen.add(name);
            withImports(chunkByName.get(name)?.imports ?? [], seen);
          }
          return seen;
        };
        const frameLater = initial.flatMap((c) => c.dynamicImports).filter((name) => {
          const chunk = chunkByName.get(name);
          return chunk && !otherPage(chunk);
        });
        const always = [...withImports([...chunkList.filter(mainScreen).map((c) => c.fileName), ...frameLater])].flatMap((name) => {
          const chunk = chunkByName.get(name);
          return chunk ? [`/${name}`, ...[...(chunk.viteMetadata?.importedCss ?? [])].map((f) => `/${f}`)] : [];
        });
        const precache = [...new Set([APP_SHELL_URL, '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/maskable-512.png', ...fromHtml, ...screens, ...always])];
        const source = here('./web/sw/service-worker.ts');
        const version = createHash('sha256')
          .update(Object.keys(bundle).sort().join('\n'))
          .update(readFileSync(source))
          .update(readFileSync(here('./web/sw/cache-rules.ts')))
          .digest('hex')
          .slice(0, 12);
        // rolldown is Vite's own bundler: the worker is one classic script, no chunks, no imports
        const { build } = await import('rolldown');
        const result = await build({ input: source, write: false, platform: 'browser', output: { format: 'iife', minify: true } });
        const code = result.output[0].code;
        writeFileSync(`${out}/sw.js`, `self.__SEL_BUILD__=${JSON.stringify({ version, precache })};\n${code}`);
      },
    },
    {
      // security headers for static pages come from the same list the worker uses for its pages
      name: 'sel-static-headers',
      apply: 'build',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: '_headers', source: staticHeadersFile() });
      },
    },
  ],
  resolve: {
    alias: [
      // React 19 has useSyncExternalStore itself: TanStack Store's selector hook gets the plain
      // version, not the shim with its fallback for React 16/17 (0.2 KB of the home page, issue 22).
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
    ],
  },
  build: {
    outDir: here('./dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    // every browser SEL supports preloads modules itself; the polyfill cost the home page 0.5 KB
    modulePreload: {
      polyfill: false,
      // The files every page starts with are loaded before any lazy chunk can be asked for: listing
      // them again among each lazy chunk's preloads only lengthened the lists the first screen carries.
      // (The page's own HTML keeps preloading them: that is how they download alongside the entry.)
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => !STARTUP_FILE.test(dep))),
    },
    rollupOptions: {
      output: {
        // Every lazy chunk's file name is written into the first screen's code (the list of what to
        // preload with each lazy page, so a page's parts download at once, not one after another):
        // a hash alone is enough for the browser and 0.6 KB lighter on the home page than readable
        // names. The files every page starts with keep their names (bench:bundle, DevTools).
        chunkFileNames: (chunk) => (STARTUP_CHUNKS.has(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js'),
        // React, the router and the query cache start every page: one file, not the dozen small
        // shared chunks code splitting would make (each a request, six at a time on HTTP/1.1).
        // zod is not among them: only forms (loaded with their routes) use it (issue 22 budget).
        // Parts only later pages use (several queries at once, infinite lists, leave-page guards)
        // stay out of it and come with those pages.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              priority: 2,
              test: (id: string) =>
                /node_modules\/(react|react-dom|scheduler|@tanstack\/(react-router|router-core|history|store|react-store|query-core|react-query))\//.test(id) && !LATER_PAGES_ONLY.test(id),
            },
            // Our code that every page starts with, in one file too: left alone, the bundler makes a
            // small shared chunk of each module that a lazy page also imports (i18n, api, …), and
            // each small file is gzipped on its own (0.9 KB more on the home page, issue 22). The
            // entry module stays out so the entry chunk remains the page's entry.
            { name: 'app', priority: 1, tags: ['$initial'], test: (id: string) => id.includes('/web/src/') && !id.endsWith('/web/src/main.tsx') },
            // The listing card and what it needs come together with every list (home, browse, wishlist, …).
            { name: 'listing-card', test: /\/web\/src\/(features\/listings\/(ListingCard|favorites|favorite-ids)|lib\/format)\.tsx?$/ },
            // The home route's own code in one file; the worker preloads it, and the card's, on "/".
            { name: 'home', test: /\/web\/src\/(features\/listings\/(HomePage|FreshRecommendations)\.tsx|routes\/index\.tsx\?tsr-split=component)$/ },
            // useMutation and its observer, which the first screen no longer needs: one file for the pages that do
            { name: 'mutations', test: /node_modules\/@tanstack\/(react-query|query-core)\/.*\/(useMutation|mutationObserver)\.js$/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8787', '/parties': { target: 'ws://localhost:8787', ws: true } },
  },
});
