import { LANGUAGES, setLanguage, useLanguage, useT, type Language } from '../../lib/i18n';

/** English / हिन्दी for the header and menus, remembered in localStorage `language`. */
export function LanguageSelect({ className }: { className?: string }) {
  const language = useLanguage();
  const t = useT();
  return (
    <label className={`language-select ${className ?? ''}`.trim()}>
      <span className="visually-hidden">{t('Language')}</span>
      <select value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
        {LANGUAGES.map((option) => (
          <option key={option.code} value={option.code} lang={option.code === 'hi' ? 'hi' : 'en'}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
