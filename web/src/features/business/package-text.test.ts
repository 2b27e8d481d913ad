import { describe, expect, it } from 'vitest';
import { HINDI } from '../../lib/i18n-hi';
import { ENGLISH, translate, translatePlural, type I18n } from '../../lib/i18n';
import { packageDescription, packageName } from './package-text';

// the seller packages as stored (migration 0011 wrote every one of them)
const MIGRATION = Object.values(
  import.meta.glob<string>('../../../../migrations/0011_seller_packages.sql', { query: '?raw', import: 'default', eager: true }),
)[0] ?? '';
const ROWS = [...MIGRATION.matchAll(/^\('[^']+', '(?:FEATURED|BOOST|AD_SLOTS)', '([^']+)', '([^']+)'/gm)].map((m) => ({ name: m[1]!, description: m[2]! }));

const HINDI_WORDS: I18n = {
  t: (text, params) => translate(HINDI, text, params),
  tn: (count, one, other, params) => translatePlural(HINDI, 'hi', count, one, other, params),
  language: 'hi',
  locale: 'hi-IN',
};
/** Latin words left in a Hindi text (brand-like GST/SEL aside). */
const latin = (text: string) => (text.replace(/\b(GST|SEL)\b/g, '').match(/[a-z]{3,}/gi) ?? []).join(' ');

describe('seller package names and descriptions in the reader’s language', () => {
  it('reads every stored package', () => {
    expect(ROWS.length).toBeGreaterThan(50);
  });

  it('says every stored package in Hindi, group names included', () => {
    const left = ROWS.flatMap(({ name, description }) => [packageName(name, HINDI_WORDS), packageDescription(description, HINDI_WORDS)]).filter((text) => latin(text));
    expect(left).toEqual([]);
  });

  it('keeps the stored English word for word', () => {
    for (const { name, description } of ROWS) {
      expect(packageName(name, ENGLISH)).toBe(name);
      expect(packageDescription(description, ENGLISH)).toBe(description);
    }
    expect(packageName('5 extra ads · Cars', ENGLISH, { withGroup: false })).toBe('5 extra ads');
  });

  it('puts the parts in Hindi order and shows an unknown form as it came', () => {
    expect(packageName('5 extra ads · Cars', HINDI_WORDS)).toBe('5 अतिरिक्त विज्ञापन · कारें');
    expect(packageName('Featured ad for 7 days · Cars', HINDI_WORDS, { withGroup: false })).toBe('7 दिन के लिए फ़ीचर्ड विज्ञापन');
    expect(packageDescription('Your ad goes back to the top of the newest ads in Cars once.', HINDI_WORDS)).toBe(
      'आपका विज्ञापन एक बार कारें श्रेणी के नए विज्ञापनों में सबसे ऊपर वापस आ जाता है।',
    );
    expect(packageName('Festive bundle · Cars', HINDI_WORDS)).toBe('Festive bundle · Cars');
  });
});
