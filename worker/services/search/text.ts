/**
 * Text handling shared by query understanding and the index: tokens the way the FTS5 tokenizer
 * sees them (letters, digits and combining marks, so Devanagari words stay whole), Devanagari →
 * Roman transliteration, and a loose Roman key under which Hinglish spellings meet
 * ("kitaab", "kitab" and किताब all give "kitab").
 */

/** Lower-case, NFC, and the spaces and hyphens of everyday spellings folded. */
export const normaliseQuery = (q: string) =>
  q
    .normalize('NFC')
    .toLowerCase()
    // 2bhk, 2-bhk, 2 bhk → "2 bhk"; 1rk likewise
    .replace(/(\d)\s*-?\s*(bhk|rk)\b/g, '$1 $2')
    .replace(/\s+/g, ' ')
    .trim();

/** Words as the index tokenizes them: runs of letters, digits and marks (matras, nukta, virama). */
export const tokens = (text: string): string[] => text.match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];

export const isDevanagari = (word: string) => /[\u0900-\u097f]/.test(word);

const CONSONANTS: Record<string, string> = {
  'क': 'k', 'ख': 'kh', 'ग': 'g', 'घ': 'gh', 'ङ': 'n', 'च': 'ch', 'छ': 'chh', 'ज': 'j', 'झ': 'jh', 'ञ': 'n',
  'ट': 't', 'ठ': 'th', 'ड': 'd', 'ढ': 'dh', 'ण': 'n', 'त': 't', 'थ': 'th', 'द': 'd', 'ध': 'dh', 'न': 'n',
  'प': 'p', 'फ': 'ph', 'ब': 'b', 'भ': 'bh', 'म': 'm', 'य': 'y', 'र': 'r', 'ल': 'l', 'व': 'v', 'श': 'sh',
  'ष': 'sh', 'स': 's', 'ह': 'h', 'क़': 'q', 'ख़': 'kh', 'ग़': 'g', 'ज़': 'z', 'ड़': 'd', 'ढ़': 'dh', 'फ़': 'f', 'य़': 'y',
};
const VOWELS: Record<string, string> = {
  'अ': 'a', 'आ': 'aa', 'इ': 'i', 'ई': 'ee', 'उ': 'u', 'ऊ': 'oo', 'ऋ': 'ri', 'ए': 'e', 'ऐ': 'ai', 'ओ': 'o', 'औ': 'au', 'ऑ': 'o',
};
const MATRAS: Record<string, string> = {
  'ा': 'aa', 'ि': 'i', 'ी': 'ee', 'ु': 'u', 'ू': 'oo', 'ृ': 'ri', 'े': 'e', 'ै': 'ai', 'ो': 'o', 'ौ': 'au', 'ॉ': 'o', 'ॅ': 'e',
};
const VIRAMA = '\u094d';
const NUKTA = '\u093c';

/**
 * Devanagari → Roman as people write Hindi in Latin letters: inherent "a" after a consonant unless a
 * matra or virama follows, and dropped at the end of the word (किताब → kitab, कुर्सी → kursi).
 */
export const transliterate = (word: string): string => {
  const chars = [...word.normalize('NFD')];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    let ch = chars[i]!;
    if (chars[i + 1] === NUKTA) {
      ch = (ch + NUKTA).normalize('NFC');
      i++;
    }
    const consonant = CONSONANTS[ch] ?? CONSONANTS[ch.normalize('NFC')];
    if (consonant !== undefined) {
      out += consonant;
      const next = chars[i + 1];
      if (next === VIRAMA) i++;
      else if (next === undefined || !(next in MATRAS)) out += i + 1 < chars.length ? 'a' : '';
    } else if (ch in MATRAS) out += MATRAS[ch];
    else if (ch in VOWELS) out += VOWELS[ch];
    else if (ch === 'ं' || ch === 'ँ') out += 'n';
    else if (ch === 'ः') out += 'h';
    else if (/[\p{L}\p{N}]/u.test(ch)) out += ch;
  }
  return out;
};

/**
 * A loose key for Roman spellings of Hindi words: long vowels and doubled letters folded, a few
 * letters people swap (w/v, z/j, q/k, ph/f). Only for looking words up, never for searching.
 */
export const romanKey = (word: string): string => {
  const roman = isDevanagari(word) ? transliterate(word) : word.toLowerCase();
  return roman
    .replace(/ph/g, 'f')
    .replace(/w/g, 'v')
    .replace(/z/g, 'j')
    .replace(/q/g, 'k')
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/(.)\1+/g, '$1')
    // the unwritten or half-spoken "a" between consonants (naukari / naukri, नौकरी)
    .replace(/([b-df-hj-np-tv-z])a(?=[b-df-hj-np-tv-z])/g, '$1')
    .replace(/^(.{2,}[b-df-hj-np-tv-z])a$/, '$1');
};
