/**
 * One icon set for categories everywhere: the home page, the post form and the filters draw the
 * same glyph, so a buyer recognises a category wherever it appears. The glyphs are shared with the
 * worker's home page markup (worker/schemas/category-tiles.ts).
 */
import { categoryGlyph } from '../../../worker/schemas/category-tiles';

export { CATEGORY_GLYPHS, CATEGORY_ICON, type Glyph } from '../../../worker/schemas/category-tiles';

export function CategoryIcon({ name, size = 28 }: { name: string; size?: number }) {
  const path = categoryGlyph(name);
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path fill="currentColor" d={path} />
    </svg>
  );
}
