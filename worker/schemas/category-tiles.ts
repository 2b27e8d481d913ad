/**
 * The home page's category shortcuts and the one icon set for categories, shared by the app
 * (web/src/components/CategoryIcon.tsx, features/catalog/category-guides.ts) and the worker, which
 * writes the same tiles into the home page's HTML (worker/lib/home-page.ts). No imports.
 */

/** Where a shortcut leads: a /products search by catalogue names. */
export interface CatalogTarget {
  category: string;
  subcategory?: string;
}

/**
 * Short names a tile may use for a subcategory, as people say them; every other tile is named
 * exactly as the post form names its category or subcategory (worker/schemas/taxonomy.ts), so a
 * seller and a buyer meet the same words (a fridge is in Home & Garden › Appliances on both).
 */
export const TILE_SHORT_NAMES: Record<string, string> = { Mobiles: 'Smartphones', Bikes: 'Motorcycles' };

/** The phone home's twelve tiles, in grid order (spec part 1 §2). */
export const HOME_TILES: { name: string; target: CatalogTarget }[] = [
  { name: 'Cars', target: { category: 'Vehicles', subcategory: 'Cars' } },
  { name: 'Properties', target: { category: 'Properties' } },
  { name: 'Mobiles', target: { category: 'Electronics', subcategory: 'Smartphones' } },
  { name: 'Jobs', target: { category: 'Jobs' } },
  { name: 'Fashion', target: { category: 'Fashion' } },
  { name: 'Books & Media', target: { category: 'Books & Media' } },
  { name: 'Bikes', target: { category: 'Vehicles', subcategory: 'Motorcycles' } },
  { name: 'Electronics', target: { category: 'Electronics' } },
  { name: 'Commercial Vehicles', target: { category: 'Vehicles', subcategory: 'Commercial Vehicles' } },
  { name: 'Furniture', target: { category: 'Home & Garden', subcategory: 'Furniture' } },
  { name: 'Pets', target: { category: 'Pets' } },
  { name: 'Services', target: { category: 'Services' } },
];

/**
 * Simple 24×24 glyphs (emoji would depend on the phone's fonts), looked up by a taxonomy category
 * id (worker/schemas/taxonomy.ts) or a home tile name (one icon set everywhere: home tiles, post form, filters).
 */
export const CATEGORY_GLYPHS = {
  car: 'M5 11l1.5-4.5A2 2 0 0 1 8.4 5h7.2a2 2 0 0 1 1.9 1.5L19 11v7h-2v-2H7v2H5v-7Zm2.2-1h9.6l-1-3H8.2l-1 3ZM7.5 14a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Zm9 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z',
  house: 'M12 3l9 8h-3v9h-5v-6h-2v6H6v-9H3l9-8Z',
  phone: 'M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm0 3v13h10V5H7Zm4 14v1h2v-1h-2Z',
  briefcase: 'M9 3h6a2 2 0 0 1 2 2v2h3a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2h3V5a2 2 0 0 1 2-2Zm0 4h6V5H9v2Z',
  shirt: 'M8 3l4 2 4-2 6 4-3 4-2-1v11H7V10l-2 1-3-4 6-4Z',
  book: 'M6 2h13v16H6a1 1 0 0 0 0 2h13v2H6a3 3 0 0 1-3-3V5a3 3 0 0 1 3-3Zm2 3v2h8V5H8Z',
  bike: 'M5 19a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Zm0-2a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Zm14 2a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Zm0-2a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM8 8h4l2 3h2.5L15 7h3l1.5 4-2 1h-5L11 10H7l1-2Z',
  tv: 'M4 5h16v10H4V5Zm2 2v6h12V7H6ZM2 17h20v2H2v-2Z',
  truck: 'M2 6h12v3h4l4 4v4h-2a2.5 2.5 0 0 1-5 0H9a2.5 2.5 0 0 1-5 0H2V6Zm12 5v2h6l-2-2h-4ZM6.5 18.5a1 1 0 1 0 0-2 1 1 0 0 0 0 2Zm11 0a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z',
  sofa: 'M5 8V6a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v2a2 2 0 0 1 2 2v6h-1v3h-2v-3H6v3H4v-3H3v-6a2 2 0 0 1 2-2Zm2 0a2 2 0 0 1 2 2v2h6v-2a2 2 0 0 1 2-2V6H7v2Z',
  paw: 'M12 12c3 0 6 3 6 6 0 1.5-1 2-2.5 2S13 19 12 19s-2 1-3.5 1S6 19.5 6 18c0-3 3-6 6-6ZM5 8a2 2 0 1 1 0 4 2 2 0 0 1 0-4Zm14 0a2 2 0 1 1 0 4 2 2 0 0 1 0-4ZM9 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4Zm6 0a2 2 0 1 1 0 4 2 2 0 0 1 0-4Z',
  wrench: 'M21 6.5a5.5 5.5 0 0 1-7.3 5.2L7 18.4A2 2 0 1 1 4.6 16l6.7-6.7A5.5 5.5 0 0 1 17.5 2l-3 3 1 3.5 3.5 1 2-3Z',
  ball: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 2a8 8 0 0 0-6.9 4h2.6L12 5.5 16.3 8h2.6A8 8 0 0 0 12 4Zm-7.7 6a8 8 0 0 0 2.1 6.8l1-2.5L6 10.4 4.3 10Zm15.4 0-1.7.4-1.4 3.9 1 2.5a8 8 0 0 0 2.1-6.8ZM9 10.5l1.2 3.5h3.6l1.2-3.5L12 8.3l-3 2.2ZM9.3 16l-1 2.6A8 8 0 0 0 12 20a8 8 0 0 0 3.7-1.4l-1-2.6H9.3Z',
} as const;

export type Glyph = keyof typeof CATEGORY_GLYPHS;

/** Which glyph each category of the one taxonomy, and each home shortcut tile, shows. */
export const CATEGORY_ICON: Record<string, Glyph> = {
  // the taxonomy (post form, filters)
  vehicles: 'car',
  properties: 'house',
  electronics: 'tv',
  jobs: 'briefcase',
  sports: 'ball',
  'home-and-garden': 'sofa',
  fashion: 'shirt',
  'books-and-media': 'book',
  pets: 'paw',
  services: 'wrench',
  // the home tiles, shortcuts into that taxonomy
  Cars: 'car',
  Properties: 'house',
  Mobiles: 'phone',
  Jobs: 'briefcase',
  Fashion: 'shirt',
  'Books & Media': 'book',
  Bikes: 'bike',
  Electronics: 'tv',
  'Commercial Vehicles': 'truck',
  Furniture: 'sofa',
  Pets: 'paw',
  Services: 'wrench',
  // the desktop menu's groups and older links
  'Books Sports & Hobbies': 'book',
  'Electronics & Appliances': 'tv',
  Service: 'wrench',
};

/** The SVG path of a category's or tile's glyph (a wrench for anything unknown). */
export const categoryGlyph = (name: string) => CATEGORY_GLYPHS[CATEGORY_ICON[name] ?? 'wrench'];
