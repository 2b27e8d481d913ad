/**
 * The category tree (part 2 §2, Category chooser) and the menu name mappings (part 1 §2).
 * One source for the reference-data migration, the worker and the web client. Ids are stable slugs.
 */

export type CategoryFamily = 'vehicle' | 'property' | 'mobile' | 'job' | 'other';

export interface TaxonomyCategory {
  id: string;
  name: string;
  family: CategoryFamily;
  subcategories: { id: string; name: string; family?: CategoryFamily }[];
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const category = (name: string, family: CategoryFamily, subs: string[], subFamilies: Record<string, CategoryFamily> = {}): TaxonomyCategory => {
  const id = slug(name);
  return {
    id,
    name,
    family,
    subcategories: subs.map((s) => ({ id: `${id}-${slug(s)}`, name: s, ...(subFamilies[s] ? { family: subFamilies[s] } : {}) })),
  };
};

export const TAXONOMY: TaxonomyCategory[] = [
  category('Vehicles', 'vehicle', ['Cars', 'Motorcycles', 'Bicycles', 'Scooters', 'Commercial Vehicles', 'Spare Parts']),
  category('Properties', 'property', ['Apartments', 'Houses', 'Land', 'Commercial Properties', 'Rentals']),
  category('Electronics', 'other', ['Smartphones', 'Laptops', 'Tablets', 'Headphones', 'Cameras', 'Gaming Consoles'], {
    Smartphones: 'mobile',
  }),
  category('Jobs', 'job', ['Full-time', 'Part-time', 'Freelance', 'Remote', 'Internships']),
  category('Sports', 'other', ['Fitness Equipment', 'Sports Gear', 'Outdoor Equipment', 'Team Sports']),
  category('Home & Garden', 'other', ['Furniture', 'Appliances', 'Garden Tools', 'Home Decor', 'Kitchen Items']),
  category('Fashion', 'other', ['Clothing', 'Shoes', 'Accessories', 'Jewelry', 'Watches']),
  category('Books & Media', 'other', ['Books', 'Movies', 'Music', 'Games', 'Magazines']),
  category('Pets', 'other', ['Pet Supplies', 'Pet Food', 'Pet Accessories', 'Pet Services']),
  category('Services', 'other', ['Professional', 'Personal', 'Repair', 'Consulting']),
];

/** Menu names (category bar, mega menu, mobile grid) → category/subcategory names (part 1 §2). */
export const MENU_NAME_MAPPINGS: Record<string, { category: string; subcategory?: string }> = {
  Cars: { category: 'Vehicles', subcategory: 'Cars' },
  Motorcycles: { category: 'Vehicles', subcategory: 'Motorcycles' },
  Bikes: { category: 'Vehicles', subcategory: 'Motorcycles' },
  Bicycles: { category: 'Vehicles', subcategory: 'Bicycles' },
  Scooters: { category: 'Vehicles', subcategory: 'Scooters' },
  'Commercial Vehicles': { category: 'Vehicles', subcategory: 'Commercial Vehicles' },
  'Mobile Phones': { category: 'Electronics', subcategory: 'Smartphones' },
  Mobiles: { category: 'Electronics', subcategory: 'Smartphones' },
  Tablets: { category: 'Electronics', subcategory: 'Tablets' },
  Laptops: { category: 'Electronics', subcategory: 'Laptops' },
  'Computers & Laptops': { category: 'Electronics', subcategory: 'Laptops' },
  Cameras: { category: 'Electronics', subcategory: 'Cameras' },
  Games: { category: 'Electronics', subcategory: 'Gaming Consoles' },
  'Apartments for sale': { category: 'Properties', subcategory: 'Apartments' },
  'For Sale: Houses & Apartments': { category: 'Properties', subcategory: 'Apartments' },
  Rentals: { category: 'Properties', subcategory: 'Rentals' },
  'For Rent: Houses & Apartments': { category: 'Properties', subcategory: 'Rentals' },
  Land: { category: 'Properties', subcategory: 'Land' },
  'Shops and offices': { category: 'Properties', subcategory: 'Commercial Properties' },
  Appliances: { category: 'Home & Garden', subcategory: 'Appliances' },
  Furniture: { category: 'Home & Garden', subcategory: 'Furniture' },
  Properties: { category: 'Properties' },
  Jobs: { category: 'Jobs' },
  Fashion: { category: 'Fashion' },
  Pets: { category: 'Pets' },
  Services: { category: 'Services' },
  Service: { category: 'Services' },
  'Books, Sports & Hobbies': { category: 'Books & Media' },
  'Books Sports & Hobbies': { category: 'Books & Media' },
  'Electronics & Appliances': { category: 'Electronics' },
  'Commercial Vehicles & Spares': { category: 'Vehicles', subcategory: 'Commercial Vehicles' },
};

export const categoryById = new Map(TAXONOMY.map((c) => [c.id, c]));
export const subcategoryById = new Map(
  TAXONOMY.flatMap((c) => c.subcategories.map((s) => [s.id, { ...s, category: c }] as const)),
);

/** Family of the post-form fields for a subcategory (falls back to its category's family). */
export const familyOf = (categoryId: string, subcategoryId?: string | null): CategoryFamily => {
  const sub = subcategoryId ? subcategoryById.get(subcategoryId) : undefined;
  return sub?.family ?? categoryById.get(categoryId)?.family ?? 'other';
};

export { slug as slugify };
