import { sniffImage } from '../../lib/images';
import { stripMetadata } from '../../lib/strip-metadata';
import { MEDIA_WIDTHS } from './media';

/** Where uploaded photos live in R2 (`u/{userId}/{id}.{ext}`); seed photos are generated and carry none. */
export const UPLOADED_PREFIX = 'u/';
export const STRIP_BATCH_DEFAULT = 50;
export const STRIP_BATCH_MAX = 200;

export interface StripBatchResult {
  /** objects looked at in this batch */
  scanned: number;
  /** rewritten without their metadata */
  stripped: number;
  /** already clean (stripped before, or uploaded after stripping began) */
  unchanged: number;
  /** not a JPEG/PNG/WebP we can follow: left as they are, listed for a person to look at */
  skipped: string[];
  /** deleted (or replaced) while the batch ran: left alone */
  gone: number;
  /** bytes saved by this batch */
  bytesSaved: number;
  /** pass it back for the next batch; null when the walk is done */
  cursor: string | null;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * One bounded batch of the one-off clean-up of photos stored before uploads were stripped of their
 * metadata (decision 012, "Photo metadata"): each uploaded photo is rewritten in place without it
 * (the same lossless stripping as at upload), its media rows get the new size, and its resized
 * variants are deleted so they are made again from the clean photo. Resumable (R2 list cursor) and
 * idempotent (a clean photo is left as it is). A photo deleted or replaced meanwhile is not written
 * back (the write is conditional on the object being the one read).
 */
export const stripStoredPhotos = async (
  env: { MEDIA: R2Bucket; DB: D1Database },
  options: { cursor?: string | null; limit?: number } = {},
): Promise<StripBatchResult> => {
  const limit = Math.max(1, Math.min(STRIP_BATCH_MAX, options.limit ?? STRIP_BATCH_DEFAULT));
  const listed = await env.MEDIA.list({ prefix: UPLOADED_PREFIX, limit, ...(options.cursor ? { cursor: options.cursor } : {}) });
  const result: StripBatchResult = { scanned: 0, stripped: 0, unchanged: 0, skipped: [], gone: 0, bytesSaved: 0, cursor: listed.truncated ? listed.cursor : null };
  for (const listedObject of listed.objects) {
    result.scanned++;
    const object = await env.MEDIA.get(listedObject.key);
    if (!object) {
      result.gone++;
      continue;
    }
    const bytes = new Uint8Array(await object.arrayBuffer());
    const kind = sniffImage(bytes)?.kind;
    const clean = kind ? stripMetadata(bytes, kind) : null;
    if (!clean) {
      result.skipped.push(object.key);
      continue;
    }
    if (sameBytes(clean, bytes)) {
      result.unchanged++;
      continue;
    }
    const written = await env.MEDIA.put(object.key, clean, { httpMetadata: object.httpMetadata, customMetadata: object.customMetadata, onlyIf: { etagMatches: object.etag } });
    if (!written) {
      result.gone++;
      continue;
    }
    await env.DB.prepare('UPDATE media SET bytes = ? WHERE r2_key = ?').bind(clean.length, object.key).run();
    await env.MEDIA.delete(MEDIA_WIDTHS.map((w) => `variants/${w}/${object.key}.webp`));
    result.stripped++;
    result.bytesSaved += bytes.length - clean.length;
  }
  return result;
};
