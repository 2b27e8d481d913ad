import { calendarDaysBetween, formatShortDate } from '../chat/format';

/** Notification dates (spec part 2 §2): Today, Yesterday, 'n days ago' up to 7, else the date. */
export function relativeNotificationDate(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const days = calendarDaysBetween(date, now);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days <= 7) return `${days} days ago`;
  return formatShortDate(date, now);
}
