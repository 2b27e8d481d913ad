import { describe, expect, it } from 'vitest';
import { damerauLevenshtein, SOUND_MIN_LETTERS, SOUND_MIN_WEIGHT, SOUND_OVER_LETTERS, SpellingDictionary, soundBudget } from './corrector';
import { soundData, soundKey, soundKeyOf, soundSpelling } from './sounds';

/** A small deterministic generator, so a failure names the same words every run. */
const rng = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: readonly T[], next: () => number) => list[Math.floor(next() * list.length)]!;

/** Word-like strings: syllables of the sounds Indian spellings swap, so the rewrites have something to do. */
const SYLLABLES = ['ka', 'ke', 'ki', 'ko', 'ph', 'fo', 'wa', 've', 'sh', 'cha', 'tu', 'ture', 'tion', 'ee', 'oo', 'ra', 'ri', 'la', 'ma', 'ni', 'zo', 'si', 'ja', 'ck', 'ba', 'da', 'ger', 'ar', 'er', 'pa', 'lo', 'te', 'na', 'mo', 'bi'];
const makeWord = (next: () => number) => Array.from({ length: 2 + Math.floor(next() * 3) }, () => pick(SYLLABLES, next)).join('');

/** How a buyer respells a word by its sound: one or two of the swaps of Indian spellings. */
const SWAPS: [RegExp, string][] = [
  [/ph/, 'f'], [/f/, 'ph'], [/w/, 'v'], [/v/, 'w'], [/ee/, 'i'], [/i/, 'ee'], [/oo/, 'u'], [/u/, 'oo'], [/ture$/, 'char'],
  [/tion$/, 'shan'], [/ck/, 'k'], [/c(?=[aou])/, 'k'], [/z/, 's'], [/s/, 'z'], [/sh/, 'ch'], [/ch/, 'sh'], [/er$/, 'ar'],
  [/ar$/, 'er'], [/([a-z])\1/, '$1'], [/([lmnprt])/, '$1$1'], [/tu/, 'chu'],
];
const respell = (word: string, next: () => number) => {
  let w = word;
  for (let k = 0; k < (next() < 0.6 ? 1 : 2); k++) {
    const [from, to] = pick(SWAPS, next);
    w = w.replace(from, to);
  }
  return w;
};

/** The sound rule without the table: every heavy-enough word of the same key, nearest said spelling, then heaviest. */
const bruteForce = (words: { word: string; weight: number; said: string; key: string }[], typed: string) => {
  if (words.some((w) => w.word === typed) || !/^[a-z]+$/.test(typed) || typed.length < SOUND_MIN_LETTERS || !/[aeiou]/.test(typed)) return undefined;
  const said = soundSpelling(typed);
  const key = soundKeyOf(said);
  if (key.length < 2) return undefined;
  const budget = soundBudget(said.length);
  let best: { word: string; distance: number; weight: number } | undefined;
  for (const { word, weight, said: its, key: itsKey } of words) {
    if (weight < SOUND_MIN_WEIGHT || word.length < SOUND_MIN_LETTERS || itsKey !== key) continue;
    const distance = damerauLevenshtein(said, its, budget);
    if (distance > budget) continue;
    if (!best || distance < best.distance || (distance === best.distance && weight > best.weight)) best = { word, distance, weight };
  }
  return best?.word;
};

describe('spellings by sound (data/sounds.json)', () => {
  it('every rewrite is a valid pattern with its reason, and sound-alike pairs of the data meet under one key', () => {
    for (const [pattern, , why] of soundData.rewrites) {
      expect(() => new RegExp(pattern, 'g'), pattern).not.toThrow();
      expect(typeof why, pattern).toBe('string');
    }
    for (const [typed, meant] of soundData.alike) expect(soundKey(typed), `${typed} ~ ${meant}`).toBe(soundKey(meant));
    expect(soundData.alike.length).toBeGreaterThanOrEqual(30);
  });

  it('picks the word said most alike, not the heaviest of the key ("fone" is phone, not fan)', () => {
    for (const [typed, meant, other] of soundData.prefer) {
      expect(soundKey(other), `${other} shares ${typed}'s key, or the case proves nothing`).toBe(soundKey(typed));
      const dict = new SpellingDictionary([
        { word: meant, weight: 5 },
        { word: other, weight: 500 },
      ]);
      expect(dict.correct(typed), typed).toBe(meant);
    }
  });

  it('the sound table finds exactly what scanning every word finds (2,000 respellings of 3,000 words)', () => {
    const next = rng(11);
    // every seventh word too light to be reached by sound; said spellings and keys made once, for the scan
    const words = [...new Set(Array.from({ length: 3_000 }, () => makeWord(next)))].map((word, i) => ({ word, weight: i % 7 === 0 ? 1 : 10_000 - i, said: soundSpelling(word), key: soundKey(word) }));
    const dict = new SpellingDictionary(words);
    let found = 0;
    for (let i = 0; i < 2_000; i++) {
      const typed = respell(pick(words, next).word, next);
      const expected = bruteForce(words, typed);
      expect(dict.correctBySound(typed), typed).toBe(expected);
      if (expected) found++;
    }
    expect(found).toBeGreaterThan(250); // respellings mostly have a sound-alike: the check is not vacuous
  });

  it('a respelled word comes back to itself or to a word said at least as alike, never to nothing', () => {
    const next = rng(5);
    const words = [...new Set(Array.from({ length: 2_000 }, () => makeWord(next)))].map((word, i) => ({ word, weight: 5_000 - i }));
    const dict = new SpellingDictionary(words);
    let checked = 0;
    for (let i = 0; i < 1_500; i++) {
      const original = pick(words, next).word;
      const typed = respell(original, next);
      const said = soundSpelling(typed);
      if (dict.has(typed) || soundKey(typed) !== soundKey(original) || soundKeyOf(said).length < 2) continue;
      const own = damerauLevenshtein(said, soundSpelling(original), 99);
      if (own > soundBudget(said.length)) continue;
      const got = dict.correctBySound(typed);
      expect(got, `${typed} (from ${original})`).toBeDefined();
      expect(soundKey(got!)).toBe(soundKey(typed));
      expect(damerauLevenshtein(said, soundSpelling(got!), 99), `${typed} → ${got} (from ${original})`).toBeLessThanOrEqual(own);
      checked++;
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('letters first: sound is asked when letter distance finds nothing, or wins when its word is said more alike and far heavier', () => {
    const next = rng(3);
    // weights spread over four orders of magnitude, so both branches of the rule are met
    const words = [...new Set(Array.from({ length: 2_000 }, () => makeWord(next)))].map((word, i) => ({ word, weight: 1 + ((i * 7_919) % 10_000) }));
    const dict = new SpellingDictionary(words);
    let bySound = 0;
    let soundOverLetters = 0;
    for (let i = 0; i < 1_000; i++) {
      const typed = respell(pick(words, next).word, next);
      const letters = dict.correctByLetters(typed);
      const sound = dict.correctBySound(typed);
      const said = soundSpelling(typed);
      const heavier =
        letters !== undefined &&
        sound !== undefined &&
        sound !== letters &&
        dict.weight(sound) >= SOUND_OVER_LETTERS * dict.weight(letters) &&
        damerauLevenshtein(said, soundSpelling(sound), 99) < damerauLevenshtein(said, soundSpelling(letters), 99);
      expect(dict.correct(typed), typed).toBe(heavier ? sound : (letters ?? sound));
      if (!letters && sound) bySound++;
      if (heavier) soundOverLetters++;
    }
    expect(bySound).toBeGreaterThan(30); // the second channel does find what the first cannot
    expect(soundOverLetters).toBeGreaterThan(0); // and the rule is met (rarely: letters mostly find the word said alike)
  });

  it('a far commoner sound-alike beats a rare word one letter away ("jaket" is a jacket, not Saket), a like one does not', () => {
    expect(new SpellingDictionary([{ word: 'saket', weight: 1 }, { word: 'jacket', weight: 3 }]).correct('jaket')).toBe('jacket');
    // "shooz" is one letter from shoot, two from shoes: shoes must weigh three times as much to win
    expect(new SpellingDictionary([{ word: 'shoot', weight: 1 }, { word: 'shoes', weight: 19 }]).correct('shooz')).toBe('shoes');
    expect(new SpellingDictionary([{ word: 'shoot', weight: 10 }, { word: 'shoes', weight: 19 }]).correct('shooz')).toBe('shoot');
    expect(new SpellingDictionary([{ word: 'refrigerator', weight: 15 }]).correct('refrijretar')).toBe('refrigerator');
    // a letter word said exactly as typed keeps its place, however common the sound-alike
    expect(new SpellingDictionary([{ word: 'ceiling', weight: 2 }, { word: 'selling', weight: 500 }]).correct('ceeiling')).toBe('ceiling');
  });

  it('never corrects a known word, a short or non-Latin word, or into a word hardly any ad uses', () => {
    const dict = new SpellingDictionary([
      { word: 'phone', weight: 40 },
      { word: 'fone', weight: 1 },
      { word: 'furniture', weight: 1 },
      { word: 'फोन', weight: 9 },
    ]);
    expect(dict.correct('fone')).toBeUndefined(); // known (an ad uses it)
    expect(dict.correct('furnichar')).toBeUndefined(); // furniture weighs too little to be reached by sound
    expect(dict.correctBySound('fn')).toBeUndefined();
    expect(new SpellingDictionary([{ word: 'zxi', weight: 40 }]).correct('zzxxyy')).toBeUndefined(); // no vowel: no word said
    expect(dict.correctBySound('फ़ोन')).toBeUndefined();
    expect(new SpellingDictionary([{ word: 'phone', weight: 40 }]).correct('fone')).toBe('phone');
  });
});
