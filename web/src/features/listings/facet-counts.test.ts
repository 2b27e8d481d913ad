import { describe, expect, it } from 'vitest';
import type { Category } from '../../../../worker/schemas/catalog';
import { facetQuery, placeChoices, withFacetCounts } from './facet-counts';

const catalogue: Category[] = [
  { id: 'vehicles', name: 'Vehicles', slug: 'vehicles', count: 240, subcategories: [
    { id: 'vehicles-cars', name: 'Cars', slug: 'cars', count: 100 },
    { id: 'vehicles-scooters', name: 'Scooters', slug: 'scooters', count: 40 },
    { id: 'vehicles-bicycles', name: 'Bicycles', slug: 'bicycles', count: 20 },
  ] },
  { id: 'home-and-garden', name: 'Home & Garden', slug: 'home-and-garden', count: 80, subcategories: [{ id: 'home-and-garden-appliances', name: 'Appliances', slug: 'appliances', count: 30 }] },
  { id: 'pets', name: 'Pets', slug: 'pets', count: 5, subcategories: [] },
];
const facets = {
  total: 4,
  categories: [
    { id: 'vehicles', name: 'Vehicles', count: 3, subcategories: [{ id: 'vehicles-cars', name: 'Cars', count: 2 }, { id: 'vehicles-scooters', name: 'Scooters', count: 1 }] },
    { id: 'home-and-garden', name: 'Home & Garden', count: 1, subcategories: [{ id: 'home-and-garden-appliances', name: 'Appliances', count: 1 }] },
  ],
  locations: { within: null, places: [] },
};

describe('withFacetCounts', () => {
  it('replaces the catalogue counts with the search counts and drops categories with none', () => {
    const out = withFacetCounts(catalogue, facets);
    expect(out.map((c) => [c.name, c.count])).toEqual([['Vehicles', 3], ['Home & Garden', 1]]);
    expect(out[0]!.subcategories.map((s) => [s.name, s.count])).toEqual([['Cars', 2], ['Scooters', 1]]);
  });
  it('keeps the chosen category and subcategory even at zero, so the buyer can step back', () => {
    const out = withFacetCounts(catalogue, facets, { categoryId: 'pets' });
    expect(out.map((c) => c.name)).toEqual(['Vehicles', 'Home & Garden', 'Pets']);
    const sub = withFacetCounts(catalogue, facets, { categoryId: 'vehicles', subcategoryId: 'vehicles-bicycles' });
    expect(sub[0]!.subcategories.map((s) => [s.name, s.count])).toEqual([['Cars', 2], ['Scooters', 1], ['Bicycles', 0]]);
  });
  it('asks for counts without paging or order, which change none', () => {
    expect(facetQuery({ q: 'honda', category: 'Vehicles', page: 3, limit: 20, sortBy: 'price', sortOrder: 'asc', minPrice: 5 })).toEqual({ q: 'honda', category: 'Vehicles', minPrice: 5 });
  });
});

describe('placeChoices', () => {
  it('lists the cities of India by name when no place is chosen', () => {
    const out = placeChoices({ within: null, places: [{ id: 1, kind: 'city', name: 'Pune', state: 'Maharashtra', city: null, count: 3 }] });
    expect(out).toEqual({ within: null, places: [{ id: 1, name: 'Pune', value: 'Pune', count: 3 }] });
  });

  it('names areas with their city, under the city they sit in', () => {
    const out = placeChoices({
      within: { id: 1, kind: 'city', name: 'Pune', state: 'Maharashtra', count: 4 },
      places: [
        { id: 7, kind: 'area', name: 'Baner', state: 'Maharashtra', city: 'Pune', count: 2 },
        { id: 8, kind: 'area', name: 'Kothrud', state: 'Maharashtra', city: 'Pune', count: 0 },
      ],
    });
    expect(out.within).toEqual({ id: 1, name: 'Pune', value: 'Pune', count: 4 });
    expect(out.places.map((p) => [p.value, p.count])).toEqual([['Baner, Pune', 2], ['Kothrud, Pune', 0]]);
  });
});
