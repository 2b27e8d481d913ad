import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { areasQuery, locationSearchQuery, locationsQuery } from '../schemas/catalog';
import { listingsQuery, relatedQuery } from '../schemas/listings';
import { homeShortcutsQuery } from '../schemas/shortcuts';
import { sellerListingsQuery } from '../schemas/sellers';
import { priceGuidanceQuery } from '../schemas/price-guidance';
import { currentVersion } from './cache';
import { isBot, PRODUCTS_PAGE_PARAMS } from './page-boot';
import { timed } from './server-timing';
import { forgetWithIsolate } from './isolate-memos';

/**
 * Guest answers from the Workers cache (Cache API, decision 011).
 *
 * Which requests: GETs without an Authorization header of the pages the worker renders and of
 * the public, per-URL reads (listing searches, the home sheets' shortcuts, categories, locations,
 * related ads). A signed-in request never reads or writes the cache: its answers can carry the
 * user's own state.
 *
 * Freshness: the cache key carries the listings data version (worker/lib/cache.ts), which every
 * write that changes what guests see bumps (posting, editing, selling, deleting, moderating,
 * a seller's account going away). The next guest request after a bump misses and renders anew,
 * so a new ad is in its category at once in the same place, and elsewhere as soon as KV has
 * carried the new version (seconds; at most the KV read cache of 60 s). Entries also expire on
 * their own after EDGE_TTL_SECONDS, so nothing outlives a missed bump for long.
 *
 * Repeat visits: every cacheable answer carries a strong ETag (a hash of its bytes); a matching
 * If-None-Match gets 304 with no body. Browsers are told `no-cache` (always revalidate), so a
 * guest never sees an old page after a change, and a revalidation costs a cache lookup.
 *
 * Not cached: listing details by id or slug through the API (GET counts a view, so every one must
 * run), search suggestions and everything else (they set their own Cache-Control).
 *
 * Only what the answer depends on makes the key: each cacheable path lists the query parameters it
 * reads (the API's from its own query schema), and every other parameter (utm_*, click ids, junk) is
 * dropped from the key and from the request the page is rendered for, so any number of junk query
 * strings share one entry and the one answer is exactly the page for the known parameters. The
 * request's own Cache-Control and Pragma are not obeyed: a client cannot make us render afresh
 * (a reload revalidates with the ETag and gets 304 or the cached page).
 */
export const EDGE_TTL_SECONDS = 300;

const namesOf = (schema: { shape: Record<string, unknown> }): readonly string[] => Object.keys(schema.shape);

/** The cacheable paths, each with the query parameters its answer reads (first match wins). */
const CACHEABLE: { path: RegExp; params: readonly string[] }[] = [
  { path: /^\/$/, params: [] },
  { path: /^\/products$/, params: PRODUCTS_PAGE_PARAMS },
  { path: /^\/item\/[^/]+$/, params: [] },
  { path: /^\/listing\/[^/]+$/, params: [] },
  // a seller's page (decision 026): its sort and page
  { path: /^\/sellers\/[^/]+$/, params: ['order', 'page'] },
  { path: /^\/api\/sellers\/[^/]+$/, params: [] },
  { path: /^\/api\/sellers\/[^/]+\/listings$/, params: namesOf(sellerListingsQuery) },
  { path: /^\/api\/price-guidance$/, params: namesOf(priceGuidanceQuery) },
  { path: /^\/api\/listings\/[^/]+\/price-guidance$/, params: [] },
  { path: /^\/api\/listings$/, params: namesOf(listingsQuery) },
  { path: /^\/api\/listings\/shortcuts$/, params: namesOf(homeShortcutsQuery) },
  { path: /^\/api\/listings\/[^/]+\/related$/, params: namesOf(relatedQuery) },
  { path: /^\/api\/categories$/, params: [] },
  { path: /^\/api\/locations$/, params: namesOf(locationsQuery) },
  { path: /^\/api\/locations\/search$/, params: namesOf(locationSearchQuery) },
  { path: /^\/api\/locations\/areas$/, params: namesOf(areasQuery) },
  // states, a state's cities, one location: no query
  { path: /^\/api\/locations(\/[^/]+)+$/, params: [] },
];

const cacheableRoute = (req: Request) => {
  if (req.method !== 'GET' || req.headers.has('authorization')) return undefined;
  const { pathname } = new URL(req.url);
  return CACHEABLE.find((r) => r.path.test(pathname));
};

export const isEdgeCacheable = (req: Request) => cacheableRoute(req) !== undefined;

/**
 * The URL as far as its answer is concerned: only the parameters the path reads, ordered by name
 * (repeated ones keep their order), everything else dropped. Undefined when the path is not cached.
 */
export const canonicalCacheUrl = (req: Request): URL | undefined => {
  const route = cacheableRoute(req);
  if (!route) return undefined;
  const url = new URL(req.url);
  const known = new Set(route.params);
  const kept = [...url.searchParams.entries()].filter(([name]) => known.has(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  url.search = new URLSearchParams(kept).toString();
  url.hash = '';
  return url;
};

/** Pages differ by who asks (a crawler gets no inlined data; home differs on phones): part of the key. */
const audience = (req: Request, pathname: string) => {
  if (pathname.startsWith('/api/')) return 'api';
  const ua = req.headers.get('user-agent') ?? undefined;
  if (isBot(ua)) return 'bot';
  return /Mobi/i.test(ua ?? '') ? 'phone' : 'wide';
};

/** The cache's key for a request whose URL is already canonical (canonicalCacheUrl). */
export const edgeCacheKey = (req: Request, canonical: URL, version: string, build = '') =>
  new Request(`${canonical.origin}/__edge/v${version}${build ? `-${build}` : ''}/${audience(req, canonical.pathname)}${canonical.pathname}${canonical.search}`);

const etagOf = async (body: ArrayBuffer) => {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', body));
  return `"${[...digest.slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('')}"`;
};

const matches = (ifNoneMatch: string | null, etag: string) =>
  !!ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);

const notModified = (res: Response) => {
  const headers = new Headers();
  for (const name of ['etag', 'cache-control', 'x-edge-cache', 'vary', 'content-security-policy', 'x-content-type-options']) {
    const value = res.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(null, { status: 304, headers });
};

/**
 * A small per-isolate copy of the hottest entries in front of the Cache API: a hot isolate answers
 * a repeat guest request from memory, without the cache's I/O. Same keys (so the same version
 * rule), bounded by count and bytes, oldest dropped first; the TTL is the Cache API's.
 */
const MEMORY_MAX_ENTRIES = 64;
const MEMORY_MAX_BYTES = 8 * 1024 * 1024;
interface MemoryEntry {
  body: ArrayBuffer;
  /** the body gzipped once, by the first hit that accepts gzip (see COMPRESSIBLE) */
  gzip?: ArrayBuffer;
  /** that compression while it runs, so hits side by side share it */
  gzipping?: Promise<ArrayBuffer | undefined>;
  status: number;
  headers: [string, string][];
  expires: number;
}
const memory = new Map<string, MemoryEntry>();
const entryBytes = (entry: MemoryEntry) => entry.body.byteLength + (entry.gzip?.byteLength ?? 0);
let memoryBytes = 0;
forgetWithIsolate(() => {
  memory.clear();
  memoryBytes = 0;
});
const memoryGet = (key: string) => {
  const entry = memory.get(key);
  if (!entry) return undefined;
  memory.delete(key);
  if (entry.expires < Date.now()) {
    memoryBytes -= entryBytes(entry);
    return undefined;
  }
  memory.set(key, entry); // most recently used last
  return entry;
};
const memoryPut = (key: string, entry: MemoryEntry) => {
  if (entryBytes(entry) > MEMORY_MAX_BYTES / 8) return;
  const old = memory.get(key);
  if (old) {
    memory.delete(key);
    memoryBytes -= entryBytes(old);
  }
  memory.set(key, entry);
  memoryBytes += entryBytes(entry);
  for (const [k, e] of memory) {
    if (memory.size <= MEMORY_MAX_ENTRIES && memoryBytes <= MEMORY_MAX_BYTES) break;
    memory.delete(k);
    memoryBytes -= entryBytes(e);
  }
};
/** Tests: forget the isolate's copies (the Cache API's stay). */
export const clearEdgeMemory = () => {
  memory.clear();
  memoryBytes = 0;
};

const cacheStore = () => (typeof caches === 'undefined' ? undefined : (caches as unknown as { default: Cache }).default);

/**
 * Pages and API answers reach every browser gzipped (the edge compresses them; so does wrangler's
 * local stand-in). A hit would pay that compression again on every request, for the same bytes: an
 * entry is gzipped once, by its first hit that accepts gzip, and every such hit gets those bytes as
 * they are (`encodeBody: 'manual'`). Not when the entry is filled: the fresh answer goes out plain
 * (the edge compresses it), and most fresh URLs — a filter a buyer changed, a page a crawler read —
 * are never asked for again, so compressing them then was worker CPU spent for nothing (a fifth of
 * the worker's JavaScript on fresh category pages in bench:profile; decision 023). Its ETag is the
 * weak form of the entry's (the same entity, another encoding), so a revalidation matches either.
 *
 * Who accepts gzip is the client's own Accept-Encoding: the edge (and wrangler locally) hands the
 * worker "br, gzip" whatever the client sent, and keeps what the client sent in
 * `request.cf.clientAcceptEncoding` ("" when it sent none, as curl does). A client that sent none
 * gets the plain bytes (RFC 9110 §12.5.3: no Accept-Encoding, no content coding is preferred).
 */
const COMPRESSIBLE = /^(text\/html|application\/json)\b/i;
const gzipOf = (body: ArrayBuffer) => new Response(new Response(body).body!.pipeThrough(new CompressionStream('gzip'))).arrayBuffer();

/** The Accept-Encoding the client itself sent (decision 023). */
export const clientAcceptEncoding = (req: Request): string | null => {
  const original = (req as { cf?: { clientAcceptEncoding?: unknown } }).cf?.clientAcceptEncoding;
  return typeof original === 'string' ? original : req.headers.get('accept-encoding');
};

export const acceptsGzip = (acceptEncoding: string | null) =>
  (acceptEncoding ?? '').split(',').some((element) => {
    const [coding, ...params] = element.trim().split(';');
    if (coding?.trim().toLowerCase() !== 'gzip') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });

const memoryEntry = (body: ArrayBuffer, status: number, headers: Headers): MemoryEntry => ({
  body,
  status,
  headers: [...headers.entries()],
  expires: Date.now() + EDGE_TTL_SECONDS * 1000,
});

/** Gzips a compressible entry once (hits side by side share the work); undefined when it is not compressible or that failed. */
const compressOnce = (entry: MemoryEntry, key: string): Promise<ArrayBuffer | undefined> | undefined => {
  if (entry.gzip) return undefined;
  if (entry.gzipping) return entry.gzipping;
  const type = entry.headers.find(([name]) => name === 'content-type')?.[1] ?? '';
  if (!COMPRESSIBLE.test(type)) return undefined;
  entry.gzipping = gzipOf(entry.body).then(
    (gzip) => {
      entry.gzip = gzip;
      if (memory.get(key) === entry) memoryBytes += gzip.byteLength;
      return gzip;
    },
    (err: unknown) => {
      console.warn('edge cache gzip failed', err);
      entry.gzipping = undefined; // the plain bytes meanwhile; the next hit tries again
      return undefined;
    },
  );
  return entry.gzipping;
};

/** The answer to one request from an entry: 304 on a matching If-None-Match, the gzipped bytes when accepted. */
const answerFrom = (entry: MemoryEntry, req: Request, state: 'HIT' | 'MISS' | 'BYPASS', extra?: [string, string][]) => {
  const headers = new Headers(entry.headers);
  headers.set('x-edge-cache', state);
  headers.set('cache-control', 'no-cache');
  headers.delete('age');
  for (const [name, value] of extra ?? []) headers.set(name, value);
  // the same URL is sent plain or gzipped by what the client accepts: shared caches must know
  const vary = headers.get('vary');
  if (COMPRESSIBLE.test(headers.get('content-type') ?? '') && !/accept-encoding/i.test(vary ?? '')) headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  const gzip = entry.gzip && acceptsGzip(clientAcceptEncoding(req)) ? entry.gzip : undefined;
  const etag = headers.get('etag') ?? '';
  if (gzip) headers.set('etag', `W/${etag}`);
  if (matches(req.headers.get('if-none-match'), etag)) return notModified(new Response(null, { headers }));
  if (!gzip) return new Response(entry.body, { status: entry.status, headers });
  headers.set('content-encoding', 'gzip');
  headers.delete('content-length');
  return new Response(gzip, { status: entry.status, headers, encodeBody: 'manual' });
};

export const guestEdgeCache: MiddlewareHandler<AppEnv> = async (c, next) => {
  const store = cacheStore();
  const canonical = store && c.env.EDGE_CACHE !== 'off' ? canonicalCacheUrl(c.req.raw) : undefined;
  if (!store || !canonical) return next();
  const version = await currentVersion(c.env);
  if (version === 'unavailable') return next();
  // the deployed version as well as the data's: a page names the build's script files, which leave
  // with a deploy, so an entry from the build before must never be served after it
  const key = edgeCacheKey(c.req.raw, canonical, version, c.env.CF_VERSION_METADATA?.id.slice(0, 8));
  // the request's Cache-Control / Pragma are not consulted: no client decides that we render afresh
  // (the page-cache bench times renders through a switch no deployment has)
  const asked = c.env.EDGE_CACHE === 'measure' ? (c.req.header('x-edge-cache') ?? '').split(',').map((token) => token.trim()) : [];
  const bypass = asked.includes('bypass');
  // Also bench-only: a fresh answer without the shared cache's write. That write is the runtime's
  // work in production (off the answer's path, not the Worker's CPU); locally miniflare's Cache API
  // runs it in the worker's own workerd, ~3-5 ms of CPU a fresh answer (decision 023), which
  // bench:uncached --no-fill tells apart from the worker's own. The isolate's copy is still kept.
  const fill = !(bypass && asked.includes('no-fill'));
  let entry = bypass ? undefined : memoryGet(key.url);
  if (!entry && !bypass) {
    let hit: Response | undefined;
    try {
      hit = await store.match(key);
    } catch (err) {
      console.warn('edge cache read failed', err);
    }
    if (hit) {
      entry = memoryEntry(await hit.arrayBuffer(), hit.status, hit.headers);
      memoryPut(key.url, entry);
    }
  }
  if (entry) {
    // the first hit that accepts gzip makes the gzipped copy every later one gets
    if (!entry.gzip && acceptsGzip(clientAcceptEncoding(c.req.raw))) await compressOnce(entry, key.url);
    // one Response over the stored bytes (a known length, no stream to pump through JavaScript)
    return answerFrom(entry, c.req.raw, 'HIT');
  }
  // rendered for the canonical URL, so the entry is the answer for every URL that shares its key
  if (canonical.href !== c.req.url) c.req.raw = new Request(canonical, c.req.raw);
  await next();
  const res = c.res;
  if (res.status !== 200 || res.headers.has('set-cookie') || /private|no-store/i.test(res.headers.get('cache-control') ?? '')) return;
  const { fresh, stored } = await timed('cache', async () => {
    // (reading the body to its end is where a page's HTML rewriting runs)
    const body = await res.arrayBuffer();
    const stored = new Headers(res.headers);
    stored.set('etag', await etagOf(body));
    stored.delete('x-d1-rows-read');
    stored.set('cache-control', `public, max-age=${EDGE_TTL_SECONDS}`);
    return { fresh: memoryEntry(body, 200, stored), stored };
  });
  memoryPut(key.url, fresh);
  // off the answer's path: the shared cache's copy (the gzipped one is made by the first hit)
  if (fill) defer(c)(store.put(key, new Response(fresh.body, { status: 200, headers: stored })).catch((err: unknown) => console.warn('edge cache write failed', err)));
  // keep the search's cost visible on the answer that paid it
  const rows = res.headers.get('x-d1-rows-read');
  c.res = undefined as unknown as Response;
  c.res = answerFrom(fresh, c.req.raw, bypass ? 'BYPASS' : 'MISS', rows ? [['x-d1-rows-read', rows]] : []);
};

/** ctx.waitUntil, or nothing without an execution context (a direct call in a script: nothing is stored). */
const defer =
  (c: Context<AppEnv>) =>
  (task: Promise<unknown>): void => {
    try {
      c.executionCtx.waitUntil(task);
    } catch {
      void task;
    }
  };
