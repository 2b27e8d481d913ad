/**
 * Attacks on the guest edge cache (decision 011, addendum "the key is what the answer reads"):
 * junk query strings that each forced a render and filled the cache with one entry apiece, and a
 * client's Cache-Control: no-cache that skipped the cache and forced a render.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { app } from '../../worker/app';
import { createListing, createUser } from '../factories';
import { invalidateListingCaches } from '../../worker/lib/cache';
import { canonicalCacheUrl, clearEdgeMemory } from '../../worker/lib/edge-cache';

const SHELL = '<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><title>SEL</title></head><body><div id="root"></div></body></html>';
/** Pages render on the app shell: each render fetches it once, so this counts renders. */
let shellFetches = 0;
const withShell = {
  ...env,
  EDGE_CACHE: 'on',
  ASSETS: {
    fetch: async (req: Request) => {
      if (new URL(req.url).pathname === '/route-preloads.json') return Response.json({});
      shellFetches++;
      return new Response(SHELL, { headers: { 'content-type': 'text/html' } });
    },
  } as unknown as Fetcher,
};
const PHONE = 'Mozilla/5.0 (Linux; Android 11; moto g power) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36';

const get = async (path: string, headers: Record<string, string> = {}) => {
  const ctx = createExecutionContext();
  const res = await app.request(`https://sel.example${path}`, { headers: { 'user-agent': PHONE, ...headers } }, withShell, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, text, cache: res.headers.get('x-edge-cache'), rowsRead: res.headers.get('x-d1-rows-read') };
};

beforeEach(async () => {
  clearEdgeMemory();
  await invalidateListingCaches(env);
});

describe('junk query strings share one entry', () => {
  it('30 /products URLs that differ only in parameters the page does not read: one render, and each answer is the page for the known ones', async () => {
    const seller = await createUser();
    await createListing(seller, { title: 'Royal Enfield Classic 350', city: 'Indore' });
    await invalidateListingCaches(env);
    clearEdgeMemory();
    const before = shellFetches;
    const answers = [];
    for (let i = 0; i < 30; i++) {
      const junk = i % 3 === 0 ? `utm_source=ad${i}&utm_campaign=c${i}` : i % 3 === 1 ? `zz${i}=${i}` : `fbclid=x${i}&_=${Date.now() + i}`;
      answers.push(await get(`/products?${junk}&location=Indore`));
    }
    expect(shellFetches - before).toBe(1);
    expect(answers.map((a) => a.cache)).toEqual(['MISS', ...Array(29).fill('HIT')]);
    // what was rendered (for a junk URL) is the page for location=Indore: with its results, without the junk
    expect(answers[0]!.text).toContain('Royal Enfield Classic 350');
    expect(answers[0]!.text).not.toMatch(/utm_|ad0|zz\d/);
    const plain = await get('/products?location=Indore');
    expect(plain.cache).toBe('HIT');
    expect(plain.text).toBe(answers[0]!.text);
    // known parameters still make their own pages
    const elsewhere = await get('/products?location=Bhopal&utm_source=x');
    expect(elsewhere.cache).toBe('MISS');
    expect(elsewhere.text).not.toContain('Royal Enfield Classic 350');
  });

  it('the API: cache-busting parameters on a search share the entry of the search', async () => {
    const seller = await createUser();
    await createListing(seller, { title: 'Hero Splendor Plus', city: 'Surat' });
    await invalidateListingCaches(env);
    const states = [];
    for (let i = 0; i < 20; i++) states.push((await get(`/api/listings?location=Surat&limit=20&cachebuster=${i}&t${i}=1`)).cache);
    expect(states).toEqual(['MISS', ...Array(19).fill('HIT')]);
    const body = JSON.parse((await get('/api/listings?limit=20&location=Surat')).text);
    expect(body.data.listings.map((l: { title: string }) => l.title)).toEqual(['Hero Splendor Plus']);
    // the parameters the search reads are still each their own key
    expect((await get('/api/listings?location=Surat&limit=19')).cache).toBe('MISS');
  });

  it('keys keep exactly the parameters each path reads, sorted', () => {
    const canonical = (path: string) => canonicalCacheUrl(new Request(`https://sel.example${path}`))?.href;
    expect(canonical('/products?utm_medium=x&page=2&category=Cars&gclid=1#top')).toBe('https://sel.example/products?category=Cars&page=2');
    expect(canonical('/?utm_source=whatsapp')).toBe('https://sel.example/');
    expect(canonical('/item/some-ad-iid-123?ref=share')).toBe('https://sel.example/item/some-ad-iid-123');
    expect(canonical('/api/locations/search?q=pun&junk=1&limit=5')).toBe('https://sel.example/api/locations/search?limit=5&q=pun');
    expect(canonical('/api/locations/areas?city=Pune&x=1')).toBe('https://sel.example/api/locations/areas?city=Pune');
    expect(canonical('/api/locations/states?x=1')).toBe('https://sel.example/api/locations/states');
    expect(canonical('/api/listings/abc/related?limit=4&x=1')).toBe('https://sel.example/api/listings/abc/related?limit=4');
    expect(canonical('/api/listings/abc')).toBeUndefined();
  });
});

describe('a client cannot force a render', () => {
  it('Cache-Control: no-cache and Pragma: no-cache are served from the cache', async () => {
    const seller = await createUser();
    await createListing(seller, { title: 'Maruti Alto 800', city: 'Rajkot' });
    await invalidateListingCaches(env);
    expect((await get('/products?location=Rajkot')).cache).toBe('MISS');
    const before = shellFetches;
    const reloads: Record<string, string>[] = [{ 'cache-control': 'no-cache' }, { pragma: 'no-cache' }, { 'cache-control': 'no-cache, no-store, max-age=0', pragma: 'no-cache' }];
    for (const headers of reloads) {
      const res = await get('/products?location=Rajkot', headers);
      expect(res.cache).toBe('HIT');
      expect(res.text).toContain('Maruti Alto 800');
    }
    expect(shellFetches).toBe(before);
    expect((await get('/api/listings?location=Rajkot', { 'cache-control': 'no-cache' })).cache).toBe('MISS');
    expect((await get('/api/listings?location=Rajkot', { 'cache-control': 'no-cache' })).cache).toBe('HIT');
    // the bench's switch does nothing where it is not turned on (EDGE_CACHE=on here)
    expect((await get('/products?location=Rajkot', { 'x-edge-cache': 'bypass' })).cache).toBe('HIT');
  });
});
