import { ENGLISH, msg, type I18n } from '../../lib/i18n';
/**
 * The post-ad form's rules as plain functions (spec part 2 §5, §9): what is still missing, how the
 * price reads while typed, what the counters say and what is finally sent. The category-specific
 * required details come from the server's own `missingDetails`, so both sides ask for the same.
 */
import { FREE_CATEGORIES, MAX_PHOTOS } from '../../../../worker/schemas/options';
import { DETAIL_KEYS, missingDetails } from './required-details';
import { readPrice } from '../../../../worker/schemas/price-text';
import { TAXONOMY, familyOf, type CategoryFamily, type TaxonomyCategory } from '../../../../worker/schemas/taxonomy';

export { MAX_PHOTOS };

export const TITLE_MIN = 5;
export const TITLE_MAX = 70;
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 4096;
export const NAME_MAX = 30;
export const PHONE_DIGITS = 10;
export const YEAR_MIN = 1990;
/** Ten digits reach ₹ 1,00,00,00,000, the server's ceiling. */
export const PRICE_MAX_DIGITS = 10;
export const PRICE_MAX = 1_000_000_000;

export const DEFAULT_TITLE = msg('Untitled Listing');
export const DEFAULT_DESCRIPTION = msg('No description provided');

export const yearMax = (now: Date = new Date()) => now.getFullYear() + 1;

// ---------------------------------------------------------------- category

export interface ChosenCategory {
  category: TaxonomyCategory;
  subcategory: TaxonomyCategory['subcategories'][number];
  family: CategoryFamily;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The chooser links with ids (`vehicles`, `vehicles-cars`); older links and the spec use names
 * (`Vehicles`, `Cars`). Either resolves; anything else is null.
 */
export function resolveCategoryChoice(category: string | undefined, subcategory: string | undefined): ChosenCategory | null {
  if (!category || !subcategory) return null;
  const cat = TAXONOMY.find((c) => c.id === category || sameName(c.name, category));
  const sub = cat?.subcategories.find((s) => s.id === subcategory || sameName(s.name, subcategory));
  if (!cat || !sub) return null;
  return { category: cat, subcategory: sub, family: familyOf(cat.id, sub.id) };
}

/**
 * The form's category for a stored ad. Ads from the alternate create form may have no subcategory:
 * they get the category's own family and an empty subcategory id.
 */
export function choiceForListing(categoryId: string, subcategoryId: string | null | undefined): ChosenCategory | null {
  const cat = TAXONOMY.find((c) => c.id === categoryId);
  if (!cat) return null;
  const sub = subcategoryId ? cat.subcategories.find((s) => s.id === subcategoryId) : undefined;
  if (subcategoryId && !sub) return null;
  return { category: cat, subcategory: sub ?? { id: '', name: cat.name }, family: familyOf(cat.id, sub?.id) };
}

/**
 * Whose title the seller must write: vehicles and jobs (part 2 §5), and the 'other' categories,
 * where no brand or model could make one up. Mobiles and properties default to one.
 */
export function titleRequired(family: CategoryFamily): boolean {
  return family === 'vehicle' || family === 'job' || family === 'other';
}

/** Whose description is required (part 2 §5: vehicles; a job ad without one says nothing). */
export function descriptionRequired(family: CategoryFamily): boolean {
  return family === 'vehicle' || family === 'job';
}

/** The brand-list endpoint for a vehicle subcategory (part 2 §7). */
export function vehicleBrandsPath(subcategoryId: string): string | null {
  if (subcategoryId === 'vehicles-cars') return '/cars/brands';
  const kind = subcategoryId.replace(/^vehicles-/, '');
  return ['motorcycles', 'scooters', 'bicycles', 'spare-parts', 'commercial-vehicles'].includes(kind) ? `/vehicles/${kind}/brands` : null;
}

// ---------------------------------------------------------------- price

/** Digits only, no leading zeros (a lone 0 stays), at most `maxDigits`. */
export function priceDigits(raw: string, maxDigits = PRICE_MAX_DIGITS): string {
  const digits = raw.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return digits.slice(0, maxDigits);
}

const inrGrouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const westernGrouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** '125000' → '1,25,000' (en-IN lakh grouping; other currencies group by thousands). */
export function groupDigits(digits: string, currency = 'INR'): string {
  if (!digits) return '';
  const n = Number(digits);
  if (!Number.isFinite(n)) return digits;
  return (currency === 'INR' ? inrGrouping : westernGrouping).format(n);
}

/** '₹ 1,25,000' or '1,25,000' or 125000 → 125000; nothing numeric → null (part 2 §5: strip and parse). */
export function parsePrice(raw: string | number | null | undefined): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (!raw) return null;
  const digits = raw.replace(/[^\d.]/g, '');
  if (!digits) return null;
  const n = Number(digits);
  return Number.isFinite(n) ? n : null;
}

/**
 * Where the caret belongs after regrouping: just after the `digitCount`-th digit of `formatted`,
 * so typing in the middle of '1,25,000' doesn't throw the caret to the end.
 */
export function caretAfterDigits(formatted: string, digitCount: number): number {
  if (digitCount <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) seen++;
    if (seen === digitCount) return i + 1;
  }
  return formatted.length;
}

/** Applies one edit of a grouped number input: the new grouped text and where the caret goes. */
export function regroupTyped(typed: string, caret: number, currency = 'INR', maxDigits = PRICE_MAX_DIGITS) {
  const digitsBeforeCaret = typed.slice(0, caret).replace(/\D/g, '').replace(/^0+(?=\d)/, '').length;
  const digits = priceDigits(typed, maxDigits);
  const text = groupDigits(digits, currency);
  return { digits, text, caret: caretAfterDigits(text, Math.min(digitsBeforeCaret, digits.length)) };
}

// ---------------------------------------------------------------- counters

/** 'n more characters needed' below the minimum, else 'used/max' (part 2 §5: counters show what is still needed). */
export function counterText(value: string, min: number, max: number, { tn }: Pick<I18n, 'tn'> = ENGLISH): string {
  const length = value.trim().length;
  if (length < min) {
    const need = min - length;
    return tn(need, '{n} more character needed', '{n} more characters needed');
  }
  return `${value.length}/${max}`;
}

export function textLengthOk(value: string, min: number, max: number, required: boolean): boolean {
  const length = value.trim().length;
  if (length === 0) return !required;
  return length >= min && value.length <= max;
}

// ---------------------------------------------------------------- contact

/** Keeps the 10 local digits of an Indian mobile number ('+91 98765 43210' → '9876543210'). */
export function localPhoneDigits(raw: string | null | undefined): string {
  let digits = (raw ?? '').replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return digits.slice(0, PHONE_DIGITS);
}

/** Ten digits, starting 6–9, as the server checks. */
export function phoneOk(digits: string): boolean {
  return /^[6-9]\d{9}$/.test(digits);
}

// ---------------------------------------------------------------- the form

export type FeatureValue = string | string[];
export type Features = Record<string, FeatureValue>;

export interface PostFormValues {
  features: Features;
  title: string;
  description: string;
  /** As typed ("45,000", "1.5 lakh"); read by readPrice (worker/schemas/price-text.ts). */
  price: string;
  currency: string;
  condition: string;
  state: string;
  city: string;
  neighbourhood: string;
  latitude?: number;
  longitude?: number;
  sellerName: string;
  /** Ten local digits; +91 is shown beside the input. */
  sellerPhone: string;
}

export function emptyPostForm(): PostFormValues {
  return {
    features: {},
    title: '',
    description: '',
    price: '',
    currency: 'INR',
    condition: 'USED',
    state: '',
    city: '',
    neighbourhood: '',
    sellerName: '',
    sellerPhone: '',
  };
}

export interface PhotoState {
  /** Uploaded and ready to send. */
  ready: number;
  /** Still being processed or uploaded. */
  pending: number;
}

export interface FormContext {
  family: CategoryFamily;
  categoryId: string;
  subcategoryId: string;
  /** False when the chosen city has no neighbourhood list (then the field is free text and optional). */
  neighbourhoodRequired: boolean;
  /** The post form asks for name and phone; the edit form keeps the ones given at posting. */
  askContact: boolean;
  now?: Date;
}

const has = (v: FeatureValue | undefined) => (Array.isArray(v) ? v.length > 0 : (v ?? '').trim() !== '');

export function yearOk(value: FeatureValue | undefined, now?: Date): boolean {
  if (!has(value)) return true;
  const year = Number(value);
  return Number.isInteger(year) && year >= YEAR_MIN && year <= yearMax(now);
}

/** Price 0 is only fine where giving away is normal (pets, books); the server holds back the rest. */
export function priceOk(typed: string, categoryId: string): boolean {
  const reading = readPrice(typed);
  if (!reading.ok) return false;
  return reading.rupees > 0 || (FREE_CATEGORIES as readonly string[]).includes(categoryId);
}

/** The price's problem in words the form shows (a catalogue key), or null when it reads fine. */
export function priceError(typed: string, categoryId: string, job: boolean): string | null {
  const reading = readPrice(typed);
  if (reading.ok) return priceOk(typed, categoryId) ? null : job ? msg('Please enter a salary above 0') : msg('Please enter a price above 0');
  switch (reading.reason) {
    case 'empty':
      return job ? msg('Please enter a salary') : msg('Please enter a price');
    case 'paise':
      return msg('Prices are in whole rupees: leave out the paise (for example 45,000 instead of 45,000.50)');
    case 'too-large':
      return msg('The price can be at most ₹ 1,00,00,00,000');
    default:
      return msg('Write the price in numbers, for example 45,000 or 1.5 lakh');
  }
}

/** The rupees a typed price stands for (0 when it does not read: the form blocks sending then). */
export const typedRupees = (typed: string): number => {
  const reading = readPrice(typed);
  return reading.ok ? reading.rupees : 0;
};

/**
 * The labels for 'Please fill the following mandatory fields: {list}', in the order the form shows
 * them: details, price, photos, place, then contact.
 */
export function missingFields(values: PostFormValues, photos: PhotoState, ctx: FormContext): string[] {
  const missing: string[] = [];
  const needTitle = titleRequired(ctx.family);
  const details = missingDetails(ctx.family, ctx.subcategoryId, values.features);
  missing.push(...details);
  if (!yearOk(values.features.year, ctx.now) && !details.includes('Year')) missing.push(msg('Year'));
  // an optional title or description typed too short is not "mandatory": optionalFieldsToFix says so
  if (needTitle && !textLengthOk(values.title, TITLE_MIN, TITLE_MAX, true)) missing.push(msg('Title'));
  if (descriptionRequired(ctx.family) && !textLengthOk(values.description, DESCRIPTION_MIN, DESCRIPTION_MAX, true)) missing.push(msg('Description'));
  if (!priceOk(values.price, ctx.categoryId)) missing.push(ctx.family === 'job' ? msg('Salary') : msg('Price'));
  if (photos.ready === 0) missing.push(msg('At least one photo'));
  if (!values.state.trim()) missing.push(msg('State'));
  if (!values.city.trim()) missing.push(msg('City'));
  if (ctx.neighbourhoodRequired && !values.neighbourhood.trim()) missing.push(msg('Neighbourhood'));
  if (ctx.askContact) {
    if (!values.sellerName.trim() || values.sellerName.length > NAME_MAX) missing.push(msg('Name'));
    if (!phoneOk(values.sellerPhone)) missing.push(msg('Phone (10 digits)'));
  }
  return missing;
}

/**
 * What to say under each field (keys: `features.brand`, `title`, `price`, `photos`, `state`, ...).
 * Empty when the field is fine.
 */
export function fieldErrors(values: PostFormValues, photos: PhotoState, ctx: FormContext, { t }: Pick<I18n, 't'> = ENGLISH): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const label of missingDetails(ctx.family, ctx.subcategoryId, values.features)) {
    const key = DETAIL_KEYS[label];
    if (key) errors[`features.${key}`] = t('{label} is required', { label: t(label) });
  }
  if (!yearOk(values.features.year, ctx.now)) errors['features.year'] = t('Year must be between {min} and {max}', { min: YEAR_MIN, max: yearMax(ctx.now) });
  const needTitle = titleRequired(ctx.family);
  const title = values.title.trim();
  if (needTitle && !title) errors.title = msg('Title is required');
  else if (title && title.length < TITLE_MIN) errors.title = t('Title must be at least {n} characters', { n: TITLE_MIN });
  else if (values.title.length > TITLE_MAX) errors.title = t('Title must be at most {n} characters', { n: TITLE_MAX });
  const description = values.description.trim();
  if (descriptionRequired(ctx.family) && !description) errors.description = msg('Description is required');
  else if (description && description.length < DESCRIPTION_MIN) errors.description = t('Description must be at least {n} characters', { n: DESCRIPTION_MIN });
  else if (values.description.length > DESCRIPTION_MAX) errors.description = t('Description must be at most {n} characters', { n: DESCRIPTION_MAX });
  const price = priceError(values.price, ctx.categoryId, ctx.family === 'job');
  if (price) errors.price = price;
  if (photos.ready === 0) errors.photos = msg('Add at least one photo');
  if (!values.state.trim()) errors.state = msg('Please select a state');
  if (!values.city.trim()) errors.city = msg('Please select a city');
  if (ctx.neighbourhoodRequired && !values.neighbourhood.trim()) errors.neighbourhood = msg('Please select a neighbourhood');
  if (ctx.askContact) {
    if (!values.sellerName.trim()) errors.sellerName = msg('Please enter your name');
    else if (values.sellerName.length > NAME_MAX) errors.sellerName = t('Name must be at most {n} characters', { n: NAME_MAX });
    if (!phoneOk(values.sellerPhone)) errors.sellerPhone = msg('Please enter a valid 10-digit mobile number');
  }
  return errors;
}

/**
 * Optional title/description (Smartphones, properties…) the seller started but left too short or
 * too long: they block posting, but are not "mandatory" — fix them or empty them.
 */
export function optionalFieldsToFix(values: Pick<PostFormValues, 'title' | 'description'>, family: CategoryFamily): string[] {
  const fix: string[] = [];
  if (!titleRequired(family) && !textLengthOk(values.title, TITLE_MIN, TITLE_MAX, false)) fix.push(msg('Title'));
  if (!descriptionRequired(family) && !textLengthOk(values.description, DESCRIPTION_MIN, DESCRIPTION_MAX, false)) fix.push(msg('Description'));
  return fix;
}

export function missingFieldsMessage(missing: string[]): string {
  return `Please fill the following mandatory fields: ${missing.join(', ')}`;
}

/**
 * Part 2 §5: brand plus model, else 'Untitled Listing'. Properties have no brand, so they read
 * '2 BHK Apartment', 'PG - Single room' or 'Residential Plot' instead.
 */
export function defaultTitle(features: Features): string {
  const text = (key: string) => {
    const v = features[key];
    return typeof v === 'string' ? v.trim() : '';
  };
  const roomType = text('roomType');
  const brand = text('brand');
  const model = text('model');
  // "iPhone" + "iPhone 12" reads "iPhone 12", not "iPhone iPhone 12"
  const modelNamesBrand = brand && model.toLowerCase().startsWith(brand.toLowerCase());
  const candidates = [
    [modelNamesBrand ? '' : brand, model].filter(Boolean).join(' '),
    [text('bhk'), text('propertyType')].filter(Boolean).join(' '),
    [text('propertyType'), roomType && `${roomType} room`].filter(Boolean).join(' - '),
  ];
  const title = candidates.find((c) => c.length >= TITLE_MIN);
  return title ? title.slice(0, TITLE_MAX) : DEFAULT_TITLE;
}

/** Fields kept as numbers in the stored features (the server also turns year and km into numbers). */
export const NUMERIC_FEATURES = new Set([
  'year',
  'kmDriven',
  'area',
  'floor',
  'totalFloors',
  'securityDeposit',
  'maintenanceCharges',
  'length',
  'width',
  'roadWidth',
]);

/** Form features → what the API stores: trimmed, empties dropped, numbers as numbers. */
export function cleanFeatures(features: Features): Record<string, string | number | string[]> {
  const out: Record<string, string | number | string[]> = {};
  for (const [key, value] of Object.entries(features)) {
    if (Array.isArray(value)) {
      if (value.length) out[key] = value;
      continue;
    }
    const text = value.trim();
    if (!text) continue;
    if (NUMERIC_FEATURES.has(key)) {
      const n = Number(text.replace(/[^\d.]/g, ''));
      out[key] = Number.isFinite(n) ? n : text;
    } else {
      out[key] = text;
    }
  }
  return out;
}

/** Stored features → form strings (for the edit form). */
export function featuresToForm(features: Record<string, unknown> | null | undefined): Features {
  const out: Features = {};
  for (const [key, value] of Object.entries(features ?? {})) {
    if (Array.isArray(value)) out[key] = value.filter((v): v is string => typeof v === 'string');
    else if (typeof value === 'string' || typeof value === 'number') out[key] = String(value);
    else if (typeof value === 'boolean') out[key] = value ? 'Yes' : 'No';
  }
  return out;
}

export interface ListingPayload {
  title: string;
  description: string;
  price: number;
  currency: string;
  condition: string;
  categoryId: string;
  subcategoryId: string;
  state: string;
  city: string;
  neighbourhood?: string;
  latitude?: number;
  longitude?: number;
  images: string[];
  features: Record<string, string | number | string[]>;
  sellerName?: string;
  sellerPhone?: string;
}

/** What POST /api/listings gets (part 2 §3), with the defaults of §5 for what the seller may leave out. */
export function buildListingPayload(values: PostFormValues, images: string[], ctx: Pick<FormContext, 'categoryId' | 'subcategoryId' | 'askContact'>): ListingPayload {
  const features = cleanFeatures(values.features);
  const title = values.title.trim() || defaultTitle(values.features);
  const description = values.description.trim() || DEFAULT_DESCRIPTION;
  const payload: ListingPayload = {
    title,
    description,
    price: typedRupees(values.price),
    currency: values.currency || 'INR',
    condition: values.condition || 'USED',
    categoryId: ctx.categoryId,
    subcategoryId: ctx.subcategoryId,
    state: values.state.trim(),
    city: values.city.trim(),
    images,
    features,
  };
  if (values.neighbourhood.trim()) payload.neighbourhood = values.neighbourhood.trim();
  if (values.latitude !== undefined && values.longitude !== undefined) {
    payload.latitude = values.latitude;
    payload.longitude = values.longitude;
  }
  if (ctx.askContact) {
    payload.sellerName = values.sellerName.trim();
    payload.sellerPhone = values.sellerPhone;
  }
  return payload;
}

/** PUT sends only what changed (the server keeps the rest). */
export function changedFields(before: ListingPayload, after: ListingPayload): Partial<ListingPayload> {
  const out: Partial<ListingPayload> = {};
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  for (const key of Object.keys(after) as (keyof ListingPayload)[]) {
    if (!same(before[key], after[key])) (out as Record<string, unknown>)[key] = after[key];
  }
  // the place goes as a whole: the server re-resolves it from all three names
  if (out.state !== undefined || out.city !== undefined || 'neighbourhood' in out || before.neighbourhood !== after.neighbourhood) {
    out.state = after.state;
    out.city = after.city;
    out.neighbourhood = after.neighbourhood ?? '';
  }
  return out;
}
