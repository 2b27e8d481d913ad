/**
 * The search lexicon (data/lexicon.json) as lookup tables: concepts by exact form and by loose
 * Roman key, qualifiers and stopwords. Built once per isolate.
 */
import data from './data/lexicon.json';
import { romanKey, tokens } from './text';

export interface Concept {
  forms: string[];
  also?: string[];
  subcategory?: string;
  category?: string;
  browse?: boolean;
  /** subcategories whose things it moves into its own ("flat kiraye pe" is sold in Rentals, not Apartments) */
  outranks?: string[];
}

export interface Qualifier {
  condition?: 'USED' | 'NEW' | 'REFURBISHED';
}

/** Feature keys that words may set (a subset of the listing filters' FEATURE_FILTER_KEYS). */
export const ATTRIBUTE_KEYS = ['fuel', 'transmission', 'noOfOwners', 'furnishing'] as const;
export type AttributeKey = (typeof ATTRIBUTE_KEYS)[number];

/** A word for a catalogue attribute ("gearless" → transmission Automatic), only beside a thing that has it. */
export interface Attribute {
  feature: AttributeKey;
  /** the catalogue value, as the post form stores it */
  value: string;
  /** subcategory names whose ads carry this attribute: the words must name one of them */
  subcategories: string[];
}

interface LexiconData {
  concepts: Concept[];
  qualifiers: Record<string, Qualifier>;
  attributes: Record<string, Attribute>;
  stopwords: string[];
}

const lexiconData = data as unknown as LexiconData;

/** A form as the query tokenizer would see it: "Wagon-R" → "wagon r". */
const formKey = (form: string) => tokens(form.toLowerCase()).join(' ');
const looseKey = (form: string) => tokens(form.toLowerCase()).map(romanKey).join(' ');

export interface Lexicon {
  concepts: Concept[];
  /** exact form → concept */
  byForm: Map<string, Concept>;
  /** loose Roman key of a form → concept (Hinglish spellings, transliterated Devanagari) */
  byLooseKey: Map<string, Concept>;
  qualifiers: Map<string, Qualifier>;
  attributes: Map<string, Attribute>;
  stopwords: Set<string>;
  /** the longest form, in words */
  maxWords: number;
}

const build = (source: LexiconData): Lexicon => {
  const byForm = new Map<string, Concept>();
  const byLooseKey = new Map<string, Concept>();
  let maxWords = 1;
  for (const concept of source.concepts) {
    for (const form of concept.forms) {
      const key = formKey(form);
      if (!key) continue;
      if (!byForm.has(key)) byForm.set(key, concept);
      const loose = looseKey(form);
      // short keys collide too easily ("ac", "tv"): only exact forms find them
      if (loose.replace(/ /g, '').length >= 4 && !byLooseKey.has(loose)) byLooseKey.set(loose, concept);
      maxWords = Math.max(maxWords, key.split(' ').length);
    }
  }
  const qualifiers = new Map(Object.entries(source.qualifiers).map(([k, v]) => [formKey(k), v] as const));
  const attributes = new Map(Object.entries(source.attributes).map(([k, v]) => [formKey(k), v] as const));
  for (const k of [...qualifiers.keys(), ...attributes.keys()]) maxWords = Math.max(maxWords, k.split(' ').length);
  return { concepts: source.concepts, byForm, byLooseKey, qualifiers, attributes, stopwords: new Set(source.stopwords.map(formKey)), maxWords };
};

let memo: Lexicon | undefined;
export const lexicon = (): Lexicon => (memo ??= build(lexiconData));

/** The concept a phrase names: exactly, else by its loose Roman key. */
export const conceptFor = (lex: Lexicon, phrase: string): Concept | undefined => lex.byForm.get(phrase) ?? lex.byLooseKey.get(phrase.split(' ').map(romanKey).join(' '));

/** Every word of the lexicon, for the spelling corrector's dictionary. */
export const lexiconWords = (lex: Lexicon): string[] => [...new Set(lex.concepts.flatMap((c) => c.forms.flatMap((f) => tokens(f.toLowerCase()))))];
