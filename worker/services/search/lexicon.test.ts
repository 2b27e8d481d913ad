import { describe, expect, it } from 'vitest';
import { TAXONOMY } from '../../schemas/taxonomy';
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
});
