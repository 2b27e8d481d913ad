export { RateLimiter } from '../durable-objects/rate-limiter';
import type { Env } from './env';
import { app } from './app';

import { cleanupOrphanUploads } from './services/uploads';

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  // hourly (wrangler.toml [triggers]): photos uploaded but never attached to an ad
  scheduled: async (_controller, env, ctx) => {
    ctx.waitUntil(cleanupOrphanUploads(env).then((n) => console.log(`orphan uploads removed: ${n}`)));
  },
} satisfies ExportedHandler<Env>;
