import { describe, expect, it } from 'vitest';
import { cleanMultiline, cleanSingleLine, plainText } from './text';

describe('cleanSingleLine', () => {
  it('turns controls and line breaks into one space and trims', () => {
    expect(cleanSingleLine('  Spam\r\nFAKE LINE\tand\u0085more\u2028end\u0000 ')).toBe('Spam FAKE LINE and more end');
    expect(cleanSingleLine('a\u007F\u009Fb')).toBe('a b');
  });

  it('drops direction controls and invisible characters', () => {
    for (const mark of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C', '\u200B', '\u2060', '\uFEFF', '\u00AD', '\u{E0041}']) {
      expect(cleanSingleLine(`ab${mark}cd`), mark.codePointAt(0)!.toString(16)).toBe('abcd');
    }
  });

  it('keeps joiners between letters (Devanagari conjuncts) and drops stray ones', () => {
    expect(cleanSingleLine('क्\u200Dष')).toBe('क्\u200Dष');
    expect(cleanSingleLine('क्\u200Cष')).toBe('क्\u200Cष');
    expect(cleanSingleLine('\u200Dx \u200C')).toBe('x');
  });

  it('composes to NFC and leaves ordinary text alone', () => {
    expect(cleanSingleLine('Cafe\u0301')).toBe('Café');
    expect(cleanSingleLine('फ़ोटो नकली हैं — ₹500 advance माँगा')).toBe('फ़ोटो नकली हैं — ₹500 advance माँगा');
  });
});

describe('cleanMultiline', () => {
  it('keeps lines (LF), at most one empty line in a row, each line cleaned', () => {
    expect(cleanMultiline('one\r\ntwo\rthree\u2028four\n\n\n\n\u202Efive\t six ')).toBe('one\ntwo\nthree\nfour\n\nfive six');
  });
});

describe('plainText', () => {
  const reason = plainText('reason', { min: 3, max: 10 });
  it('checks the length of what is kept', () => {
    expect(reason.parse(' ab\u200Bc\r\n')).toBe('abc');
    expect(reason.safeParse('\u200B\u200B\u200Bab').success).toBe(false);
    expect(reason.parse(`${'x'.repeat(10)}${'\u200B'.repeat(50)}`)).toBe('x'.repeat(10));
    expect(reason.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe('reason can be at most 10 characters');
    expect(reason.safeParse(42).error?.issues[0]?.message).toBe('reason is required');
  });
});
