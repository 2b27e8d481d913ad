const inrNumber = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const westernNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

const CURRENCY_SYMBOLS: Record<string, string> = { INR: '₹', EUR: '€', GBP: '£' };

/**
 * '₹ 1,25,000' for rupees (Indian lakh/crore grouping). The spec shows a dollar sign for every other
 * currency; euro and pound get their own sign so a price is never silently mislabelled.
 */
export function formatPrice(price: number, currency: string | null | undefined = 'INR'): string {
  const code = (currency || 'INR').trim().toUpperCase();
  const amount = Number.isFinite(price) ? price : 0;
  if (code === 'INR') return `₹ ${inrNumber.format(amount)}`;
  return `${CURRENCY_SYMBOLS[code] ?? '$'} ${westernNumber.format(amount)}`;
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
export function formatListingDate(iso: string, now: Date = new Date()): string {
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
export function formatTotal({ total, totalCapped }: { total: number; totalCapped?: boolean }): string {
  return `${total.toLocaleString('en-IN')}${totalCapped ? '+' : ''}`;
}
