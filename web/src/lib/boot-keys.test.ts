import { defaultParseSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { HOME_BOOT_KEYS, listingBootKey, productsBootKey, productsReferenceKeys } from '../../../worker/lib/page-boot';
import { productsApiQuery } from '../features/listings/filters';
import { MOBILE_HOME_FILTERS } from '../features/listings/MobileHome';
import { HOME_FILTERS } from '../features/listings/queries';
import { buildQueryString } from './api';
import { productsSearchSchema } from './search-params';

/** What the products page requests for a URL: the router's parse, the route's schema, the page's query. */
const clientProductsKey = (search: string) => `/listings${buildQueryString(productsApiQuery(productsSearchSchema.parse(defaultParseSearch(search))))}`;

describe('inlined page data keys match the requests the client makes', () => {
  it.each([
    '',
    '?category=Vehicles',
    '?category=Vehicles&subcategory=Cars&location=Mumbai',
    '?q=honda+city&sort=price-asc',
    '?q=Royal%20Enfield&location=Koramangala',
    '?location=India',
    '?location=All%20in%20India&category=Jobs',
    '?condition=used,new&page=3',
    '?condition=NEW,USED,REFURBISHED',
    '?minPrice=1000&maxPrice=50000&brand=Honda&fuel=Diesel',
    '?subcategory=Cars&sort=relevance-desc&transmission=Manual&page=2',
    '?category=Properties&bhk=2+BHK&furnishing=Furnished',
  ])('products%s', (search) => {
    expect(productsBootKey(new URLSearchParams(search))).toBe(clientProductsKey(search));
  });

  it('skips URLs whose client parsing is not a plain copy', () => {
    for (const search of ['?q=2019', '?page=abc', '?sort=cheapest', '?category=a&category=b', '?utm_source=x', '?q=%20padded']) {
      expect(productsBootKey(new URLSearchParams(search)), search).toBeUndefined();
    }
  });

  it('home (desktop and phone) and the listing detail', () => {
    expect(HOME_BOOT_KEYS.desktop).toBe(`/listings${buildQueryString(HOME_FILTERS)}`);
    expect(HOME_BOOT_KEYS.mobile).toBe(`/listings${buildQueryString({ ...MOBILE_HOME_FILTERS, page: 1 })}`);
    expect(listingBootKey('cars-c84-honda city-iid-01ab')).toBe(`/listings/slug/${encodeURIComponent('cars-c84-honda city-iid-01ab')}`);
  });

  it('reference data keys are what the catalog queries request', () => {
    expect(productsReferenceKeys(new URLSearchParams('category=Home+%26+Garden'))).toEqual([
      '/categories',
      '/banner-ads',
      `/popular-searches${buildQueryString({ category: 'Home & Garden' })}`,
    ]);
    expect(productsReferenceKeys(new URLSearchParams(''))).toEqual(['/categories', '/banner-ads', '/popular-searches']);
  });
});
