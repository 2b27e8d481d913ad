/**
 * The category bar and the ALL CATEGORIES mega menu (spec part 1 §2). Menu names are mapped to the
 * catalogue's category/subcategory with the spec's name mappings, so every link filters exactly.
 */
import { MENU_NAME_MAPPINGS } from '../../../../worker/schemas/taxonomy';
import type { MenuItem, MenuTarget } from './category-bar';

export { menuSearch } from './category-bar';

export interface MenuGroup extends MenuItem {
  items: MenuItem[];
}

/** A menu name → its catalogue target; names without a mapping are assumed to be a category name. */
export function menuTarget(label: string): MenuTarget {
  const mapped = MENU_NAME_MAPPINGS[label] ?? MENU_NAME_MAPPINGS[label.replace(/\b\w/g, (c) => c.toUpperCase())];
  return mapped ? { ...mapped } : { category: label };
}

const item = (label: string, target: MenuTarget = menuTarget(label)): MenuItem => ({ label, ...target });

const group = (label: string, target: MenuTarget, items: MenuItem[]): MenuGroup => ({ label, ...target, items });

export const MEGA_MENU: MenuGroup[] = [
  group('Cars', { category: 'Vehicles', subcategory: 'Cars' }, [item('Cars'), item('Spare Parts', { category: 'Vehicles', subcategory: 'Spare Parts' })]),
  group('Bikes', { category: 'Vehicles' }, [item('Motorcycles'), item('Scooters'), item('Bicycles')]),
  group('Properties', { category: 'Properties' }, [
    item('For Sale: Houses & Apartments'),
    item('For Rent: Houses & Apartments'),
    item('Houses', { category: 'Properties', subcategory: 'Houses' }),
    item('Lands & Plots', menuTarget('Land')),
    item('Shops & Offices', menuTarget('Shops and offices')),
  ]),
  group('Mobiles', { category: 'Electronics', subcategory: 'Smartphones' }, [
    item('Mobile Phones'),
    item('Tablets'),
    item('Headphones', { category: 'Electronics', subcategory: 'Headphones' }),
  ]),
  group('Electronics', { category: 'Electronics' }, [
    item('Computers & Laptops'),
    item('Cameras & Lenses', menuTarget('Cameras')),
    item('Games & Consoles', menuTarget('Games')),
  ]),
  group('Commercial Vehicles & Spares', menuTarget('Commercial Vehicles & Spares'), [
    item('Commercial Vehicles'),
    item('Spare Parts', { category: 'Vehicles', subcategory: 'Spare Parts' }),
  ]),
  group('Jobs', { category: 'Jobs' }, ['Full-time', 'Part-time', 'Freelance', 'Remote', 'Internships'].map((s) => item(s, { category: 'Jobs', subcategory: s }))),
  // appliances are in Home & Garden, as in the post form
  group('Home & Garden', { category: 'Home & Garden' }, [
    item('Furniture'),
    item('Kitchen & Other Appliances', menuTarget('Appliances')),
    item('Home Decor', { category: 'Home & Garden', subcategory: 'Home Decor' }),
    item('Garden Tools', { category: 'Home & Garden', subcategory: 'Garden Tools' }),
    item('Kitchen Items', { category: 'Home & Garden', subcategory: 'Kitchen Items' }),
  ]),
  group('Fashion', { category: 'Fashion' }, ['Clothing', 'Shoes', 'Accessories', 'Jewelry', 'Watches'].map((s) => item(s, { category: 'Fashion', subcategory: s }))),
  group('Pets', { category: 'Pets' }, ['Pet Supplies', 'Pet Food', 'Pet Accessories', 'Pet Services'].map((s) => item(s, { category: 'Pets', subcategory: s }))),
  group('Books Sports & Hobbies', menuTarget('Books Sports & Hobbies'), [
    item('Books', { category: 'Books & Media', subcategory: 'Books' }),
    item('Music', { category: 'Books & Media', subcategory: 'Music' }),
    item('Sports Gear', { category: 'Sports', subcategory: 'Sports Gear' }),
    item('Fitness Equipment', { category: 'Sports', subcategory: 'Fitness Equipment' }),
  ]),
  group('Services', { category: 'Services' }, ['Professional', 'Personal', 'Repair', 'Consulting'].map((s) => item(s, { category: 'Services', subcategory: s }))),
];

