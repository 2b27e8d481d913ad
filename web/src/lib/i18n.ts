import { useCallback, useSyncExternalStore } from 'react';
import { storedValue, useStoredValue } from './local-store';

/**
 * English/Hindi for the header, menus and category bar only (the rest of the site is English).
 * Keys are the English text, so a missing translation falls back to English rather than a key.
 */
export type Language = 'en' | 'hi';

export const LANGUAGES: { code: Language; label: string }[] = [
  { code: 'en', label: 'English' },
  { code: 'hi', label: 'हिन्दी' },
];


const languageStore = storedValue<Language>(
  'language',
  (raw) => (raw === 'hi' ? 'hi' : 'en'),
  (value) => value,
);

// The Hindi dictionary is its own chunk: English readers never download it.
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

export function setLanguage(language: Language): void {
  if (language === 'hi') loadHindi();
  languageStore.set(language);
  document.documentElement.lang = language === 'hi' ? 'hi' : 'en-IN';
}

export function useLanguage(): Language {
  return useStoredValue(languageStore);
}

export function translate(dictionary: Record<string, string> | null, text: string): string {
  return dictionary?.[text] ?? text;
}

/** `const t = useT(); t('Cars')`. English until the Hindi dictionary has arrived. */
export function useT(): (text: string) => string {
  const language = useLanguage();
  if (language === 'hi') loadHindi();
  const dictionary = useSyncExternalStore(subscribeDictionary, () => hindi, () => hindi);
  const active = language === 'hi' ? dictionary : null;
  return useCallback((text: string) => translate(active, text), [active]);
}
