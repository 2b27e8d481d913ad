/**
 * The home page's category sheets (spec part 1 §2, §9): for nine of the phone home's tiles, budget
 * ranges, popular brands and a few extra filters, each a ready-made /products search. Shared by the
 * app (web/src/features/catalog/category-guides.ts builds the links) and the worker, which answers
 * GET /api/listings/shortcuts with the ones that lead to ads (worker/services/search/shortcuts.ts).
 * Plain data, no imports but types. Labels are catalogue keys: their Hindi is in
 * web/src/features/catalog/hindi.ts (brands are names and stay as written).
 */
import type { CatalogTarget } from './category-tiles';

/** The upper bound a sheet sends for an open-ended budget range ("Over ₹15 Lakh"). */
export const OPEN_PRICE_MAX = 999_999_999;

/** The listing features a sheet's extra filters use (a subset of the search's feature filters). */
export type GuideFeatureKey = 'fuel' | 'transmission' | 'noOfOwners' | 'storage' | 'ram' | 'bhk' | 'furnishing';

export interface BudgetRange {
  label: string;
  min?: number;
  max?: number;
}

/** A feature value exactly as the post form stores it (fuel "CNG & Hybrids"); BHK as the number of bedrooms. */
export type ExtraFilter = { label: string; key: 'bhk'; value: number } | { label: string; key: Exclude<GuideFeatureKey, 'bhk'>; value: string };

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
    name: 'Electronics',
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

export type ShortcutKind = 'all' | 'budget' | 'brand' | 'extra';

/** What a shortcut adds to its guide's category (and the chosen place): the search's own parameters. */
export type ShortcutFilters = { minPrice?: number; maxPrice?: number; brand?: string; bhk?: number } & { [K in Exclude<GuideFeatureKey, 'bhk'>]?: string };

const extraFilters = (extra: ExtraFilter): ShortcutFilters => (extra.key === 'bhk' ? { bhk: extra.value } : { [extra.key]: extra.value });

export interface Shortcut {
  kind: ShortcutKind;
  /** unique within its guide: with `kind` it names the shortcut in GET /api/listings/shortcuts */
  label: string;
  filters: ShortcutFilters;
}

/** A budget sends both bounds, an open top as OPEN_PRICE_MAX (the price filter's own form). */
export const budgetFilters = (range: BudgetRange): ShortcutFilters => ({ minPrice: range.min ?? 0, maxPrice: range.max ?? OPEN_PRICE_MAX });

/** A guide's links in sheet order: "View All" (the category alone), budgets, brands, extra filters. */
export const shortcutsOf = (guide: CategoryGuide): Shortcut[] => [
  { kind: 'all', label: 'View All', filters: {} },
  ...guide.budgets.map((range) => ({ kind: 'budget' as const, label: range.label, filters: budgetFilters(range) })),
  ...guide.brands.map((brand) => ({ kind: 'brand' as const, label: brand, filters: { brand } })),
  ...guide.extras.map((extra) => ({ kind: 'extra' as const, label: extra.label, filters: extraFilters(extra) })),
];

/** How GET /api/listings/shortcuts names a shortcut, and the client looks it up. */
export const shortcutId = (shortcut: Pick<Shortcut, 'kind' | 'label'>) => `${shortcut.kind}:${shortcut.label}`;
