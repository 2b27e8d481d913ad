/**
 * Hindi for the notification bell and panel (decision 010).
 * Keys are the English text passed to t() / tn() / msg(), values its Hindi.
 * Strings only this feature shows live here; strings several parts show, in
 * web/src/lib/hindi/shared.ts.
 * Loaded only with the Hindi chunk (web/src/lib/i18n-hi.ts); keep every {placeholder}.
 * web/src/lib/i18n-hi.test.ts checks each key is here, in the right file, and nowhere else.
 */
export const HINDI_TEXTS: Record<string, string> = {
  // NotificationBell.tsx
  'Failed to load notifications': 'सूचनाएँ लोड नहीं हो सकीं',
  // NotificationPanel.tsx
  'Failed to mark notifications read': 'सूचनाओं को पढ़ा हुआ नहीं माना जा सका',
  'Mark all read': 'सभी पढ़ी हुई मानें',
  'No notifications': 'कोई सूचना नहीं',
  '(unread)': '(अनपढ़ी)',
};
