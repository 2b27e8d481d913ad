import { describe, expect, it } from 'vitest';
import { SpellingDictionary, damerauLevenshtein, editBudget } from './corrector';

/** A small deterministic generator, so a failure names the same words every run. */
const rng = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

const LETTERS = 'abcdefghijklmnoprstuvy';
const makeWords = (n: number, next: () => number) =>
  Array.from({ length: n }, () => Array.from({ length: 3 + Math.floor(next() * 9) }, () => LETTERS[Math.floor(next() * LETTERS.length)]).join(''));

/** The same rule without any pruning: every word's distance, the nearest then the heaviest. */
const bruteForce = (words: { word: string; weight: number }[], word: string) => {
  const budget = editBudget([...word].length);
  if (!budget || words.some((w) => w.word === word) || /\d/.test(word)) return undefined;
  let best: { word: string; distance: number; weight: number } | undefined;
  for (const { word: candidate, weight } of words) {
    const distance = damerauLevenshtein(word, candidate, budget);
    if (distance > budget) continue;
    if (!best || distance < best.distance || (distance === best.distance && weight > best.weight)) best = { word: candidate, distance, weight };
  }
  return best?.word;
};

/** A typo of `word`: a substitution, insertion, deletion or transposition (one or two of them). */
const typo = (word: string, next: () => number) => {
  let w = word;
  for (let k = 0; k < (next() < 0.6 ? 1 : 2); k++) {
    const i = Math.floor(next() * w.length);
    const c = LETTERS[Math.floor(next() * LETTERS.length)];
    const kind = Math.floor(next() * 4);
    if (kind === 0) w = w.slice(0, i) + c + w.slice(i + 1);
    else if (kind === 1) w = w.slice(0, i) + c + w.slice(i);
    else if (kind === 2 && w.length > 1) w = w.slice(0, i) + w.slice(i + 1);
    else if (i + 1 < w.length) w = w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  }
  return w;
};

describe('spelling correction', () => {
  it('the pruned search finds exactly what comparing with every word finds (2,000 typos of 5,000 words)', () => {
    const next = rng(7);
    // distinct weights: no ties, so the answer does not depend on the order words are visited in
    const words = [...new Set(makeWords(5_000, next))].map((word, i) => ({ word, weight: 10_000 - i }));
    const dict = new SpellingDictionary(words);
    let corrected = 0;
    for (let i = 0; i < 2_000; i++) {
      const wrong = typo(words[Math.floor(next() * words.length)]!.word, next);
      const expected = bruteForce(words, wrong);
      expect(dict.correctByLetters(wrong), wrong).toBe(expected);
      if (expected) corrected++;
    }
    expect(corrected).toBeGreaterThan(500); // the typos are mostly correctable: the check is not vacuous
  });

  it('completions: known words with the prefix, heaviest first, not the prefix itself', () => {
    const dict = new SpellingDictionary([
      { word: 'sofa', weight: 5 },
      { word: 'sofas', weight: 9 },
      { word: 'sofaset', weight: 7 },
      { word: 'soft', weight: 20 },
      { word: 'sony', weight: 30 },
    ]);
    expect(dict.completions('sof', 10)).toEqual(['soft', 'sofas', 'sofaset', 'sofa']);
    expect(dict.completions('sofa', 10)).toEqual(['sofas', 'sofaset']);
    expect(dict.completions('sofa', 1)).toEqual(['sofas']);
    expect(dict.completions('x', 10)).toEqual([]);
  });
});
