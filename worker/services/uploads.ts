import { ulid } from 'ulid';
import type { Env } from '../env';
import { AppError } from '../lib/errors';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, looksTruncated, sniffImage } from '../lib/images';
import { MAX_PHOTO_BYTES } from '../schemas/options';
import { MEDIA_WIDTHS, mediaUrl } from './media';

/** Orphans (uploaded, never attached to a listing) older than this are removed by the scheduled cleanup. */
export const ORPHAN_TTL_MS = 24 * 3600_000;

const cleanName = (name: string) => name.replace(/[\\/]/g, '_').replace(/[^\w .()-]/g, '').slice(0, 80) || 'This file';

/**
 * Stores one photo in R2 under a server-made key after checking what it really is. The file name is
 * only used in messages, never in the key.
 */
export const storeUpload = async (env: Env, userId: string, file: File, origin: string) => {
  const name = cleanName(file.name);
  if (file.size === 0) throw new AppError(400, 'EMPTY_FILE', `${name} is empty. Please choose a photo.`);
  if (file.size > MAX_PHOTO_BYTES) throw new AppError(413, 'FILE_TOO_LARGE', `${name} is too large. Please use images smaller than 5MB.`);
  const bytes = new Uint8Array(await file.arrayBuffer());
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
  const id = `med_${ulid().toLowerCase()}`;
  const key = `u/${userId}/${id.slice(4)}.${image.kind === 'jpeg' ? 'jpg' : image.kind}`;
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: image.contentType, cacheControl: 'public, max-age=31536000, immutable' } });
  try {
    await env.DB.prepare(
      `INSERT INTO media (id, owner_id, listing_id, r2_key, content_type, bytes, width, height, position, created_at) VALUES (?, ?, NULL, ?, ?, ?, ?, ?, 0, ?)`,
    )
      .bind(id, userId, key, image.contentType, bytes.length, image.width, image.height, Date.now())
      .run();
  } catch (err) {
    await env.MEDIA.delete(key); // nothing half-written
    throw err;
  }
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
  const { results } = await env.DB.prepare(`SELECT id, r2_key FROM media WHERE listing_id IS NULL AND created_at < ? LIMIT 500`)
    .bind(now - ORPHAN_TTL_MS)
    .all<{ id: string; r2_key: string }>();
  if (!results.length) return 0;
  await env.DB.batch(results.map((r) => env.DB.prepare('DELETE FROM media WHERE id = ? AND listing_id IS NULL').bind(r.id)));
  await deleteObjectsIfUnused(env, results.map((r) => r.r2_key));
  return results.length;
};
