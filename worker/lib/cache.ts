import type { Env } from '../env';

/**
 * Read-through cache over KV for derived data (category and location counts, location lists).
 * Keys carry a version that writes bump (`invalidateListingCaches`), so invalidation is one KV
 * write instead of a scan. KV is an optimisation only: any KV failure falls through to the loader.
 */
const VERSION_KEY = 'cache-version:listings';

// Per-isolate memo of the version, so a hot isolate does not read KV twice per request.
let memoVersion: { value: string; at: number } | undefined;
const VERSION_MEMO_MS = 2_000;

const currentVersion = async (env: Env): Promise<string> => {
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

export const cached = async <T>(env: Env, key: string, ttlSeconds: number, loader: () => Promise<T>): Promise<T> => {
  const version = await currentVersion(env);
  if (version === 'unavailable') return loader();
  const fullKey = `${key}:v${version}`;
  try {
    const hit = await env.CACHE.get<T>(fullKey, 'json');
    if (hit !== null) return hit;
  } catch (err) {
    console.warn('KV read failed', fullKey, err);
  }
  const value = await loader();
  try {
    await env.CACHE.put(fullKey, JSON.stringify(value), { expirationTtl: Math.max(60, ttlSeconds) });
  } catch (err) {
    console.warn('KV write failed', fullKey, err);
  }
  return value;
};

/** Call after any write that changes which listings are live, or where. */
export const invalidateListingCaches = async (env: Env) => {
  memoVersion = undefined;
  try {
    const next = String(Date.now());
    await env.CACHE.put(VERSION_KEY, next);
    memoVersion = { value: next, at: Date.now() };
  } catch (err) {
    console.warn('KV invalidation failed', err);
  }
};
