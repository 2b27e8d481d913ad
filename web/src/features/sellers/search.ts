/** URL state of a seller's page: /sellers/<name>-<id>?sort=price-low&page=2 (the small validator, not zod: route options land in the entry chunk). */
import { optionalChoice, optionalNumber, optionalText, searchObject } from '../../lib/search-schema';
import { SELLER_SORTS } from '../../../../worker/schemas/seller-page-data';

export const sellerSearchSchema = searchObject({
  order: optionalChoice(SELLER_SORTS),
  page: optionalNumber({ min: 1, max: 1000, integer: true }),
  /** the ad the buyer came from: the report picker starts on it */
  from: optionalText(64),
});
