import { describe, expect, it } from 'vitest';
import { TAXONOMY } from '../../schemas/taxonomy';
import { FEATURE_FILTER_KEYS } from '../../schemas/listings';
import { FUEL_TYPES, FURNISHING, OWNER_TYPES, TRANSMISSIONS } from '../../schemas/options';
import { ATTRIBUTE_KEYS } from './lexicon';
import data from './data/lexicon.json';
import { conceptFor, lexicon } from './lexicon';
import { tokens } from './text';

const lex = lexicon();
const subcategories = new Set(TAXONOMY.flatMap((c) => c.subcategories.map((s) => s.name)));
const categories = new Set(TAXONOMY.map((c) => c.name));
const key = (form: string) => tokens(form.toLowerCase()).join(' ');

describe('search lexicon (data/lexicon.json)', () => {
  it('names only subcategories and categories that exist in the catalogue', () => {
    for (const c of lex.concepts) {
      if (c.subcategory) expect(subcategories, `${c.forms[0]} → ${c.subcategory}`).toContain(c.subcategory);
      if (c.category) expect(categories, `${c.forms[0]} → ${c.category}`).toContain(c.category);
      if (c.browse) expect(Boolean(c.subcategory || c.category), `${c.forms[0]} browses nothing`).toBe(true);
      for (const sub of c.outranks ?? []) expect(subcategories, `${c.forms[0]} outranks ${sub}`).toContain(sub);
    }
  });

  it('gives every form to one concept only, and never to a qualifier or stopword as well', () => {
    const seen = new Map<string, string>();
    for (const c of lex.concepts) {
      for (const form of c.forms) {
        const k = key(form);
        expect(k, `empty form in ${c.forms[0]}`).not.toBe('');
        const owner = seen.get(k);
        if (owner !== undefined) expect(owner, `"${form}" is in "${owner}" and "${c.forms[0]}"`).toBe(c.forms[0]);
        seen.set(k, c.forms[0]!);
        expect(lex.qualifiers.has(k), `"${form}" is also a qualifier`).toBe(false);
        expect(lex.stopwords.has(k), `"${form}" is also a stopword`).toBe(false);
      }
    }
  });

  it('keeps the everyday words buyers type, Hindi and Hinglish (decision 005)', () => {
    const expectations: [string, string][] = [
      ['activa', 'Scooters'],
      ['motorbike', 'Motorcycles'],
      ['tempo', 'Commercial Vehicles'],
      ['lappy', 'Laptops'],
      ['almirah', 'Furniture'],
      ['telly', 'Appliances'],
      ['किताब', 'Books'],
      ['kitab', 'Books'],
      ['कुर्सी', 'Furniture'],
      ['kursi', 'Furniture'],
      ['पलंग', 'Furniture'],
      ['palang', 'Furniture'],
      ['घड़ी', 'Watches'],
      ['ghadi', 'Watches'],
    ];
    for (const [word, sub] of expectations) expect(conceptFor(lex, word)?.subcategory, word).toBe(sub);
    expect(conceptFor(lex, 'pg')?.forms).toContain('paying guest');
    expect(conceptFor(lex, 'galaxy')?.also).toContain('samsung');
    for (const word of ['दुकान', 'dukaan', 'ज़मीन', 'zameen', 'किराया', 'kiraya', 'नौकरी', 'naukri']) expect(conceptFor(lex, word), word).toBeDefined();
  });

  it('meets Hinglish spellings and Devanagari under one loose key', () => {
    expect(conceptFor(lex, 'kitaab')).toBe(conceptFor(lex, 'किताब'));
    expect(conceptFor(lex, 'naukari')).toBe(conceptFor(lex, 'नौकरी'));
    expect(conceptFor(lex, 'kursee')).toBe(conceptFor(lex, 'chair'));
    // short words only match exactly: "tvs" (the brand) is no television
    expect(conceptFor(lex, 'tvs')).toBeUndefined();
  });

  it('turns "used", "purana" into a condition and drops sale words', () => {
    expect(lex.qualifiers.get('used')?.condition).toBe('USED');
    expect(lex.qualifiers.get('purana')?.condition).toBe('USED');
    expect(lex.qualifiers.get('naya')?.condition).toBe('NEW');
    expect(lex.qualifiers.has('sale')).toBe(true);
    expect(data.concepts.length).toBeGreaterThan(100);
  });

  it('maps attribute words to catalogue values of feature keys the listings filter on', () => {
    const values: Record<string, readonly string[]> = { fuel: FUEL_TYPES, transmission: TRANSMISSIONS, noOfOwners: OWNER_TYPES, furnishing: FURNISHING };
    for (const key of ATTRIBUTE_KEYS) expect(FEATURE_FILTER_KEYS as readonly string[]).toContain(key);
    expect(lex.attributes.size).toBeGreaterThan(50);
    for (const [word, a] of lex.attributes) {
      expect(values[a.feature], `${word} → ${a.feature}`).toContain(a.value);
      expect(a.subcategories.length, word).toBeGreaterThan(0);
      for (const sub of a.subcategories) expect(subcategories, `${word} → ${sub}`).toContain(sub);
      expect(lex.qualifiers.has(word), `"${word}" is also a qualifier`).toBe(false);
      expect(lex.stopwords.has(word), `"${word}" is also a stopword`).toBe(false);
    }
    const attribute = (w: string) => lex.attributes.get(w) && `${lex.attributes.get(w)!.feature}=${lex.attributes.get(w)!.value}`;
    expect(attribute('gearless')).toBe('transmission=Automatic');
    expect(attribute('single owner')).toBe('noOfOwners=1st');
    expect(attribute('pehla malik')).toBe('noOfOwners=1st');
    expect(attribute('furnished')).toBe('furnishing=Furnished');
    expect(attribute('semi furnished')).toBe('furnishing=Semi-Furnished');
    expect(attribute('unfurnished')).toBe('furnishing=Unfurnished');
    expect(attribute('cng')).toBe('fuel=CNG & Hybrids');
  });

  it('reads condition words: box pack and seal pack are new, purane and 2nd hand are used', () => {
    for (const w of ['new', 'box pack', 'seal pack', 'sealed', 'unused', 'naye', 'सील पैक']) expect(lex.qualifiers.get(w)?.condition, w).toBe('NEW');
    for (const w of ['old', 'purane', '2nd hand', 'second hand', 'pre owned', 'पुराने']) expect(lex.qualifiers.get(w)?.condition, w).toBe('USED');
    expect(lex.qualifiers.get('refurbished')?.condition).toBe('REFURBISHED');
    for (const w of ['bikau', 'bechna hai', 'bechni', 'for sale', 'jaldi']) expect(lex.qualifiers.get(w), w).toEqual({});
  });

  it('knows rent and job words in their everyday spellings, and fillers that carry no product', () => {
    const rent = conceptFor(lex, 'rent');
    for (const w of ['kiraye pe', 'kiraya pe', 'rent pe', 'for rent', 'bhade pe', 'किराये पे', 'to let']) expect(conceptFor(lex, key(w)), w).toBe(rent);
    const jobs = conceptFor(lex, 'naukri');
    for (const w of ['nokari', 'vacancy', 'vacency', 'bharti', 'भर्ती', 'rojgar']) expect(conceptFor(lex, key(w)), w).toBe(jobs);
    for (const w of ['wala', 'wali', 'wale', 'ka', 'ki', 'ke', 'liye', 'chahiye', 'chahie', 'hai', 'mein', 'koi', 'accha', 'achha', 'kya', 'वाला', 'चाहिए', 'लिए']) expect(lex.stopwords.has(w), w).toBe(true);
    // each console maker is its own thing; the generic words find every maker
    expect(conceptFor(lex, 'ps5')).not.toBe(conceptFor(lex, 'xbox'));
    expect(conceptFor(lex, 'console')?.also).toEqual(expect.arrayContaining(['ps5', 'xbox']));
  });
});
