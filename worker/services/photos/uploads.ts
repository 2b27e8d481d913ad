import { AwsClient } from 'aws4fetch';
import { ulid } from '../../lib/ulid';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { jpegRefusal, jpegStructure } from '../../lib/decode-budget';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, looksTruncated, sniffImage } from '../../lib/images';
import { hashBands, hashPhoto } from '../../lib/phash';
import { stripMetadata } from '../../lib/strip-metadata';
import webpWasm from '../../lib/webp-wasm';
import { MAX_PHOTO_BYTES } from '../../schemas/options';
import { MAX_WORKER_JPEG_BLOCK_SCANS } from '../../schemas/photo-safety-data';
import { lookupKeyStatements, printStatements } from './duplicate-photos';
import { MEDIA_WIDTHS, mediaUrl } from './media';

/** Orphans (uploaded, never attached to a listing) older than this are removed by the scheduled cleanup. */
export const ORPHAN_TTL_MS = 24 * 3600_000;

const cleanName = (name: string) => name.replace(/[\\/]/g, '_').replace(/[^\w .()-]/g, '').slice(0, 80) || 'This file';

/**
 * Stores one photo in R2 under a server-made key after checking what it really is. The file name is
 * only used in messages, never in the key.
 */
const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * Checks a photo's bytes: size, real type (magic bytes), completeness, pixel size and, for a JPEG,
 * its structure (decision 012, "Decode budget"): too many scans or an exotic coding is refused
 * before anything decodes it. Throws the user's message. `heavyJpeg`: within the limits, but more
 * decoding work than the Worker does itself (hashed from the Images binding's copy instead).
 */
const checkPhoto = (name: string, bytes: Uint8Array) => {
  if (bytes.length === 0) throw new AppError(400, 'EMPTY_FILE', `${name} is empty. Please choose a photo.`);
  if (bytes.length > MAX_PHOTO_BYTES) throw new AppError(413, 'FILE_TOO_LARGE', `${name} is too large. Please use images smaller than 5MB.`);
  const image = sniffImage(bytes);
  if (!image) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `${name} is not a supported image format. Please use JPEG, PNG, or WebP.`);
  if (looksTruncated(bytes, image.kind)) throw new AppError(400, 'CORRUPT_IMAGE', `Failed to process ${name}. The file looks damaged; please try again.`);
  if (image.width !== null && image.height !== null) {
    if (image.width === 0 || image.height === 0 || image.width > MAX_IMAGE_SIDE || image.height > MAX_IMAGE_SIDE || image.width * image.height > MAX_IMAGE_PIXELS) {
      throw new AppError(413, 'IMAGE_DIMENSIONS', `${name} is too large in pixels (at most ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE}). Please resize it.`);
    }
  } else if (image.kind === 'jpeg') {
    throw new AppError(400, 'CORRUPT_IMAGE', `Failed to process ${name}. Please try again.`);
  }
  if (image.kind !== 'jpeg') return { ...image, heavyJpeg: false };
  const structure = jpegStructure(bytes);
  const refusal = jpegRefusal(structure);
  if (refusal?.code === 'JPEG_TOO_MANY_SCANS') {
    throw new AppError(
      400,
      'JPEG_TOO_MANY_SCANS',
      `${name} uses an unusual JPEG encoding with too many passes (${refusal.scans}; photos from cameras and apps have at most about 20). Please save it again as a normal JPEG.`,
    );
  }
  if (refusal) throw new AppError(400, 'UNUSUAL_JPEG', `${name} uses an unusual JPEG encoding (${refusal.what}). Please save it again as a normal JPEG.`);
  return { ...image, heavyJpeg: structure.blockScans > MAX_WORKER_JPEG_BLOCK_SCANS };
};

/**
 * The bytes that are stored and served: the photo without its metadata (GPS position, names, camera
 * serials; decision 012, "Photo metadata"), upright as before. A file whose structure cannot be
 * followed is refused rather than stored with its metadata.
 */
const withoutMetadata = (name: string, bytes: Uint8Array, image: ReturnType<typeof checkPhoto>) => {
  const clean = stripMetadata(bytes, image.kind);
  if (!clean) throw new AppError(400, 'CORRUPT_IMAGE', `Failed to process ${name}. The file looks damaged; please save it again as a JPEG, PNG or WebP.`);
  return clean;
};

/**
 * The photo's perceptual hash and its four index bands (all null for a flat picture). A photo that
 * cannot be hashed is refused rather than stored unchecked: it would slip past the duplicate-photo
 * check (decision 012). Over 4 MP the Images binding reads it, so the message says how to
 * get under that; at most 4 MP the Worker's own decoders could not read it either.
 */
const hashColumns = async (env: Env, name: string, bytes: Uint8Array, image: ReturnType<typeof checkPhoto>) => {
  const outcome = await hashPhoto(bytes, image.kind, { webpWasm, images: env.IMAGES });
  if (!outcome.checked) {
    if (image.heavyJpeg && outcome.reason === 'NO_IMAGES_BINDING') {
      throw new AppError(400, 'JPEG_TOO_COMPLEX', `${name} uses a JPEG encoding that takes too much work to check here (many passes over a large picture). Please save it again as a normal JPEG.`);
    }
    if (!outcome.overCap) {
      throw new AppError(400, 'CORRUPT_IMAGE', `Failed to process ${name}. The file looks damaged or uses an unusual format; please save it again as a JPEG, PNG or WebP.`);
    }
    throw new AppError(
      413,
      'PHOTO_NOT_CHECKED',
      outcome.reason === 'NO_IMAGES_BINDING'
        ? `${name} is too large in pixels to be checked here (at most 4 megapixels, about 2300 × 1700). Please resize it.`
        : `${name} could not be checked: photos over 4 megapixels go through our image service, which could not read this one. Please try again, or resize it to at most 2300 × 1700 pixels.`,
    );
  }
  const bands = outcome.hash ? hashBands(outcome.hash) : [null, null, null, null];
  return { columns: [outcome.hash, ...bands] as const, print: outcome.print };
};

/**
 * Stores one photo in R2 under a server-made key after checking what it really is. The file name is
 * only used in messages, never in the key.
 */
export const storeUpload = async (env: Env, userId: string, file: File, origin: string) => {
  const name = cleanName(file.name);
  if (file.size > MAX_PHOTO_BYTES) throw new AppError(413, 'FILE_TOO_LARGE', `${name} is too large. Please use images smaller than 5MB.`);
  const uploaded = new Uint8Array(await file.arrayBuffer());
  const image = checkPhoto(name, uploaded);
  const bytes = withoutMetadata(name, uploaded, image);
  const hash = await hashColumns(env, name, bytes, image);
  const id = `med_${ulid().toLowerCase()}`;
  const key = `u/${userId}/${id.slice(4)}.${EXT[image.contentType]}`;
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: image.contentType, cacheControl: 'public, max-age=31536000, immutable' } });
  try {
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO media (id, owner_id, listing_id, r2_key, content_type, bytes, width, height, position, state, phash, phash_b0, phash_b1, phash_b2, phash_b3, created_at)
         VALUES (?, ?, NULL, ?, ?, ?, ?, ?, 0, 'READY', ?, ?, ?, ?, ?, ?)`,
      ).bind(id, userId, key, image.contentType, bytes.length, image.width, image.height, ...hash.columns, Date.now()),
      ...printStatements(env, id, hash.print),
      // the duplicate lookup's keys, so posting looks the photo up in its first read (decision 022)
      ...lookupKeyStatements(env, id, hash.columns[0], hash.print),
    ]);
  } catch (err) {
    await env.MEDIA.delete(key); // nothing half-written
    throw err;
  }
  return { id, url: mediaUrl(origin, key), width: image.width, height: image.height };
};

// ---------------------------------------------------------------- direct uploads (presigned PUT)

export const PRESIGN_TTL_SECONDS = 300;

const s3Endpoint = (env: Env, origin: string) => {
  if (!env.R2_S3_ENDPOINT || !env.R2_ACCESS_KEY_ID || !env.R2_SECRET_ACCESS_KEY) return null;
  return env.R2_S3_ENDPOINT === 'local' ? `${origin}/cdn-cgi/local/r2/s3` : env.R2_S3_ENDPOINT.replace(/\/$/, '');
};

/**
 * Where a browser's direct PUT lands: a staging key that is never served. Only the worker writes a
 * photo's own key (`u/…`), after checking the bytes, so a presigned URL used again after confirm,
 * or for other content, cannot change what is served under the photo's address.
 */
export const INCOMING_PREFIX = 'incoming/';
const incomingKey = (userId: string, id: string) => `${INCOMING_PREFIX}${userId}/${id.slice(4)}`;

/**
 * A short-lived presigned PUT straight to R2, so photos skip the worker. The media row stays
 * PENDING, with the announced size, until `confirmDirectUpload` has checked the bytes; only READY
 * photos can join an ad.
 */
export const presignUpload = async (env: Env, userId: string, input: { contentType: string; size: number }, origin: string) => {
  const endpoint = s3Endpoint(env, origin);
  if (!endpoint) throw new AppError(404, 'PRESIGN_OFF', 'Direct uploads are not set up here; upload through POST /api/upload/image.');
  const ext = EXT[input.contentType];
  if (!ext) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'This is not a supported image format. Please use JPEG, PNG, or WebP.');
  if (input.size > MAX_PHOTO_BYTES) throw new AppError(413, 'FILE_TOO_LARGE', 'This photo is too large. Please use images smaller than 5MB.');
  const id = `med_${ulid().toLowerCase()}`;
  const key = `u/${userId}/${id.slice(4)}.${ext}`;
  const aws = new AwsClient({ accessKeyId: env.R2_ACCESS_KEY_ID!, secretAccessKey: env.R2_SECRET_ACCESS_KEY!, service: 's3', region: 'auto' });
  const target = new URL(`${endpoint}/${env.R2_BUCKET_NAME ?? 'sel-media'}/${incomingKey(userId, id)}`);
  target.searchParams.set('X-Amz-Expires', String(PRESIGN_TTL_SECONDS));
  const signed = await aws.sign(new Request(target, { method: 'PUT', headers: { 'content-type': input.contentType } }), { aws: { signQuery: true } });
  await env.DB.prepare(
    `INSERT INTO media (id, owner_id, listing_id, r2_key, content_type, bytes, position, state, created_at) VALUES (?, ?, NULL, ?, ?, ?, 0, 'PENDING', ?)`,
  )
    .bind(id, userId, key, input.contentType, input.size, Date.now())
    .run();
  return { id, uploadUrl: signed.url, method: 'PUT' as const, headers: { 'content-type': input.contentType }, url: mediaUrl(origin, key), expiresIn: PRESIGN_TTL_SECONDS };
};

/**
 * After the browser's PUT: read the staged object, apply the same checks as a worker upload plus
 * the announced size, and write the checked bytes, without their metadata, under the photo's own
 * key with the type we found (the row's `bytes` becomes the stored size).
 * Confirming again changes nothing.
 */
export const confirmDirectUpload = async (env: Env, userId: string, id: string, origin: string) => {
  const row = await env.DB.prepare(`SELECT r2_key, state, bytes, width, height FROM media WHERE id = ? AND owner_id = ?`)
    .bind(id, userId)
    .first<{ r2_key: string; state: string; bytes: number; width: number | null; height: number | null }>();
  if (!row) throw new AppError(404, 'MEDIA_NOT_FOUND', 'No such upload.');
  if (row.state === 'READY') return { id, url: mediaUrl(origin, row.r2_key), width: row.width ?? 0, height: row.height ?? 0 };
  const staged = incomingKey(userId, id);
  const object = await env.MEDIA.get(staged);
  if (!object) throw new AppError(400, 'UPLOAD_MISSING', 'The photo has not arrived yet. Please upload it again.');
  const discard = async () => {
    await env.MEDIA.delete(staged);
    await env.DB.prepare('DELETE FROM media WHERE id = ?').bind(id).run();
  };
  if (object.size > MAX_PHOTO_BYTES) {
    await object.body.cancel();
    await discard();
    throw new AppError(413, 'FILE_TOO_LARGE', 'This photo is too large. Please use images smaller than 5MB.');
  }
  if (object.size !== row.bytes) {
    await object.body.cancel();
    await discard();
    throw new AppError(400, 'UPLOAD_SIZE_MISMATCH', 'The uploaded photo is not the one announced (its size differs). Please upload it again.');
  }
  const uploaded = new Uint8Array(await object.arrayBuffer());
  let image: ReturnType<typeof checkPhoto>;
  let bytes: Uint8Array;
  let hash: Awaited<ReturnType<typeof hashColumns>>;
  try {
    image = checkPhoto('This photo', uploaded);
    bytes = withoutMetadata('This photo', uploaded, image);
    hash = await hashColumns(env, 'This photo', bytes, image);
  } catch (err) {
    await discard();
    throw err;
  }
  // the photo's own key carries the type of the bytes we checked, whatever was announced
  const key = `${row.r2_key.slice(0, row.r2_key.lastIndexOf('.'))}.${EXT[image.contentType]}`;
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: image.contentType, cacheControl: 'public, max-age=31536000, immutable' } });
  await env.MEDIA.delete(staged);
  await env.DB.batch([
    env.DB.prepare(
      `UPDATE media SET state = 'READY', r2_key = ?, content_type = ?, bytes = ?, width = ?, height = ?, phash = ?, phash_b0 = ?, phash_b1 = ?, phash_b2 = ?, phash_b3 = ? WHERE id = ?`,
    ).bind(key, image.contentType, bytes.length, image.width, image.height, ...hash.columns, id),
    ...printStatements(env, id, hash.print),
    ...lookupKeyStatements(env, id, hash.columns[0], hash.print),
  ]);
  return { id, url: mediaUrl(origin, key), width: image.width, height: image.height };
};

/** Deletes R2 objects that no media row points at any more. Seed photos are shared and kept. */
export const deleteObjectsIfUnused = async (env: Env, keys: string[]) => {
  for (const key of new Set(keys)) {
    if (key.startsWith('seed/')) continue;
    const still = await env.DB.prepare('SELECT 1 FROM media WHERE r2_key = ? LIMIT 1').bind(key).first();
    if (!still) await env.MEDIA.delete([key, ...MEDIA_WIDTHS.map((w) => `variants/${w}/${key}.webp`)]);
  }
};

/** Scheduled: photos uploaded more than a day ago that never joined a listing. */
export const cleanupOrphanUploads = async (env: Env, now = Date.now()) => {
  // staged direct uploads never confirmed, or PUT again after confirm
  const staged = await env.MEDIA.list({ prefix: INCOMING_PREFIX, limit: 500 });
  const stale = staged.objects.filter((o) => o.uploaded.getTime() < now - ORPHAN_TTL_MS).map((o) => o.key);
  if (stale.length) await env.MEDIA.delete(stale);
  const { results } = await env.DB.prepare(`SELECT id, r2_key FROM media WHERE listing_id IS NULL AND created_at < ? LIMIT 500`)
    .bind(now - ORPHAN_TTL_MS)
    .all<{ id: string; r2_key: string }>();
  if (!results.length) return 0;
  await env.DB.batch(results.map((r) => env.DB.prepare('DELETE FROM media WHERE id = ? AND listing_id IS NULL').bind(r.id)));
  await deleteObjectsIfUnused(env, results.map((r) => r.r2_key));
  return results.length;
};
