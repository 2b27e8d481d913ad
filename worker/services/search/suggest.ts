/**
 * Suggestions as you type: "iph" → "iphone in Smartphones", "iPhone 13", "iPhone 13 Pro". Built
 * from the search dictionary (the opening words of live ads' titles with their subcategory, the
 * index's words) and the lexicon (everyday, Hinglish and Hindi words with where they live), all in
 * memory, so an answer costs no database read. A typo in what was typed is forgiven (one edit from
 * 4 letters, two from 8); Devanagari prefixes meet the lexicon's Hindi forms.
 */
import type { Env } from '../../env';
import type { Suggestion } from '../../schemas/search';
import { categoryById, subcategoryById } from '../../schemas/taxonomy';
import { readBudget, unfinishedBudgetStart } from './budget';
import { damerauLevenshtein } from './corrector';
import { type SearchDictionary, searchDictionary } from './dictionary';
import { conceptFor, lexicon } from './lexicon';
import { normaliseQuery, tokens } from './text';
import { forgetWithIsolate } from '../../lib/isolate-memos';

interface Candidate {
  text: string;
  subcategoryId: string | null;
  categoryId: string | null;
  count: number;
  /** 0 exact prefix, more = edits forgiven */
  distance: number;
}

/** Edits forgiven in a prefix of this many letters. */
const prefixBudget = (length: number) => (length >= 8 ? 2 : length >= 4 ? 1 : 0);

/** Distance of a typed prefix to the start of a text: exact = 0, else edits within the budget. */
const prefixDistance = (typed: string, text: string, budget: number): number => {
  if (text.startsWith(typed)) return 0;
  if (!budget) return Infinity;
  // compare with the text's opening of the same length, one letter shorter or longer
  let best = Infinity;
  for (const len of [typed.length, typed.length - 1, typed.length + 1]) {
    if (len < 1 || len > text.length) continue;
    best = Math.min(best, damerauLevenshtein(typed, text.slice(0, len), budget));
  }
  return best <= budget ? best : Infinity;
};

const subcategoryIdByName = new Map([...subcategoryById.values()].map((s) => [s.name, s.id]));
const categoryIdByName = new Map([...categoryById.values()].map((c) => [c.name, c.id]));

const lexiconCandidates = (dict: SearchDictionary, typed: string, budget: number): Candidate[] => {
  const out: Candidate[] = [];
  for (const concept of lexicon().concepts) {
    const subcategoryId = concept.subcategory ? subcategoryIdByName.get(concept.subcategory) ?? null : null;
    const categoryId = subcategoryId ? subcategoryById.get(subcategoryId)!.category.id : concept.category ? categoryIdByName.get(concept.category) ?? null : null;
    if (!categoryId) continue;
    let best: (Candidate & { weight: number }) | undefined;
    for (const form of concept.forms) {
      const text = tokens(form.toLowerCase()).join(' ');
      const distance = prefixDistance(typed, text, budget);
      if (distance === Infinity) continue;
      // the form ads use most, then the shortest ("lap" → "laptop", not "lapi" or "laptops")
      const weight = dict.spelling.weight(text);
      const better = !best || distance < best.distance || (distance === best.distance && (weight > best.weight || (weight === best.weight && text.length < best.text.length)));
      if (better) best = { text, subcategoryId, categoryId, count: 0, distance, weight };
    }
    if (best) out.push({ text: best.text, subcategoryId, categoryId, count: 0, distance: best.distance });
  }
  return out;
};

const phraseCandidates = (dict: SearchDictionary, typed: string, budget: number): Candidate[] => {
  const out: Candidate[] = [];
  for (const p of dict.phrases) {
    const distance = prefixDistance(typed, p.text.toLowerCase(), budget);
    if (distance === Infinity) continue;
    const sub = p.subcategoryId ? subcategoryById.get(p.subcategoryId) : undefined;
    out.push({ text: p.text, subcategoryId: sub?.id ?? null, categoryId: sub?.category.id ?? null, count: p.count, distance });
  }
  return out;
};

const toSuggestion = (c: Candidate, withCategory: boolean): Suggestion => {
  const sub = c.subcategoryId ? subcategoryById.get(c.subcategoryId) : undefined;
  const category = sub?.category ?? (c.categoryId ? categoryById.get(c.categoryId) : undefined);
  return {
    text: c.text,
    ...(withCategory && category ? { categoryId: category.id, categoryName: category.name } : {}),
    ...(withCategory && sub ? { subcategoryId: sub.id, subcategoryName: sub.name } : {}),
    ...(c.count ? { count: c.count } : {}),
  };
};

/** Suggestions for what has been typed so far, best first. */
export const suggestFrom = (dict: SearchDictionary, q: string, limit: number): Suggestion[] => {
  // a budget is no part of a thing's name: suggest for the words before it and keep it on each
  // suggestion ("sofa under 10k" → "sofa set under 10k"); one still being typed ("sofa under") is left out
  const normalised = normaliseQuery(q);
  const budget = readBudget(normalised);
  let text = budget ? budget.rest : normalised;
  const unfinished = unfinishedBudgetStart(text);
  if (unfinished >= 0) text = text.slice(0, unfinished);
  const found = suggestWords(dict, tokens(text).slice(0, 6), limit);
  return budget ? found.map((s) => ({ ...s, text: `${s.text} ${budget.text}` })) : found;
};

const suggestWords = (dict: SearchDictionary, words: string[], limit: number): Suggestion[] => {
  if (!words.length) return [];
  const typed = words.join(' ');
  const budget = prefixBudget([...typed].length);
  const lexical = lexiconCandidates(dict, typed, budget);
  const phrases = phraseCandidates(dict, typed, budget);
  // exact prefixes first; forgiven typos only when nothing fits as typed
  const exact = [...lexical, ...phrases].filter((c) => c.distance === 0);
  const pool = exact.length ? exact : [...lexical, ...phrases].filter((c) => c.distance !== Infinity);

  const out: Suggestion[] = [];
  const seen = new Set<string>();
  /** a place to look ("x in Smartphones") is one suggestion per subcategory; a plain text is one per text */
  const add = (s: Suggestion) => {
    const text = s.text.toLowerCase();
    const key = s.subcategoryId || s.categoryId ? `${text}|${s.subcategoryId ?? s.categoryId}` : text;
    if (seen.has(key) || (!s.categoryId && seen.has(text)) || out.length >= limit) return;
    seen.add(key);
    seen.add(text);
    out.push(s);
  };
  // each ad gives a phrase of 2 and of 3 words: count ads once, by the phrases as long as what was typed
  const countedWords = Math.max(2, words.length);

  // 1. where it lives: the subcategory most of the matching ads are in ("iphone in Smartphones")
  const bySub = new Map<string, { count: number; text: string; best: number }>();
  for (const c of pool) {
    const key = c.subcategoryId ?? c.categoryId;
    if (!key) continue;
    const entry = bySub.get(key) ?? { count: 0, text: '', best: -1 };
    if (!c.count || c.text.split(' ').length === countedWords) entry.count += c.count;
    // name the group by the word typed, completed: the first word of its commonest phrase
    const word = c.text.toLowerCase().split(' ').slice(0, Math.max(1, words.length)).join(' ');
    if (c.count > entry.best || !entry.text) {
      entry.text = word;
      entry.best = c.count;
    }
    bySub.set(key, entry);
  }
  const groups = [...bySub.entries()].sort((a, b) => b[1].count - a[1].count).slice(0, 2);
  for (const [key, g] of groups) {
    const isSub = subcategoryById.has(key);
    add(toSuggestion({ text: g.text, subcategoryId: isSub ? key : null, categoryId: isSub ? subcategoryById.get(key)!.category.id : key, count: g.count, distance: 0 }, true));
  }
  // 2. the commonest ways ads begin with it ("iPhone 13", "iPhone 13 Pro"), then the lexicon's words
  for (const c of [...pool].sort((a, b) => a.distance - b.distance || b.count - a.count || a.text.length - b.text.length)) add(toSuggestion(c, false));
  // 3. one word the index knows, completed or corrected ("tabl" → table), not another form of a word above
  if (out.length < limit && words.length === 1) {
    const lex = lexicon();
    const shown = new Set(pool.map((c) => conceptFor(lex, c.text.toLowerCase())).filter(Boolean));
    const completions = dict.spelling.completions(typed, limit * 3);
    const corrected = completions.length ? [] : [dict.spelling.correct(typed)].filter((w): w is string => Boolean(w));
    for (const w of [...completions, ...corrected]) {
      const concept = conceptFor(lex, w);
      if (concept && shown.has(concept)) continue;
      if (concept) shown.add(concept);
      add({ text: w });
    }
  }
  return out;
};

/** Answers per isolate, keyed by dictionary version: typing the same prefixes is common. */
const memo = new Map<string, Suggestion[]>();
forgetWithIsolate(() => memo.clear());
const MEMO_SIZE = 2_000;

export const suggest = async (env: Env, q: string, limit: number): Promise<Suggestion[]> => {
  const dict = await searchDictionary(env);
  const key = `${dict.builtAt}|${limit}|${normaliseQuery(q)}`;
  const known = memo.get(key);
  if (known) return known;
  const answer = suggestFrom(dict, q, limit);
  if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value!);
  memo.set(key, answer);
  return answer;
};
