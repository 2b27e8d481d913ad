/**
 * SEL's service worker (built to /sw.js by vite.config.ts, decision 025):
 * - keeps the app shell of this version, so the app opens without a network;
 * - keeps the ads, searches, chats and photos a person recently opened, per account, in bounded
 *   caches (web/sw/cache-rules.ts), and shows them when the network is gone or too slow;
 * - takes over from an older version only when the page says so (the page asks the user, or the
 *   old version had no shell to go stale), then deletes the older version's files;
 * - shows Web Push notifications and opens the right page when one is tapped.
 */
import {
  APP_SHELL_URL,
  NETWORK_TIMEOUT_MS,
  accountOf,
  bucketFor,
  dataCacheName,
  isAppNavigation,
  isFresh,
  overflow,
  staleCaches,
  staticCacheName,
  type Bucket,
} from './cache-rules';

declare const self: ServiceWorkerGlobalScope;
/** Written in front of this script by the build: the version (a hash of every built file) and the shell's files. */
declare const __SEL_BUILD__: { version: string; precache: string[] };

const { version, precache } = __SEL_BUILD__;
const STATIC = staticCacheName(version);
const STORED_AT = 'x-sel-stored-at';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(STATIC);
      await cache.addAll(precache);
      // The first version with a shell (a fresh install, or the push-only worker before it) has no
      // stale shell to replace: it takes over at once. Later versions wait for the page's go-ahead.
      const names = await caches.keys();
      if (!names.some((name) => name.startsWith('sel-static-') && name !== STATIC)) await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all(staleCaches(await caches.keys(), version).map((name) => caches.delete(name)));
      await self.registration.navigationPreload?.enable().catch(() => undefined);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown; boot?: unknown } | null;
  if (data?.type === 'skip-waiting') void self.skipWaiting();
  // what the page fetched before this worker controlled it: its code, photos and inlined answers
  if (data?.type === 'keep') {
    if (Array.isArray(data.urls)) event.waitUntil(keepStatic(data.urls.filter((u): u is string => typeof u === 'string')));
    if (typeof data.boot === 'string') event.waitUntil(keepBootAnswers(data.boot));
  }
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || request.headers.has('range')) return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (isAppNavigation(url.pathname)) event.respondWith(navigation(event));
    return;
  }
  if (url.pathname.startsWith('/assets/') || precache.includes(url.pathname)) {
    event.respondWith(staticFile(request));
    return;
  }
  const bucket = bucketFor(url.pathname);
  if (bucket === 'photos') event.respondWith(cacheFirst(request, bucket));
  else if (bucket) event.respondWith(networkFirst(request, bucket));
});

const timeout = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms));

/** The page from the network; without one (or after the wait), this version's app shell. */
async function navigation(event: FetchEvent): Promise<Response> {
  const fromNetwork = (async () => ((await event.preloadResponse) as Response | undefined) ?? fetch(event.request))();
  fromNetwork.catch(() => undefined); // a failure after the shell was shown is nobody's business
  try {
    const first = await Promise.race([fromNetwork, timeout(NETWORK_TIMEOUT_MS)]);
    if (first !== 'timeout') {
      if (first.ok && (first.headers.get('content-type') ?? '').includes('text/html')) event.waitUntil(keepInlinedAnswers(first.clone()));
      return first;
    }
  } catch {
    // offline: the shell below
  }
  const shell = await caches.match(APP_SHELL_URL, { cacheName: STATIC });
  if (shell) return shell;
  // no shell stored (its install failed): wait for the network, or say plainly what happened
  return fromNetwork.catch(() => offlinePage());
}

/** This version's own files: stored once, never stale (their names carry a hash of their content). */
async function staticFile(request: Request): Promise<Response> {
  const cache = await caches.open(STATIC);
  const stored = await cache.match(request, { ignoreSearch: true });
  if (stored) return stored;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith('/assets/')) await cache.put(request, response.clone()).catch(() => undefined);
  return response;
}

/** What the page loaded before this worker controlled it: its code, and the photos it showed. */
async function keepStatic(urls: string[]) {
  const cache = await caches.open(STATIC);
  for (const href of urls.slice(0, 150)) {
    const url = new URL(href, self.location.origin);
    if (url.origin !== self.location.origin) continue;
    if (url.pathname.startsWith('/assets/')) {
      if (!(await cache.match(url.pathname))) await cache.add(url.pathname).catch(() => undefined);
    } else if (bucketFor(url.pathname) === 'photos') {
      // the browser's HTTP cache has it (immutable): no second download
      await cacheFirst(new Request(url.href), 'photos').catch(() => undefined);
    }
  }
}

/**
 * A guest's first page carries its first API answers inside the HTML (worker/routes/seo.ts,
 * <script id="sel-boot">), so the app never asked the API for them: they are kept here as the
 * guest's answers to those requests, so the same page opens offline later.
 */
async function keepInlinedAnswers(page: Response) {
  const html = await page.text();
  const json = /<script id="sel-boot" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (json) await keepBootAnswers(json);
}

/** The inlined answers (path after /api → data), stored as the guest's answers to those requests. */
async function keepBootAnswers(json: string) {
  let entries: Record<string, unknown>;
  try {
    entries = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return;
  }
  for (const [key, data] of Object.entries(entries)) {
    const url = new URL(`/api${key}`, self.location.origin);
    const bucket = bucketFor(url.pathname);
    if (!bucket || bucket === 'photos') continue;
    const answer = new Response(JSON.stringify({ success: true, data }), { status: 200, headers: { 'content-type': 'application/json' } });
    await store(dataCacheName('guest', bucket), url.href, answer, bucket).catch(() => undefined);
  }
}

/** Stores an answer with the time it was stored, as the newest entry of its bucket, trimming the oldest. */
async function store(cacheName: string, key: string, response: Response, bucket: Bucket) {
  const headers = new Headers(response.headers);
  headers.set(STORED_AT, String(Date.now()));
  const copy = new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  const cache = await caches.open(cacheName);
  // delete first: a put of an existing key keeps its old place, and the oldest go first
  await cache.delete(key, { ignoreVary: true });
  await cache.put(key, copy);
  for (const old of overflow(await cache.keys(), bucket)) await cache.delete(old);
}

async function storedCopy(cacheName: string, key: string, bucket: Bucket): Promise<Response | undefined> {
  const cache = await caches.open(cacheName);
  const stored = await cache.match(key, { ignoreVary: true });
  if (!stored) return undefined;
  if (isFresh(Number(stored.headers.get(STORED_AT)), bucket, Date.now())) return stored;
  await cache.delete(key, { ignoreVary: true });
  return undefined;
}

/**
 * Data: the network's answer when it comes in time (and stored for next time); the stored copy
 * of this account when the network fails or is slower than NETWORK_TIMEOUT_MS. Without a copy
 * the network's own answer or failure goes to the app, which says it is offline.
 */
async function networkFirst(request: Request, bucket: Bucket): Promise<Response> {
  const cacheName = dataCacheName(accountOf(request.headers.get('authorization'), bucket), bucket);
  const key = request.url;
  const fromNetwork = fetch(request).then(async (response) => {
    if (response.status === 200) await store(cacheName, key, response.clone(), bucket).catch(() => undefined);
    return response;
  });
  fromNetwork.catch(() => undefined);
  const stored = await storedCopy(cacheName, key, bucket);
  if (!stored) return fromNetwork;
  try {
    const first = await Promise.race([fromNetwork, timeout(NETWORK_TIMEOUT_MS)]);
    return first === 'timeout' ? stored : first;
  } catch {
    return stored;
  }
}

/** Photos never change under one address: a stored one is shown without asking the network. */
async function cacheFirst(request: Request, bucket: Bucket): Promise<Response> {
  const cacheName = dataCacheName('guest', bucket);
  const stored = await storedCopy(cacheName, request.url, bucket);
  if (stored) return stored;
  const response = await fetch(request);
  if (response.status === 200) await store(cacheName, request.url, response.clone(), bucket).catch(() => undefined);
  return response;
}

/** Only when even the app shell is missing: both languages, since the page's choice is unknown here. */
function offlinePage(): Response {
  const html = `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>SEL — offline</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:32px 20px;color:#002f34;background:#f2f4f5}button{font:inherit;padding:10px 20px;border:0;border-radius:4px;background:#002f34;color:#fff}</style></head>
<body><h1>You are offline</h1><p>SEL could not be opened without a network. Check your connection and try again.</p>
<h1 lang="hi">आप ऑफ़लाइन हैं</h1><p lang="hi">नेटवर्क के बिना SEL नहीं खुल सका। अपना कनेक्शन जाँचें और फिर से कोशिश करें।</p>
<button onclick="location.reload()">Try again · फिर से कोशिश करें</button></body></html>`;
  return new Response(html, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

// ---------------------------------------------------------------- Web Push

interface PushData {
  title?: string;
  body?: string;
  tag?: string;
  url?: string;
  chatId?: string;
}

self.addEventListener('push', (event) => {
  let data: PushData = {};
  try {
    data = event.data ? (event.data.json() as PushData) : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'SEL', {
      body: data.body || '',
      icon: '/icons/icon-192.png',
      badge: '/favicon.svg',
      tag: data.tag || undefined,
      data: { url: data.url || (data.chatId ? `/chat?chatId=${encodeURIComponent(data.chatId)}` : '/') },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url.startsWith(self.location.origin));
      if (open) return open.navigate(url).then((w) => (w || open).focus());
      return self.clients.openWindow(url);
    }),
  );
});
