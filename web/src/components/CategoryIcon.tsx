/**
 * One icon set for categories everywhere (issue #19: home showed icons, the post form letter
 * circles). The glyphs are shared with the worker's home page markup (worker/schemas/category-tiles.ts).
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
