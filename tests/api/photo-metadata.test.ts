/**
 * Photos must not tell where the seller lives (decision 012, "Photo metadata"). A phone writes the
 * GPS position, its make, model and serial number and often the owner's name into every photo; the
 * original used to be stored and served byte for byte. Now every upload path stores it without any
 * of that, losslessly (the same pixels) and still upright, and a one-off job cleans photos stored
 * before.
 */
import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import decodeWebp, { init as initWebp } from '@jsquash/webp/decode';
import { decode as decodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { app } from '../../worker/app';
import { jpegOrientation } from '../../worker/lib/images';
import { hammingDistance, MATCH_DISTANCE, photoHash } from '../../worker/lib/phash';
import { orientationOnlyExif } from '../../worker/lib/strip-metadata';
import webpWasm from '../../worker/lib/webp-wasm';
import { stripStoredPhotos } from '../../worker/services/photos/media-metadata';
import { createUserWithToken } from '../factories';
import { containsBytes, jpegWithMetadata, PRIVATE, PRIVATE_STRINGS, pngWithMetadata, webpWithMetadata } from '../factories/photo-metadata';
import { scene, storedAs, toJpeg, toPng } from '../factories/photo-variants';
import { toWebp } from '../factories/webp';

type User = Awaited<ReturnType<typeof createUserWithToken>>;

const s3Env = { ...env, R2_S3_ENDPOINT: 'local', R2_ACCESS_KEY_ID: 'sel-local-dev', R2_SECRET_ACCESS_KEY: 'sel-local-dev-secret' };
const TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

const send = async (path: string, init: RequestInit, useEnv: object = env) => {
  const res = await app.request(`http://sel.test${path}`, init, useEnv);
  return { status: res.status, body: (await res.json()) as any };
};

/** POST /api/upload/image */
const workerUpload = async (user: User, bytes: Uint8Array, kind: keyof typeof TYPES) => {
  const form = new FormData();
  form.append('image', new File([bytes.slice()], `IMG_20261125.${kind}`, { type: TYPES[kind] }));
  const res = await send('/api/upload/image', { method: 'POST', headers: user.auth, body: form });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; url: string };
};

/** presign, the browser's PUT (straight to the staging key), confirm */
const directUpload = async (user: User, bytes: Uint8Array, kind: keyof typeof TYPES) => {
  const json = (path: string, body: unknown) => send(path, { method: 'POST', headers: { 'content-type': 'application/json', ...user.auth }, body: JSON.stringify(body) }, s3Env);
  const presigned = await json('/api/upload/presign', { contentType: TYPES[kind], size: bytes.length });
  expect(presigned.status).toBe(201);
  const { id, uploadUrl } = presigned.body.data as { id: string; uploadUrl: string };
  await env.MEDIA.put(decodeURIComponent(new URL(uploadUrl).pathname.replace('/cdn-cgi/local/r2/s3/sel-media/', '')), bytes);
  const confirmed = await json('/api/upload/confirm', { id });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return confirmed.body.data as { id: string; url: string };
};

/** GET the photo's URL through the app, as a browser would */
const served = async (url: string) => {
  const res = await app.request(url, {}, env);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
};

const storedSize = async (id: string) => (await env.DB.prepare('SELECT bytes FROM media WHERE id = ?').bind(id).first<{ bytes: number }>())?.bytes;

const leaked = (bytes: Uint8Array) => PRIVATE_STRINGS.filter((s) => containsBytes(bytes, s));
const pixelsOfJpeg = (bytes: Uint8Array) => jpeg.decode(bytes, { useTArray: true }).data;

const UPLOAD_PATHS = [
  ['POST /api/upload/image', workerUpload],
  ['the direct upload (presign, PUT, confirm)', directUpload],
] as const;

describe.each(UPLOAD_PATHS)('through %s', (_path, uploadVia) => {
  it('a JPEG with EXIF GPS, XMP, IPTC, a comment and a trailer is served without any of it, with the same pixels', async () => {
    const original = toJpeg(scene(480, 360, 51), 85);
    const withMetadata = jpegWithMetadata(original);
    expect(leaked(withMetadata)).toEqual(PRIVATE_STRINGS.filter((s) => s !== PRIVATE.pngText)); // the factory really wrote them
    const user = await createUserWithToken();
    const stored = await uploadVia(user, withMetadata, 'jpeg');
    const bytes = await served(stored.url);
    expect(leaked(bytes)).toEqual([]);
    for (const marker of ['Exif', 'Photoshop 3.0', '8BIM', 'JFXX']) expect(containsBytes(bytes, marker), marker).toBe(false);
    expect(bytes.length).toBeLessThan(withMetadata.length);
    expect(await storedSize(stored.id)).toBe(bytes.length);
    expect(pixelsOfJpeg(bytes)).toEqual(pixelsOfJpeg(original));
  });

  it('a portrait photo stored sideways (Orientation 6) keeps that one tag: still shown upright, still matching its upright copy', async () => {
    const upright = scene(360, 480, 52);
    const sideways = toJpeg(storedAs(upright, 6), 85);
    const user = await createUserWithToken();
    const stored = await uploadVia(user, jpegWithMetadata(sideways, 6), 'jpeg');
    const bytes = await served(stored.url);
    expect(leaked(bytes)).toEqual([]);
    expect(jpegOrientation(bytes)).toBe(6);
    // the only EXIF left is the 34-byte Orientation block
    expect(containsBytes(bytes, orientationOnlyExif(6))).toBe(true);
    expect(bytes.length).toBe(sideways.length + orientationOnlyExif(6).length);
    expect(pixelsOfJpeg(bytes)).toEqual(pixelsOfJpeg(sideways));
    expect(hammingDistance(photoHash(bytes, 'jpeg')!, photoHash(toJpeg(upright, 70), 'jpeg')!)).toBeLessThanOrEqual(MATCH_DISTANCE);
  });

  it('a PNG with tEXt, iTXt (XMP), eXIf and tIME chunks is served without them, with the same pixels', async () => {
    const original = toPng(scene(320, 240, 53));
    const user = await createUserWithToken();
    const stored = await uploadVia(user, pngWithMetadata(original), 'png');
    expect(leaked(pngWithMetadata(original))).toEqual([PRIVATE.name, PRIVATE.make, PRIVATE.model, PRIVATE.serial, PRIVATE.software, PRIVATE.pngText]);
    const bytes = await served(stored.url);
    expect(leaked(bytes)).toEqual([]);
    for (const chunk of ['tEXt', 'iTXt', 'eXIf', 'tIME']) expect(containsBytes(bytes, chunk), chunk).toBe(false);
    expect(bytes).toEqual(original);
    expect(await storedSize(stored.id)).toBe(bytes.length);
    expect(decodePng(bytes).data).toEqual(decodePng(original).data);
  });

  it('a WebP with EXIF and XMP chunks is served without them, VP8X no longer announcing them and the RIFF size right', async () => {
    const picture = scene(320, 240, 54);
    const simple = await toWebp(picture, { quality: 80 });
    const withMetadata = webpWithMetadata(simple, 320, 240);
    const user = await createUserWithToken();
    const stored = await uploadVia(user, withMetadata, 'webp');
    const bytes = await served(stored.url);
    expect(leaked(bytes)).toEqual([]);
    expect(containsBytes(bytes, 'EXIF')).toBe(false);
    expect(containsBytes(bytes, 'XMP ')).toBe(false);
    expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe('VP8X');
    expect(bytes[20]! & 0x0c).toBe(0); // EXIF and XMP flags cleared
    expect(new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true)).toBe(bytes.length - 8);
    expect(await storedSize(stored.id)).toBe(bytes.length);
    await initWebp(webpWasm);
    const decoded = await decodeWebp(bytes.slice().buffer);
    const reference = await decodeWebp(simple.slice().buffer);
    expect({ width: decoded.width, height: decoded.height }).toEqual({ width: 320, height: 240 });
    expect(decoded.data).toEqual(reference.data);
  });
});

describe('the one-off clean-up of photos stored before (stripStoredPhotos)', () => {
  it('strips every uploaded photo in place in bounded, resumable batches, fixes the stored size, drops stale variants; a second run changes nothing', async () => {
    const user = await createUserWithToken();
    const prefix = `u/${user.id}/`;
    const photos = [
      { key: `${prefix}old1.jpg`, bytes: jpegWithMetadata(toJpeg(scene(200, 150, 61), 80)), type: 'image/jpeg' },
      { key: `${prefix}old2.jpg`, bytes: jpegWithMetadata(toJpeg(storedAs(scene(150, 200, 62), 6), 80), 6), type: 'image/jpeg' },
      { key: `${prefix}old3.png`, bytes: pngWithMetadata(toPng(scene(120, 90, 63))), type: 'image/png' },
      { key: `${prefix}old4.webp`, bytes: webpWithMetadata(await toWebp(scene(120, 90, 64)), 120, 90), type: 'image/webp' },
      { key: `${prefix}clean.jpg`, bytes: toJpeg(scene(120, 90, 65), 80), type: 'image/jpeg' },
    ];
    for (const [n, photo] of photos.entries()) {
      await env.MEDIA.put(photo.key, photo.bytes, { httpMetadata: { contentType: photo.type, cacheControl: 'public, max-age=31536000, immutable' } });
      await env.MEDIA.put(`variants/320/${photo.key}.webp`, new Uint8Array([1, 2, 3]));
      await env.DB.prepare(`INSERT INTO media (id, owner_id, listing_id, r2_key, content_type, bytes, position, state, created_at) VALUES (?, ?, NULL, ?, ?, ?, 0, 'READY', ?)`)
        .bind(`med_old${n}${user.id.slice(-6)}`, user.id, photo.key, photo.type, photo.bytes.length, Date.now())
        .run();
    }
    // something under u/ that is not a photo we can follow is left alone and reported
    await env.MEDIA.put(`${prefix}broken.jpg`, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00]));

    const totals = { scanned: 0, stripped: 0, unchanged: 0, skipped: [] as string[], batches: 0 };
    let cursor: string | null = null;
    do {
      const batch = await stripStoredPhotos(env, { cursor, limit: 2 });
      expect(batch.scanned).toBeLessThanOrEqual(2);
      totals.scanned += batch.scanned;
      totals.stripped += batch.stripped;
      totals.unchanged += batch.unchanged;
      totals.skipped.push(...batch.skipped);
      totals.batches++;
      cursor = batch.cursor;
    } while (cursor);
    // other test files' photos may share the bucket; ours are counted by key below
    expect(totals.batches).toBeGreaterThanOrEqual(3);
    expect(totals.skipped).toContain(`${prefix}broken.jpg`);

    for (const photo of photos) {
      const object = await env.MEDIA.get(photo.key);
      const bytes = new Uint8Array(await object!.arrayBuffer());
      expect(leaked(bytes), photo.key).toEqual([]);
      expect(object!.httpMetadata?.contentType).toBe(photo.type);
      const row = await env.DB.prepare('SELECT bytes FROM media WHERE r2_key = ?').bind(photo.key).first<{ bytes: number }>();
      expect(row?.bytes).toBe(bytes.length);
      if (photo.key.endsWith('clean.jpg')) {
        expect(bytes).toEqual(photo.bytes);
        expect(await env.MEDIA.head(`variants/320/${photo.key}.webp`)).not.toBeNull();
      } else {
        expect(bytes.length).toBeLessThan(photo.bytes.length);
        expect(await env.MEDIA.head(`variants/320/${photo.key}.webp`)).toBeNull();
      }
    }
    const sideways = new Uint8Array(await (await env.MEDIA.get(`${prefix}old2.jpg`))!.arrayBuffer());
    expect(jpegOrientation(sideways)).toBe(6);

    // idempotent: nothing of ours is rewritten again
    let again: string | null = null;
    let restripped = 0;
    do {
      const batch = await stripStoredPhotos(env, { cursor: again, limit: 50 });
      restripped += batch.stripped;
      again = batch.cursor;
    } while (again);
    expect(restripped).toBe(0);
  });
});
