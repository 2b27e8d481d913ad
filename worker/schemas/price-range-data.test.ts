import { describe, expect, it } from 'vitest';
import { TAXONOMY } from './taxonomy';
import { CATEGORY_PRICE_RANGES, SUBCATEGORY_PRICE_RANGES, unusualPrice, usualPriceRange } from './price-range-data';

describe('usual price ranges', () => {
  it('covers every category, names only real subcategories, and every range is low < high', () => {
    expect(TAXONOMY.map((c) => c.id).filter((id) => !CATEGORY_PRICE_RANGES[id])).toEqual([]);
    const subs = new Set(TAXONOMY.flatMap((c) => c.subcategories.map((s) => s.id)));
    expect(Object.keys(SUBCATEGORY_PRICE_RANGES).filter((id) => !subs.has(id))).toEqual([]);
    for (const r of [...Object.values(CATEGORY_PRICE_RANGES), ...Object.values(SUBCATEGORY_PRICE_RANGES)]) expect(r.low).toBeLessThan(r.high);
  });

  it('questions a car at ₹45 crore or ₹450 and suggests the slip undone; leaves an ordinary price alone', () => {
    const cars = usualPriceRange('vehicles', 'vehicles-cars');
    expect(unusualPrice(520_000, cars)).toEqual({ unusual: false });
    expect(unusualPrice(450, cars)).toEqual({ unusual: true, direction: 'low', suggestion: 45_000 });
    expect(unusualPrice(450_005_000, cars)).toEqual({ unusual: true, direction: 'high', suggestion: 4_500_050 });
    // a fridge at ₹18,00,000 is most likely ₹18,000
    expect(unusualPrice(1_800_000, usualPriceRange('home-and-garden', 'home-and-garden-appliances'))).toEqual({ unusual: true, direction: 'high', suggestion: 18_000 });
    // a giveaway is not questioned, an unknown category has no range
    expect(unusualPrice(0, cars)).toEqual({ unusual: false });
    expect(unusualPrice(5, usualPriceRange('nothing'))).toEqual({ unusual: false });
  });
});
