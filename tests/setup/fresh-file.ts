import { env } from 'cloudflare:workers';
import { forgetIsolateMemos } from '../../worker/lib/isolate-memos';
import { viewCounter, viewShards } from '../../worker/services/listings/view-counter';
import { resetToMigratedState } from './reset-databases';

/**
 * For suites whose files share one workerd (their config turns vitest's isolation off: starting a
 * workerd per file cost more than a third of the suite's time): each file starts where a file of its
 * own workerd would — empty view counters (views an earlier file counted would otherwise be written
 * by this file's flush), the databases' rows as the migrations left them, an empty KV, and the
 * worker's per-isolate memos forgotten. R2 objects and Durable Objects' storage are left: every file
 * names its own (ids and keys are fresh per test).
 */
export const startFileAfresh = async (databases: D1Database[]) => {
  for (const shard of viewShards(env)) {
    for (let left = 1; left > 0; ) ({ left } = await viewCounter(env, shard).flush());
  }
  await Promise.all(databases.map((db) => resetToMigratedState(db)));
  for (let cursor: string | undefined, done = false; !done; ) {
    const page = await env.CACHE.list(cursor ? { cursor } : {});
    await Promise.all(page.keys.map((k) => env.CACHE.delete(k.name)));
    done = page.list_complete;
    cursor = page.list_complete ? undefined : page.cursor;
  }
  forgetIsolateMemos();
};
