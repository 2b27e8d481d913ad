import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { MEDIA_PREFIX, serveMedia } from '../services/media';

/** Photos from R2: /api/media/{key}. */
export const mediaRoutes = new Hono<AppEnv>().get('/*', (c) => {
  const path = new URL(c.req.url).pathname;
  const key = decodeURIComponent(path.slice(MEDIA_PREFIX.length));
  return serveMedia(c.env, key, c.req.raw);
});
