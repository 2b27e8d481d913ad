/**
 * The mobile category grid and its detail view (spec part 1 §2, §9): twelve tiles; nine of them open
 * a guide with budget ranges, popular brands and extra filters, each a ready-made /products search.
 */
import { OPEN_PRICE_MAX, type FeatureFilterKey, type ProductsSearch } from '../../lib/search-params';
import { isAllIndia } from '../locations/all-india';
import { HOME_TILES, type CatalogTarget } from '../../../../worker/schemas/category-tiles';

export { OPEN_PRICE_MAX };

export type { CatalogTarget };

export interface BudgetRange {
  label: string;
  min?: number;
  max?: number;
}

export interface ExtraFilter {
  label: string;
  key: FeatureFilterKey;
  /** exactly as the post form stores it (fuel "CNG & Hybrids"); BHK as the number of bedrooms */
  value: string | number;
}

export interface CategoryGuide {
  /** Tile and list name. */
  name: string;
  target: CatalogTarget;
  budgets: BudgetRange[];
  brands: string[];
  extras: ExtraFilter[];
}

const LAKH = 100_000;
const CRORE = 10_000_000;

export const CAR_BUDGETS: BudgetRange[] = [
  { label: 'Under ₹3 Lakh', max: 3 * LAKH },
  { label: '₹3 - 5 Lakh', min: 3 * LAKH, max: 5 * LAKH },
  { label: '₹5 - 8 Lakh', min: 5 * LAKH, max: 8 * LAKH },
  { label: '₹8 - 15 Lakh', min: 8 * LAKH, max: 15 * LAKH },
  { label: 'Over ₹15 Lakh', min: 15 * LAKH },
];

export const BIKE_BUDGETS: BudgetRange[] = [
  { label: 'Under ₹50,000', max: 50_000 },
  { label: '₹50,000 - 1 Lakh', min: 50_000, max: LAKH },
  { label: '₹1 - 2 Lakh', min: LAKH, max: 2 * LAKH },
  { label: '₹2 - 5 Lakh', min: 2 * LAKH, max: 5 * LAKH },
  { label: 'Over ₹5 Lakh', min: 5 * LAKH },
];

export const MOBILE_BUDGETS: BudgetRange[] = [
  { label: 'Under ₹10,000', max: 10_000 },
  { label: '₹10,000 - 20,000', min: 10_000, max: 20_000 },
  { label: '₹20,000 - 40,000', min: 20_000, max: 40_000 },
  { label: '₹40,000 - 1 Lakh', min: 40_000, max: LAKH },
  { label: 'Over ₹1 Lakh', min: LAKH },
];

export const PROPERTY_BUDGETS: BudgetRange[] = [
  { label: 'Under ₹50 Lakh', max: 50 * LAKH },
  { label: '₹50 Lakh - 1 Crore', min: 50 * LAKH, max: CRORE },
  { label: '₹1 - 2 Crore', min: CRORE, max: 2 * CRORE },
  { label: '₹2 - 5 Crore', min: 2 * CRORE, max: 5 * CRORE },
  { label: 'Over ₹5 Crore', min: 5 * CRORE },
];

export const CATEGORY_GUIDES: CategoryGuide[] = [
  {
    name: 'Cars',
    target: { category: 'Vehicles', subcategory: 'Cars' },
    budgets: CAR_BUDGETS,
    brands: ['Maruti Suzuki', 'Hyundai', 'Tata', 'Mahindra', 'Honda', 'Toyota'],
    extras: [
      { label: 'Petrol', key: 'fuel', value: 'Petrol' },
      { label: 'Diesel', key: 'fuel', value: 'Diesel' },
      { label: 'CNG', key: 'fuel', value: 'CNG & Hybrids' },
      { label: 'Automatic', key: 'transmission', value: 'Automatic' },
      { label: 'First owner', key: 'noOfOwners', value: '1st' },
    ],
  },
  {
    name: 'Bikes',
    target: { category: 'Vehicles', subcategory: 'Motorcycles' },
    budgets: BIKE_BUDGETS,
    brands: ['Hero', 'Honda', 'Bajaj', 'TVS', 'Royal Enfield', 'Yamaha'],
    extras: [{ label: 'First owner', key: 'noOfOwners', value: '1st' }],
  },
  {
    name: 'Mobiles',
    target: { category: 'Electronics', subcategory: 'Smartphones' },
    budgets: MOBILE_BUDGETS,
    brands: ['Apple', 'Samsung', 'Xiaomi', 'OnePlus', 'Vivo', 'Oppo'],
    extras: [
      { label: '128 GB', key: 'storage', value: '128GB' },
      { label: '256 GB', key: 'storage', value: '256GB' },
      { label: '8 GB RAM', key: 'ram', value: '8GB' },
    ],
  },
  {
    name: 'Properties',
    target: { category: 'Properties' },
    budgets: PROPERTY_BUDGETS,
    brands: [],
    extras: [
      { label: '1 BHK', key: 'bhk', value: 1 },
      { label: '2 BHK', key: 'bhk', value: 2 },
      { label: '3 BHK', key: 'bhk', value: 3 },
      { label: 'Furnished', key: 'furnishing', value: 'Furnished' },
      { label: 'Semi-Furnished', key: 'furnishing', value: 'Semi-Furnished' },
    ],
  },
  {
    name: 'Electronics & Appliances',
    target: { category: 'Electronics' },
    budgets: [
      { label: 'Under ₹5,000', max: 5_000 },
      { label: '₹5,000 - 20,000', min: 5_000, max: 20_000 },
      { label: '₹20,000 - 50,000', min: 20_000, max: 50_000 },
      { label: 'Over ₹50,000', min: 50_000 },
    ],
    brands: ['Apple', 'Samsung', 'Dell', 'HP', 'Lenovo', 'Sony'],
    extras: [{ label: '16 GB RAM', key: 'ram', value: '16GB' }],
  },
  {
    name: 'Commercial Vehicles',
    target: { category: 'Vehicles', subcategory: 'Commercial Vehicles' },
    budgets: [
      { label: 'Under ₹5 Lakh', max: 5 * LAKH },
      { label: '₹5 - 10 Lakh', min: 5 * LAKH, max: 10 * LAKH },
      { label: 'Over ₹10 Lakh', min: 10 * LAKH },
    ],
    brands: ['Tata', 'Mahindra', 'Ashok Leyland', 'Eicher'],
    extras: [{ label: 'Diesel', key: 'fuel', value: 'Diesel' }],
  },
  {
    name: 'Furniture',
    target: { category: 'Home & Garden', subcategory: 'Furniture' },
    budgets: [
      { label: 'Under ₹5,000', max: 5_000 },
      { label: '₹5,000 - 20,000', min: 5_000, max: 20_000 },
      { label: 'Over ₹20,000', min: 20_000 },
    ],
    brands: ['IKEA', 'Godrej Interio', 'Nilkamal', 'Durian'],
    extras: [],
  },
  {
    name: 'Fashion',
    target: { category: 'Fashion' },
    budgets: [
      { label: 'Under ₹1,000', max: 1_000 },
      { label: '₹1,000 - 5,000', min: 1_000, max: 5_000 },
      { label: 'Over ₹5,000', min: 5_000 },
    ],
    brands: ['Titan', 'Fossil', 'Nike', 'Adidas'],
    extras: [],
  },
  {
    name: 'Jobs',
    target: { category: 'Jobs' },
    budgets: [
      { label: 'Under ₹15,000 a month', max: 15_000 },
      { label: '₹15,000 - 30,000 a month', min: 15_000, max: 30_000 },
      { label: 'Over ₹30,000 a month', min: 30_000 },
    ],
    brands: [],
    extras: [],
  },
];

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
  return { ...baseSearch(target, location), minPrice: range.min ?? 0, maxPrice: range.max ?? OPEN_PRICE_MAX };
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

export interface GuideShortcut {
  guide: string;
  label: string;
  search: ProductsSearch;
}

/** Every link the home category sheets offer, in sheet order (a test walks them all against the demo seed). */
export function guideShortcuts(location?: string | null): GuideShortcut[] {
  return CATEGORY_GUIDES.flatMap((guide) => [
    { guide: guide.name, label: `View All ${guide.name}`, search: viewAllSearch(guide.target, location) },
    ...guide.budgets.map((range) => ({ guide: guide.name, label: range.label, search: budgetSearch(guide.target, range, location) })),
    ...guide.brands.map((brand) => ({ guide: guide.name, label: brand, search: brandSearch(guide.target, brand, location) })),
    ...guide.extras.map((filter) => ({ guide: guide.name, label: filter.label, search: extraFilterSearch(guide.target, filter, location) })),
  ]);
}
