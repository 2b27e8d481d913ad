/**
 * "Additional Information" on the listing detail page (spec part 1 §2): the listing's `features`
 * map, minus what is shown elsewhere or must not be shown (seller contact, place names, photo lists),
 * minus empty values and browser-local or own-storage image URLs, with readable labels.
 */

import { msg } from '../../lib/i18n';

/** Keys containing any of these (case-insensitive) are never shown. */
const HIDDEN_KEY_PARTS = ['phone', 'sellerphone', 'sellername', 'images', 'city', 'state', 'neighbourhood', 'name'];
/** Values containing these are upload leftovers, not information: browser blob URLs and our own photo URLs. */
const HIDDEN_VALUE_PARTS = ['blob:', '/api/media/'];

/**
 * A label for every attribute the post form writes (selling/DetailsFields.tsx), as catalogue keys so
 * Hindi readers see them in Hindi; additional-info.test.ts checks the form has no key left out.
 * Keys from elsewhere (older ads, imports) fall back to the humaniser below, in English.
 */
export const FEATURE_LABELS: Record<string, string> = {
  additionalDetails: msg('Additional details'),
  age: msg('Age of property'),
  amenities: msg('Amenities'),
  area: msg('Area (sq ft)'),
  battery: msg('Battery'),
  bhk: msg('BHK'),
  boundaryWall: msg('Boundary wall'),
  brand: msg('Brand'),
  carpetArea: msg('Carpet area'),
  color: msg('Colour'),
  cornerPlot: msg('Corner plot'),
  facilities: msg('Facilities'),
  facing: msg('Facing'),
  features: msg('Features'),
  floor: msg('Floor'),
  fuel: msg('Fuel'),
  furnishing: msg('Furnishing'),
  kmDriven: msg('Km driven'),
  length: msg('Length (ft)'),
  maintenanceCharges: msg('Maintenance (monthly)'),
  mealsIncluded: msg('Meals included'),
  model: msg('Model'),
  noOfOwners: msg('No. of owners'),
  parking: msg('Parking'),
  powerBackup: msg('Power backup'),
  propertyType: msg('Property type'),
  ram: msg('RAM'),
  rentType: msg('Rent type'),
  roadWidth: msg('Road width (ft)'),
  roomType: msg('Room type'),
  screenSize: msg('Screen size'),
  securityDeposit: msg('Security deposit'),
  storage: msg('Storage'),
  superBuiltupArea: msg('Super built-up area'),
  tenantType: msg('Tenants preferred'),
  transmission: msg('Transmission'),
  warranty: msg('Warranty'),
  width: msg('Width (ft)'),
  year: msg('Year'),
};

export function isHiddenFeatureKey(key: string): boolean {
  const lower = key.toLowerCase();
  return HIDDEN_KEY_PARTS.some((part) => lower.includes(part));
}

/** 'kmDriven' → 'Km driven', 'fuel_type' → 'Fuel type', 'ABS' stays 'ABS'. */
export function humaniseFeatureKey(key: string): string {
  const known = FEATURE_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word, index) => {
      if (word.length > 1 && word === word.toUpperCase()) return word; // acronyms: ABS, GST
      const lower = word.toLowerCase();
      return index === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    });
  return words.join(' ');
}

/** The displayed text of a value, or undefined when it should not be shown. */
/** Keys whose numbers are labels, not quantities: a year is "2019", never "2,019". */
const PLAIN_NUMBER_KEYS = new Set(['year', 'modelyear', 'floor', 'pincode']);

export function featureValueText(value: unknown, key = ''): string | undefined {
  if (value === null || value === undefined) return undefined;
  let text: string;
  if (Array.isArray(value)) {
    const parts = value.map((v) => featureValueText(v, key)).filter((part): part is string => part !== undefined);
    if (parts.length === 0) return undefined;
    text = parts.join(', ');
  } else if (typeof value === 'boolean') {
    text = value ? msg('Yes') : msg('No');
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = PLAIN_NUMBER_KEYS.has(key.toLowerCase()) ? String(value) : new Intl.NumberFormat('en-IN').format(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return undefined; // nested objects have no sensible one-line form
  }
  if (text === '') return undefined;
  const lower = text.toLowerCase();
  if (HIDDEN_VALUE_PARTS.some((part) => lower.includes(part))) return undefined;
  return text;
}

export interface FeatureRow {
  key: string;
  label: string;
  value: string;
}

export function additionalInformation(features: Record<string, unknown> | null | undefined): FeatureRow[] {
  if (!features) return [];
  const rows: FeatureRow[] = [];
  for (const [key, raw] of Object.entries(features)) {
    if (isHiddenFeatureKey(key)) continue;
    const value = featureValueText(raw, key);
    if (value === undefined) continue;
    rows.push({ key, label: humaniseFeatureKey(key), value });
  }
  return rows;
}
