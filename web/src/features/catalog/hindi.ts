/**
 * Hindi for the category bar and menus (decision 010).
 * Keys are the English text passed to t() / tn() / msg(), values its Hindi.
 * Strings only this feature shows live here; strings several parts show, in
 * web/src/lib/hindi/shared.ts.
 * Loaded only with the Hindi chunk (web/src/lib/i18n-hi.ts); keep every {placeholder}.
 * web/src/lib/i18n-hi.test.ts checks each key is here, in the right file, and nowhere else.
 */
export const HINDI_TEXTS: Record<string, string> = {
  // CategoryBar.tsx
  'ALL CATEGORIES': 'सभी श्रेणियाँ',
};
