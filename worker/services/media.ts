import type { Env } from '../env';
import { notFound } from '../lib/errors';

export const MEDIA_PREFIX = '/api/media/';

export const mediaUrl = (origin: string, key: string) => `${origin}${MEDIA_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}`;

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

/** Serves a photo from R2 with ETag revalidation, Range support and year-long immutable caching. */
export const serveMedia = async (env: Env, key: string, request: Request): Promise<Response> => {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw notFound('Image not found', 'MEDIA_NOT_FOUND');
  const range = parseRange(request.headers.get('Range'));
  const object = await env.MEDIA.get(key, {
    onlyIf: request.headers,
    ...(range ? { range } : {}),
  });
  if (!object) throw notFound('Image not found', 'MEDIA_NOT_FOUND');
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set('ETag', object.httpEtag);
  headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  headers.set('Accept-Ranges', 'bytes');
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Content-Security-Policy', "default-src 'none'; sandbox");
  if (!('body' in object)) return new Response(null, { status: 304, headers });
  const body = (object as R2ObjectBody).body;
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
