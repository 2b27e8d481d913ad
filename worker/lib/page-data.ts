import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { AppError } from './errors';
import { currentVersion } from './cache';
import { EDGE_TTL_SECONDS } from './edge-cache';
import { listingsQuery, relatedQuery } from '../schemas/listings';
import { popularSearchQuery, type Category } from '../schemas/catalog';
import { search } from '../services/search';
import { relatedListings } from '../services/listings/listings';
import { listBannerAds, listCategories, listPopularSearches } from '../services/listings/catalog';
import { forgetWithIsolate } from './isolate-memos';

/**
 * A page's inlined API answers (worker/lib/page-boot.ts keys), computed by the services the API
 * routes call, inside the page's own request (decision 023's addendum). They used to be API
 * requests through the whole app: routing, the middleware, the guest edge cache's lookup and its
 * write of an entry no one reads (the client takes these answers from the page), the answer's JSON
 * written and read back. Each answerer here is its route's handler without the HTTP around it: the
 * same query schema, the same service call, the same `data`; a key the route would answer with an
 * error is left out, as before, and the client fetches it as usual.
 *
 * The reference data every page shares (categories with their counts, banners, popular searches)
 * is kept per isolate: banners and popular searches by their service (they change only with a
 * deploy), the category tree per listings data version (below). The API's own edge-cache entries
 * are no longer filled by pages as a side effect: the API fills them on its own first request. A
 * key with no answerer here (a seller's page) returns undefined, and the caller asks the app.
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

/**
 * The category tree with its counts changes only with the listings data version (the counts are
 * kept in KV under it): computed once per version per isolate, as the edge cache kept the
 * `/api/categories` answer per version for the pages' requests before, with that entry's lifetime
 * (EDGE_TTL_SECONDS). With the edge cache off (tests, local checks) it is asked for every time, as
 * the API is.
 */
let categoriesMemo: { version: string; until: number; value: Promise<Category[]> } | undefined;
forgetWithIsolate(() => (categoriesMemo = undefined));
const categories = async (c: Context<AppEnv>): Promise<Category[]> => {
  const db = getDb(c.env.DB);
  if (c.env.EDGE_CACHE === 'off') return listCategories(c.env, db);
  const version = await currentVersion(c.env);
  if (version === 'unavailable') return listCategories(c.env, db);
  if (!categoriesMemo || categoriesMemo.version !== version || categoriesMemo.until < Date.now()) {
    const memo = { version, until: Date.now() + EDGE_TTL_SECONDS * 1000, value: listCategories(c.env, db) };
    categoriesMemo = memo;
    // a failed read is tried again by the next page
    memo.value.catch(() => categoriesMemo === memo && (categoriesMemo = undefined));
  }
  return categoriesMemo.value;
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
  // GET /api/categories, /api/banner-ads, /api/popular-searches (worker/routes/catalog.ts)
  { path: /^\/categories$/, answer: () => (c) => categories(c) },
  { path: /^\/banner-ads$/, answer: () => (c) => listBannerAds(getDb(c.env.DB)) },
  { path: /^\/popular-searches$/, answer: () => (c, params) => listPopularSearches(getDb(c.env.DB), parsed(popularSearchQuery, params).category) },
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
