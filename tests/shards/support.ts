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

