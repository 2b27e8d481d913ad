import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { currentVersion } from './cache';
import { isBot } from './page-boot';

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
 */
export const EDGE_TTL_SECONDS = 300;

const CACHEABLE: RegExp[] = [
  /^\/$/,
  /^\/products$/,
  /^\/item\/[^/]+$/,
  /^\/listing\/[^/]+$/,
  /^\/api\/listings$/,
  /^\/api\/listings\/shortcuts$/,
  /^\/api\/listings\/[^/]+\/related$/,
  /^\/api\/categories$/,
  /^\/api\/locations(\/[^/]+)*$/,
];

export const isEdgeCacheable = (req: Request) => {
  if (req.method !== 'GET' || req.headers.has('authorization')) return false;
  const { pathname } = new URL(req.url);
  return CACHEABLE.some((re) => re.test(pathname));
};

/** Pages differ by who asks (a crawler gets no inlined data; home differs on phones): part of the key. */
const audience = (req: Request, pathname: string) => {
  if (pathname.startsWith('/api/')) return 'api';
  const ua = req.headers.get('user-agent') ?? undefined;
  if (isBot(ua)) return 'bot';
  return /Mobi/i.test(ua ?? '') ? 'phone' : 'wide';
};

export const edgeCacheKey = (req: Request, version: string) => {
  const url = new URL(req.url);
  const params = [...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return new Request(`${url.origin}/__edge/v${version}/${audience(req, url.pathname)}${url.pathname}${query ? `?${query}` : ''}`);
};

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
  /** the body gzipped once when the entry was filled (pages only; see COMPRESSIBLE) */
  gzip?: ArrayBuffer;
  status: number;
  headers: [string, string][];
  expires: number;
}
const memory = new Map<string, MemoryEntry>();
const entryBytes = (entry: MemoryEntry) => entry.body.byteLength + (entry.gzip?.byteLength ?? 0);
let memoryBytes = 0;
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
 * Pages reach every browser gzipped (the edge compresses them; so does wrangler's local stand-in).
 * A hit would pay that compression again on every request, for the same bytes: a page entry is
 * gzipped once when it enters the isolate's memory and a hit that accepts gzip gets those bytes as
 * they are (`encodeBody: 'manual'`). Its ETag is the weak form of the entry's (the same entity,
 * another encoding), so a revalidation matches either. Pages only: the worker cannot tell a client
 * that sent no Accept-Encoding (curl, scripts) from a browser — the edge, and wrangler locally,
 * hand every request "br, gzip" — and may then pass gzip on to it, which a page's readers (browsers)
 * always take and the API's scripts might not. API answers are compressed per request as before.
 */
const COMPRESSIBLE = /^text\/html\b/i;
const gzipOf = (body: ArrayBuffer) => new Response(new Response(body).body!.pipeThrough(new CompressionStream('gzip'))).arrayBuffer();

const acceptsGzip = (acceptEncoding: string | null) =>
  (acceptEncoding ?? '').split(',').some((element) => {
    const [coding, ...params] = element.trim().split(';');
    if (coding?.trim().toLowerCase() !== 'gzip') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });

const memoryEntry = async (body: ArrayBuffer, status: number, headers: Headers): Promise<MemoryEntry> => ({
  body,
  ...(COMPRESSIBLE.test(headers.get('content-type') ?? '') ? { gzip: await gzipOf(body) } : {}),
  status,
  headers: [...headers.entries()],
  expires: Date.now() + EDGE_TTL_SECONDS * 1000,
});

/** The answer to one request from an entry: 304 on a matching If-None-Match, the gzipped bytes when accepted. */
const answerFrom = (entry: MemoryEntry, req: Request, state: 'HIT' | 'MISS' | 'BYPASS', extra?: [string, string][]) => {
  const headers = new Headers(entry.headers);
  headers.set('x-edge-cache', state);
  headers.set('cache-control', 'no-cache');
  headers.delete('age');
  for (const [name, value] of extra ?? []) headers.set(name, value);
  const vary = headers.get('vary');
  if (entry.gzip && !/accept-encoding/i.test(vary ?? '')) headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  const gzip = entry.gzip && acceptsGzip(req.headers.get('accept-encoding')) ? entry.gzip : undefined;
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
  if (!store || c.env.EDGE_CACHE === 'off' || !isEdgeCacheable(c.req.raw)) return next();
  const version = await currentVersion(c.env);
  if (version === 'unavailable') return next();
  const key = edgeCacheKey(c.req.raw, version);
  // a hard reload (Cache-Control: no-cache) renders anew and refreshes the entry
  const bypass = /no-cache/i.test(c.req.header('cache-control') ?? '');
  if (!bypass) {
    let entry = memoryGet(key.url);
    if (!entry) {
      let hit: Response | undefined;
      try {
        hit = await store.match(key);
      } catch (err) {
        console.warn('edge cache read failed', err);
      }
      if (hit) {
        entry = await memoryEntry(await hit.arrayBuffer(), hit.status, hit.headers);
        memoryPut(key.url, entry);
      }
    }
    // one Response over the stored bytes (a known length, no stream to pump through JavaScript)
    if (entry) return answerFrom(entry, c.req.raw, 'HIT');
  }
  await next();
  const res = c.res;
  if (res.status !== 200 || res.headers.has('set-cookie') || /private|no-store/i.test(res.headers.get('cache-control') ?? '')) return;
  const body = await res.arrayBuffer();
  const stored = new Headers(res.headers);
  stored.set('etag', await etagOf(body));
  stored.delete('x-d1-rows-read');
  stored.set('cache-control', `public, max-age=${EDGE_TTL_SECONDS}`);
  const entry = await memoryEntry(body, 200, stored);
  memoryPut(key.url, entry);
  try {
    c.executionCtx.waitUntil(store.put(key, new Response(body, { status: 200, headers: stored })).catch((err: unknown) => console.warn('edge cache write failed', err)));
  } catch {
    // no execution context (a direct call in a script): nothing is stored
  }
  // keep the search's cost visible on the answer that paid it
  const rows = res.headers.get('x-d1-rows-read');
  c.res = undefined as unknown as Response;
  c.res = answerFrom(entry, c.req.raw, bypass ? 'BYPASS' : 'MISS', rows ? [['x-d1-rows-read', rows]] : []);
};
