import type { Env } from '../../env';
import type { ViewCounterContract } from '../../durable-object-contracts';
import { LISTINGS_BINDINGS, databaseOfGroup, groupOfListingId, listingDatabaseCount, type ShardEnv } from '../../db/shards';
import { MAIN_LISTINGS_SHARD, viewCounterName } from '../../schemas/view-counter-data';

/**
 * Ad views go to the view counter object of the ad's listings database (decision 020, addendum),
 * which writes `listings.views` and the seller's daily counters there in batches.
 */
export const viewCounter = (env: Pick<Env, 'VIEW_COUNTER'>, shard: string = MAIN_LISTINGS_SHARD): DurableObjectStub<ViewCounterContract> =>
  env.VIEW_COUNTER.get(env.VIEW_COUNTER.idFromName(viewCounterName(shard)));

/**
 * The counter name of each listings database, in the order of `listingDatabases`: "main" with one
 * database (the name every counter had before listings spread), else the database's binding name
 * (decision 033), so each database's views are written by its own counter.
 */
export const viewShards = (env: ShardEnv): string[] => {
  const n = listingDatabaseCount(env);
  return n === 1 ? [MAIN_LISTINGS_SHARD] : LISTINGS_BINDINGS.slice(0, n);
};

/** The counter of the database an ad lives in, from its id (an untagged id lives in database 0). */
export const viewShardOfListing = (env: ShardEnv, listingId: string): string => {
  const n = listingDatabaseCount(env);
  if (n === 1) return MAIN_LISTINGS_SHARD;
  const group = groupOfListingId(listingId);
  return LISTINGS_BINDINGS[group === null ? 0 : databaseOfGroup(n, group)]!;
};

/** The D1 database a counter writes to: `DB` for "main", else the listings binding it is named after. */
export const listingsDatabase = (env: ShardEnv, shard: string): D1Database => {
  if (shard === MAIN_LISTINGS_SHARD) return env.DB;
  const binding = (LISTINGS_BINDINGS as readonly string[]).includes(shard) ? env[shard as (typeof LISTINGS_BINDINGS)[number]] : undefined;
  if (!binding) throw new Error(`no listings database "${shard}"`);
  return binding;
};
