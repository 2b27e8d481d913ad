import { formatPrice } from '../../lib/format';
import { LOCALES, type Language } from '../../lib/locale';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
/** "Today" / "Yesterday" in the reader's language, from Intl (decision 010): "आज", "कल". */
const relativeDays = new Map<Language, Intl.RelativeTimeFormat>();
function dayWord(days: 0 | 1, language: Language): string {
  if (language === 'en') return days === 0 ? 'Today' : 'Yesterday';
  let format = relativeDays.get(language);
  if (!format) relativeDays.set(language, (format = new Intl.RelativeTimeFormat(LOCALES[language], { numeric: 'auto' })));
  return format.format(-days, 'day');
}
const shortDates = new Map<string, Intl.DateTimeFormat>();
const DAY_MS = 24 * 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');

const parse = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** Whole calendar days from `earlier` to `later` in the viewer's time zone (DST-safe). */
export function calendarDaysBetween(earlier: Date, later: Date): number {
  const start = Date.UTC(earlier.getFullYear(), earlier.getMonth(), earlier.getDate());
  const end = Date.UTC(later.getFullYear(), later.getMonth(), later.getDate());
  return Math.round((end - start) / DAY_MS);
}

/** '3 Jan', or '3 Jan 2024' for another year (en-IN order); Hindi through Intl: '3 जन॰'. */
export function formatShortDate(date: Date, now: Date = new Date(), language: Language = 'en'): string {
  if (language !== 'en') {
    const withYear = date.getFullYear() !== now.getFullYear();
    const key = `${language}:${withYear}`;
    let format = shortDates.get(key);
    if (!format)
      shortDates.set(key, (format = new Intl.DateTimeFormat(LOCALES[language], { day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}) })));
    return format.format(date);
  }
  const dayMonth = `${date.getDate()} ${MONTHS[date.getMonth()]}`;
  return date.getFullYear() === now.getFullYear() ? dayMonth : `${dayMonth} ${date.getFullYear()}`;
}

/** 24-hour 'HH:MM' in the viewer's zone (spec part 2 §2). */
export function formatMessageTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? `${pad(date.getHours())}:${pad(date.getMinutes())}` : '';
}

/** Inbox row time: 'HH:MM' today, 'Yesterday', else the date. */
export function formatChatListTime(iso: string | null | undefined, now: Date = new Date(), language: Language = 'en'): string {
  const date = parse(iso);
  if (!date) return '';
  const days = calendarDaysBetween(date, now);
  if (days <= 0) return formatMessageTime(iso);
  if (days === 1) return dayWord(1, language);
  return formatShortDate(date, now, language);
}

/** Day divider in a conversation: 'Today', 'Yesterday', else the date. */
export function formatDayLabel(iso: string, now: Date = new Date(), language: Language = 'en'): string {
  const date = parse(iso);
  if (!date) return '';
  const days = calendarDaysBetween(date, now);
  if (days <= 0) return dayWord(0, language);
  if (days === 1) return dayWord(1, language);
  return formatShortDate(date, now, language);
}

export function sameCalendarDay(a: string, b: string): boolean {
  const x = parse(a);
  const y = parse(b);
  return !!x && !!y && calendarDaysBetween(x, y) === 0;
}

/** Unread badges cap at '9+' and hide at 0 (spec part 1 §9). */
export function badgeText(count: number | null | undefined, cap = 9): string {
  if (!count || !Number.isFinite(count) || count <= 0) return '';
  return count > cap ? `${cap}+` : String(Math.floor(count));
}

export const MAX_OFFER = 100_000_000;

/** The amount typed in the offer box, in whole rupees; null when it isn't a usable amount. */
export function parseOfferAmount(text: string): number | null {
  const cleaned = text.replace(/[₹,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const amount = Math.round(Number(cleaned));
  return amount >= 1 && amount <= MAX_OFFER ? amount : null;
}

/** 'My offer: ₹ 25,000' — the text of an OFFER message, in the sender's language ('मेरा ऑफ़र: ₹ 25,000'). */
export function offerText(amount: number, t: (text: string, params?: Record<string, string>) => string = (text, params) => text.replace('{amount}', params?.amount ?? '')): string {
  return t('My offer: {amount}', { amount: formatPrice(amount, 'INR') });
}

/** The composer's character count: shown while typing; over the limit the message cannot be sent (never cut silently). */
export function messageLengthState(length: number, max: number): { show: boolean; over: number } {
  return { show: length > 0, over: Math.max(0, length - max) };
}
