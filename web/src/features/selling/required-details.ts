/**
 * The server's own required-details rule: `missingDetails` lives in a zod-free module shared with
 * the worker, so client and server can never disagree. Form-only helpers stay here.
 */
import { PG_TYPES } from '../../../../worker/schemas/options';

export { missingDetails } from '../../../../worker/schemas/listing-rules';

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
