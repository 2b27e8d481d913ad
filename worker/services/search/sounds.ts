/**
 * Spellings by sound: a key under which words that sound alike when an Indian buyer says them meet
 * ("fone" and "phone", "furnichar" and "furniture", "inowa" and "innova"), from the reviewed
 * rewrites of data/sounds.json (decision 027). The corrector's second channel looks a word up by
 * it when letter distance finds nothing.
 *
 * Not a library's phonetic code: double-metaphone, tried on the sound-alike pairs of the data,
 * keeps 26 of 35 (it parts -ture/-char, -tion/-shan, v/w, j/s of Indian spellings) and takes about
 * 11 µs a word, where the key must be made for every word of the dictionary in a Worker.
 */
import data from './data/sounds.json';

interface SoundData {
  rewrites: [pattern: string, replacement: string, why: string][];
  alike: [string, string][];
  prefer: [typed: string, meant: string, other: string][];
}

export const soundData = data as unknown as SoundData;
const REWRITES = soundData.rewrites.map(([pattern, replacement]) => [new RegExp(pattern, 'g'), replacement] as const);
const VOWELS = /[aeiouy]/;

/** The word spelled as it sounds: the rewrites applied, vowels kept (for choosing among words of one key). */
export const soundSpelling = (word: string): string => {
  let out = word.toLowerCase();
  for (const [re, to] of REWRITES) out = out.replace(re, to);
  return out;
};

/** The sound key: the consonants of the sound spelling, a leading vowel as "a", the same consonant once. */
export const soundKeyOf = (spelling: string): string => {
  if (!spelling) return '';
  let key = VOWELS.test(spelling[0]!) && spelling[0] !== 'y' ? 'a' : spelling[0]!;
  for (let i = 1; i < spelling.length; i++) {
    const c = spelling[i]!;
    if (VOWELS.test(c) || c === 'h' || c === key.at(-1)) continue;
    key += c;
  }
  return key;
};

export const soundKey = (word: string) => soundKeyOf(soundSpelling(word));
