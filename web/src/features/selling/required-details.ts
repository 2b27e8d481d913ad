/**
 * The server's required-details rule (`missingDetails` in worker/schemas/selling.ts), mirrored here
 * because importing that module pulls full zod (~28 KB gzipped) into the form chunks: its schemas are
 * built at module load, so no bundler can drop them. `required-details.test.ts` runs both over every
 * subcategory and the interesting feature combinations, so the two cannot drift apart unnoticed.
 */
import { MOTOR_VEHICLE_SUBCATEGORIES, PG_TYPES } from '../../../../worker/schemas/options';

const HOMES = ['properties-apartments', 'properties-houses', 'properties-rentals'];

const has = (f: Record<string, unknown>, key: string) => {
  const v = f[key];
  return v !== undefined && v !== null && String(v).trim() !== '' && !(Array.isArray(v) && v.length === 0);
};

/** Human labels of the category details still missing, in the form's words. */
export function missingDetails(family: string, subcategoryId: string | undefined, f: Record<string, unknown>): string[] {
  const missing: string[] = [];
  const need = (key: string, label: string) => {
    if (!has(f, key)) missing.push(label);
  };
  if (family === 'vehicle') {
    need('brand', 'Brand');
    need('year', 'Year');
    if (subcategoryId && (MOTOR_VEHICLE_SUBCATEGORIES as readonly string[]).includes(subcategoryId)) {
      need('fuel', 'Fuel');
      need('transmission', 'Transmission');
      need('kmDriven', 'KM driven');
      need('noOfOwners', 'No. of owners');
    }
  } else if (family === 'mobile') {
    need('brand', 'Brand');
    need('model', 'Model');
    need('storage', 'Storage');
    need('ram', 'RAM');
  } else if (family === 'property') {
    need('propertyType', 'Property type');
    need('area', 'Area');
    const isPg = (PG_TYPES as readonly string[]).includes(String(f.propertyType ?? ''));
    if (subcategoryId && HOMES.includes(subcategoryId) && !isPg) need('bhk', 'BHK');
    if (subcategoryId === 'properties-rentals' || isPg) need('furnishing', 'Furnishing');
    if (isPg) need('roomType', 'Room type');
  }
  return missing;
}

/** Whether the chosen property type is a PG / hostel kind (its form asks room type and meals). */
export function isPgType(propertyType: unknown): boolean {
  return (PG_TYPES as readonly string[]).includes(String(propertyType ?? ''));
}

/** The feature key behind each label `missingDetails` reports, to mark the right field. */
export const DETAIL_KEYS: Record<string, string> = {
  Brand: 'brand',
  Year: 'year',
  Fuel: 'fuel',
  Transmission: 'transmission',
  'KM driven': 'kmDriven',
  'No. of owners': 'noOfOwners',
  Model: 'model',
  Storage: 'storage',
  RAM: 'ram',
  'Property type': 'propertyType',
  Area: 'area',
  BHK: 'bhk',
  Furnishing: 'furnishing',
  'Room type': 'roomType',
};
