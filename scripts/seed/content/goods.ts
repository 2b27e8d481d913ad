/**
 * The generic "second-hand item" generator behind most categories: an item table in, a listing with a
 * seller-style title and a 3–4 sentence description out.
 */
import type { Random } from '../random';
import { charmPrice, clampText, fill, paragraph, pastMonth, placeName, roundPrice } from './text';
import { CONTENT_YEAR, type Condition, type Generator } from './types';

export interface GoodsItem {
  name: string;
  /** '' means unbranded / local make */
  brands: string[];
  /** typical asking range for a used one, rupees */
  price: [number, number];
  /** item-specific sentences; one or two are used */
  details: string[];
  /** appended to the name in titles ('8GB/256GB', 'Size 9') */
  variants?: string[];
  /** chance of NEW and REFURBISHED (default 0.12 and 0) */
  newShare?: number;
  refurbShare?: number;
  weight?: number;
}

export interface GoodsOptions {
  /** vehicle family: features carry brand, model and year instead of additionalDetails */
  vehicle?: boolean;
  /** opening sentences override ({item}, {place}, {city}, {years}, {when}) */
  openers?: string[];
}

const USED_OPENERS = [
  'Selling my {item}, bought in {when}.',
  '{item} in good condition, used for {usedFor}.',
  'Up for sale: {item}, gently used and well kept.',
  '{item} available, bought in {when} and hardly used.',
  'Well maintained {item}, {years} old.',
];
const NEW_OPENERS = ['Brand new {item}, sealed pack with bill.', 'Unused {item}, received as a gift, still in the box.', 'New {item}, bought extra by mistake, never opened.'];
const REFURB_OPENERS = ['Refurbished {item}, fully checked and serviced, comes with 3 months shop warranty.', 'Certified refurbished {item}, looks and works like new.'];

const REASONS = [
  'Selling because I am shifting to {other}.',
  'Upgraded to a newer one, hence selling.',
  'No longer needed after moving to a smaller flat.',
  'Selling as it is lying unused at home.',
  'Moving abroad, everything must go this month.',
];

const CLOSERS = [
  'Pickup from {place}.',
  'Price is slightly negotiable.',
  'Cash or UPI at pickup.',
  'Serious buyers please message, no lowballers.',
  'Can deliver within {city} for a small charge.',
  'Call or WhatsApp between 10 am and 8 pm.',
  'Fixed price, first come first served.',
];

const USAGE = /\b(used|worn|ridden|serviced|read|finished|kids|son|removed|replaced|changed|recently|washed|months|old|trip|treks?|wear|marks|highlighting|notes|tuned|upgraded|outgrown|moved on)\b/i;

const OTHER_CITIES = ['Bengaluru', 'Pune', 'Hyderabad', 'Chennai', 'Delhi', 'Mumbai', 'Kolkata', 'Ahmedabad', 'Jaipur', 'Kochi'];

const titleHints: Record<Condition, string[]> = {
  USED: ['like new', 'with bill', 'barely used', 'urgent sale', 'good condition', 'excellent condition', 'negotiable'],
  NEW: ['sealed pack', 'brand new', 'unused, with bill'],
  REFURBISHED: ['refurbished', 'with warranty', 'certified refurbished'],
};

const pickCondition = (rng: Random, item: GoodsItem): Condition => {
  const r = rng.next();
  if (r < (item.newShare ?? 0.12)) return 'NEW';
  if (r < (item.newShare ?? 0.12) + (item.refurbShare ?? 0)) return 'REFURBISHED';
  return 'USED';
};

const yearsText = (years: number) => (years === 0 ? 'a few months' : years === 1 ? 'a year' : `${years} years`);

export const goods = (items: GoodsItem[], options: GoodsOptions = {}): Generator => {
  const weights = items.map((i) => i.weight ?? 1);
  return (ctx) => {
    const { rng } = ctx;
    const item = rng.weighted(items, weights);
    const brand = rng.pick(item.brands.length ? item.brands : ['']);
    const variant = item.variants ? rng.pick(item.variants) : '';
    // "Seiko 5 Automatic" already names its brand; don't write "Seiko Seiko 5".
    const branded = brand && !item.name.startsWith(brand) ? `${brand} ${item.name}` : item.name;
    const name = variant ? `${branded} ${variant}` : branded;
    const condition = pickCondition(rng, item);
    const years = condition === 'NEW' ? 0 : rng.int(0, 5);
    const values = {
      item: name,
      when: pastMonth(rng, years),
      years: yearsText(years),
      usedFor: years === 0 ? 'a few months' : `about ${yearsText(years)}`,
      place: placeName(ctx.city, ctx.area),
      city: ctx.city,
      other: rng.pick(OTHER_CITIES.filter((c) => c !== ctx.city)),
    };

    const hint = rng.pick(titleHints[condition]);
    const title = clampText(
      rng.pick([name, `${name} - ${hint}`, `${name} (${hint})`, `${item.name}${variant ? ` ${variant}` : ''}${brand ? ` by ${brand}` : ''}`]),
      70,
    );

    const openers = options.openers ?? (condition === 'NEW' ? NEW_OPENERS : condition === 'REFURBISHED' ? REFURB_OPENERS : USED_OPENERS);
    // A sealed item cannot have been "used for six months".
    const usable = condition === 'NEW' ? item.details.filter((d) => !USAGE.test(d)) : item.details;
    const details = rng.sample(usable, rng.int(1, Math.max(1, Math.min(2, usable.length))));
    const description = paragraph(
      fill(rng.pick(openers), values),
      ...details,
      condition === 'USED' && rng.chance(0.5) && fill(rng.pick(REASONS), values),
      fill(rng.pick(CLOSERS), values),
    );

    // Newer and new items sit at the top of the range.
    const position = condition === 'NEW' ? rng.float(0.75, 1) : Math.max(0, rng.float(0, 1) - years * 0.08);
    const raw = item.price[0] + (item.price[1] - item.price[0]) * position;
    const price = charmPrice(rng, roundPrice(condition === 'NEW' ? raw * 1.1 : raw));

    const features: Record<string, unknown> = options.vehicle
      ? { brand: brand || 'Other', model: item.name, year: CONTENT_YEAR - years }
      : { additionalDetails: additional(brand, variant, years, condition, title.includes('bill') || rng.chance(0.6)) };
    return { title, description, price, condition, features };
  };
};

const additional = (brand: string, variant: string, years: number, condition: Condition, bill: boolean) =>
  [
    brand && `Brand: ${brand}`,
    variant && `Variant: ${variant}`,
    condition === 'NEW' ? 'Unused, sealed' : `Age: ${yearsText(years)}`,
    `Bill: ${condition === 'NEW' || bill ? 'available' : 'not available'}`,
  ]
    .filter(Boolean)
    .join(' · ');
