import type { Env } from '../env';
import { forgetWithIsolate } from './isolate-memos';

/**
 * Read-through cache over KV for derived data (category and location counts, location lists).
 * Keys carry a version that writes bump (`invalidateListingCaches`), so invalidation is one KV
 * write instead of a scan. KV is an optimisation only: any KV failure falls through to the loader.
 */
const VERSION_KEY = 'cache-version:listings';

// Per-isolate memo of the version, so a hot isolate does not read KV twice per request.
let memoVersion: { value: string; at: number } | undefined;
forgetWithIsolate(() => (memoVersion = undefined));
const VERSION_MEMO_MS = 2_000;

/** The listings data version (bumped by `invalidateListingCaches`); 'unavailable' when KV fails. */
export const currentVersion = async (env: Env): Promise<string> => {
  if (memoVersion && Date.now() - memoVersion.at < VERSION_MEMO_MS) return memoVersion.value;
  try {
    const value = (await env.CACHE.get(VERSION_KEY)) ?? '0';
    memoVersion = { value, at: Date.now() };
    return value;
  } catch (err) {
    console.warn('KV version read failed', err);
    return 'unavailable';
  }
};

/** The versioned key for `key`, or undefined when KV cannot be used right now. */
const versionedKey = async (env: Env, key: string) => {
  const version = await currentVersion(env);
  return version === 'unavailable' ? undefined : `${key}:v${version}`;
};

/** A cached value, or null on a miss or any KV failure. */
export const readCache = async <T>(env: Env, key: string): Promise<T | null> => {
  const fullKey = await versionedKey(env, key);
  if (!fullKey) return null;
  try {
    return await env.CACHE.get<T>(fullKey, 'json');
  } catch (err) {
    console.warn('KV read failed', fullKey, err);
    return null;
  }
};

/** Stores a value under the current version; failures are logged and ignored. */
export const writeCache = async (env: Env, key: string, value: unknown, ttlSeconds: number) => {
  const fullKey = await versionedKey(env, key);
  if (!fullKey) return;
  try {
    await env.CACHE.put(fullKey, JSON.stringify(value), { expirationTtl: Math.max(60, ttlSeconds) });
  } catch (err) {
    console.warn('KV write failed', fullKey, err);
  }
};

export const cached = async <T>(env: Env, key: string, ttlSeconds: number, loader: () => Promise<T>): Promise<T> => {
  const hit = await readCache<T>(env, key);
  if (hit !== null) return hit;
  const value = await loader();
  await writeCache(env, key, value, ttlSeconds);
  return value;
};

/** Call after any write that changes which listings are live, or where. */
export const invalidateListingCaches = async (env: Pick<Env, 'CACHE'>) => {
  memoVersion = undefined;
  try {
    const next = String(Date.now());
    await env.CACHE.put(VERSION_KEY, next);
    memoVersion = { value: next, at: Date.now() };
  } catch (err) {
    console.warn('KV invalidation failed', err);
  }
};
