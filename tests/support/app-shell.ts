import { env } from 'cloudflare:workers';

/** The smallest app shell a server-rendered guest page is written into (the built index.html stands in production). */
export const APP_SHELL = '<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><title>SEL</title></head><body><div id="root"></div></body></html>';

/**
 * The worker's bindings with ASSETS serving `shell` (and an empty route-preloads list), so page
 * routes render without `npm run build`; `extra` overrides bindings (EDGE_CACHE, for one).
 */
export const withAppShell = (shell: string = APP_SHELL, extra: Record<string, unknown> = {}) => ({
  ...env,
  ...extra,
  ASSETS: {
    fetch: async (req: Request) => (new URL(req.url).pathname === '/route-preloads.json' ? Response.json({}) : new Response(shell, { headers: { 'content-type': 'text/html' } })),
  } as unknown as Fetcher,
});
