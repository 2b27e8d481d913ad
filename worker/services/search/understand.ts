/**
 * Query understanding: what a buyer typed → a search plan. Places inside the text become a location
 * filter ("tv gurgaon"), words describing the ad become filters ("used"), lexicon concepts expand to
 * every form that means the same ("almirah" → almirah | wardrobe | cupboard | अलमारी), a word
 * alone that names a whole subcategory browses it ("lappy"), and unknown words get a spelling
 * correction kept aside for when the words as typed find nothing. The plan is index-neutral: an
 * index (today D1 FTS5, see d1-index.ts) executes it.
 */
import type { Db } from '../../db/client';
import { loadLocations } from '../listings/locations';
import type { SearchDictionary } from './dictionary';
import { type Budget, readBudget } from './budget';
import { type AttributeKey, type Concept, type Lexicon, conceptFor, lexicon } from './lexicon';
import { type Place, type Region, placeInWords } from './places';
import { isDevanagari, normaliseQuery, tokens } from './text';

export type { Place, Region };

export interface TermGroup {
  /** the words as typed */
  source: string;
  /** alternatives, any of which may match: single words or phrases ("washing machine") */
  terms: string[];
  /** the last word as typed may be unfinished */
  prefix: boolean;
  concept?: Concept;
  /** a spelling correction for a word the dictionary does not know, with its own alternatives */
  correction?: { word: string; terms: string[]; concept?: Concept };
}

export interface SearchPlan {
  query: string;
  groups: TermGroup[];
  /** a place named inside the text (the buyer picked none) */
  place?: Place;
  /** several cities named as one inside the text ("ncr", "tricity", "mumbai thane"): any of them */
  region?: Region;
  condition?: 'USED' | 'NEW' | 'REFURBISHED';
  /** attribute words beside a thing that has them ("automatic car", "furnished flat"): feature filters, catalogue values */
  features?: Partial<Record<AttributeKey, string>>;
  /** the whole query named a subcategory or category ("lappy", "naukri") */
  browse?: { category?: string; subcategory?: string };
  /** a budget in the words ("under 10k", "2 se 3 lakh"): its bounds in rupees; its words are out of the text */
  budget?: Budget;
  /** the phrases read as the condition or a feature ("box pack", "automatic"), as the words were split: a saved search keeps them as filters */
  filterWords?: string[];
}

const MAX_WORDS = 10;

/** Plural and singular of an English-looking word: "sofas" ↔ "sofa", "watch" → "watches". */
const numberForms = (word: string): string[] => {
  if (!/^[a-z]{3,}$/.test(word)) return [word];
  const out = new Set([word]);
  if (word.endsWith('ies') && word.length > 4) out.add(`${word.slice(0, -3)}y`);
  else if (/(ches|shes|xes|sses)$/.test(word)) out.add(word.slice(0, -2));
  else if (word.endsWith('s') && !word.endsWith('ss') && word.length > 3) out.add(word.slice(0, -1));
  else if (/(ch|sh|x|ss)$/.test(word)) out.add(`${word}es`);
  else if (/[^aeiou]y$/.test(word)) out.add(`${word.slice(0, -1)}ies`);
  else out.add(`${word}s`);
  return [...out];
};

const formKey = (form: string) => tokens(form.toLowerCase()).join(' ');
/**
 * The words a concept is searched by. A form without a letter ("1+" of OnePlus is "1" once split
 * into words) still recognises what the buyer typed, but is never searched: it would find every ad
 * that mentions the number ("1st owner", "1 BHK"), hundreds of thousands at 1M ads.
 */
const conceptTerms = (concept: Concept) => [...new Set([...concept.forms, ...(concept.also ?? [])].map(formKey).filter((term) => /\p{L}/u.test(term)))];

/**
 * Attribute words ("automatic", "single owner", "semi furnished") that sit beside a thing having that
 * attribute: the longest phrase first, and only when the other words name one of the attribute's
 * subcategories ("automatic car" yes, "automatic washing machine" no — there the word stays a word).
 * Returns the feature filters and the words left.
 */
const attributesIn = (lex: Lexicon, words: string[]) => {
  const spans: { at: number; n: number; feature: AttributeKey; value: string; subcategories: string[] }[] = [];
  for (let i = 0; i < words.length; ) {
    let n = Math.min(lex.maxWords, words.length - i);
    for (; n >= 1; n--) {
      const attribute = lex.attributes.get(words.slice(i, i + n).join(' '));
      if (attribute) {
        spans.push({ at: i, n, ...attribute });
        break;
      }
    }
    i += Math.max(n, 1);
  }
  if (!spans.length) return { words };
  const inSpan = (i: number) => spans.some((s) => i >= s.at && i < s.at + s.n);
  const rest = words.filter((_, i) => !inSpan(i));
  const named = new Set<string>();
  for (let i = 0; i < rest.length; i++) {
    for (let n = 1; n <= Math.min(lex.maxWords, rest.length - i); n++) {
      const sub = conceptFor(lex, rest.slice(i, i + n).join(' '))?.subcategory;
      if (sub) named.add(sub);
    }
  }
  const features: Partial<Record<AttributeKey, string>> = {};
  const used = new Set<number>();
  for (const span of spans) {
    if (!span.subcategories.some((s) => named.has(s)) || features[span.feature]) continue;
    features[span.feature] = span.value;
    for (let i = span.at; i < span.at + span.n; i++) used.add(i);
  }
  const taken = spans.filter((span) => used.has(span.at)).map((span) => words.slice(span.at, span.at + span.n).join(' '));
  return used.size ? { words: words.filter((_, i) => !used.has(i)), features, taken } : { words };
};

/** Adjacent groups, one of them corrected, whose words (corrected) are a concept's form: one group for that concept, longest first. */
const mergeCorrectedPhrases = (lex: Lexicon, groups: TermGroup[]) => {
  for (let i = 0; i < groups.length; i++) {
    for (let n = Math.min(lex.maxWords, groups.length - i); n >= 2; n--) {
      const span = groups.slice(i, i + n);
      if (!span.some((g) => g.correction)) continue;
      const phrase = span.map((g) => g.correction?.word ?? g.source).join(' ');
      const concept = lex.byForm.get(phrase);
      if (!concept) continue;
      const source = span.map((g) => g.source).join(' ');
      groups.splice(i, n, { source, terms: [source], prefix: false, correction: { word: phrase, terms: conceptTerms(concept), concept } });
      break;
    }
  }
};

export const understand = async (db: Db, dictionary: SearchDictionary, q: string, opts: { placePicked: boolean; attributes?: boolean }): Promise<SearchPlan> => {
  const lex = lexicon();
  // 0. a budget comes out first: its numbers are no words to search ("10k" in no ad's text)
  const normalised = normaliseQuery(q);
  const budget = readBudget(normalised);
  let words = tokens(budget ? budget.rest : normalised).slice(0, MAX_WORDS);
  const plan: SearchPlan = { query: q, groups: [], ...(budget ? { budget } : {}) };

  // 1. places inside the text before any correction (a place is never "corrected" into a word), unless the buyer picked one
  if (!opts.placePicked && words.length) {
    // an item's name is never a place ("bullet", "city" of Honda City is no place either)
    const found = placeInWords(await loadLocations(db), words, (phrase) => lex.byForm.has(phrase));
    words = found.words;
    if (found.place) plan.place = found.place;
    if (found.region) plan.region = found.region;
  }

  // 2. attribute words beside a thing that has them become feature filters (off: the words as typed)
  if (opts.attributes !== false) {
    const found = attributesIn(lex, words);
    words = found.words;
    if (found.features) plan.features = found.features;
    if (found.taken) plan.filterWords = found.taken;
  }

  // 3. qualifiers, concepts and plain words, longest phrase first
  for (let i = 0; i < words.length; ) {
    let matched = false;
    for (let n = Math.min(lex.maxWords, words.length - i); n >= 1 && !matched; n--) {
      const phrase = words.slice(i, i + n).join(' ');
      const qualifier = lex.qualifiers.get(phrase);
      if (qualifier) {
        if (qualifier.condition) {
          plan.condition = qualifier.condition;
          (plan.filterWords ??= []).push(phrase);
        }
        i += n;
        matched = true;
        break;
      }
      // a Roman word that only loosely meets a concept ("hondda", "kitaab") is a correction, said so
      const concept = lex.byForm.get(phrase) ?? (n > 1 || isDevanagari(phrase) ? conceptFor(lex, phrase) : undefined);
      if (concept) {
        plan.groups.push({ source: phrase, terms: conceptTerms(concept), prefix: false, concept });
        i += n;
        matched = true;
      }
    }
    if (matched) continue;
    const word = words[i]!;
    i++;
    if (lex.stopwords.has(word)) continue;
    const group: TermGroup = { source: word, terms: numberForms(word), prefix: false };
    const loose = conceptFor(lex, word);
    if (loose) group.correction = { word: formKey(loose.forms[0]!), terms: conceptTerms(loose), concept: loose };
    else if (!dictionary.spelling.has(word)) {
      const corrected = dictionary.spelling.correct(word);
      if (corrected) {
        const concept = conceptFor(lex, corrected);
        group.correction = { word: corrected, terms: concept ? conceptTerms(concept) : numberForms(corrected), ...(concept ? { concept } : {}) };
      }
    }
    plan.groups.push(group);
  }
  // corrected words may make a concept's phrase that no word as typed did ("one plas" → one plus,
  // "motar cycle" → motor cycle): the phrase's concept is the correction of those words together
  mergeCorrectedPhrases(lex, plan.groups);
  // the last word may still be being typed ("sams" → samsung); only a plain word of 3+ letters
  const last = plan.groups.at(-1);
  if (last && !last.concept && /^\p{L}{3,}$/u.test(last.source) && !dictionary.spelling.has(last.source)) {
    last.prefix = true;
    // an unfinished word that can only become one concept's word means that concept ("fridg" → fridge, refrigerator)
    const completing = [...lex.byForm].filter(([form]) => form.length > last.source.length && form.startsWith(last.source)).map(([, c]) => c);
    if ([...last.source].length >= 4 && completing.length && completing.every((c) => c === completing[0])) {
      last.concept = completing[0];
      last.terms = [...new Set([last.source, ...conceptTerms(completing[0]!)])];
      delete last.correction;
    }
  }

  // 4. a lone word that names a whole subcategory browses it
  const only = plan.groups.length === 1 ? plan.groups[0]! : undefined;
  const concept = only?.concept ?? only?.correction?.concept;
  if (concept?.browse && (only?.concept || !dictionary.spelling.has(only!.source))) {
    plan.browse = concept.subcategory ? { subcategory: concept.subcategory } : { category: concept.category };
    plan.groups = [];
  }
  // a lone qualifier ("used") is all there was: search it as a word rather than for everything
  if (!plan.groups.length && !plan.browse && !plan.place && !plan.region && !plan.budget && !plan.features && words.length) plan.groups.push({ source: words.join(' '), terms: [words.join(' ')], prefix: false });
  return plan;
};

/** The words the plan searches, for "showing results for …". */
export const describeTerms = (plan: SearchPlan, corrected: boolean) =>
  plan.groups.map((g) => (corrected && g.correction ? g.correction.word : g.source)).join(' ');
