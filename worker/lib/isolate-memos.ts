/**
 * What the worker keeps in memory once per isolate (reference data, the search dictionary and its
 * suggestions, the KV data version, the edge cache's memory tier) registers how to forget it here.
 *
 * In production an isolate only ever forgets by ending: a deploy or an eviction starts a new one. The
 * worker test suites share one workerd between test files (starting one per file cost more than a
 * third of their time) and put each file's databases and KV back to their migrated state, so they
 * forget these too, as a new isolate would start.
 */
const forgetters: (() => void)[] = [];

/** Registers how to forget one per-isolate memo (called once, where the memo is declared). */
export const forgetWithIsolate = (forget: () => void) => {
  forgetters.push(forget);
};

/** Forgets every per-isolate memo: what a new isolate would start from. */
export const forgetIsolateMemos = () => {
  for (const forget of forgetters) forget();
};
