import type { Random } from '../random';

export type Condition = 'NEW' | 'USED' | 'REFURBISHED';

/** What a content generator returns for one listing; the seed adds ids, place, status and times. */
export interface ListingDraft {
  title: string;
  description: string;
  /** rupees (whole) — per month for jobs and rentals */
  price: number;
  condition: Condition;
  features: Record<string, unknown>;
}

export interface DraftContext {
  rng: Random;
  city: string;
  /** neighbourhood, when the city has areas */
  area: string | null;
  state: string;
  /** the seller's shop name when the seller is a dealer */
  business: string | null;
}

export type Generator = (ctx: DraftContext) => ListingDraft;

/** The year the content is written in ("bought in 2024", "insurance till March 2027"). Fixed for determinism. */
export const CONTENT_YEAR = 2026;

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
