import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { app } from '../../worker/app';
import { createListing, createUser, createUserWithToken, listingDb } from '../factories';
import { invalidateListingCaches } from '../../worker/lib/cache';
import { clearEdgeMemory } from '../../worker/lib/edge-cache';
import { APP_SHELL, withAppShell } from '../support/app-shell';

const withShell = withAppShell(APP_SHELL, { EDGE_CACHE: 'on' });
const PHONE = 'Mozilla/5.0 (Linux; Android 11; moto g power) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36';

/** One request through the worker, waiting for its cache write like the runtime would. */
const get = async (path: string, headers: Record<string, string> = {}) => {
  const ctx = createExecutionContext();
  const res = await app.request(`https://sel.example${path}`, { headers: { 'user-agent': PHONE, ...headers } }, withShell, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, text, headers: res.headers, cache: res.headers.get('x-edge-cache') };
};
const send = async (method: string, path: string, auth: Record<string, string>, body: unknown) => {
  const ctx = createExecutionContext();
  const res = await app.request(`https://sel.example${path}`, { method, headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) }, withShell, ctx);
  await waitOnExecutionContext(ctx);
  return res;
};

describe('guest edge cache', () => {
  it('answers a repeated guest search from the cache, with an ETag and 304 for a repeat visit', async () => {
    const seller = await createUser();
    await createListing(seller, { title: 'Edge cached Swift', city: 'Pune' });
    await invalidateListingCaches(env);
    const path = '/api/listings?location=Pune&page=1&limit=20';
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(first.cache).toBe('MISS');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{24}"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const second = await get(path);
    expect(second.cache).toBe('HIT');
    expect(second.text).toBe(first.text);
    expect(second.headers.get('etag')).toBe(etag);
    expect(second.headers.get('x-content-type-options')).toBe('nosniff'); // the API's headers come along
    // the isolate's memory copy is only a shortcut: without it the Workers cache answers
    clearEdgeMemory();
    const fromCacheApi = await get(path);
    expect(fromCacheApi.cache).toBe('HIT');
    expect(fromCacheApi.text).toBe(first.text);
    // parameter order does not split the cache
    expect((await get('/api/listings?limit=20&page=1&location=Pune')).cache).toBe('HIT');
    const again = await get(path, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // a hard reload does not make us render anew (decision 011, "the key is what the answer reads")
    expect((await get(path, { 'cache-control': 'no-cache' })).cache).toBe('HIT');
  });

  it('a browser that accepts gzip gets a page compressed once, not per hit; the same page, a weak ETag that revalidates', async () => {
    const seller = await createUser();
    await createListing(seller, { title: 'Gzipped Activa', city: 'Nagpur' });
    await invalidateListingCaches(env);
    const path = '/products?location=Nagpur';
    const ctx = createExecutionContext();
    const plain = await get(path);
    expect(plain.cache).toBe('MISS');
    expect(plain.text).toContain('Gzipped Activa');
    const raw = async (headers: Record<string, string>) => {
      const res = await app.request(`https://sel.example${path}`, { headers: { 'user-agent': PHONE, ...headers } }, withShell, ctx);
      return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
    };
    const { res, bytes } = await raw({ 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers.get('x-edge-cache')).toBe('HIT');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(bytes.byteLength).toBeLessThan(plain.text.length / 2);
    const unzipped = await new Response(new Response(bytes).body!.pipeThrough(new DecompressionStream('gzip'))).text();
    expect(unzipped).toBe(plain.text);
    const etag = res.headers.get('etag')!;
    expect(etag).toBe(`W/${plain.headers.get('etag')}`);
    // either form of the tag revalidates either encoding
    expect((await raw({ 'accept-encoding': 'gzip', 'if-none-match': etag })).res.status).toBe(304);
    expect((await get(path, { 'if-none-match': etag })).status).toBe(304);
    expect((await raw({ 'accept-encoding': 'gzip', 'if-none-match': plain.headers.get('etag')! })).res.status).toBe(304);
    // API answers too, once their entry has been compressed (after the answer that filled it)
    const apiPath = 'https://sel.example/api/listings?location=Nagpur';
    const apiCtx = createExecutionContext();
    await (await app.request(apiPath, { headers: { 'accept-encoding': 'gzip, br' } }, withShell, apiCtx)).arrayBuffer();
    await waitOnExecutionContext(apiCtx);
    const api = await app.request(apiPath, { headers: { 'accept-encoding': 'gzip, br' } }, withShell, createExecutionContext());
    expect(api.headers.get('x-edge-cache')).toBe('HIT');
    expect(api.headers.get('content-encoding')).toBe('gzip');
    const apiText = await new Response(api.body!.pipeThrough(new DecompressionStream('gzip'))).text();
    expect((JSON.parse(apiText) as { success: boolean }).success).toBe(true);
    // gzip refused (q=0) or not offered: the plain bytes
    for (const accept of ['gzip;q=0, identity', 'identity', 'br']) {
      const other = await raw({ 'accept-encoding': accept });
      expect(other.res.headers.get('content-encoding')).toBeNull();
      expect(new TextDecoder().decode(other.bytes)).toBe(plain.text);
    }
    await waitOnExecutionContext(ctx);
  });

  it('a fresh answer is not compressed by the worker; the first hit that accepts gzip compresses the entry once', async () => {
    const seller = await createUser();
    await createListing(seller, { title: 'Compressed later Splendor', city: 'Kota' });
    await invalidateListingCaches(env);
    // count the worker's own compressions (the edge's are not the worker's CPU)
    const Original = globalThis.CompressionStream;
    let made = 0;
    globalThis.CompressionStream = class extends Original {
      constructor(format: CompressionFormat) {
        made++;
        super(format);
      }
    };
    try {
      const path = '/products?location=Kota';
      const fresh = await get(path, { 'accept-encoding': 'gzip' }); // (waits for its waitUntil work too)
      expect(fresh.cache).toBe('MISS');
      expect(fresh.text).toContain('Compressed later Splendor');
      expect(made).toBe(0);
      // a hit from a client that takes no gzip needs no compressed copy
      expect((await get(path, { 'accept-encoding': 'identity' })).cache).toBe('HIT');
      expect(made).toBe(0);
      for (let i = 0; i < 3; i++) {
        const ctx = createExecutionContext();
        const res = await app.request(`https://sel.example${path}`, { headers: { 'user-agent': PHONE, 'accept-encoding': 'gzip' } }, withShell, ctx);
        expect(res.headers.get('x-edge-cache')).toBe('HIT');
        expect(res.headers.get('content-encoding')).toBe('gzip');
        expect(await new Response(res.body!.pipeThrough(new DecompressionStream('gzip'))).text()).toBe(fresh.text);
        await waitOnExecutionContext(ctx);
      }
      expect(made).toBe(1);
    } finally {
      globalThis.CompressionStream = Original;
    }
  });

  it('a client that sends no Accept-Encoding (curl) gets plain bytes, fresh and from the cache alike', async () => {
    const seller = await createUser();
    await createListing(seller, { title: 'Plain bytes Pulsar', city: 'Indore' });
    await invalidateListingCaches(env);
    // what the edge (and wrangler locally) hands the worker for such a client: its own "br, gzip"
    // in the header, the client's own (none: "") in cf.clientAcceptEncoding
    const fetchAs = async (path: string, clientAccepts: string) => {
      const ctx = createExecutionContext();
      const res = await app.request(
        `https://sel.example${path}`,
        { headers: { 'user-agent': 'curl/8.5.0', 'accept-encoding': 'br, gzip' }, cf: { clientAcceptEncoding: clientAccepts } },
        withShell,
        ctx,
      );
      const bytes = new Uint8Array(await res.arrayBuffer());
      await waitOnExecutionContext(ctx);
      return { res, bytes, cache: res.headers.get('x-edge-cache'), encoding: res.headers.get('content-encoding') };
    };
    for (const path of ['/products?location=Indore', '/api/listings?location=Indore&limit=10'] /* not the page's own inlined read, which the page stored */) {
      const fresh = await fetchAs(path, '');
      expect(fresh.cache, path).toBe('MISS');
      expect(fresh.encoding, path).toBeNull();
      const text = new TextDecoder().decode(fresh.bytes);
      expect(text, path).toContain('Plain bytes Pulsar');
      expect(fresh.res.headers.get('vary'), path).toMatch(/accept-encoding/i);
      const hit = await fetchAs(path, '');
      expect(hit.cache, path).toBe('HIT');
      expect(hit.encoding, path).toBeNull();
      expect(new TextDecoder().decode(hit.bytes), path).toBe(text);
      expect(hit.res.headers.get('vary'), path).toMatch(/accept-encoding/i);
      // a browser behind the same edge gets the gzipped copy of the same entry
      const browser = await fetchAs(path, 'gzip, deflate, br, zstd');
      expect(browser.cache, path).toBe('HIT');
      expect(browser.encoding, path).toBe('gzip');
      expect(await new Response(new Response(browser.bytes).body!.pipeThrough(new DecompressionStream('gzip'))).text(), path).toBe(text);
    }
  });

  it('a cached page and search show a change to an ad at once: selling it, putting it back on sale', async () => {
    const seller = await createUserWithToken();
    const ad = await createListing(seller, { title: 'Edge Activa before', city: 'Mysuru', createdAt: Date.now() + 60_000 });
    await invalidateListingCaches(env);
    const page = '/products?location=Mysuru';
    const search = '/api/listings?location=Mysuru&page=1&limit=20';
    expect((await get(page)).cache).toBe('MISS');
    expect((await get(page)).cache).toBe('HIT');
    expect((await get(search)).text).toContain('Edge Activa before');
    expect((await get(search)).cache).toBe('HIT');
    // the seller marks it sold through the API: the very next guest request sees it gone
    expect((await send('POST', `/api/listings/${ad.id}/status`, seller.auth, { status: 'SOLD' })).status).toBe(200);
    const afterSearch = await get(search);
    expect(afterSearch.cache).toBe('MISS');
    expect(afterSearch.text).not.toContain('Edge Activa before');
    const afterPage = await get(page);
    expect(afterPage.cache).toBe('MISS');
    expect(afterPage.text).not.toContain('Edge Activa before');
    // and back on sale
    expect((await send('POST', `/api/listings/${ad.id}/status`, seller.auth, { status: 'APPROVED' })).status).toBe(200);
    expect((await get(page)).text).toContain('Edge Activa before');
  });

  it('signed-in requests are never answered from the cache nor stored in it', async () => {
    const viewer = await createUserWithToken();
    const seller = await createUser();
    await createListing(seller, { title: 'Edge Nagpur one', city: 'Nagpur' });
    await invalidateListingCaches(env);
    const path = '/api/listings?location=Nagpur&page=1&limit=20';
    // signed in first: nothing stored
    const mine = await get(path, viewer.auth);
    expect(mine.cache).toBeNull();
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect((await get(path)).cache).toBe('MISS');
    // a guest copy exists now; a write that bypasses the services (no version bump) is invisible
    // to guests, proof they read the cache, while the signed-in user still reads the database
    await createListing(seller, { title: 'Edge Nagpur two', city: 'Nagpur' });
    const guest = await get(path);
    expect(guest.cache).toBe('HIT');
    expect(guest.text).not.toContain('Edge Nagpur two');
    const signedIn = await get(path, viewer.auth);
    expect(signedIn.cache).toBeNull();
    expect(signedIn.text).toContain('Edge Nagpur two');
  });

  it('home and listing pages, now with their first screen as markup: guests share a copy, signed-in visitors never touch it', async () => {
    const viewer = await createUserWithToken();
    const seller = await createUser();
    const ad = await createListing(seller, { title: 'Edge markup Bullet', createdAt: Date.now() + 500_000 });
    await invalidateListingCaches(env);
    for (const path of ['/', `/item/${ad.slug}`]) {
      // signed in first: rendered, but nothing stored
      const mine = await get(path, viewer.auth);
      expect(mine.cache, path).toBeNull();
      expect(mine.text, path).toContain('Edge markup Bullet');
      expect((await get(path)).cache, path).toBe('MISS');
      expect((await get(path)).cache, path).toBe('HIT');
    }
    // a rename written straight to D1 (no version bump): guests keep the cached listing page, a
    // signed-in visitor gets it rendered anew (home's list is the guest search, cached on its own)
    await listingDb(ad.id).prepare('UPDATE listings SET title = ? WHERE id = ?').bind('Edge markup Bullet renamed', ad.id).run();
    const guest = await get(`/item/${ad.slug}`);
    expect(guest.cache).toBe('HIT');
    expect(guest.text).toContain('<h1 class="listing-detail__title">Edge markup Bullet</h1>');
    const signedIn = await get(`/item/${ad.slug}`, viewer.auth);
    expect(signedIn.cache).toBeNull();
    expect(signedIn.text).toContain('<h1 class="listing-detail__title">Edge markup Bullet renamed</h1>');
    expect((await get('/', viewer.auth)).cache).toBeNull();
  });

  it('crawlers and phones get their own page copies; bad input and other routes are not cached', async () => {
    await invalidateListingCaches(env);
    expect((await get('/products?category=Vehicles')).cache).toBe('MISS');
    const bot = await get('/products?category=Vehicles', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    expect(bot.cache).toBe('MISS');
    expect(bot.text).not.toContain('id="sel-boot"');
    expect((await get('/products?category=Vehicles')).text).toContain('id="sel-boot"');
    const bad = await get('/api/listings?page=-4');
    expect(bad.status).toBe(400);
    expect(bad.cache).toBeNull();
    expect((await get('/api/listings?page=-4')).cache).toBeNull();
    const seller = await createUser();
    const ad = await createListing(seller);
    // a listing read by id counts a view: always the worker
    expect((await get(`/api/listings/${ad.id}`)).cache).toBeNull();
    // a page's inlined reads are its services' answers, not API requests (decision 023): they fill no
    // API entry as a side effect; the API's own first request does
    expect((await get('/api/categories')).cache).toBe('MISS');
    expect((await get('/api/categories')).cache).toBe('HIT');
    await invalidateListingCaches(env);
    expect((await get('/api/categories')).cache).toBe('MISS');
  });

  it('the benchmarks\' switches, under EDGE_CACHE=measure only: bypass renders anew and fills; "bypass, no-fill" leaves the shared cache alone', async () => {
    const seller = await createUser();
    await createListing(seller, { title: 'Unfilled Splendor', city: 'Nagpur' });
    await invalidateListingCaches(env);
    const measured = withAppShell(APP_SHELL, { EDGE_CACHE: 'measure' });
    const as = async (bindings: typeof withShell, path: string, edge?: string) => {
      const ctx = createExecutionContext();
      const res = await app.request(`https://sel.example${path}`, { headers: { 'user-agent': PHONE, ...(edge ? { 'x-edge-cache': edge } : {}) } }, bindings, ctx);
      const text = await res.text();
      await waitOnExecutionContext(ctx);
      return { cache: res.headers.get('x-edge-cache'), text };
    };
    for (const path of ['/products?location=Nagpur', '/api/listings?location=Nagpur&limit=10']) {
      // no-fill: rendered anew, the same answer, and nothing written to the Workers cache
      const unfilled = await as(measured, path, 'bypass, no-fill');
      expect(unfilled.cache, path).toBe('BYPASS');
      expect(unfilled.text, path).toContain('Unfilled Splendor');
      clearEdgeMemory();
      expect((await as(measured, path)).cache, path).toBe('MISS');
      // a plain bypass fills it, as a miss does
      await invalidateListingCaches(env);
      expect((await as(measured, path, 'bypass')).cache, path).toBe('BYPASS');
      clearEdgeMemory();
      expect((await as(measured, path)).cache, path).toBe('HIT');
      // outside measure the header means nothing: a hit stays a hit
      expect((await as(withShell, path, 'bypass, no-fill')).cache, path).toBe('HIT');
      await invalidateListingCaches(env);
    }
  });

  it('"since" is part of the key: each window is its own answer, a bad one is a 400 never stored', async () => {
    const seller = await createUser();
    const word = `Sincecache${Date.now().toString(36)}`;
    const old = await createListing(seller, { title: `${word} old scooter`, city: 'Pune', createdAt: Date.now() - 3 * 3_600_000 });
    const fresh = await createListing(seller, { title: `${word} new scooter`, city: 'Pune', createdAt: Date.now() - 60_000 });
    await invalidateListingCaches(env);
    const ids = (text: string) => (JSON.parse(text).data.listings as { id: string }[]).map((l) => l.id).sort();
    const all = await get(`/api/listings?q=${word}`);
    expect(ids(all.text)).toEqual([old.id, fresh.id].sort());
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const windowed = await get(`/api/listings?q=${word}&since=${hourAgo}`);
    expect(windowed.cache).toBe('MISS');
    expect(ids(windowed.text)).toEqual([fresh.id]);
    expect((await get(`/api/listings?q=${word}&since=${hourAgo}`)).cache).toBe('HIT');
    // another window is another entry, not the first one's answer
    const dayAgo = new Date(Date.now() - 86_400_000).toISOString();
    const wider = await get(`/api/listings?q=${word}&since=${dayAgo}`);
    expect(wider.cache).toBe('MISS');
    expect(ids(wider.text)).toEqual([old.id, fresh.id].sort());
    const bad = await get(`/api/listings?q=${word}&since=yesterday`);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).error).toMatch(/since must be a date and time/);
    expect((await get(`/api/listings?q=${word}&since=yesterday`)).cache).not.toBe('HIT');
  });
});
