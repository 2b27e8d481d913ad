import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { AppError } from './errors';
import { listingsQuery, relatedQuery } from '../schemas/listings';
import { search } from '../services/search';
import { relatedListings } from '../services/listings/listings';

/**
 * A page's inlined API answers (worker/lib/page-boot.ts keys), computed by the services the API
 * routes call, inside the page's own request (decision 023's addendum). They used to be API
 * requests through the whole app: routing, the middleware, the guest edge cache's lookup and its
 * write of an entry no one reads (the client takes these answers from the page), the answer's JSON
 * written and read back. Each answerer here is its route's handler without the HTTP around it: the
 * same query schema, the same service call, the same `data`; a key the route would answer with an
 * error is left out, as before, and the client fetches it as usual.
 *
 * Only the page's own reads are answered here: its search and an ad's related ads, different on
 * every page. The reference data every page shares (categories, banners, popular searches) still
 * comes through the app: there it is the isolate's copy of its edge-cache entry, kept per data
 * version, and the entry is what the app's own later fetch of it hits. A key with no answerer here
 * returns undefined, and the caller asks the app as before.
 */
type Answer = (c: Context<AppEnv>, params: URLSearchParams, origin: string) => Promise<unknown>;

/** The query as the route's `validate('query', schema)` reads it (one value per name: page-boot keys never repeat one). */
const parsed = <T>(schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false } }, params: URLSearchParams): T => {
  const result = schema.safeParse(Object.fromEntries(params));
  if (!result.success) throw new AppError(400, 'VALIDATION_ERROR', 'Invalid request');
  return result.data;
};

const defer = (c: Context<AppEnv>) => (task: Promise<unknown>) => {
  try {
    c.executionCtx.waitUntil(task);
  } catch {
    void task;
  }
};

const ANSWERS: { path: RegExp; answer: (match: RegExpExecArray) => Answer }[] = [
  {
    // GET /api/listings (worker/routes/listings.ts): the search
    path: /^\/listings$/,
    answer: () => (c, params, origin) => search(c.env, getDb(c.env.DB), origin, parsed(listingsQuery, params), { defer: defer(c) }),
  },
  {
    // GET /api/listings/{id}/related: a guest's (no viewer)
    path: /^\/listings\/([^/]+)\/related$/,
    answer: (m) => (c, params, origin) => {
      const id = decodeURIComponent(m[1]!).trim();
      if (!id || id.length > 64) throw new AppError(400, 'VALIDATION_ERROR', 'Invalid id');
      return relatedListings(c.env, getDb(c.env.DB), origin, id, parsed(relatedQuery, params).limit);
    },
  },
];

/**
 * The answer's `data` for one page-boot key, computed directly; undefined when this module has no
 * answerer for the key (the caller asks the app). A rejection is what the route would have
 * answered with an error.
 */
export const directAnswer = (c: Context<AppEnv>, key: string, origin: string): Promise<unknown> | undefined => {
  const at = key.indexOf('?');
  const path = at < 0 ? key : key.slice(0, at);
  const params = new URLSearchParams(at < 0 ? '' : key.slice(at + 1));
  for (const { path: pattern, answer } of ANSWERS) {
    const match = pattern.exec(path);
    if (match) return answer(match)(c, params, origin);
  }
  return undefined;
};
