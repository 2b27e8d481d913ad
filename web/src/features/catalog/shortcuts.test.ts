import { describe, expect, it } from 'vitest';
import { CATEGORY_GUIDES, shortcutsOf } from './category-guides';
import { offeredShortcuts, type HomeShortcuts } from './shortcuts';

const cars = CATEGORY_GUIDES.find((g) => g.name === 'Cars')!;
const sheet = (name: string, shortcuts: { kind: 'all' | 'budget' | 'brand' | 'extra'; label: string }[]): HomeShortcuts['guides'][number] => ({
  name,
  category: 'Vehicles',
  subcategory: null,
  shortcuts: shortcuts.map((s) => ({ ...s, filters: {} })),
});

describe('the home sheet’s shortcuts', () => {
  it('offers exactly the ones the server says lead to ads, in sheet order', () => {
    const answer: HomeShortcuts = {
      guides: [
        sheet('Cars', [
          { kind: 'extra', label: 'CNG' },
          { kind: 'all', label: 'View All' },
          { kind: 'brand', label: 'Honda' },
          { kind: 'budget', label: 'Under ₹3 Lakh' },
          // a shortcut this version of the app does not know is left out, not guessed at
          { kind: 'brand', label: 'Lamborghini' },
        ]),
        sheet('Bikes', [{ kind: 'brand', label: 'Hero' }]),
      ],
    };
    expect(offeredShortcuts(cars, answer)?.map((s) => `${s.kind}:${s.label}`)).toEqual(['all:View All', 'budget:Under ₹3 Lakh', 'brand:Honda', 'extra:CNG']);
    // Honda is a car brand and a bike brand: each sheet answers for itself
    expect(offeredShortcuts(CATEGORY_GUIDES.find((g) => g.name === 'Bikes')!, answer)?.map((s) => s.label)).toEqual(['Hero']);
    expect(offeredShortcuts(CATEGORY_GUIDES.find((g) => g.name === 'Jobs')!, answer)).toEqual([]);
  });

  it('offers nothing before the answer, and every link when there is none to be had', () => {
    expect(offeredShortcuts(cars, undefined)).toBeUndefined();
    expect(offeredShortcuts(cars, undefined, true)).toEqual(shortcutsOf(cars));
  });

  it('each shortcut carries the search its link runs', () => {
    const byLabel = new Map(shortcutsOf(cars).map((s) => [s.label, s.filters]));
    expect(byLabel.get('Over ₹15 Lakh')).toEqual({ minPrice: 1_500_000, maxPrice: 999_999_999 });
    expect(byLabel.get('CNG')).toEqual({ fuel: 'CNG & Hybrids' });
    expect(byLabel.get('View All')).toEqual({});
  });
});
