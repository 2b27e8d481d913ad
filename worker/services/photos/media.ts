import type { Env } from '../../env';
import { notFound } from '../../lib/errors';

import { MEDIA_PREFIX, MEDIA_WIDTHS, type MediaWidth } from '../../schemas/media';

export { LARGE_WIDTH, MEDIA_PREFIX, MEDIA_WIDTHS, THUMB_WIDTH, type MediaWidth } from '../../schemas/media';

export const mediaUrl = (origin: string, key: string, width?: MediaWidth) =>
  `${origin}${MEDIA_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}${width ? `?w=${width}` : ''}`;


/** Keys are server-generated: letters, digits, dashes, underscores, dots and slashes, no "..". */
const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/i;

const parseRange = (header: string | null): R2Range | undefined => {
  const m = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!m) return undefined;
  const [, start, end] = m;
  if (start === '' && end === '') return undefined;
  if (start === '') return { suffix: Number(end) };
  const offset = Number(start);
  return end === '' ? { offset } : { offset, length: Number(end) - offset + 1 };
};

/**
 * A resized WebP variant, made once with the Images binding and kept in R2 next to the original.
 * Returns null when resizing is not available; the caller then serves the original.
 */
const variantOf = async (env: Env, key: string, width: MediaWidth): Promise<R2ObjectBody | null> => {
  const variantKey = `variants/${width}/${key}.webp`;
  const existing = await env.MEDIA.get(variantKey);
  if (existing) return existing;
  if (!env.IMAGES) return null;
  const original = await env.MEDIA.get(key);
  if (!original) return null;
  try {
    const result = await env.IMAGES.input(original.body).transform({ width, fit: 'scale-down' }).output({ format: 'image/webp', quality: 78 });
    const bytes = new Uint8Array(await result.response().arrayBuffer());
    await env.MEDIA.put(variantKey, bytes, { httpMetadata: { contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' } });
    return env.MEDIA.get(variantKey);
  } catch (err) {
    console.warn('resize failed', key, err);
    return null;
  }
};

const TYPE_BY_EXT: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Serves a photo from R2 with ETag revalidation, Range support and year-long immutable caching. */
export const serveMedia = async (env: Env, key: string, request: Request): Promise<Response> => {
  // staged direct uploads are never served: only checked photos under their own keys are
  if (!SAFE_KEY.test(key) || key.includes('..') || key.startsWith('incoming/')) throw notFound('Image not found', 'MEDIA_NOT_FOUND');
  const requested = Number(new URL(request.url).searchParams.get('w'));
  const width = (MEDIA_WIDTHS as readonly number[]).includes(requested) ? (requested as MediaWidth) : undefined;
  if (width) {
    const variant = await variantOf(env, key, width);
    if (variant) return respond(variant, request, undefined);
  }
  const range = parseRange(request.headers.get('Range'));
  let object: R2Object | R2ObjectBody | null;
  try {
    object = await env.MEDIA.get(key, { onlyIf: request.headers, ...(range ? { range } : {}) });
  } catch {
    // an unsatisfiable range
    return new Response(null, { status: 416, headers: { 'Content-Range': 'bytes */*' } });
  }
  if (!object) throw notFound('Image not found', 'MEDIA_NOT_FOUND');
  return respond(object, request, range);
};

const respond = (object: R2Object | R2ObjectBody, request: Request, range: R2Range | undefined) => {
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  // the type follows the key we wrote after checking the bytes, never what the object claims
  const type = TYPE_BY_EXT[object.key.slice(object.key.lastIndexOf('.') + 1).toLowerCase()];
  headers.set('Content-Type', type ?? 'application/octet-stream');
  headers.delete('Content-Disposition');
  headers.set('ETag', object.httpEtag);
  headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  headers.set('Accept-Ranges', 'bytes');
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Content-Security-Policy', "default-src 'none'; sandbox");
  if (!('body' in object)) return new Response(null, { status: 304, headers });
  if (request.headers.get('If-None-Match') === object.httpEtag) return new Response(null, { status: 304, headers });
  const body = object.body;
  if (range && object.range) {
    const r = object.range as { offset?: number; length?: number; suffix?: number };
    const offset = r.suffix !== undefined ? object.size - r.suffix : (r.offset ?? 0);
    const length = r.suffix !== undefined ? r.suffix : (r.length ?? object.size - offset);
    headers.set('Content-Range', `bytes ${offset}-${offset + length - 1}/${object.size}`);
    headers.set('Content-Length', String(length));
    return new Response(body, { status: 206, headers });
  }
  headers.set('Content-Length', String(object.size));
  return new Response(body, { status: 200, headers });
};
