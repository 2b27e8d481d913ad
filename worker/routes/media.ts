import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { notFound } from '../lib/errors';
import { MEDIA_PREFIX, serveMedia } from '../services/photos/media';

/** Photos from R2: /api/media/{key}. */
export const mediaRoutes = new Hono<AppEnv>().get('/*', (c) => {
  const path = new URL(c.req.url).pathname;
  let key: string;
  try {
    key = decodeURIComponent(path.slice(MEDIA_PREFIX.length));
  } catch {
    // malformed percent-encoding ("%E0%A4%A") names no photo we could have stored
    throw notFound('Image not found', 'MEDIA_NOT_FOUND');
  }
  return serveMedia(c.env, key, c.req.raw);
});
