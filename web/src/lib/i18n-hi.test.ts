import { describe, expect, it } from 'vitest';
import { MENU_NAME_MAPPINGS, TAXONOMY } from '../../../worker/schemas/taxonomy';
import { MEGA_MENU } from '../features/catalog/menu';
import { CATEGORY_GUIDES } from '../../../worker/schemas/category-guides';
import { PREMIUM_PLANS } from '../../../worker/schemas/premium-plans';
import { HELD_REASONS, REPORT_REASONS, REPORTER_STANDINGS } from '../../../worker/schemas/trust-data';
import { BANNER_ADS, POPULAR_SEARCH_TERMS } from '../../../worker/schemas/catalog-reference';
import { POPULAR_SEARCHES_HINDI } from '../../../worker/schemas/catalog-hi';
import { HINDI, HINDI_CATALOGUES, REFERENCE_HINDI } from './i18n-hi';
import { interpolate, translate, translatePlural } from './i18n';
import { withNames } from './with-names';
import { GST_STATE_CODES } from '../../../worker/lib/gst';
import { SCAM_WARNINGS } from '../../../worker/services/chat/chat-safety';

// every source file of the web app, as text (Vite's glob: no Node APIs, typechecks with the app);
// the catalogues themselves are data, not screens
const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.ts', '!../**/*.gen.ts', '!./i18n*', '!../**/hindi.ts', '!./hindi/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

// a JS string literal in single or double quotes (no template literals: keys must be static)
const LITERAL = String.raw`(?:'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)")`;
const T_CALL = new RegExp(String.raw`\b(?:t|msg)\(\s*${LITERAL}`, 'g');
const TN_CALL = new RegExp(String.raw`\btn\(\s*[^,()]+(?:\([^()]*\))?[^,()]*,\s*${LITERAL}\s*,\s*${LITERAL}`, 'g');
const unescape = (raw: string) => raw.replace(/\\(.)/g, '$1');

/** Every key the sources pass to t('…'), msg('…') or tn(n, '…', '…'), with the files it was found in. */
function usedKeys(): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  const add = (raw: string, file: string) => {
    const key = unescape(raw);
    const files = keys.get(key) ?? [];
    if (!files.includes(file)) files.push(file);
    keys.set(key, files);
  };
  for (const [file, text] of Object.entries(SOURCES)) {
    for (const m of text.matchAll(T_CALL)) add(m[1] ?? m[2] ?? '', file);
    for (const m of text.matchAll(TN_CALL)) {
      add(m[1] ?? m[2] ?? '', file);
      add(m[3] ?? m[4] ?? '', file);
    }
  }
  return keys;
}

const SHARED = './hindi/shared.ts';
/** The catalogue file of the part a source file belongs to: its feature's, the app frame's, or the shared one. */
const catalogueOf = (file: string) => {
  const feature = /^\.\.\/features\/([^/]+)\//.exec(file)?.[1];
  if (feature) return `../features/${feature}/hindi.ts`;
  return file.startsWith('../components/') ? '../components/hindi.ts' : SHARED;
};
/** Where a key belongs: the one part that uses it, or the shared file when several parts do. */
const homeOf = (files: string[]) => {
  const homes = [...new Set(files.map(catalogueOf))];
  return homes.length === 1 ? homes[0]! : SHARED;
};

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the Hindi catalogue', () => {
  it('finds the keys the sources use (the scan itself works)', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
    const keys = usedKeys();
    expect(keys.size).toBeGreaterThan(300);
    expect(keys.has('Search listings')).toBe(true);
  });

  it('has a Hindi entry for every t() / tn() / msg() key used in web/src', () => {
    const missing = [...usedKeys()].filter(([key]) => !(key in HINDI)).map(([key, files]) => `${key} → add it to ${homeOf(files)} (used in ${files.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('keeps each string beside the code that shows it: its feature’s hindi.ts, the app frame’s, or shared.ts', () => {
    const fileOfKey = new Map<string, string>();
    for (const [file, texts] of Object.entries(HINDI_CATALOGUES)) for (const key of Object.keys(texts)) fileOfKey.set(key, file);
    const misplaced = [...usedKeys()]
      .filter(([key, files]) => fileOfKey.has(key) && fileOfKey.get(key) !== homeOf(files))
      .map(([key, files]) => `${key}: in ${fileOfKey.get(key)}, belongs in ${homeOf(files)} (used in ${files.join(', ')})`);
    expect(misplaced).toEqual([]);
  });

  it('has one entry per string across the catalogue files (no file silently overrides another)', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [file, texts] of Object.entries(HINDI_CATALOGUES)) {
      for (const key of Object.keys(texts)) {
        if (seen.has(key)) twice.push(`${key}: ${seen.get(key)} and ${file}`);
        seen.set(key, file);
      }
    }
    expect(twice).toEqual([]);
  });

  it('finds a catalogue for every feature with strings (the glob sees the files)', () => {
    const files = Object.keys(HINDI_CATALOGUES);
    expect(files).toContain(SHARED);
    expect(files).toContain('../components/hindi.ts');
    const featuresWithStrings = new Set([...usedKeys().values()].flat().map(catalogueOf));
    expect([...featuresWithStrings].filter((file) => !files.includes(file))).toEqual([]);
    // reference data comes first, so an interface entry for the same English text is the one shown
    expect(Object.keys(REFERENCE_HINDI).length).toBeGreaterThan(200);
  });

  it('has no empty or untranslated-looking values', () => {
    const empty = Object.entries(HINDI).filter(([, value]) => !value.trim());
    expect(empty).toEqual([]);
    // a value with Latin letters only (no Devanagari) is English left behind; brand-like words are allowed
    const allowed = new Set(['SEL', 'OTP', 'SELL', 'BHK', 'RAM', 'km']);
    const english = Object.entries(HINDI).filter(
      ([key, value]) => !/[\u0900-\u097F]/.test(value) && /[a-z]{3}/i.test(value) && !allowed.has(key),
    );
    expect(english).toEqual([]);
  });

  it('keeps every {placeholder} of the English key', () => {
    const broken = Object.entries(HINDI)
      .filter(([key, value]) => placeholders(key).join() !== placeholders(value).join())
      .map(([key, value]) => `${key} → ${value}`);
    expect(broken).toEqual([]);
  });

  it('names every category, subcategory and menu entry in Hindi (from taxonomy-hi reference data)', () => {
    const names = [
      ...TAXONOMY.flatMap((c) => [c.name, ...c.subcategories.map((s) => s.name)]),
      ...Object.keys(MENU_NAME_MAPPINGS),
      ...MEGA_MENU.flatMap((g) => [g.label, ...g.items.map((i) => i.label)]),
    ];
    expect(names.filter((name) => !HINDI[name])).toEqual([]);
  });
  it('has Hindi for the home sheets’ budgets and extra filters (category-guides reference data shown through t())', () => {
    const labels = CATEGORY_GUIDES.flatMap((guide) => [...guide.budgets.map((b) => b.label), ...guide.extras.map((e) => e.label)]);
    // "₹10,000 - 20,000" and "128 GB" read the same in Hindi; a label with a word needs its entry
    expect(labels.filter((label) => /[a-z]{3}/i.test(label) && !HINDI[label])).toEqual([]);
  });
  it('names every state and union territory in Hindi, and has every chat scam warning (texts the server sends)', () => {
    expect(Object.keys(GST_STATE_CODES).filter((state) => !HINDI[state])).toEqual([]);
    expect(SCAM_WARNINGS.length).toBeGreaterThan(3);
    expect(SCAM_WARNINGS.filter((warning) => !HINDI[warning])).toEqual([]);
  });
  it('has Hindi for the premium plans’ descriptions and features (reference data shown through t())', () => {
    const texts = PREMIUM_PLANS.flatMap((plan) => [plan.description, ...plan.features]);
    expect(texts.filter((text) => !HINDI[text])).toEqual([]);
  });
  it('has Hindi for the report reasons, held reasons and reporter standings (trust reference data shown through t())', () => {
    const texts = [...REPORT_REASONS.flatMap((r) => [r.label, r.hint]), ...Object.values(HELD_REASONS), ...Object.values(REPORTER_STANDINGS).map((s) => s.label)];
    expect(texts.filter((text) => !HINDI[text])).toEqual([]);
  });
  it('has Hindi for every popular search term and banner ad text (catalog-hi reference data)', () => {
    const terms = [...new Set(Object.values(POPULAR_SEARCH_TERMS).flat())];
    expect(terms.filter((term) => !HINDI[term])).toEqual([]);
    // a term's entry is not overridden by a screen string spelled the same way
    expect(terms.filter((term) => HINDI[term] !== POPULAR_SEARCHES_HINDI[term])).toEqual([]);
    const banners = BANNER_ADS.flatMap((ad) => [ad.title, ad.subtitle, ad.buttonText]);
    expect(banners.filter((text) => !HINDI[text])).toEqual([]);
  });
});

describe('translate', () => {
  it('falls back to the English text and fills placeholders', () => {
    expect(translate(null, 'in {where}', { where: 'Pune' })).toBe('in Pune');
    expect(translate(HINDI, 'in {where}', { where: 'पुणे' })).toBe('पुणे में');
    expect(translate(HINDI, 'A sentence nobody translated')).toBe('A sentence nobody translated');
  });

  it('marks stored names inside a sentence as not to be translated', () => {
    const parts = withNames('Pune में "activa"', ['Pune', 'activa', undefined]) as { props?: { translate?: string; children?: string } }[];
    expect(parts.filter((p) => typeof p === 'object').map((p) => [p.props?.translate, p.props?.children])).toEqual([['no', 'Pune'], ['no', 'activa']]);
    expect(withNames('भारत में सामान', [undefined, ''])).toBe('भारत में सामान');
  });

  it('leaves an unknown placeholder visible', () => {
    expect(interpolate('{n} ads near {where}', { n: 3 })).toBe('3 ads near {where}');
  });

  it('picks plural forms by each language’s rules', () => {
    expect(translatePlural(null, 'en', 1, '{n} ad', '{n} ads')).toBe('1 ad');
    expect(translatePlural(null, 'en', 0, '{n} ad', '{n} ads')).toBe('0 ads');
    expect(translatePlural(null, 'en', 12500, '{n} ad', '{n} ads')).toBe('12,500 ads');
    expect(translatePlural(HINDI, 'hi', 3, '{n} day ago', '{n} days ago')).toBe('3 दिन पहले');
    expect(translatePlural(HINDI, 'hi', 125000, '{n} ad', '{n} ads')).toBe('1,25,000 विज्ञापन');
  });
});
