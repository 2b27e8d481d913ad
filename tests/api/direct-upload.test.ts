import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { app } from '../../worker/app';
import { createUserWithToken } from '../factories';
import { jpegBytes, pngBytes } from '../factories/images';

// wrangler's local S3 endpoint for the bucket (see wrangler.toml local_dev); tests play the browser's PUT
const s3Env = { ...env, R2_S3_ENDPOINT: 'local', R2_ACCESS_KEY_ID: 'sel-local-dev', R2_SECRET_ACCESS_KEY: 'sel-local-dev-secret' };
const request = async (auth: Record<string, string>, path: string, body: unknown, useEnv: object = s3Env) => {
  const res = await app.request(`http://sel.test${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(body) }, useEnv);
  return { status: res.status, body: (await res.json()) as any };
};

describe('direct uploads to R2 (presigned PUT)', () => {
  it('presigns a short-lived PUT for a server-made key, and the photo joins ads only after its bytes are checked', async () => {
    const seller = await createUserWithToken();
    const photo = jpegBytes(640, 480);
    const presigned = await request(seller.auth, '/api/upload/presign', { contentType: 'image/jpeg', size: photo.length });
    expect(presigned.status).toBe(201);
    const { id, uploadUrl, url, expiresIn } = presigned.body.data;
    const signed = new URL(uploadUrl);
    // the browser writes a staging key; the photo's own key is written by the worker after the checks
    expect(signed.pathname).toMatch(new RegExp(`^/cdn-cgi/local/r2/s3/sel-media/incoming/${seller.id}/[0-9a-z]{26}$`));
    expect(url).toMatch(new RegExp(`^http://sel.test/api/media/u/${seller.id}/[0-9a-z]{26}\\.jpg$`));
    expect(signed.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(signed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(expiresIn).toBe(300);
    const row = await env.DB.prepare('SELECT state FROM media WHERE id = ?').bind(id).first<{ state: string }>();
    expect(row?.state).toBe('PENDING');
    // not usable before confirmation
    const key = decodeURIComponent(signed.pathname.replace('/cdn-cgi/local/r2/s3/sel-media/', ''));
    const early = await request(seller.auth, '/api/upload/confirm', { id });
    expect(early.status).toBe(400);
    expect(early.body.error).toBe('The photo has not arrived yet. Please upload it again.');
    // the browser's PUT lands in the bucket
    await env.MEDIA.put(key, photo);
    const confirmed = await request(seller.auth, '/api/upload/confirm', { id });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ id, url, width: 640, height: 480 });
    expect((await env.DB.prepare('SELECT state, bytes FROM media WHERE id = ?').bind(id).first<{ state: string; bytes: number }>())?.state).toBe('READY');
    // the confirmed photo carries its perceptual hash and bands, like a worker upload (decision 012)
    const hashed = await env.DB.prepare('SELECT phash, phash_b0, phash_b3 FROM media WHERE id = ?').bind(id).first<{ phash: string; phash_b0: number; phash_b3: number }>();
    expect(hashed?.phash).toMatch(/^[0-9a-f]{16}$/);
    expect(hashed?.phash_b0).toBe(Number.parseInt(hashed!.phash.slice(0, 4), 16));
    expect(hashed?.phash_b3).toBe(Number.parseInt(hashed!.phash.slice(12), 16));
  });

  it('a direct upload that is not really an image is deleted, not kept', async () => {
    const seller = await createUserWithToken();
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const { id, uploadUrl } = (await request(seller.auth, '/api/upload/presign', { contentType: 'image/png', size: html.length })).body.data;
    const key = decodeURIComponent(new URL(uploadUrl).pathname.replace('/cdn-cgi/local/r2/s3/sel-media/', ''));
    await env.MEDIA.put(key, html);
    const res = await request(seller.auth, '/api/upload/confirm', { id });
    expect(res.status).toBe(415);
    expect(await env.MEDIA.head(key)).toBeNull();
    expect(await env.DB.prepare('SELECT 1 FROM media WHERE id = ?').bind(id).first()).toBeNull();
  });

  it('the declared type and size are checked up front; someone else’s upload cannot be confirmed', async () => {
    const seller = await createUserWithToken();
    expect((await request(seller.auth, '/api/upload/presign', { contentType: 'image/gif', size: 10 })).status).toBe(400);
    const big = await request(seller.auth, '/api/upload/presign', { contentType: 'image/jpeg', size: 6 * 1024 * 1024 });
    expect(big.status).toBe(400);
    expect(big.body.error).toBe('This photo is too large. Please use images smaller than 5MB.');
    const { id, uploadUrl } = (await request(seller.auth, '/api/upload/presign', { contentType: 'image/png', size: 100 })).body.data;
    await env.MEDIA.put(decodeURIComponent(new URL(uploadUrl).pathname.replace('/cdn-cgi/local/r2/s3/sel-media/', '')), pngBytes());
    const stranger = await createUserWithToken();
    expect((await request(stranger.auth, '/api/upload/confirm', { id })).status).toBe(404);
    expect((await request({}, '/api/upload/presign', { contentType: 'image/png', size: 100 })).status).toBe(401);
  });

  it('without S3 credentials the client is told to fall back to the worker upload', async () => {
    const seller = await createUserWithToken();
    const res = await request(seller.auth, '/api/upload/presign', { contentType: 'image/jpeg', size: 100 }, { ...env, R2_S3_ENDPOINT: undefined, R2_ACCESS_KEY_ID: undefined });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('PRESIGN_OFF');
  });
});

