/**
 * What the service worker keeps for offline use, and for how long (decision 025). Pure functions
 * and named data, so the rules are tested without a browser (cache-rules.test.ts) and the worker
 * script (service-worker.ts) only wires them to the Cache API.
 *
 * Every figure here is about us, chosen rather than measured: enough for "the ads, searches and
 * chats a person recently opened" on a phone with little free storage.
 */

/** Bumped when the shape of what is stored changes: older data caches are then dropped on activate. */
export const DATA_FORMAT = 1;

/** Every cache this app owns starts with this; anything else under the origin is left alone. */
export const CACHE_PREFIX = 'sel-';

/** The kinds of answers kept, each its own bounded cache (oldest dropped first). */
export const BUCKETS = {
  /** one ad's page data: the ad itself, by id or slug, and its related ads */
  ads: { maxEntries: 40, maxAgeMs: 7 * 24 * 3600_000 },
  /** result pages of searches and browsing, with their filter counts */
  searches: { maxEntries: 24, maxAgeMs: 3 * 24 * 3600_000 },
  /** the chat list, one chat, and a chat's newest messages (signed-in only) */
  chats: { maxEntries: 30, maxAgeMs: 7 * 24 * 3600_000 },
  /** what every screen needs: categories, places, the signed-in profile, favourite ids */
  basics: { maxEntries: 40, maxAgeMs: 7 * 24 * 3600_000 },
  /** photos of what was opened (immutable, so the stored copy never goes stale; only the count is bounded) */
  photos: { maxEntries: 80, maxAgeMs: 14 * 24 * 3600_000 },
} as const;

export type Bucket = keyof typeof BUCKETS;

/**
 * How long a request for data waits for the network before a stored copy is shown instead, when
 * there is one (a phone on a train has "one bar" more often than none). Without a stored copy the
 * request waits for the network as long as the app itself would.
 */
export const NETWORK_TIMEOUT_MS = 6000;

/** Where an offline navigation lands: the app shell (web/index.html as built), served as a static file. */
export const APP_SHELL_URL = '/app-shell';

/** Photos a signed-in seller uploaded are not theirs to cache for others; every /api/media answer is public. */
const MEDIA = /^\/api\/media\//;

/**
 * Which bucket a same-origin GET belongs to, or null when it must never be stored (anything not
 * listed: uploads, payments, admin, notifications, the dev outbox, the API's docs).
 */
export function bucketFor(pathname: string): Bucket | null {
  if (MEDIA.test(pathname)) return 'photos';
  if (!pathname.startsWith('/api/')) return null;
  const path = pathname.slice(4);
  if (path === '/listings' || path === '/listings/search' || path === '/listings/facets') return 'searches';
  if (/^\/listings\/slug\/[^/]+$/.test(path)) return 'ads';
  if (/^\/listings\/(?!user\/|search$|facets$|shortcuts$)[^/]+(\/related)?$/.test(path)) return 'ads';
  if (/^\/messages\/chats(\/[^/]+(\/messages)?)?$/.test(path)) return 'chats';
  if (
    path === '/categories' ||
    path === '/listings/shortcuts' ||
    path === '/popular-searches' ||
    path === '/banner-ads' ||
    path === '/auth/profile' ||
    path === '/listings/user/favorites' ||
    /^\/locations(\/|$)/.test(path)
  )
    return 'basics';
  return null;
}

/**
 * Whose copy an answer is: "guest" without a token, else the account id in the token's `sub`
 * claim. The token came from this very page, so reading its payload without the signature is
 * only a partition key, never a decision the server relies on. Photos are public: always "guest".
 */
export function accountOf(authorization: string | null, bucket: Bucket): string {
  if (bucket === 'photos' || !authorization) return 'guest';
  const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return 'guest';
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))) as { sub?: unknown };
    // an unreadable token gets a partition nobody else shares, never the guest one
    return typeof claims.sub === 'string' && /^[\w-]{1,64}$/.test(claims.sub) ? `u-${claims.sub}` : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** One data cache per account and bucket: a different account on the same phone never reads another's. */
export function dataCacheName(account: string, bucket: Bucket): string {
  return `${CACHE_PREFIX}data${DATA_FORMAT}-${account}-${bucket}`;
}

/** The build's own files (the shell and its code) live in one cache per app version. */
export function staticCacheName(version: string): string {
  return `${CACHE_PREFIX}static-${version}`;
}

/** Caches to delete when a new version takes over: older versions' static files, older data formats. */
export function staleCaches(names: readonly string[], version: string): string[] {
  const current = staticCacheName(version);
  const dataPrefix = `${CACHE_PREFIX}data${DATA_FORMAT}-`;
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current && !name.startsWith(dataPrefix));
}

/** Signed-in accounts' data caches (what signing out on a shared phone deletes). */
export function isAccountDataCache(name: string): boolean {
  return name.startsWith(CACHE_PREFIX) && /^sel-data\d+-(u-|unknown-)/.test(name);
}

/** Whether a stored answer is still worth showing. */
export function isFresh(storedAtMs: number, bucket: Bucket, nowMs: number): boolean {
  return Number.isFinite(storedAtMs) && nowMs - storedAtMs <= BUCKETS[bucket].maxAgeMs && storedAtMs <= nowMs + 60_000;
}

/** Keys to delete so a bucket keeps its newest `maxEntries` (keys come oldest first, as the Cache API lists them). */
export function overflow<T>(keys: readonly T[], bucket: Bucket): T[] {
  const extra = keys.length - BUCKETS[bucket].maxEntries;
  return extra > 0 ? keys.slice(0, extra) : [];
}

/**
 * Navigations the worker answers with the app shell when the network is gone: the app's own pages,
 * never the API, the realtime sockets, the API docs or files with an extension (robots.txt, …).
 */
export function isAppNavigation(pathname: string): boolean {
  return !/^\/(api|parties|cdn-cgi)(\/|$)/.test(pathname) && !/\.[a-z0-9]+$/i.test(pathname);
}
