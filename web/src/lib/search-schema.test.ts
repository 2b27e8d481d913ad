import { describe, expect, it } from 'vitest';
import { homeSearchSchema, productsSearchSchema } from './search-params';
import { optionalBoolean, optionalChoice, optionalNumber, optionalText, searchObject } from './search-schema';

describe('search-state validator', () => {
  it('reads text and numbers as the router hands them over, and drops bad input', () => {
    const text = optionalText(5);
    expect([text(' abc '), text(2024), text('abcdefgh'), text(''), text('  '), text(true), text({}), text(undefined)]).toEqual(['abc', '2024', 'abcde', undefined, undefined, undefined, undefined, undefined]);
    const page = optionalNumber({ min: 1, max: 10, integer: true });
    expect([page('3'), page(2.7), page('0'), page('11'), page('x'), page(''), page(null)]).toEqual([3, 2, undefined, undefined, undefined, undefined, undefined]);
    const sort = optionalChoice(['asc', 'desc'] as const, (v) => v.toLowerCase());
    expect([sort(' DESC '), sort('up'), sort(1)]).toEqual(['desc', undefined, undefined]);
    expect([optionalBoolean(true), optionalBoolean('false'), optionalBoolean('yes'), optionalBoolean(1)]).toEqual([true, false, undefined, undefined]);
  });

  it('keeps only its own keys and leaves undefined ones out', () => {
    const schema = searchObject({ q: optionalText(), page: optionalNumber({ min: 1, max: 9 }) });
    const parsed = schema.parse({ q: 'cars', page: 'abc', extra: 'x' });
    expect(parsed).toStrictEqual({ q: 'cars' });
    expect(schema.parse(null)).toStrictEqual({});
  });

  it('the page schemas: login modal flags, swapped price range, condition list, bedrooms', () => {
    expect(homeSearchSchema.parse({ showLoginModal: 'true', redirect: '/chat', junk: 1 })).toStrictEqual({ showLoginModal: true, redirect: '/chat' });
    expect(productsSearchSchema.parse({ minPrice: 50000, maxPrice: '1000', condition: 'used,new,broken', bhk: '3 BHK', sort: 'price-asc' })).toStrictEqual({
      minPrice: 1000,
      maxPrice: 50000,
      condition: 'NEW,USED',
      bhk: 3,
      sort: 'price-asc',
    });
  });
});
