/**
 * Photos over 4 MP sent straight to the API (decision 012): a phone's 12 MP
 * photo is too big to decode in the Worker, so the Images binding (sharp under miniflare) scales it
 * down and the small copy is hashed. A stolen 12 MP photo must be caught against its 1600 px copy
 * (what the web app uploads) and the other way round, through the worker upload and the
 * direct-upload confirm path; a photo that cannot be checked is refused, never stored unhashed.
 */
import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { app } from '../../worker/app';
import { hammingDistance, MATCH_DISTANCE, MAX_HASH_PIXELS } from '../../worker/lib/phash';
import { createUserWithToken } from '../factories';
import { resize, scene, storedAs, toJpeg, toPng, withExifOrientation, type Rgba } from '../factories/photo-variants';
import { toWebp } from '../factories/webp';

type User = Awaited<ReturnType<typeof createUserWithToken>>;

/** drawing and encoding 12 MP pictures in the test takes seconds on a busy machine */
const SLOW = { timeout: 90_000 };

const MAX_BYTES = 5 * 1024 * 1024;
/** the web app's copy: 1600 px on the long side, re-encoded */
const webCopy = (img: Rgba) => toJpeg(resize(img, 1600, Math.round((1600 * img.height) / img.width)), 70);

const s3Env = { ...env, R2_S3_ENDPOINT: 'local', R2_ACCESS_KEY_ID: 'sel-local-dev', R2_SECRET_ACCESS_KEY: 'sel-local-dev-secret' };

/** A request into the worker with the given bindings (the test's own by default). */
const send = async (path: string, init: RequestInit, useEnv: object = env) => {
  const res = await app.request(`http://sel.test${path}`, init, useEnv);
  return { status: res.status, body: (await res.json()) as any };
};

const uploadRaw = (user: User, bytes: Uint8Array, useEnv: object = env) => {
  const form = new FormData();
  form.append('image', new File([bytes.slice()], 'IMG_20261125_101500.jpg', { type: 'image/jpeg' }));
  return send('/api/upload/image', { method: 'POST', headers: user.auth, body: form }, useEnv);
};

const upload = async (user: User, bytes: Uint8Array) => {
  const res = await uploadRaw(user, bytes);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; url: string; width: number; height: number };
};

const phashOf = async (mediaId: string) =>
  (await env.DB.prepare('SELECT phash FROM media WHERE id = ?').bind(mediaId).first<{ phash: string | null }>())?.phash ?? null;

const post = (user: User, urls: string[], title = 'Sony Alpha a6400 camera with kit lens') =>
  send('/api/listings', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...user.auth },
    body: JSON.stringify({
      title,
      description: 'Bought two years ago, shutter count under 8,000, with box, charger and a 64 GB card.',
      price: 145_000,
      categoryId: 'Electronics',
      subcategoryId: 'Cameras',
      location: 'Pune',
      images: urls,
      features: {},
    }),
  });

const postPhoto = async (user: User, bytes: Uint8Array) => {
  const res = await post(user, [(await upload(user, bytes)).url]);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; status: string; heldReason: string | null };
};

describe('a 12 MP JPEG sent straight to POST /api/upload/image', SLOW, () => {
  const big = scene(4000, 3000, 21);
  const bigJpeg = toJpeg(big, 85);

  it('is stored with a hash, and its 1600 px copy posted by another account is held (DUPLICATE_PHOTOS)', async () => {
    expect(big.width * big.height).toBeGreaterThan(MAX_HASH_PIXELS);
    expect(bigJpeg.length).toBeLessThan(MAX_BYTES);
    const owner = await createUserWithToken({ firstName: 'Owner' });
    const stored = await upload(owner, bigJpeg);
    expect(stored).toMatchObject({ width: 4000, height: 3000 });
    const hash = await phashOf(stored.id);
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    const first = await post(owner, [stored.url]);
    expect(first.body.data.status).toBe('APPROVED');

    const copycat = await createUserWithToken({ firstName: 'Copycat' });
    const copy = await upload(copycat, webCopy(big));
    expect(hammingDistance(hash!, (await phashOf(copy.id))!)).toBeLessThanOrEqual(MATCH_DISTANCE);
    const copied = await post(copycat, [copy.url]);
    expect(copied.status).toBe(201);
    expect(copied.body.data).toMatchObject({ status: 'PENDING', heldReason: 'DUPLICATE_PHOTOS' });
  });

  it('the other way round: the stolen 12 MP original of a photo posted from the web app holds the copycat’s ad', async () => {
    const photo = scene(4000, 3000, 22);
    const owner = await createUserWithToken({ firstName: 'Owner' });
    expect((await postPhoto(owner, webCopy(photo))).status).toBe('APPROVED');
    const copycat = await createUserWithToken({ firstName: 'Copycat' });
    expect(await postPhoto(copycat, toJpeg(photo, 80))).toMatchObject({ status: 'PENDING', heldReason: 'DUPLICATE_PHOTOS' });
  });

  it('a portrait phone photo stored sideways (EXIF Orientation 6) matches the upright copy the web app makes', async () => {
    const upright = scene(3000, 4000, 29);
    const fromPhone = withExifOrientation(toJpeg(storedAs(upright, 6), 85), 6); // 4000 × 3000 pixels, shown 3000 × 4000
    const owner = await createUserWithToken({ firstName: 'Owner' });
    expect((await postPhoto(owner, webCopy(upright))).status).toBe('APPROVED');
    const copycat = await createUserWithToken({ firstName: 'Copycat' });
    expect(await postPhoto(copycat, fromPhone)).toMatchObject({ status: 'PENDING', heldReason: 'DUPLICATE_PHOTOS' });
  });

  it('an unrelated 12 MP photo is hashed too and goes live', async () => {
    const seller = await createUserWithToken();
    const other = toJpeg(scene(4000, 3000, 23), 85);
    const stored = await upload(seller, other);
    expect(await phashOf(stored.id)).toMatch(/^[0-9a-f]{16}$/);
    const res = await post(seller, [stored.url], 'Canon EOS 1500D with two lenses');
    expect(res.body.data).toMatchObject({ status: 'APPROVED', heldReason: null });
  });
});

describe('large WebP and PNG photos take the same path', SLOW, () => {
  it('a 12 MP WebP is hashed and its 1600 px JPEG copy is held', async () => {
    const photo = scene(4000, 3000, 24);
    const webp = await toWebp(photo, { quality: 70, method: 0 });
    expect(webp.length).toBeLessThan(MAX_BYTES);
    const owner = await createUserWithToken();
    const stored = await upload(owner, webp);
    expect(stored.url).toMatch(/\.webp$/);
    expect(await phashOf(stored.id)).toMatch(/^[0-9a-f]{16}$/);
    expect((await post(owner, [stored.url])).body.data.status).toBe('APPROVED');
    const copycat = await createUserWithToken();
    expect(await postPhoto(copycat, webCopy(photo))).toMatchObject({ status: 'PENDING', heldReason: 'DUPLICATE_PHOTOS' });
  });

  it('a 6 MP PNG is hashed and its 1600 px JPEG copy is held', async () => {
    const photo = scene(3000, 2000, 25);
    const png = toPng(photo);
    expect(photo.width * photo.height).toBeGreaterThan(MAX_HASH_PIXELS);
    expect(png.length).toBeLessThan(MAX_BYTES);
    const owner = await createUserWithToken();
    const stored = await upload(owner, png);
    expect(stored.url).toMatch(/\.png$/);
    expect(await phashOf(stored.id)).toMatch(/^[0-9a-f]{16}$/);
    expect((await post(owner, [stored.url])).body.data.status).toBe('APPROVED');
    const copycat = await createUserWithToken();
    expect(await postPhoto(copycat, webCopy(photo))).toMatchObject({ status: 'PENDING', heldReason: 'DUPLICATE_PHOTOS' });
  });
});

describe('a 12 MP photo through the direct-upload confirm path', SLOW, () => {
  const json = (user: User, path: string, body: unknown) =>
    send(path, { method: 'POST', headers: { 'content-type': 'application/json', ...user.auth }, body: JSON.stringify(body) }, s3Env);
  /** presign, the browser's PUT (written straight to the staging key), then confirm */
  const directUpload = async (user: User, bytes: Uint8Array, confirmEnv: object = s3Env) => {
    const presigned = await json(user, '/api/upload/presign', { contentType: 'image/jpeg', size: bytes.length });
    expect(presigned.status).toBe(201);
    const { id, uploadUrl } = presigned.body.data as { id: string; uploadUrl: string };
    const staged = decodeURIComponent(new URL(uploadUrl).pathname.replace('/cdn-cgi/local/r2/s3/sel-media/', ''));
    await env.MEDIA.put(staged, bytes);
    const confirmed = await send('/api/upload/confirm', { method: 'POST', headers: { 'content-type': 'application/json', ...user.auth }, body: JSON.stringify({ id }) }, confirmEnv);
    return { id, staged, confirmed };
  };

  it('is stored with a hash, and a 1600 px copy of it posted by another account is held', async () => {
    const photo = scene(4000, 3000, 26);
    const owner = await createUserWithToken();
    const { id, confirmed } = await directUpload(owner, toJpeg(photo, 85));
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data).toMatchObject({ id, width: 4000, height: 3000 });
    expect(await phashOf(id)).toMatch(/^[0-9a-f]{16}$/);
    expect((await post(owner, [confirmed.body.data.url])).body.data.status).toBe('APPROVED');
    const copycat = await createUserWithToken();
    expect(await postPhoto(copycat, webCopy(photo))).toMatchObject({ status: 'PENDING', heldReason: 'DUPLICATE_PHOTOS' });
  });

  it('when the image service fails, the confirm is refused (413) and the staged photo and its row are gone', async () => {
    const seller = await createUserWithToken();
    const failing = { ...s3Env, IMAGES: { input: () => ({ transform: () => ({ output: () => Promise.reject(new Error('ERROR 9523: unavailable')) }) }) } };
    const { id, staged, confirmed } = await directUpload(seller, toJpeg(scene(4000, 3000, 27), 85), failing);
    expect(confirmed.status).toBe(413);
    expect(confirmed.body).toMatchObject({ success: false, code: 'PHOTO_NOT_CHECKED' });
    expect(confirmed.body.error).toBe(
      'This photo could not be checked: photos over 4 megapixels go through our image service, which could not read this one. Please try again, or resize it to at most 2300 × 1700 pixels.',
    );
    expect(await env.MEDIA.head(staged)).toBeNull();
    expect(await env.DB.prepare('SELECT 1 FROM media WHERE id = ?').bind(id).first()).toBeNull();
  });
});

describe('a photo over 4 MP that cannot be checked is refused, never stored without a hash', SLOW, () => {
  const bigJpeg = toJpeg(scene(4000, 3000, 28), 85);
  const storedFor = async (userId: string) => {
    const media = await env.DB.prepare('SELECT count(*) AS n FROM media WHERE owner_id = ?').bind(userId).first<{ n: number }>();
    const objects = await env.MEDIA.list({ prefix: `u/${userId}/` });
    return { rows: media?.n, objects: objects.objects.length };
  };

  it('without the Images binding: 413 PHOTO_NOT_CHECKED, with how to get under the limit', async () => {
    const seller = await createUserWithToken();
    const res = await uploadRaw(seller, bigJpeg, { ...env, IMAGES: undefined });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      success: false,
      code: 'PHOTO_NOT_CHECKED',
      error: 'IMG_20261125_101500.jpg is too large in pixels to be checked here (at most 4 megapixels, about 2300 × 1700). Please resize it.',
    });
    expect(await storedFor(seller.id)).toEqual({ rows: 0, objects: 0 });
    // the same photo at 1600 px is fine without the binding (decoded in the Worker)
    expect((await uploadRaw(seller, toJpeg(resize(scene(4000, 3000, 28), 1600, 1200), 80), { ...env, IMAGES: undefined })).status).toBe(201);
  });

  it('when the binding throws: 413 with "try again", and nothing stored', async () => {
    const seller = await createUserWithToken();
    const throwing = { ...env, IMAGES: { input: () => { throw new Error('ERROR 9523: unavailable'); } } };
    const res = await uploadRaw(seller, bigJpeg, throwing);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PHOTO_NOT_CHECKED');
    expect(res.body.error).toContain('Please try again, or resize it to at most 2300 × 1700 pixels.');
    expect(await storedFor(seller.id)).toEqual({ rows: 0, objects: 0 });
  });
});
