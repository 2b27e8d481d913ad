import { LOCALES, type Language } from './locale';

const inrNumbers: Record<Language, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }),
  hi: new Intl.NumberFormat('hi-IN', { maximumFractionDigits: 2 }),
};
const westernNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

const CURRENCY_SYMBOLS: Record<string, string> = { INR: '₹', EUR: '€', GBP: '£' };

/**
 * '₹ 1,25,000' for rupees (Indian lakh/crore grouping). The spec shows a dollar sign for every other
 * currency; euro and pound get their own sign so a price is never silently mislabelled.
 */
export function formatPrice(price: number, currency: string | null | undefined = 'INR', language: Language = 'en'): string {
  const code = (currency || 'INR').trim().toUpperCase();
  const amount = Number.isFinite(price) ? price : 0;
  if (code === 'INR') return `₹ ${inrNumbers[language].format(amount)}`;
  return `${CURRENCY_SYMBOLS[code] ?? '$'} ${westernNumber.format(amount)}`;
}

const compactNumbers: Record<Language, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 }),
  hi: new Intl.NumberFormat('hi-IN', { notation: 'compact', maximumFractionDigits: 1 }),
};

/** Where space is short: '₹ 1.2L' / '₹ 1.2 लाख', '₹ 3.5Cr' / '₹ 3.5 क॰'; small prices stay whole. */
export function formatCompactPrice(price: number, currency: string | null | undefined = 'INR', language: Language = 'en'): string {
  const code = (currency || 'INR').trim().toUpperCase();
  const amount = Number.isFinite(price) ? price : 0;
  if (code !== 'INR' || Math.abs(amount) < 100_000) return formatPrice(amount, currency, language);
  // ICU abbreviates crore as 'क॰', which few readers know: spell it out
  return `₹ ${compactNumbers[language].format(amount).replace(/\sक॰$/, ' करोड़')}`;
}

const relativeDays: Record<Language, Intl.RelativeTimeFormat> = {
  en: new Intl.RelativeTimeFormat('en-IN', { numeric: 'always' }),
  hi: new Intl.RelativeTimeFormat('hi-IN', { numeric: 'always' }),
};
const relativeNear: Record<Language, Intl.RelativeTimeFormat> = {
  en: new Intl.RelativeTimeFormat('en-IN', { numeric: 'auto' }),
  hi: new Intl.RelativeTimeFormat('hi-IN', { numeric: 'auto' }),
};
const dayMonth: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short' }),
  hi: new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'short' }),
};
const dayMonthYear: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }),
  hi: new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'short', year: 'numeric' }),
};

/** A date for people in the language: '3 Nov' / '3 नव॰', with the year when it is not this year. */
export function formatDay(date: Date, now: Date = new Date(), language: Language = 'en'): string {
  return (date.getFullYear() === now.getFullYear() ? dayMonth : dayMonthYear)[language].format(date);
}

/** 'आज', 'कल', '2 दिन पहले' (or 'today', 'yesterday', '2 days ago') up to a week, then the date. */
export function formatRelativeDay(iso: string, now: Date = new Date(), language: Language = 'en'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const days = Math.max(0, calendarDaysBetween(date, now));
  if (days <= 1) return relativeNear[language].format(-days, 'day');
  if (days < 7) return relativeDays[language].format(-days, 'day');
  return formatDay(date, now, language);
}

/** A date-time in the language's long form ('November 2025' / 'नवंबर 2025' etc.). */
export function formatDate(iso: string | null | undefined, options: Intl.DateTimeFormatOptions, language: Language = 'en'): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(LOCALES[language], options).format(date);
}

export function formatNumber(value: number, language: Language = 'en'): string {
  return value.toLocaleString(LOCALES[language]);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole calendar days between two instants in the viewer's time zone (DST-safe). */
function calendarDaysBetween(earlier: Date, later: Date): number {
  const start = Date.UTC(earlier.getFullYear(), earlier.getMonth(), earlier.getDate());
  const end = Date.UTC(later.getFullYear(), later.getMonth(), later.getDate());
  return Math.round((end - start) / DAY_MS);
}

/**
 * Card dates (spec part 1 §9): 'Today', 'YESTERDAY', 'N DAYS AGO' under a week, else 'Nov 3'.
 * Days are calendar days in the viewer's zone, so last night's ad reads YESTERDAY this morning.
 * Dates from an earlier year carry the year ('Nov 3, 2023') so old ads don't pass as recent.
 */
export function formatListingDate(iso: string, now: Date = new Date(), language: Language = 'en'): string {
  if (language !== 'en') return formatRelativeDay(iso, now, language);
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const days = calendarDaysBetween(date, now);
  if (days <= 0) return 'Today'; // includes slightly-future timestamps from clock skew
  if (days === 1) return 'YESTERDAY';
  if (days < 7) return `${days} DAYS AGO`;
  const monthDay = `${MONTHS[date.getMonth()]} ${date.getDate()}`;
  return date.getFullYear() === now.getFullYear() ? monthDay : `${monthDay}, ${date.getFullYear()}`;
}

/** Lower-cases, strips Latin accents, keeps letters (any script), digits, spaces and hyphens. */
function slugPart(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
}

export type SlugSource = {
  id: string;
  title: string;
  category: string | { name: string } | null | undefined;
  location: string | null | undefined;
};

/**
 * Fallback slug for a listing that has none (spec part 1 §3):
 * `{category}-c84-{title}-in-{location}-iid-{last 6 of id}`.
 */
export function buildListingSlug({ id, title, category, location }: SlugSource): string {
  const categoryName = typeof category === 'string' ? category : (category?.name ?? '');
  const raw = [
    slugPart(categoryName),
    'c84',
    slugPart(title),
    'in',
    slugPart(location ?? ''),
    'iid',
    slugPart(id.slice(-6)),
  ];
  return raw.join('-').replace(/-{2,}/g, '-').replace(/^-|-$/g, '');
}

/** A search total for people: "1,234", or "1,000+" when the server stopped counting at its cap. */
export function formatTotal({ total, totalCapped }: { total: number; totalCapped?: boolean }, language: Language = 'en'): string {
  return `${total.toLocaleString(LOCALES[language])}${totalCapped ? '+' : ''}`;
}
