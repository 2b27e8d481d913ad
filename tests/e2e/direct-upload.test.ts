/**
 * Direct uploads against the real local S3 endpoint of `wrangler dev` (the API tests write the staged
 * object straight into the bucket): the endpoint checks the presigned signature the way R2 does, and
 * a URL used again after confirm changes nothing that is served (security review, hole 1).
 */
import { describe, expect, it } from 'vitest';
import { apiRegister, baseURL } from './browser';
import { api, makeJpeg } from './fixtures';

interface Presigned {
  id: string;
  uploadUrl: string;
  headers: Record<string, string>;
  url: string;
}

describe('direct uploads through the local S3 endpoint', () => {
  it('refuses a tampered signature, accepts the real one, and a re-PUT after confirm is never served', async () => {
    const { token } = await apiRegister(`direct.${Date.now()}@example.in`);
    const photo = makeJpeg(320, 240, [200, 40, 40]);
    const presigned = await api<Presigned>('/upload/presign', { token, body: { contentType: 'image/jpeg', size: photo.length } });
    const put = (url: string, body: Uint8Array, type = "image/jpeg") => fetch(url, { method: "PUT", headers: { "content-type": type }, body: new Blob([new Uint8Array(body)]) });

    const tampered = new URL(presigned.uploadUrl);
    const sig = tampered.searchParams.get('X-Amz-Signature')!;
    tampered.searchParams.set('X-Amz-Signature', `${sig[0] === 'a' ? 'b' : 'a'}${sig.slice(1)}`);
    expect((await put(tampered.toString(), photo)).status).toBe(403);
    // another key with the same signature is refused too
    const otherKey = presigned.uploadUrl.replace(/incoming\/[^?]+/, 'u/someone/else.jpg');
    expect((await put(otherKey, photo)).status).toBe(403);

    expect((await put(presigned.uploadUrl, photo)).status).toBe(200);
    const confirmed = await api<{ url: string }>('/upload/confirm', { token, body: { id: presigned.id } });
    const before = await fetch(confirmed.url.replace(/^https?:\/\/[^/]+/, baseURL()));
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await before.arrayBuffer())).toEqual(new Uint8Array(photo));

    // the same URL again, with an HTML page: storage takes it, but it is not what is served
    expect((await put(presigned.uploadUrl, new TextEncoder().encode('<html><script>alert(1)</script></html>'), 'text/html')).status).toBe(200);
    const after = await fetch(confirmed.url.replace(/^https?:\/\/[^/]+/, baseURL()));
    expect(after.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await after.arrayBuffer())).toEqual(new Uint8Array(photo));
  });
});
