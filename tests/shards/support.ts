import { createShardListing, listingsDbs, type ShardListingOverrides } from './shard-factory';

/** The four listings databases of the shards suite (tests/vitest.shards.config.ts), by index. */
export { listingsDbs };

/** The four databases' names, as the view counter and the checker name them. */
export const LISTINGS_NAMES = ['LISTINGS_0', 'LISTINGS_1', 'LISTINGS_2', 'LISTINGS_3'] as const;

let n = 0;

export type ShardAdOptions = Pick<ShardListingOverrides, 'city' | 'title' | 'price' | 'status' | 'categoryId' | 'subcategoryId' | 'views' | 'createdAt' | 'updatedAt' | 'expiresAt' | 'features'>;

/**
 * An ad written straight into its state's listings database with its seller's card, as posting
 * leaves it (decision 033): the id ends in the group's digit. Cheaper than posting through the API,
 * and it lets a test set the clock fields (expiry, times) the jobs read.
 */
export const shardAd = (seller: { id: string }, o: ShardAdOptions = {}) => createShardListing(seller, { ...o, title: o.title ?? `Shard test ad ${++n}` });


/**
 * The database with `run` placed just before or after the first batch whose statements' SQL
 * `matches` (the other party acts through the real bindings, between two steps of the move).
 */
export const hooked = (db: D1Database, matches: RegExp, at: 'before' | 'after', run: () => Promise<unknown>): D1Database => {
  let fired = false;
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'batch') {
        return async (statements: D1PreparedStatement[]) => {
          const hit = !fired && statements.some((s) => matches.test(String((s as unknown as { statement?: string }).statement ?? '')));
          if (hit) fired = true;
          if (hit && at === 'before') await run();
          const out = await target.batch(statements);
          if (hit && at === 'after') await run();
          return out;
        };
      }
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
};
