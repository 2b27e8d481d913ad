import { describe, expect, it } from 'vitest';
import { TAXONOMY } from '../../../worker/schemas/taxonomy';
import { CATEGORY_TILES } from '../features/catalog/category-guides';
import { CATEGORY_GLYPHS, CATEGORY_ICON } from './CategoryIcon';

describe('one icon set for categories', () => {
  it('every category of the taxonomy (the post form) and every home tile has its own glyph, never the fallback by accident', () => {
    for (const c of TAXONOMY) expect(CATEGORY_ICON[c.id], c.id).toBeDefined();
    for (const tile of CATEGORY_TILES) expect(CATEGORY_ICON[tile.name], tile.name).toBeDefined();
    for (const glyph of Object.values(CATEGORY_ICON)) expect(CATEGORY_GLYPHS[glyph]).toMatch(/^M/);
  });
  it('a home tile shows the icon of the category it leads to when it is that whole category', () => {
    for (const tile of CATEGORY_TILES) {
      const target = tile.target;
      if (target.subcategory) continue;
      const category = TAXONOMY.find((c) => c.name === target.category)!;
      // Electronics, Pets, Jobs… look the same on home and in the post form
      expect(CATEGORY_ICON[tile.name], tile.name).toBe(CATEGORY_ICON[category.id]);
    }
  });
});
