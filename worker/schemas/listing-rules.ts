/**
 * Which category details an ad must have (part 2 §5). Pure data rules with no zod, so the web
 * post form imports the very same function the server validates with, at no bundle cost.
 */
import { MOTOR_VEHICLE_SUBCATEGORIES, PG_TYPES } from './options';

const has = (f: Record<string, unknown>, key: string) => {
  const v = f[key];
  return v !== undefined && v !== null && String(v).trim() !== '' && !(Array.isArray(v) && v.length === 0);
};

/**
 * Required details per category family (part 2 §5). Returns the human labels of what is missing,
 * in the form's words, so the message can list them.
 */
export const missingDetails = (family: string, subcategoryId: string | undefined, f: Record<string, unknown>): string[] => {
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
    const homes = ['properties-apartments', 'properties-houses', 'properties-rentals'];
    if (subcategoryId && homes.includes(subcategoryId) && !isPg) need('bhk', 'BHK');
    if (subcategoryId === 'properties-rentals' || isPg) need('furnishing', 'Furnishing');
    if (isPg) need('roomType', 'Room type');
  }
  return missing;
};

