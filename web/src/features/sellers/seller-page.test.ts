import { describe, expect, it } from 'vitest';
import { sellerBootKeys } from '../../../../worker/lib/page-boot';
import { SELLER_SORTS, replyTimeLabel, sellerIdFromSlug, sellerPath, sellerSlug } from '../../../../worker/schemas/seller-page-data';
import { buildQueryString } from '../../lib/api';
import { sellerListingsParams } from './queries';
import { sellerSearchSchema } from './search';

describe("a seller's page", () => {
  it('inlines the very requests the page makes (a guest starts without fetching)', () => {
    for (const [sort, page] of [['newest', 1], ['price-low', 2], ['price-high', 40]] as const) {
      expect(sellerBootKeys('usr_01abc', sort, page)).toEqual({
        profile: '/sellers/usr_01abc',
        listings: `/sellers/usr_01abc/listings${buildQueryString(sellerListingsParams(sort, page))}`,
      });
    }
  });

  it('has a readable address whose id survives any name', () => {
    const id = 'usr_01jd8x9k2m3n4p5q6r7s8t9v0w';
    expect(sellerPath({ id, businessName: 'Sharma & Sons Motors', firstName: 'Ravi', lastName: 'Sharma' })).toBe(`/sellers/sharma-and-sons-motors-${id}`);
    expect(sellerSlug({ id, businessName: null, firstName: 'Ravi', lastName: 'Sharma' })).toBe(`ravi-sharma-${id}`);
    // a Hindi name has no ASCII words: the address is the id alone
    expect(sellerSlug({ id, businessName: null, firstName: 'रवि', lastName: 'शर्मा' })).toBe(id);
    for (const slug of [`ravi-sharma-${id}`, id, `old-name-${id.toUpperCase()}`]) expect(sellerIdFromSlug(slug)).toBe(id);
  });

  it("the page's URL takes exactly the API's sorts (written out in the route for the home page's sake)", () => {
    for (const sort of SELLER_SORTS) expect(sellerSearchSchema.parse({ order: sort }).order).toBe(sort);
    expect(sellerSearchSchema.parse({ order: 'cheapest', page: '0' })).toEqual({});
  });

  it('says reply times in bands', () => {
    expect([0, 15, 16, 60, 61, 360, 1440, 1441, 100_000].map(replyTimeLabel)).toEqual([
      'Usually replies within minutes',
      'Usually replies within minutes',
      'Usually replies within an hour',
      'Usually replies within an hour',
      'Usually replies within a few hours',
      'Usually replies within a few hours',
      'Usually replies within a day',
      'Usually replies in a few days',
      'Usually replies in a few days',
    ]);
  });
});
