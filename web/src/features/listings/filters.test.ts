import { describe, expect, it } from 'vitest';
import type { SearchInfo } from '../../../../worker/schemas/search';
import { browseHeading } from '../../../../worker/lib/browse-page';
import { productsSearchSchema } from '../../lib/search-params';
import { HINDI } from '../../lib/i18n-hi';
import { translate, translatePlural, type I18n } from '../../lib/i18n';
import {
  apiToSort,
  budgetChip,
  clearedFilters,
  conditionParam,
  effectiveSort,
  filterChips,
  isAllIndia,
  parsePriceDraft,
  productsApiQuery,
  productsHeading,
  productsPageTitle,
  sortToApi,
  withFilters,
} from './filters';

describe('sort word ⇄ sortBy/sortOrder', () => {
  it('maps every dropdown choice to the API pair and back', () => {
    expect(sortToApi('createdAt-desc')).toEqual({ sortBy: 'createdAt', sortOrder: 'desc' });
    expect(sortToApi('price-asc')).toEqual({ sortBy: 'price', sortOrder: 'asc' });
    expect(sortToApi('price-desc')).toEqual({ sortBy: 'price', sortOrder: 'desc' });
    expect(sortToApi('relevance-desc')).toEqual({ sortBy: 'relevance', sortOrder: 'desc' });
    for (const sort of ['createdAt-desc', 'price-asc', 'price-desc', 'relevance-desc'] as const) {
      const { sortBy, sortOrder } = sortToApi(sort);
      expect(apiToSort(sortBy, sortOrder)).toBe(sort);
    }
  });

  it('has no word for pairs the dropdown does not offer', () => {
    expect(apiToSort('title', 'asc')).toBeUndefined();
    expect(apiToSort(undefined, 'asc')).toBeUndefined();
    expect(apiToSort('price', 'ASC')).toBe('price-asc');
  });

  it('shows relevance for a text search and date otherwise when the URL has no sort', () => {
    expect(effectiveSort({ q: 'swift' })).toBe('relevance-desc');
    expect(effectiveSort({})).toBe('createdAt-desc');
    expect(effectiveSort({ q: 'swift', sort: 'price-asc' })).toBe('price-asc');
  });
});

describe('URL → API request', () => {
  it('asks for 20 per page, page 1 by default, and leaves the sort to the API when none is chosen', () => {
    expect(productsApiQuery({ category: 'Vehicles' })).toEqual({ category: 'Vehicles', page: 1, limit: 20 });
  });

  it('sends sortBy/sortOrder for a chosen sort and the feature filters as-is', () => {
    const query = productsApiQuery({ q: 'swift', sort: 'price-desc', page: 3, fuel: 'Diesel', brand: 'Maruti' });
    expect(query).toMatchObject({ q: 'swift', sortBy: 'price', sortOrder: 'desc', page: 3, fuel: 'Diesel', brand: 'Maruti' });
  });

  it('treats India and All in India as no location', () => {
    expect(productsApiQuery({ location: 'India' }).location).toBeUndefined();
    expect(productsApiQuery({ location: 'All in India' }).location).toBeUndefined();
    expect(productsApiQuery({ location: 'Kerala' }).location).toBe('Kerala');
    expect(isAllIndia(' india ')).toBe(true);
  });

  it('sends one condition as itself, several as a list, all three as none', () => {
    expect(productsApiQuery({ condition: 'USED' }).condition).toBe('USED');
    expect(productsApiQuery({ condition: 'NEW,USED' }).condition).toBe('NEW,USED');
    expect(productsApiQuery({ condition: 'NEW,USED,REFURBISHED' }).condition).toBeUndefined();
  });

  it('parses conditions from the URL into one canonical order, dropping unknown words', () => {
    const parsed = productsSearchSchema.parse({ condition: 'used, new,broken', sort: 'price-asc', page: '2' });
    expect(parsed.condition).toBe('NEW,USED');
    expect(parsed.sort).toBe('price-asc');
    expect(parsed.page).toBe(2);
    expect(productsSearchSchema.parse({ sort: 'cheapest' }).sort).toBeUndefined();
    // a minimum above the maximum is the range between them, not an error page
    expect(productsSearchSchema.parse({ minPrice: '50000', maxPrice: '1000' })).toMatchObject({ minPrice: 1000, maxPrice: 50000 });
    expect(productsApiQuery(productsSearchSchema.parse({ minPrice: '50000', maxPrice: '1000' }))).toMatchObject({ minPrice: 1000, maxPrice: 50000 });
    expect(conditionParam(['REFURBISHED', 'NEW'])).toBe('NEW,REFURBISHED');
  });
});

describe('filter changes', () => {
  it('reset the page to 1', () => {
    expect(withFilters({ category: 'Vehicles', page: 4 }, { location: 'Pune' })).toEqual({
      category: 'Vehicles',
      location: 'Pune',
    });
  });

  it('drop the subcategory when the category changes, unless one is given', () => {
    const search = { category: 'Vehicles', subcategory: 'Cars' };
    expect(withFilters(search, { category: 'Electronics' })).toEqual({ category: 'Electronics' });
    expect(withFilters(search, { category: 'Electronics', subcategory: 'Laptops' })).toEqual({
      category: 'Electronics',
      subcategory: 'Laptops',
    });
    expect(withFilters(search, { q: 'swift' })).toEqual({ category: 'Vehicles', subcategory: 'Cars', q: 'swift' });
  });

  it('Clear All keeps only the sort', () => {
    expect(clearedFilters({ q: 'x', category: 'Pets', sort: 'price-asc', page: 2 })).toEqual({ sort: 'price-asc' });
    expect(clearedFilters({ q: 'x' })).toEqual({});
  });
});

describe('active-filter chips', () => {
  it('lists each active filter with the search that removes it', () => {
    const search = {
      q: 'honda',
      category: 'Vehicles',
      subcategory: 'Cars',
      location: 'Mumbai',
      minPrice: 100000,
      maxPrice: 500000,
      condition: 'NEW,USED',
      page: 2,
    };
    const chips = filterChips(search);
    expect(chips.map((c) => c.label)).toEqual([
      '"honda"',
      'Vehicles',
      'Cars',
      'Mumbai',
      '₹ 1,00,000 - ₹ 5,00,000',
      'New',
      'Used',
    ]);
    const byKey = Object.fromEntries(chips.map((c) => [c.key, c.next]));
    expect(byKey.category).toEqual({ q: 'honda', location: 'Mumbai', minPrice: 100000, maxPrice: 500000, condition: 'NEW,USED' });
    expect(byKey.price).toEqual({ q: 'honda', category: 'Vehicles', subcategory: 'Cars', location: 'Mumbai', condition: 'NEW,USED' });
    expect(byKey['condition-NEW']?.condition).toBe('USED');
    expect(byKey['condition-NEW']?.page).toBeUndefined();
  });

  it('has no chip for India and words open price ranges', () => {
    expect(filterChips({ location: 'India' })).toEqual([]);
    expect(filterChips({ minPrice: 1500000, maxPrice: 999999999 })[0]?.label).toBe('Above ₹ 15,00,000');
    expect(filterChips({ maxPrice: 300000 })[0]?.label).toBe('Under ₹ 3,00,000');
    expect(filterChips({ minPrice: 0, maxPrice: 300000 })[0]?.label).toBe('Under ₹ 3,00,000');
  });

  it('labels feature filters with their name', () => {
    expect(filterChips({ fuel: 'Diesel', brand: 'Honda' }).map((c) => c.label)).toEqual(['Brand: Honda', 'Fuel: Diesel']);
  });
});

describe('page title and price inputs', () => {
  it('titles the page after the category', () => {
    expect(productsPageTitle({ category: 'Vehicles' })).toBe('Vehicles - Buy & Sell Online');
    expect(productsPageTitle({})).toBe('All Categories - Buy & Sell Online');
  });

  it('reads blank inputs as no limit and rejects a reversed range', () => {
    expect(parsePriceDraft({ min: '', max: '' })).toEqual({ minPrice: undefined, maxPrice: undefined });
    expect(parsePriceDraft({ min: '1,000', max: '₹ 5000' })).toEqual({ minPrice: 1000, maxPrice: 5000 });
    // reversed: an error that offers the swap, never a range with one end dropped
    expect(parsePriceDraft({ min: '9000', max: '5,000' })).toEqual({ error: 'Minimum price cannot be more than maximum price.', swapped: { min: '5,000', max: '9000' } });
    expect(parsePriceDraft({ min: 'abc', max: '' })).toHaveProperty('error');
  });
});

describe('the results heading', () => {
  const info = (interpretedAs: SearchInfo['interpretedAs'], more: Partial<SearchInfo> = {}): SearchInfo => ({ query: 'x', interpretedAs, relaxed: 'none', ...more });
  const cases: [Parameters<typeof productsHeading>[0], SearchInfo | undefined, string][] = [
    [{ q: 'buds chennai' }, info({ q: 'buds', location: 'Chennai' }), '"buds" in Chennai'],
    [{ q: 'cars in pune', location: 'India' }, info({ q: '', category: 'Cars', location: 'Pune' }), 'Cars in Pune'],
    [{ q: 'scooty', location: 'Wakad' }, info({ q: 'scooty', location: 'Wakad' }, { relaxed: 'widerPlace', widenedTo: 'Pune' }), '"scooty" in Pune'],
    [{ q: 'iphone 13', location: 'Delhi' }, info({ q: 'iphone 13', location: 'Delhi' }), '"iphone 13" in Delhi'],
    [{ q: 'buds chennai' }, undefined, '"buds chennai" in India'],
    // a budget from the words is a chip of its own, not part of the heading
    [{ q: 'sofa under 10k' }, info({ q: 'sofa', maxPrice: 10_000 }, { withoutBudget: 'sofa' }), '"sofa" in India'],
    [{ q: 'bike 40 hazar tak', location: 'Pune' }, info({ q: '', subcategory: 'Motorcycles', maxPrice: 40_000 }, { withoutBudget: 'bike' }), 'Motorcycles in Pune'],
  ];

  it('says what the search understood once the answer is in, and the same as the page the worker rendered (no shift on take-over)', () => {
    for (const [search, searchInfo, heading] of cases) {
      expect(productsHeading(search, undefined, searchInfo)).toBe(heading);
      const location = isAllIndia(search.location) ? undefined : search.location;
      expect(browseHeading({ q: search.q, location }, searchInfo)).toBe(heading);
    }
  });

  it('near me keeps "your area"', () => {
    expect(productsHeading({ q: 'buds', lat: 13.08, lng: 80.27 }, undefined, info({ q: 'buds' }, { relaxed: 'widerPlace', widenedTo: 'India' }))).toBe('"buds" in your area');
  });
});


describe('the budget chip (a budget the search read from the words)', () => {
  const HINDI_WORDS: I18n = {
    t: (text, params) => translate(HINDI, text, params),
    tn: (count, one, other, params) => translatePlural(HINDI, 'hi', count, one, other, params),
    language: 'hi',
    locale: 'hi-IN',
  };
  const info = (interpretedAs: SearchInfo['interpretedAs'], withoutBudget?: string): SearchInfo => ({
    query: 'x',
    interpretedAs,
    relaxed: 'none',
    ...(withoutBudget !== undefined ? { withoutBudget } : {}),
  });

  it('says the bound in English and Hindi; removing it searches the words without the budget, back on page 1', () => {
    const search = { q: 'sofa under 10k', location: 'Pune', page: 3 };
    const chip = budgetChip(search, info({ q: 'sofa', maxPrice: 10_000 }, 'sofa'));
    expect(chip).toEqual({ key: 'budget', label: 'Under ₹ 10,000', next: { q: 'sofa', location: 'Pune' } });
    expect(budgetChip(search, info({ q: 'sofa', maxPrice: 10_000 }, 'sofa'), HINDI_WORDS)?.label).toBe('₹ 10,000 से कम');
    expect(budgetChip({ q: 'car 2 se 3 lakh' }, info({ q: 'car', minPrice: 200_000, maxPrice: 300_000 }, 'car'))?.label).toBe('₹ 2,00,000 - ₹ 3,00,000');
    expect(budgetChip({ q: 'laptop above 50k' }, info({ q: 'laptop', minPrice: 50_000 }, 'laptop'), HINDI_WORDS)?.label).toBe('₹ 50,000 से ऊपर');
    // the budget was all there was: removing it leaves no words
    expect(budgetChip({ q: 'under 7000' }, info({ q: '', maxPrice: 7_000 }, ''))?.next).toEqual({});
  });

  it('shows nothing when the words held no budget, or the URL’s own price filter decided', () => {
    expect(budgetChip({ q: 'redmi 9' }, info({ q: 'redmi 9' }))).toBeUndefined();
    expect(budgetChip({ q: 'sofa under 10k', maxPrice: 30_000 }, info({ q: 'sofa' }))).toBeUndefined();
    expect(budgetChip({ q: 'sofa under 10k' }, undefined)).toBeUndefined();
  });
});
