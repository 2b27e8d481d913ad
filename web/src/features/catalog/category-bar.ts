/**
 * The desktop category bar (spec part 1 §2). Kept apart from the mega menu (menu.ts) because it is
 * on every page: the targets are written out here rather than looked up in the taxonomy module.
 */
import type { ProductsSearch } from '../../lib/search-params';
import { isAllIndia } from '../locations/all-india';

export interface MenuTarget {
  category: string;
  subcategory?: string;
}

export interface MenuItem extends MenuTarget {
  /** What the menu shows (English; translated by the header). */
  label: string;
}

// Same targets as MENU_NAME_MAPPINGS in worker/schemas/taxonomy.ts (checked by category-bar.test.ts).
export const CATEGORY_BAR: MenuItem[] = [
  { label: 'Cars', category: 'Vehicles', subcategory: 'Cars' },
  { label: 'Motorcycles', category: 'Vehicles', subcategory: 'Motorcycles' },
  { label: 'Mobile Phones', category: 'Electronics', subcategory: 'Smartphones' },
  { label: 'For Sale: Houses & Apartments', category: 'Properties', subcategory: 'Apartments' },
  { label: 'Scooters', category: 'Vehicles', subcategory: 'Scooters' },
  { label: 'Commercial vehicles', category: 'Vehicles', subcategory: 'Commercial Vehicles' },
  { label: 'For Rent: Houses & Apartments', category: 'Properties', subcategory: 'Rentals' },
];

/** The /products search for a menu entry, in the chosen place (all of India adds nothing). */
export function menuSearch(target: MenuTarget, location?: string | null): ProductsSearch {
  const search: ProductsSearch = { category: target.category };
  if (target.subcategory) search.subcategory = target.subcategory;
  if (location && !isAllIndia(location)) search.location = location.trim();
  return search;
}
