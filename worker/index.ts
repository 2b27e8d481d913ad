export { RateLimiter } from '../durable-objects/rate-limiter';
import type { Env } from './env';
import { app } from './app';

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;
