import { describe, expect, it } from 'vitest';
import { footerPlaces } from './footer-places';

describe('footer places', () => {
  it('offers only cities with ads: four popular, then four trending', () => {
    const cities = ['Delhi', 'Pune', 'Mumbai', 'Chennai', 'Bhopal', 'Meerut', 'Lucknow', 'Surat', 'Agra'].map((name, i) => ({ name, count: 20 - i }));
    expect(footerPlaces([...cities, { name: 'Nashik', count: 0 }])).toEqual({
      popular: ['Delhi', 'Pune', 'Mumbai', 'Chennai'],
      trending: ['Bhopal', 'Meerut', 'Lucknow', 'Surat'],
    });
    expect(footerPlaces([{ name: 'Nashik', count: 0 }])).toEqual({ popular: [], trending: [] });
  });
});
