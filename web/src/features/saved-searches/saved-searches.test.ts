import { describe, expect, it } from 'vitest';
import { canSave, savedQueryOf, summaryParts } from './saved-searches';
import { productsParamsOf, savedSearchHref } from '../../../../worker/schemas/saved-search-links';
import { filterChips, productsApiQuery } from '../listings/filters';
import { productsSearchSchema } from '../../lib/search-params';
import { HINDI } from '../../lib/i18n-hi';

const t = (s: string, params?: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (_, k: string) => String(params?.[k] ?? `{${k}}`));

describe('saved searches on the client', () => {
  it('saves the page filters as the API query, without paging', () => {
    expect(savedQueryOf({ q: 'activa', location: 'Pune', maxPrice: 40000, page: 3, sort: 'price-asc' })).toEqual({
      q: 'activa',
      location: 'Pune',
      maxPrice: '40000',
      sortBy: 'price',
      sortOrder: 'asc',
    });
    expect(savedQueryOf({ location: 'India', category: 'Vehicles' })).toEqual({ category: 'Vehicles' });
  });
  it('a page with only an order has nothing to save', () => {
    expect(canSave({ sort: 'price-asc' })).toBe(false);
    expect(canSave({ q: 'sofa' })).toBe(true);
  });
  it('opens a saved query as the products page search', () => {
    expect(productsParamsOf({ q: 'activa', sortBy: 'price', sortOrder: 'asc', lat: '18.5', lng: '73.8', radiusKm: '10' })).toEqual({
      q: 'activa',
      sort: 'price-asc',
      lat: '18.5',
      lng: '73.8',
      radius: '10',
    });
  });
  it('summarises the filters in words', () => {
    expect(summaryParts({ q: 'activa', location: 'Pune', maxPrice: '40000', condition: 'USED' }, t)).toEqual(['"activa"', 'in Pune', 'under ₹40,000', 'Used']);
    expect(summaryParts({ category: 'Vehicles', minPrice: '1000', maxPrice: '5000' }, t)).toEqual(['Vehicles', '₹1,000 – ₹5,000']);
    expect(summaryParts({ q: 'sofa', lat: '18.5', lng: '73.8', radiusKm: '10', minPrice: '500' }, t)).toEqual(['"sofa"', 'within 10 km of you', 'over ₹500']);
  });
  it('summarises the filters in Hindi word order', () => {
    const hi: Record<string, string> = { ...HINDI };
    const th = (s: string, params?: Record<string, string | number>) => t(hi[s] ?? s, params);
    expect(summaryParts({ q: 'activa', location: 'Pune', maxPrice: '40000', condition: 'USED,NEW' }, th)).toEqual(['"activa"', `${hi.Pune ?? 'Pune'} में`, '₹40,000 से कम', `${hi.Used ?? 'Used'} या ${hi.New ?? 'New'}`]);
    expect(summaryParts({ lat: '18.5', lng: '73.8' }, th)).toEqual(['आपसे 25 किमी के भीतर']);
  });
  it('"only the new ads": the link carries since, the page sends it, shows a chip that clears it, and never saves it', () => {
    const href = savedSearchHref({ q: 'activa', location: 'Pune' }, 'ss_1', Date.UTC(2026, 10, 25, 4, 0));
    const url = new URL(href, 'https://sel.test');
    expect(url.searchParams.get('since')).toBe('2026-11-25T04:00:00.000Z');
    const search = productsSearchSchema.parse(Object.fromEntries(url.searchParams));
    expect(search.since).toBe('2026-11-25T04:00:00.000Z');
    expect(productsApiQuery(search).since).toBe('2026-11-25T04:00:00.000Z');
    const chip = filterChips(search).find((c) => c.key === 'since');
    expect(chip?.label).toMatch(/^New since 25 Nov/);
    expect(chip?.next.since).toBeUndefined();
    expect(chip?.next.q).toBe('activa');
    expect(savedQueryOf(search)).not.toHaveProperty('since');
  });
  it('a hand-edited since that is not a moment is dropped, not sent', () => {
    expect(productsSearchSchema.parse({ since: 'yesterday' }).since).toBeUndefined();
    expect(productsSearchSchema.parse({ since: '2026-13-45T99:00:00Z' }).since).toBeUndefined();
    expect(productsSearchSchema.parse({ since: '1999-01-01' }).since).toBeUndefined();
  });
});
