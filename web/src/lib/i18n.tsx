import { Fragment, useCallback, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { storedValue, useStoredValue, writeStorage } from './local-store';
import { LOCALES, type Language } from './locale';

/**
 * English/Hindi for every screen (decision 010). Keys are the English text, so a missing translation
 * falls back to English rather than a key. `{name}` placeholders are filled after translating, and
 * plurals pick the English singular/plural key by the language's own plural rules (Intl.PluralRules).
 * The Hindi dictionary is a lazily loaded chunk: English readers never download it.
 */
export { LOCALES, type Language };

export const LANGUAGES: { code: Language; label: string }[] = [
  { code: 'en', label: 'English' },
  { code: 'hi', label: 'हिन्दी' },
];

export type Params = Record<string, string | number>;
export type Translate = (text: string, params?: Params) => string;
/** `tn(count, '{n} ad', '{n} ads')`: `{n}` is the count, formatted for the language. */
export type TranslatePlural = (count: number, one: string, other: string, params?: Params) => string;

const languageStore = storedValue<Language>(
  'language',
  (raw) => (raw === 'hi' ? 'hi' : 'en'),
  (value) => value,
);

let hindi: Record<string, string> | null = null;
let hindiRequested = false;
const dictionaryListeners = new Set<() => void>();

function loadHindi(): void {
  if (hindiRequested) return;
  hindiRequested = true;
  void import('./i18n-hi')
    .then((module) => {
      hindi = module.HINDI;
      for (const listener of dictionaryListeners) listener();
    })
    .catch(() => {
      hindiRequested = false; // offline: English stays, the next switch tries again
    });
}

function subscribeDictionary(listener: () => void) {
  dictionaryListeners.add(listener);
  return () => dictionaryListeners.delete(listener);
}

/** The chosen language, for code outside React (the API client asks the server for messages in it). */
export function currentLanguage(): Language {
  return languageStore.get();
}

/** Set when the person picks a language on this device (read by features/auth/language-sync.ts). */
export const LANGUAGE_CHOSEN_KEY = 'language-chosen';

/** `by: 'account'` when the app adopts the account's language (not the person's own choice here). */
export function setLanguage(language: Language, by: 'person' | 'account' = 'person'): void {
  if (by === 'person') writeStorage(LANGUAGE_CHOSEN_KEY, '1');
  if (language === 'hi') loadHindi();
  languageStore.set(language);
  document.documentElement.lang = language === 'hi' ? 'hi' : 'en-IN';
}

export function useLanguage(): Language {
  return useStoredValue(languageStore);
}

/** Fills `{name}` placeholders; unknown placeholders stay visible so a missing value is noticed. */
export function interpolate(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function translate(dictionary: Record<string, string> | null, text: string, params?: Params): string {
  return interpolate(dictionary?.[text] || text, params);
}

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

export function formatCount(count: number, language: Language = 'en'): string {
  const locale = LOCALES[language];
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(count);
}

export function translatePlural(
  dictionary: Record<string, string> | null,
  language: Language,
  count: number,
  one: string,
  other: string,
  params?: Params,
): string {
  const locale = LOCALES[language];
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  const key = rules.select(count) === 'one' ? one : other;
  return translate(dictionary, key, { n: formatCount(count, language), ...params });
}

export type I18n = { t: Translate; tn: TranslatePlural; language: Language; locale: string };

/** English for pure functions called without a reader's language (tests, defaults). */
export const ENGLISH: I18n = {
  t: (text, params) => interpolate(text, params),
  tn: (count, one, other, params) => translatePlural(null, 'en', count, one, other, params),
  language: 'en',
  locale: LOCALES.en,
};

/**
 * Marks text in a data table (labels, options) as a catalogue key without translating it yet:
 * the table stays English, the screen calls t(label). The catalogue test scans msg('…') too.
 */
export const msg = (text: string): string => text;

function useDictionary(language: Language): Record<string, string> | null {
  if (language === 'hi') loadHindi();
  const dictionary = useSyncExternalStore(subscribeDictionary, () => hindi, () => hindi);
  return language === 'hi' ? dictionary : null;
}

/** `const t = useT(); t('Cars')`, `t('in {where}', { where })`. English until the Hindi dictionary has arrived. */
export function useT(): Translate {
  const active = useDictionary(useLanguage());
  return useCallback((text: string, params?: Params) => translate(active, text, params), [active]);
}

/** Everything a screen needs to speak the reader's language: t, tn (plurals), the language and its Intl locale. */
export function useI18n(): I18n {
  const language = useLanguage();
  const active = useDictionary(language);
  // until the Hindi chunk arrives the screen is English, so its numbers and dates are too
  const shown: Language = active ? language : 'en';
  return useMemo(
    () => ({
      t: (text: string, params?: Params) => translate(active, text, params),
      tn: (count: number, one: string, other: string, params?: Params) => translatePlural(active, shown, count, one, other, params),
      language: shown,
      locale: LOCALES[shown],
    }),
    [active, shown],
  );
}

/**
 * A translated sentence with elements in it: `withNodes(t('Showing results for {query}.'), { query: <strong>…</strong> })`.
 * Translators can move `{query}` wherever Hindi word order puts it.
 */
export function withNodes(text: string, nodes: Record<string, ReactNode>): ReactNode[] {
  return text.split(/(\{\w+\})/g).map((part, index) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return name && name in nodes ? <Fragment key={index}>{nodes[name]}</Fragment> : part;
  });
}
