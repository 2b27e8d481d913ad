/** The two interface languages and their Intl locales (Indian grouping 1,25,000 in both). */
export type Language = 'en' | 'hi';

export const LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };
