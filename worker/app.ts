import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './env';
import { handleError, notFound } from './lib/errors';
import { AGAIN_AS_GUEST } from './lib/auth';
import { authRoutes } from './routes/auth';
import { catalogRoutes } from './routes/catalog';
import { oauthRoutes } from './routes/oauth';
import { devRoutes } from './routes/dev';
import { docsRoutes } from './routes/docs';
import { listingRoutes } from './routes/listings';
import { locationRoutes } from './routes/locations';
import { searchRoutes } from './routes/search';
import { mediaRoutes } from './routes/media';
import { messageRoutes } from './routes/messages';
import { notificationRoutes } from './routes/notifications';
import { pushRoutes } from './routes/push';
import { optionRoutes } from './routes/options';
import { premiumRoutes } from './routes/premium';
import { seoRoutes } from './routes/seo';
import { uploadRoutes } from './routes/uploads';
import { reportRoutes, userRoutes } from './routes/trust';
import { adminRoutes } from './routes/admin';
import { businessRoutes } from './routes/business';
import { savedSearchRoutes } from './routes/saved-searches';
import { guestEdgeCache } from './lib/edge-cache';
import { listingPromotionRoutes } from './routes/listing-promotions';
import { listingStatsRoutes, sellerReportRoutes } from './routes/seller-reports';
import { emailVerificationRoutes } from './routes/email-verification';
import { sellerRoutes } from './routes/sellers';
import { stageAround, timedMiddleware } from './lib/server-timing';
import { listingPriceGuidanceRoutes, priceGuidanceRoutes } from './routes/price-guidance';

/** The API, mounted at /api. Each resource is one sub-app. */
const api = new Hono<AppEnv>()
  .route('/', catalogRoutes)
  .route('/auth', authRoutes)
  .route('/auth/email', emailVerificationRoutes)
  .route('/oauth', oauthRoutes)
  .route('/upload', uploadRoutes)
  .route('/messages', messageRoutes)
  .route('/notifications', notificationRoutes)
  .route('/push', pushRoutes)
  .route('/premium', premiumRoutes)
  .route('/business', businessRoutes)
  .route('/business', sellerReportRoutes)
  .route('/', optionRoutes)
  .route('/listings', listingRoutes)
  .route('/listings', listingPromotionRoutes)
  .route('/listings', listingStatsRoutes)
  .route('/listings', listingPriceGuidanceRoutes)
  .route('/sellers', sellerRoutes)
  .route('/price-guidance', priceGuidanceRoutes)
  .route('/locations', locationRoutes)
  .route('/search', searchRoutes)
  .route('/media', mediaRoutes)
  .route('/listings', reportRoutes)
  .route('/users', userRoutes)
  .route('/admin', adminRoutes)
  .route('/saved-searches', savedSearchRoutes)
  .route('/dev', devRoutes);

// Each app-wide middleware is timed on its own under EDGE_CACHE=measure (lib/server-timing.ts,
// decision 023); without it the wrapper is one lookup.
export const app = new Hono<AppEnv>()
  // a public read made with a token that proved stale while it ran (lib/auth.ts): read it again as a guest
  .use('/api/*', timedMiddleware('mw-again-as-guest', async (c, next) => {
    await next();
    if (!c.res.headers.has(AGAIN_AS_GUEST)) return;
    const headers = new Headers(c.req.raw.headers);
    headers.delete('Authorization');
    let ctx: Parameters<typeof app.fetch>[2];
    try {
      ctx = c.executionCtx;
    } catch {
      ctx = undefined; // app.request() without one, in tests
    }
    const guest = await app.fetch(new Request(c.req.raw, { headers }), c.env, ctx);
    c.res = undefined; // not merged with the dropped answer's headers
    c.res = guest;
  }))
  // guests' pages and public reads from the Workers cache, keyed by the data version (decision 011)
  .use('*', timedMiddleware('mw-edge', guestEdgeCache))
  .use('/api/*', timedMiddleware('mw-secure-headers', secureHeaders({ crossOriginResourcePolicy: 'same-site', referrerPolicy: 'strict-origin-when-cross-origin' })))
  // a signed-in user's answers are theirs alone: never kept by a shared cache
  .use('/api/*', timedMiddleware('mw-private', async (c, next) => {
    await next();
    if (c.req.header('Authorization') && !c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'private, no-store');
  }))
  // JSON bodies are small; uploads set their own, larger limit
  .use('/api/*', timedMiddleware('mw-body-limit', async (c, next) =>
    c.req.path.startsWith('/api/upload/')
      ? next()
      : bodyLimit({ maxSize: 256 * 1024, onError: (c2) => c2.json({ success: false, error: 'The request is too large', code: 'PAYLOAD_TOO_LARGE' }, 413) })(c, next),
  ))
  // everything past the app-wide middleware: the route's own middleware and its handler
  .use('*', stageAround('handler'))
  .route('/api', api)
  .route('/api', docsRoutes(api))
  .all('/api/*', () => {
    throw notFound('No such API endpoint', 'ROUTE_NOT_FOUND');
  })
  // pages crawlers and link previews read without JavaScript (see wrangler.toml run_worker_first)
  .route('/', seoRoutes((request, env, ctx): Response | Promise<Response> => app.fetch(request, env, ctx)));

app.onError(handleError);
app.notFound((c) => c.json({ success: false, error: 'Not found', code: 'ROUTE_NOT_FOUND' }, 404));

export type AppType = typeof api;
