/** URL state of a seller's page: /sellers/<name>-<id>?sort=price-low&page=2 (the small validator, not zod: route options land in the entry chunk). */
import { optionalChoice, optionalNumber, optionalText, searchObject } from '../../lib/search-schema';

export const sellerSearchSchema = searchObject({
  // the sorts of SELLER_SORTS (worker/schemas/seller-page-data.ts), written out so the route definitions, which the home page loads, do not pull that module
  order: optionalChoice(['newest', 'price-low', 'price-high'] as const),
  page: optionalNumber({ min: 1, max: 1000, integer: true }),
  /** the ad the buyer came from: the report picker starts on it */
  from: optionalText(64),
});
