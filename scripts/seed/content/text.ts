/** Small wording helpers shared by the content generators. */
import type { Random } from '../random';
import { CONTENT_YEAR, MONTHS } from './types';

/** 125000 → "1,25,000" (Indian digit grouping). */
export const inr = (n: number) => Math.round(n).toLocaleString('en-IN');

/** 450000 → "4.5 Lakh", 12500000 → "1.25 Cr" — how Indian sellers write big prices. */
export const lakhs = (rupees: number) => {
  if (rupees >= 1e7) return `${trimZeros((rupees / 1e7).toFixed(2))} Cr`;
  return `${trimZeros((rupees / 1e5).toFixed(2))} Lakh`;
};

const trimZeros = (s: string) => s.replace(/\.?0+$/, '');

/** Rounds a price the way people type them: to 500 under 20k, 1,000 under 2 L, 5,000 above that. */
export const roundPrice = (rupees: number) => {
  const step = rupees < 2_000 ? 50 : rupees < 20_000 ? 500 : rupees < 200_000 ? 1_000 : rupees < 5_000_000 ? 5_000 : 50_000;
  return Math.max(step, Math.round(rupees / step) * step);
};

/** Sometimes people price at 14,999 rather than 15,000. */
export const charmPrice = (rng: Random, rupees: number) => (rupees >= 1_000 && rupees < 200_000 && rng.chance(0.2) ? rupees - 1 : rupees);

export const clampText = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).replace(/[\s,(-]+\S*$/, '')}`);

/** "March 2027"-style date a few months ahead of the content year. */
export const futureMonth = (rng: Random) => {
  const month = rng.int(0, 11);
  return `${MONTHS[month]} ${CONTENT_YEAR + (month < 10 ? 1 : rng.int(0, 1))}`;
};

/** "June 2024"-style date `yearsAgo` years back. */
export const pastMonth = (rng: Random, yearsAgo: number) =>
  `${MONTHS[rng.int(0, yearsAgo <= 0 ? 9 : 11)]} ${CONTENT_YEAR - Math.max(0, yearsAgo)}`;

export const ordinal = (n: number) => {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${s}`;
};

/** Where the seller is, for sentences like "Pickup from Kothrud". */
export const placeName = (city: string, area: string | null) => area ?? city;

/** Joins sentences, dropping empty ones. */
export const paragraph = (...sentences: (string | false | null | undefined)[]) =>
  sentences.filter((s): s is string => Boolean(s)).join(' ');

/** Fills `{key}` slots in a template. */
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
