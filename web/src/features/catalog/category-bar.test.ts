import { describe, expect, it } from 'vitest';
import { MENU_NAME_MAPPINGS } from '../../../../worker/schemas/taxonomy';
import { CATEGORY_BAR, menuSearch } from './category-bar';
import { MEGA_MENU, menuTarget } from './menu';

describe('category bar and mega menu targets', () => {
  it('match the spec name mappings', () => {
    for (const item of CATEGORY_BAR) {
      expect({ category: item.category, subcategory: item.subcategory }, item.label).toEqual(menuTarget(item.label));
    }
    expect(menuTarget('Mobile Phones')).toEqual(MENU_NAME_MAPPINGS['Mobile Phones']);
  });

  it('link every mega menu entry to a category', () => {
    for (const group of MEGA_MENU) {
      expect(group.category).toBeTruthy();
      for (const item of group.items) expect(item.category, item.label).toBeTruthy();
    }
  });

  it('carry the chosen place, except all of India', () => {
    expect(menuSearch({ category: 'Vehicles', subcategory: 'Cars' }, 'Pune')).toEqual({ category: 'Vehicles', subcategory: 'Cars', location: 'Pune' });
    expect(menuSearch({ category: 'Pets' }, 'India')).toEqual({ category: 'Pets' });
  });
});
