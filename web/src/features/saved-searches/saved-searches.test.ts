import { describe, expect, it } from 'vitest';
import { canSave, savedQueryOf, summaryParts } from './saved-searches';
import { productsParamsOf } from '../../../../worker/schemas/saved-search-links';

const t = (s: string) => s;

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
  });
});
