import { routePartykitRequest } from 'partyserver';
import type { Env } from './env';
import { app } from './app';
import { getDb } from './db/client';
import { authenticate } from './services/auth';
import { isMember } from './services/chat';
import { cleanupOrphanUploads } from './services/uploads';
import { expireSubscriptions } from './services/premium';
import { expireFeatured } from './services/business';

export { RateLimiter } from '../durable-objects/rate-limiter';
export { ChatRoom } from '../durable-objects/chat-room';
export { UserInbox } from '../durable-objects/user-inbox';

const socketRefused = (status: number, message: string) =>
  new Response(JSON.stringify({ success: false, error: message, code: status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN' }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * WebSockets to the chat rooms and inboxes. Browsers cannot set headers on a WebSocket, so the
 * token comes as ?token=; it is checked here, and the room only ever sees the verified user id.
 */
const routeRealtime = (request: Request, env: Env) =>
  routePartykitRequest(request, env, {
    onBeforeRequest: () => socketRefused(403, 'Only WebSocket connections are accepted here'),
    onBeforeConnect: async (req, lobby) => {
      const url = new URL(req.url);
      const token = url.searchParams.get('token');
      if (!token) return socketRefused(401, 'Authentication error');
      let userId: string;
      let tokenVersion: number;
      try {
        ({ id: userId, tokenVersion } = (await authenticate(env, getDb(env.DB), token)).user);
      } catch {
        return socketRefused(401, 'Authentication error');
      }
      const allowed = lobby.className === 'UserInbox' ? lobby.name === userId : lobby.className === 'ChatRoom' ? await isMember(env, userId, lobby.name) : false;
      if (!allowed) return socketRefused(403, 'You do not have permission to perform this action');
      const headers = new Headers(req.headers);
      headers.set('X-Sel-User', userId);
      // the room re-checks it before each write, so a socket outlives no revocation (logout-all, block, delete)
      headers.set('X-Sel-Token-Version', String(tokenVersion));
      url.searchParams.delete('token');
      return new Request(url.toString(), { method: req.method, headers });
    },
  });

export default {
  fetch: async (request, env, ctx) => {
    if (new URL(request.url).pathname.startsWith('/parties/')) {
      return (await routeRealtime(request, env)) ?? app.fetch(request, env, ctx);
    }
    return app.fetch(request, env, ctx);
  },
  // hourly (wrangler.toml [triggers]): photos never attached to an ad; plans whose period ended
  scheduled: async (_controller, env, ctx) => {
    ctx.waitUntil(cleanupOrphanUploads(env).then((n) => console.log(`orphan uploads removed: ${n}`)));
    ctx.waitUntil(expireSubscriptions(env).then((n) => console.log(`subscriptions expired: ${n}`)));
    ctx.waitUntil(expireFeatured(env).then((n) => console.log(`featured ads ended: ${n}`)));
  },
} satisfies ExportedHandler<Env>;
