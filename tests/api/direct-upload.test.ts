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

describe('a direct upload is bound to the one photo that was checked (security review, hole 1)', () => {
  const stagedKey = (uploadUrl: string) => decodeURIComponent(new URL(uploadUrl).pathname.replace('/cdn-cgi/local/r2/s3/sel-media/', ''));
  const fetchMedia = async (url: string) => {
    const res = await app.request(url.replace('http://sel.test', 'http://sel.test'), {}, s3Env);
    return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
  };

  it('a second PUT after confirm changes nothing that is served', async () => {
    const seller = await createUserWithToken();
    const photo = jpegBytes(320, 240);
    const { id, uploadUrl } = (await request(seller.auth, '/api/upload/presign', { contentType: 'image/jpeg', size: photo.length })).body.data;
    await env.MEDIA.put(stagedKey(uploadUrl), photo);
    const confirmed = await request(seller.auth, '/api/upload/confirm', { id });
    expect(confirmed.status).toBe(200);
    // the attacker re-uses the URL: an HTML page served as a .exe download
    await env.MEDIA.put(stagedKey(uploadUrl), new TextEncoder().encode('<html><script>alert(1)</script></html>'), {
      httpMetadata: { contentType: 'text/html', contentDisposition: 'attachment; filename=setup.exe' },
    });
    const served = await fetchMedia(confirmed.body.data.url);
    expect(served.status).toBe(200);
    expect(served.type).toBe('image/jpeg');
    expect(served.bytes).toEqual(photo);
    // confirming again does not pick the new bytes up either
    expect((await request(seller.auth, '/api/upload/confirm', { id })).status).toBe(200);
    expect((await fetchMedia(confirmed.body.data.url)).bytes).toEqual(photo);
    // and the staging key is never served
    expect((await fetchMedia(`http://sel.test/api/media/${stagedKey(uploadUrl)}`)).status).toBe(404);
  });

  it('wrong length: bytes of another size than announced are refused and deleted', async () => {
    const seller = await createUserWithToken();
    const photo = jpegBytes(320, 240);
    const { id, uploadUrl } = (await request(seller.auth, '/api/upload/presign', { contentType: 'image/jpeg', size: 1000 })).body.data;
    await env.MEDIA.put(stagedKey(uploadUrl), photo);
    const res = await request(seller.auth, '/api/upload/confirm', { id });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('UPLOAD_SIZE_MISMATCH');
    expect(await env.MEDIA.head(stagedKey(uploadUrl))).toBeNull();
    expect(await env.DB.prepare('SELECT 1 FROM media WHERE id = ?').bind(id).first()).toBeNull();
  });

  it('wrong type: a PNG announced as JPEG is stored and served as PNG; an SVG is refused', async () => {
    const seller = await createUserWithToken();
    const png = pngBytes();
    const { id, uploadUrl } = (await request(seller.auth, '/api/upload/presign', { contentType: 'image/jpeg', size: png.length })).body.data;
    await env.MEDIA.put(stagedKey(uploadUrl), png, { httpMetadata: { contentType: 'image/svg+xml' } });
    const ok = await request(seller.auth, '/api/upload/confirm', { id });
    expect(ok.status).toBe(200);
    expect(ok.body.data.url).toMatch(/\.png$/);
    expect((await fetchMedia(ok.body.data.url)).type).toBe('image/png');
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const other = (await request(seller.auth, '/api/upload/presign', { contentType: 'image/png', size: svg.length })).body.data;
    await env.MEDIA.put(stagedKey(other.uploadUrl), svg);
    expect((await request(seller.auth, '/api/upload/confirm', { id: other.id })).status).toBe(415);
  });

  it('a PENDING photo is not served, neither under its address nor its staging key', async () => {
    const seller = await createUserWithToken();
    const photo = jpegBytes(320, 240);
    const { url, uploadUrl } = (await request(seller.auth, '/api/upload/presign', { contentType: 'image/jpeg', size: photo.length })).body.data;
    await env.MEDIA.put(stagedKey(uploadUrl), photo);
    expect((await fetchMedia(url)).status).toBe(404);
    expect((await fetchMedia(`http://sel.test/api/media/${stagedKey(uploadUrl)}`)).status).toBe(404);
  });
});
