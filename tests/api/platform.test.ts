import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { call } from './helpers';

describe('OpenAPI document and docs page', () => {
  it('serves an OpenAPI 3.1 document describing every public endpoint', async () => {
    const { status, body } = await call('/api/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    for (const path of [
      '/listings',
      '/listings/{id}',
      '/listings/slug/{slug}',
      '/listings/{id}/related',
      '/categories',
      '/popular-searches',
      '/banner-ads',
      '/locations',
      '/locations/search',
      '/locations/states',
      '/locations/cities/{state}',
      '/locations/areas',
      '/locations/{id}',
    ]) {
      expect(body.paths[path], path).toBeDefined();
      expect(body.paths[path].get.responses['200'], path).toBeDefined();
    }
    const params = body.paths['/listings'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['page', 'limit', 'sortBy', 'sortOrder', 'q', 'category', 'location', 'minPrice', 'maxPrice', 'condition', 'brand']));
  });

  it('serves a human docs page', async () => {
    const { status, body, headers } = await call('/api/docs');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('text/html');
    expect(body).toContain('SEL API reference');
  });
});

describe('envelope and errors', () => {
  it('unknown API paths answer a JSON 404', async () => {
    const { status, body } = await call('/api/nope');
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, error: 'No such API endpoint', code: 'ROUTE_NOT_FOUND' });
  });

  it('API responses carry security headers', async () => {
    const { headers } = await call('/api/categories');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});

describe('photos from R2', () => {
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(996).fill(7)]);

  it('serves a photo with long caching, ETag revalidation and ranges', async () => {
    await env.MEDIA.put('seed/test/1.jpg', jpeg, { httpMetadata: { contentType: 'image/jpeg' } });
    const { exports } = await import('cloudflare:workers');
    const fetcher = (exports as unknown as { default: Fetcher }).default;
    const res = await fetcher.fetch('http://sel.test/api/media/seed/test/1.jpg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(jpeg);
    const etag = res.headers.get('etag')!;
    const again = await fetcher.fetch('http://sel.test/api/media/seed/test/1.jpg', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    await again.arrayBuffer();
    const part = await fetcher.fetch('http://sel.test/api/media/seed/test/1.jpg', { headers: { Range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 0-3/1000');
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 0xe0]);
  });

  it('serves resized WebP variants for cards (320) and the carousel (800), made once and kept', async () => {
    const { jpegBytes } = await import('../factories/images');
    await env.MEDIA.put('u/test/big.jpg', jpegBytes(1600, 1200), { httpMetadata: { contentType: 'image/jpeg' } });
    const { exports } = await import('cloudflare:workers');
    const fetcher = (exports as unknown as { default: Fetcher }).default;
    for (const width of [320, 800]) {
      const res = await fetcher.fetch(`http://sel.test/api/media/u/test/big.jpg?w=${width}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(String.fromCharCode(...bytes.slice(8, 12))).toBe('WEBP');
      expect(bytes.length).toBeLessThan(jpegBytes(1600, 1200).length);
      expect(await env.MEDIA.head(`variants/${width}/u/test/big.jpg.webp`)).not.toBeNull();
    }
    // other widths get the original
    const odd = await fetcher.fetch('http://sel.test/api/media/u/test/big.jpg?w=999');
    expect(odd.headers.get('content-type')).toBe('image/jpeg');
    await odd.arrayBuffer();
  });

  it('404s for missing photos and refuses path tricks', async () => {
    for (const path of ['/api/media/seed/none.jpg', '/api/media/..%2F..%2Fetc%2Fpasswd', '/api/media/%2e%2e/x']) {
      const { status, body } = await call(path);
      expect(status, path).toBe(404);
      expect(body.success).toBe(false);
    }
  });
});

describe('dev outbox', () => {
  it('is readable when DEV_OUTBOX is "true" (the test env) and absent otherwise', async () => {
    const on = await call('/api/dev/outbox');
    expect(on.status).toBe(200);
    expect(Array.isArray(on.body.data)).toBe(true);
    const { app } = await import('../../worker/app');
    const off = await app.request('/api/dev/outbox', {}, { ...env, DEV_OUTBOX: 'false' });
    expect(off.status).toBe(404);
  });
});

describe('caching of personal answers', () => {
  it('answers to a signed-in request are private and not stored', async () => {
    const { createUserWithToken } = await import('../factories');
    const me = await createUserWithToken();
    const mine = await call('/api/auth/profile', { headers: me.auth });
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    const docs = await call('/api/docs');
    expect(docs.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});
