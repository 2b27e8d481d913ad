import type { Env } from '../../env';
import type { ViewCounterContract } from '../../durable-object-contracts';
import { MAIN_LISTINGS_SHARD, viewCounterName } from '../../schemas/view-counter-data';

/**
 * Ad views go to the view counter object of the ad's listings database (decision 020, addendum),
 * which writes `listings.views` and the seller's daily counters there in batches.
 */
export const viewCounter = (env: Pick<Env, 'VIEW_COUNTER'>, shard: string = MAIN_LISTINGS_SHARD): DurableObjectStub<ViewCounterContract> =>
  env.VIEW_COUNTER.get(env.VIEW_COUNTER.idFromName(viewCounterName(shard)));

/** The D1 database a counter writes to. One today; each listings database will name its own. */
export const listingsDatabase = (env: Pick<Env, 'DB'>, shard: string): D1Database => {
  if (shard === MAIN_LISTINGS_SHARD) return env.DB;
  throw new Error(`no listings database "${shard}"`);
};
