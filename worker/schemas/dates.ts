/**
 * Dates as the API takes them. No imports (not even zod): the web app's search links use this
 * without pulling a validation library into the first screen.
 */
/**
 * An ISO 8601 date ("2026-11-25", midnight UTC) or date and time with its zone ("2026-11-25T09:30:00Z",
 * "…+05:30"), as epoch milliseconds, or undefined when the text is not one. Every part must exist on
 * the calendar and the clock: JavaScript's own parser rolls "2026-02-30" over to 2 March and takes
 * "24:00", so the parts are checked here first. Shared by every date query parameter and the web app.
 */
export const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2})))?$/;
export const parseIsoDateTime = (text: string): number | undefined => {
  const m = ISO_DATE_TIME.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = m.slice(1).map((part) => (part === undefined ? 0 : Number(part))) as number[];
  if (month! < 1 || month! > 12) return undefined;
  const leap = year! % 4 === 0 && (year! % 100 !== 0 || year! % 400 === 0);
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month! - 1]!;
  if (day! < 1 || day! > daysInMonth) return undefined;
  if (hour! > 23 || minute! > 59 || second! > 59 || offsetHours! > 14 || offsetMinutes! > 59) return undefined;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : undefined;
};

export const DATE_TIME_EXAMPLE = '2026-11-25T09:30:00Z';
