import { describe, expect, it } from 'vitest';
import { TAXONOMY } from '../../../../worker/schemas/taxonomy';
import { TILE_SHORT_NAMES } from '../../../../worker/schemas/category-tiles';
import { productsApiQuery, filterChips } from '../listings/filters';
import {
  BIKE_BUDGETS,
  CAR_BUDGETS,
  CATEGORY_GUIDES,
  CATEGORY_TILES,
  MOBILE_BUDGETS,
  OPEN_PRICE_MAX,
  PROPERTY_BUDGETS,
  brandSearch,
  budgetSearch,
  extraFilterSearch,
  guideShortcuts,
  viewAllSearch,
} from './category-guides';

const cars = { category: 'Vehicles', subcategory: 'Cars' };

describe('budget range → products search', () => {
  it('sends both bounds for a closed range', () => {
    expect(budgetSearch(cars, { label: '₹3 - 5 Lakh', min: 300000, max: 500000 })).toEqual({
      category: 'Vehicles',
      subcategory: 'Cars',
      minPrice: 300000,
      maxPrice: 500000,
    });
  });

  it('starts "under" ranges at 0 and ends "over" ranges at 999999999', () => {
    expect(budgetSearch(cars, CAR_BUDGETS[0]!)).toMatchObject({ minPrice: 0, maxPrice: 300000 });
    expect(budgetSearch(cars, CAR_BUDGETS.at(-1)!)).toMatchObject({ minPrice: 1500000, maxPrice: OPEN_PRICE_MAX });
    expect(OPEN_PRICE_MAX).toBe(999999999);
  });

  it('adds the chosen place, but not all of India', () => {
    expect(budgetSearch(cars, CAR_BUDGETS[0]!, 'Kerala').location).toBe('Kerala');
    expect(budgetSearch(cars, CAR_BUDGETS[0]!, 'India').location).toBeUndefined();
  });

  it('covers the spec ranges: cars 3L…15L, bikes 50K…5L, mobiles 10K…1L, properties 50L…5Cr', () => {
    const ends = (ranges: typeof CAR_BUDGETS) => [ranges[0]!.max, ranges.at(-1)!.min];
    expect(ends(CAR_BUDGETS)).toEqual([300000, 1500000]);
    expect(ends(BIKE_BUDGETS)).toEqual([50000, 500000]);
    expect(ends(MOBILE_BUDGETS)).toEqual([10000, 100000]);
    expect(ends(PROPERTY_BUDGETS)).toEqual([5000000, 50000000]);
  });

  it('leaves no gaps or overlaps between neighbouring ranges', () => {
    for (const guide of CATEGORY_GUIDES) {
      guide.budgets.forEach((range, i) => {
        const next = guide.budgets[i + 1];
        if (next) expect(next.min, `${guide.name} ${range.label}`).toBe(range.max);
      });
    }
  });

  it('reaches the API as a price range and reads as a chip', () => {
    const search = budgetSearch(cars, CAR_BUDGETS.at(-1)!);
    expect(productsApiQuery(search)).toMatchObject({ minPrice: 1500000, maxPrice: 999999999 });
    expect(filterChips(search).find((c) => c.key === 'price')?.label).toBe('Above ₹ 15,00,000');
    expect(filterChips(budgetSearch(cars, CAR_BUDGETS[0]!)).find((c) => c.key === 'price')?.label).toBe('Under ₹ 3,00,000');
  });
});

describe('brands, extra filters and View All', () => {
  it('map to brand, a feature key, or the category alone', () => {
    expect(brandSearch(cars, 'Honda')).toEqual({ ...cars, brand: 'Honda' });
    expect(extraFilterSearch(cars, { label: 'Diesel', key: 'fuel', value: 'Diesel' })).toEqual({ ...cars, fuel: 'Diesel' });
    expect(viewAllSearch({ category: 'Pets' }, 'Pune')).toEqual({ category: 'Pets', location: 'Pune' });
  });
});

describe('tiles', () => {
  it('has the twelve spec tiles, nine of them with a guide', () => {
    expect(CATEGORY_TILES.map((t) => t.name)).toEqual([
      'Cars',
      'Properties',
      'Mobiles',
      'Jobs',
      'Fashion',
      'Books & Media',
      'Bikes',
      'Electronics',
      'Commercial Vehicles',
      'Furniture',
      'Pets',
      'Services',
    ]);
    expect(CATEGORY_GUIDES).toHaveLength(9);
    // one set of names: a tile is named as the post form names what it leads to (or a listed short name)
    for (const tile of CATEGORY_TILES) {
      const category = TAXONOMY.find((c) => c.name === tile.target.category);
      expect(category, tile.name).toBeDefined();
      const named = tile.target.subcategory ?? category!.name;
      expect(TILE_SHORT_NAMES[tile.name] ?? tile.name, tile.name).toBe(named);
    }
    expect(CATEGORY_TILES.filter((t) => t.guide)).toHaveLength(9);
  });
});

describe('shortcut values are stored values', () => {
  it('sends BHK as a number, whatever form the URL had, and CNG as the post form stores it', async () => {
    const { productsSearchSchema } = await import('../../lib/search-params');
    const properties = CATEGORY_GUIDES.find((g) => g.name === 'Properties')!;
    const twoBhk = extraFilterSearch(properties.target, properties.extras.find((e) => e.label === '2 BHK')!);
    expect(twoBhk.bhk).toBe(2);
    for (const raw of [2, '2', '"2"', '2 BHK']) expect(productsSearchSchema.parse({ bhk: raw }).bhk, String(raw)).toBe(2);
    expect(productsApiQuery({ bhk: 2 })).toMatchObject({ bhk: '2' });
    expect(filterChips({ bhk: 2 }).find((c) => c.key === 'bhk')?.label).toBe('2 BHK');
    const cars = CATEGORY_GUIDES.find((g) => g.name === 'Cars')!;
    expect(cars.extras.find((e) => e.label === 'CNG')?.value).toBe('CNG & Hybrids');
  });

  it('lists 97 shortcuts, each a /products search of its sheet', () => {
    const all = guideShortcuts();
    expect(all).toHaveLength(97);
    for (const s of all) expect(s.search.category, s.label).toBeTruthy();
  });
});
