import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, looksLikeFormula } from './csv';

describe('csvCell: formula injection', () => {
  it('neutralises the ASCII formula starters, tab, CR and LF (OWASP)', () => {
    for (const s of ['=1+1', '+91 98', '-2', '@SUM(A1)', '\tx', '\rx', '\n=1']) expect(csvCell(s), JSON.stringify(s)).toBe(`"'${s}"`);
  });

  it('neutralises the full-width, small and superscript forms spreadsheets fold to = + - @', () => {
    for (const s of ['＝HYPERLINK("http://evil.in")', '＋1', '－1', '＠SUM(A1)', '﹦1+1', '﹢1', '﹣1', '﹫x', '⁼1', '⁺1', '₊1', '−1']) {
      expect(looksLikeFormula(s), s).toBe(true);
      expect(csvCell(s).startsWith(`"'`), s).toBe(true);
    }
  });

  it('looks past leading spaces and invisible characters for the first real one', () => {
    for (const s of [' =1+1', '   @x', '\u00A0=1', '\u3000＝1', '\u200B=1', '\u202E=1', '\uFEFF+1', '\u0000=1', ' \t=1']) {
      expect(looksLikeFormula(s), JSON.stringify(s)).toBe(true);
      expect(csvCell(s), JSON.stringify(s)).toBe(`"'${s.replace(/"/g, '""')}"`);
    }
  });

  it('leaves ordinary text, Hindi and numbers alone, quoted, with quotes doubled', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('Maruti Swift = great')).toBe('"Maruti Swift = great"');
    expect(csvCell('मारुति स्विफ्ट')).toBe('"मारुति स्विफ्ट"');
    expect(csvCell('9876543210')).toBe('"9876543210"');
    expect(csvCell(3)).toBe('"3"');
    expect(csvCell(-3)).toBe('"-3"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell('')).toBe('""');
    expect(csvCell('   ')).toBe('"   "');
  });

  it('a document: byte-order mark, CRLF rows', () => {
    expect(csvDocument([['a', 1], ['＝1', null]])).toBe('\uFEFF"a","1"\r\n"\'＝1",""\r\n');
  });
});
