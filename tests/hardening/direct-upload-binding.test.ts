/**
 * Hole 1 of the security review: a presigned PUT was not bound to what confirm checked, so the same
 * URL could later put an HTML page or an .exe under a photo's address. Now the browser writes a
 * staging key that is never served and confirm writes the checked bytes under the photo's own key
 * (decision 006). The same against wrangler's real S3 endpoint: tests/e2e/direct-upload.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { app } from '../../worker/app';
import { createUserWithToken } from '../factories';
import { jpegBytes, pngBytes } from '../factories/images';

const s3Env = { ...env, R2_S3_ENDPOINT: 'local', R2_ACCESS_KEY_ID: 'sel-local-dev', R2_SECRET_ACCESS_KEY: 'sel-local-dev-secret' };
const request = async (auth: Record<string, string>, path: string, body: unknown) => {
  const res = await app.request(`http://sel.test${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify(body) }, s3Env);
  return { status: res.status, body: (await res.json()) as any };
};

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
