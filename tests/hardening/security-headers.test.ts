/**
 * Security headers on every kind of response the worker produces: API JSON (success, every error
 * status including 413, 429 and 503), the API docs page, photos, and the HTML pages the worker
 * renders for crawlers (/item/{slug}, /listing/{id}, /products, the 404 page), plus what those
 * pages do with hostile listing text.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { env, exports } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { app } from '../../worker/app';
import { call } from '../api/helpers';
import { createListing, createUser, createUserWithToken } from '../factories';
import { jpegBytes } from '../factories/images';

let checked = 0;
afterAll(() => console.log(`security headers: ${checked} responses checked`));

const API_HEADERS: Record<string, RegExp> = {
  'x-content-type-options': /^nosniff$/,
  'x-frame-options': /^(DENY|SAMEORIGIN)$/,
  'referrer-policy': /^(strict-origin-when-cross-origin|no-referrer|same-origin)$/,
  'strict-transport-security': /max-age=(\d{8,}|[2-9]\d{6,}|1[5-9]\d{6})/,
  'cross-origin-resource-policy': /^(same-site|same-origin)$/,
  'cross-origin-opener-policy': /^same-origin/,
};

const expectApiHeaders = (headers: Headers, what: string) => {
  for (const [name, pattern] of Object.entries(API_HEADERS)) expect(headers.get(name) ?? '', `${what}: ${name}`).toMatch(pattern);
  expect(headers.get('x-powered-by'), `${what}: x-powered-by`).toBeNull();
  // no CORS grant for other origins (the SPA is same-origin)
  expect(headers.get('access-control-allow-origin'), `${what}: CORS`).toBeNull();
  expect(headers.get('access-control-allow-credentials'), `${what}: CORS credentials`).toBeNull();
  checked++;
};

const EVIL = { Origin: 'https://evil.example', 'CF-Connecting-IP': '203.0.113.99' };

describe('API responses', () => {
  it('success and every error status carry the security headers, JSON content type and no CORS grant', async () => {
    const user = await createUserWithToken();
    const cases: [string, Promise<{ status: number; headers: Headers; body: any }>][] = [
      ['200 public', call('/api/categories', { headers: EVIL })],
      ['200 signed in', call('/api/auth/profile', { headers: { ...EVIL, ...user.auth } })],
      ['400 validation', call('/api/listings?page=0', { headers: EVIL })],
      ['400 malformed JSON', call('/api/auth/login', { method: 'POST', headers: { ...EVIL, 'content-type': 'application/json' }, body: '{' })],
      ['401', call('/api/auth/profile', { headers: EVIL })],
      ['403', call(`/api/premium/status/usr_someone`, { headers: { ...EVIL, ...user.auth } })],
      ['404 route', call('/api/nope', { headers: EVIL })],
      ['404 object', call('/api/listings/01jzzzzzzzzzzzzzzzzzzzzzzz', { headers: EVIL })],
      ['404 photo', call('/api/media/u/none.jpg', { headers: EVIL })],
      ['413', call('/api/auth/login', { method: 'POST', headers: { ...EVIL, 'content-type': 'application/json' }, body: JSON.stringify({ email: 'x'.repeat(300_000) }) })],
      ['415', call('/api/upload/image', { method: 'POST', headers: { ...EVIL, ...user.auth, 'content-type': 'application/json' }, body: '{}' })],
      ['OPTIONS preflight', call('/api/listings', { method: 'OPTIONS', headers: { ...EVIL, 'Access-Control-Request-Method': 'DELETE', 'Access-Control-Request-Headers': 'authorization' } })],
    ];
    const seen = new Set<number>();
    for (const [what, pending] of cases) {
      const res = await pending;
      seen.add(res.status);
      expectApiHeaders(res.headers, what);
      expect(res.headers.get('content-type'), what).toMatch(/^application\/json/);
      if (res.status >= 400) expect(res.body, what).toMatchObject({ success: false, code: expect.any(String) });
      // signed-in data must never be marked cacheable by shared caches
      expect(res.headers.get('cache-control') ?? '', what).not.toMatch(/public/);
    }
    expect([...seen].sort()).toEqual([200, 400, 401, 403, 404, 413, 415]);
  });

  it('429 carries them too, with Retry-After', async () => {
    const ip = '203.0.113.250';
    const limiter = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`otp-ip:${ip}`));
    for (let i = 0; i < 20; i++) await limiter.consume(20, 60 * 60_000);
    const res = await call('/api/auth/send-otp', { method: 'POST', headers: { 'content-type': 'application/json', 'CF-Connecting-IP': ip }, body: JSON.stringify({ phone: '9876543219', type: 'REGISTER' }) });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expectApiHeaders(res.headers, '429');
  });

  it('503 (a dependency down) carries them too', async () => {
    const down = { prepare: () => ({ bind: () => ({ first: () => Promise.reject(new Error('D1_ERROR: Network connection lost.')), all: () => Promise.reject(new Error('D1_ERROR: Network connection lost.')) }) }), batch: () => Promise.reject(new Error('D1_ERROR: Network connection lost.')) } as unknown as D1Database;
    // every database down: the core and, when the listings are spread, each listings database
    const everyDatabase = Object.fromEntries(['DB', 'LISTINGS_0', 'LISTINGS_1', 'LISTINGS_2', 'LISTINGS_3'].map((binding) => [binding, down]));
    const res = await app.request('http://sel.test/api/listings', {}, { ...env, ...everyDatabase });
    expect(res.status).toBe(503);
    expectApiHeaders(res.headers, '503');
  });

  it('a photo: its own type, nosniff, a sandboxing CSP, and the API headers', async () => {
    await env.MEDIA.put('seed/headers/1.jpg', jpegBytes(), { httpMetadata: { contentType: 'image/jpeg' } });
    const photo = await (exports as unknown as { default: Fetcher }).default.fetch('http://sel.test/api/media/seed/headers/1.jpg', { headers: EVIL });
    await photo.arrayBuffer();
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expectApiHeaders(photo.headers, 'photo');
  });

  it('the docs page (HTML from the worker) cannot be framed by other sites and is not sniffed', async () => {
    const res = await call('/api/docs');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expectApiHeaders(res.headers, 'docs');
  });
});

// ---------------------------------------------------------------- pages the worker renders

const SHELL =
  '<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><title>SEL - Your Trusted Marketplace</title><meta name="description" content="default"></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';
const withShell = { ...env, ASSETS: { fetch: async () => new Response(SHELL, { headers: { 'content-type': 'text/html' } }) } as unknown as Fetcher };
const page = async (path: string) => {
  const ctx = createExecutionContext();
  const res = await app.request(`https://sel.example${path}`, {}, withShell, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, text, headers: res.headers };
};

const cspDirectives = (csp: string) => new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name!, values]));

const expectPageHeaders = (headers: Headers, what: string) => {
  expect(headers.get('content-type'), what).toBe('text/html; charset=utf-8');
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('strict-transport-security') ?? '', `${what}: HSTS`).toMatch(API_HEADERS['strict-transport-security']!);
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(headers.get('cross-origin-opener-policy') ?? '', what).toMatch(/^same-origin/);
  const csp = cspDirectives(headers.get('content-security-policy') ?? '');
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('base-uri'), what).toEqual(["'self'"]);
  expect(csp.get('form-action'), what).toEqual(["'self'"]);
  const scripts = csp.get('script-src') ?? [];
  expect(scripts, what).toContain("'self'");
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'http:', 'https:', 'data:']) expect(scripts, `${what}: script-src ${unsafe}`).not.toContain(unsafe);
  checked++;
};

describe('the static app (index.html and assets, served from the generated _headers file)', () => {
  it('carries HSTS and the other page headers for every path', async () => {
    const { staticHeadersFile } = await import('../../worker/lib/page-headers');
    const file = staticHeadersFile();
    const pages = file.split('\n\n')[0]!;
    expect(pages).toMatch(/^\/\*$/m);
    expect(pages).toMatch(/^ {2}Strict-Transport-Security: max-age=\d{8,}; includeSubDomains$/m);
    expect(pages).toMatch(/^ {2}Content-Security-Policy: /m);
  });
});

describe('HTML pages rendered by the worker', () => {
  it('listing pages (by slug and by id), the products page and the 404 page carry the page headers', async () => {
    const seller = await createUser();
    const ad = await createListing(seller, { title: 'Maruti Swift VXI 2018' });
    for (const [path, status] of [
      [`/item/${ad.slug}`, 200],
      [`/listing/${ad.id}`, 200],
      ['/products?category=Cars&location=Pune', 200],
      ['/products?q=honda', 200],
      ['/item/nothing-here-iid-nope', 404],
      [`/listing/${'x'.repeat(500)}`, 404],
    ] as const) {
      const res = await page(path);
      expect(res.status, path).toBe(status);
      expectPageHeaders(res.headers, path);
    }
  });

  it('a hidden ad is a 404 page for everyone (the page never shows what the API hides)', async () => {
    const seller = await createUser();
    const hidden = await createListing(seller, { title: 'Hidden ad title zebra', status: 'INACTIVE' });
    const res = await page(`/item/${hidden.slug}`);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('zebra');
    expectPageHeaders(res.headers, 'hidden');
  });

  it('hostile listing text stays text: in the title, the meta tags and the JSON-LD', async () => {
    const seller = await createUser({ businessName: '"><img src=x onerror=alert(3)>' });
    const title = '</title><script>alert(1)</script> "quoted" & <b>bold</b>';
    const description = 'Nice car </script><script>alert(2)</script>\u2028 and "quotes" \' <!-- comment --> ${x}';
    const ad = await createListing(seller, { title, description, features: { brand: '</script><svg onload=alert(4)>' } });
    const res = await page(`/item/${ad.slug}`);
    expect(res.status).toBe(200);
    expectPageHeaders(res.headers, 'hostile');
    // exactly the shell's own script, the JSON-LD block and the inlined data: nothing injected runs
    expect(res.text.match(/<script\b/g)).toHaveLength(3);
    expect(res.text).not.toMatch(/<script>alert|<img src=x|<svg onload/);
    expect(res.text).not.toContain('<!-- comment -->');
    const head = res.text.slice(0, res.text.indexOf('</head>'));
    expect(head).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; "quoted" &amp; &lt;b&gt;bold&lt;/b&gt; - Bengaluru | SEL</title>');
    for (const tag of head.match(/<meta [^>]*>/g) ?? []) expect(tag).not.toMatch(/content="[^"]*"[^>]*(onerror|onload)=/);
    const ld = JSON.parse(res.text.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!);
    expect(ld).toMatchObject({ name: title, description, brand: { name: '</script><svg onload=alert(4)>' }, offers: { seller: { name: '"><img src=x onerror=alert(3)>' } } });
    // the guest's inlined copy of the listing keeps the hostile text as data
    const boot = JSON.parse(res.text.match(/<script id="sel-boot" type="application\/json">(.*?)<\/script>/s)![1]!);
    expect(boot[`/listings/slug/${encodeURIComponent(ad.slug)}`]).toMatchObject({ title, description, user: { businessName: '"><img src=x onerror=alert(3)>' } });
  });
});
