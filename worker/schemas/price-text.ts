/**
 * A price as a seller types it, read the same way by the post form and by the server
 * (docs/decisions/024-phone-snags.md): Indian grouping ("1,50,000", "45,000"), a currency sign or
 * word ("₹", "Rs.", "/-"), and amounts in words ("1.5 lakh", "2 crore", "50k", "50 हज़ार").
 *
 * Prices are whole rupees. A decimal part that is not zero ("45,000.50") is refused with its own
 * reason instead of being read as 4500050 (the old field dropped the point) or rounded silently:
 * the seller decides between 45,000 and 45,001. With a unit ("1.5 lakh") the decimal is part of
 * the amount and the result is rounded to the rupee. Free of zod and of worker imports.
 */
import { CURRENCY_WORDS, MULTIPLIERS } from './price-words-data';

/** The server's ceiling: ₹ 1,00,00,00,000. */
export const PRICE_CEILING = 1_000_000_000;

export type PriceReading =
  | { ok: true; rupees: number; /** true when the text was more than grouped digits (a unit, a sign) */ words: boolean }
  | { ok: false; reason: 'empty' | 'paise' | 'unreadable' | 'too-large'; /** for 'paise': the rupees before the point */ rupees?: number };

const currencyWords = [...CURRENCY_WORDS].sort((a, b) => b.length - a.length);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const CURRENCY = new RegExp(`^(?:${currencyWords.map(escape).join('|')})|(?:${currencyWords.map(escape).join('|')})$`, 'u');
const AMOUNT = /^(\d[\d,]*|\d*)(?:\.(\d*))?$/;

/** Reads one typed price. Numbers pass through the same rules (a fractional rupee is paise). */
export function readPrice(input: string | number | null | undefined): PriceReading {
  if (input === null || input === undefined) return { ok: false, reason: 'empty' };
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return { ok: false, reason: 'unreadable' };
    if (!Number.isInteger(input)) return { ok: false, reason: 'paise', rupees: Math.floor(input) };
    return input > PRICE_CEILING ? { ok: false, reason: 'too-large' } : { ok: true, rupees: input, words: false };
  }
  let text = input.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
  if (!text) return { ok: false, reason: 'empty' };
  const plain = /^[\d,]+$/.test(text);
  // strip currency words at either end, repeatedly ("rs. 45,000/-")
  for (let i = 0; i < 3; i++) text = text.replace(CURRENCY, '').trim();
  let multiplier = 1;
  const unit = /^(.*?)\s*([^\d\s.,]+)$/u.exec(text);
  if (unit) {
    const factor = MULTIPLIERS[unit[2]!];
    if (factor === undefined) return { ok: false, reason: 'unreadable' };
    multiplier = factor;
    text = unit[1]!.trim();
  }
  text = text.replace(/\s/g, '');
  const m = AMOUNT.exec(text);
  if (!m || (!m[1] && !m[2])) return { ok: false, reason: text ? 'unreadable' : 'empty' };
  const whole = (m[1] ?? '').replace(/,/g, '') || '0';
  const fraction = m[2] ?? '';
  let rupees: number;
  if (multiplier === 1) {
    if (/[1-9]/.test(fraction)) return { ok: false, reason: 'paise', rupees: Number(whole) };
    rupees = Number(whole);
  } else {
    rupees = Math.round(Number(`${whole}.${fraction || '0'}`) * multiplier);
  }
  if (!Number.isFinite(rupees)) return { ok: false, reason: 'unreadable' };
  if (rupees > PRICE_CEILING) return { ok: false, reason: 'too-large' };
  return { ok: true, rupees, words: !plain };
}

/** What to tell a person about a price that could not be read (English; the web app translates). */
export const PRICE_PROBLEMS: Record<Exclude<PriceReading, { ok: true }>['reason'], string> = {
  empty: 'Please enter a price',
  paise: 'Prices are in whole rupees: leave out the paise (for example 45,000 instead of 45,000.50)',
  unreadable: 'Write the price in numbers, for example 45,000 or 1.5 lakh',
  'too-large': 'The price can be at most ₹ 1,00,00,00,000',
};
