/**
 * The mobile category grid and its detail view (spec part 1 §2, §9): twelve tiles; nine of them open
 * a guide with budget ranges, popular brands and extra filters, each a ready-made /products search.
 * The guides are data shared with the worker (worker/schemas/category-guides.ts), which says which
 * of their shortcuts lead to ads (GET /api/listings/shortcuts); this module builds the links.
 */
import type { ProductsSearch } from '../../lib/search-params';
import { isAllIndia } from '../locations/all-india';
import { HOME_TILES, type CatalogTarget } from '../../../../worker/schemas/category-tiles';
import {
  CATEGORY_GUIDES,
  OPEN_PRICE_MAX,
  budgetFilters,
  shortcutsOf,
  type BudgetRange,
  type CategoryGuide,
  type ExtraFilter,
  type Shortcut,
  type ShortcutKind,
} from '../../../../worker/schemas/category-guides';

export { BIKE_BUDGETS, CAR_BUDGETS, CATEGORY_GUIDES, MOBILE_BUDGETS, OPEN_PRICE_MAX, PROPERTY_BUDGETS, shortcutId, shortcutsOf } from '../../../../worker/schemas/category-guides';
export type { BudgetRange, CatalogTarget, CategoryGuide, ExtraFilter, Shortcut, ShortcutKind };

export interface CategoryTile {
  name: string;
  target: CatalogTarget;
  /** Tiles with a guide open it; the others go straight to their products. */
  guide?: CategoryGuide;
}

const guideByName = new Map(CATEGORY_GUIDES.map((guide) => [guide.name, guide]));

/** The tiles and their targets are shared with the worker, which writes them into the home page's HTML. */
export const CATEGORY_TILES: CategoryTile[] = HOME_TILES.map(({ name, target }) => {
  const guide = guideByName.get(name);
  return guide ? { name, target, guide } : { name, target };
});

function baseSearch(target: CatalogTarget, location?: string | null): ProductsSearch {
  const search: ProductsSearch = { category: target.category };
  if (target.subcategory) search.subcategory = target.subcategory;
  if (location && !isAllIndia(location)) search.location = location;
  return search;
}

/** A budget range → /products search: both bounds always sent, an open top as OPEN_PRICE_MAX. */
export function budgetSearch(target: CatalogTarget, range: BudgetRange, location?: string | null): ProductsSearch {
  return { ...baseSearch(target, location), ...budgetFilters(range) };
}

export function brandSearch(target: CatalogTarget, brand: string, location?: string | null): ProductsSearch {
  return { ...baseSearch(target, location), brand };
}

export function extraFilterSearch(target: CatalogTarget, filter: ExtraFilter, location?: string | null): ProductsSearch {
  return { ...baseSearch(target, location), [filter.key]: filter.value };
}

/** 'View All': the category (and subcategory) alone. */
export function viewAllSearch(target: CatalogTarget, location?: string | null): ProductsSearch {
  return baseSearch(target, location);
}

/** A shortcut's /products search: its guide's category, the chosen place, and its own filters. */
export function shortcutSearch(target: CatalogTarget, shortcut: Shortcut, location?: string | null): ProductsSearch {
  return { ...baseSearch(target, location), ...shortcut.filters };
}

export interface GuideShortcut extends Shortcut {
  guide: string;
  search: ProductsSearch;
}

/** Every link the home category sheets can offer, in sheet order (tests walk them all against the data). */
export function guideShortcuts(location?: string | null): GuideShortcut[] {
  return CATEGORY_GUIDES.flatMap((guide) =>
    shortcutsOf(guide).map((shortcut) => ({ ...shortcut, guide: guide.name, search: shortcutSearch(guide.target, shortcut, location) })),
  );
}
