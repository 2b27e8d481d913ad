import { formatDay } from "../../lib/format";
import type { Language } from "../../lib/locale";
import { calendarDaysBetween, formatShortDate } from "../chat/format";

const HOUR_MS = 3_600_000;
const hindiRelative = new Intl.RelativeTimeFormat("hi-IN", { numeric: "auto" });
// 'परसों' for two days ago is right but rare on screens: counted days read as the ad cards do
const hindiDays = new Intl.RelativeTimeFormat("hi-IN", { numeric: "always" });

/**
 * Notification dates (spec part 2 §2): Today, Yesterday, 'n days ago' up to 7, else the date.
 * In Hindi the same steps come from Intl, and today's are finer: 'अभी', '5 मिनट पहले', '2 घंटे पहले'.
 */
export function relativeNotificationDate(
  iso: string,
  now: Date = new Date(),
  language: Language = "en",
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const days = calendarDaysBetween(date, now);
  if (language === "hi") {
    const ago = now.getTime() - date.getTime();
    if (days <= 0) {
      if (ago < 60_000) return hindiRelative.format(0, "second");
      if (ago < HOUR_MS)
        return hindiRelative.format(-Math.floor(ago / 60_000), "minute");
      return hindiRelative.format(-Math.floor(ago / HOUR_MS), "hour");
    }
    if (days === 1) return hindiRelative.format(-1, "day");
    if (days <= 7) return hindiDays.format(-days, "day");
    return formatDay(date, now, "hi");
  }
  if (days <= 0) return "Today";
  if (days === 1) return "Yesterday";
  if (days <= 7) return `${days} days ago`;
  return formatShortDate(date, now);
}
