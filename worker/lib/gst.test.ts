import { describe, expect, it } from 'vitest';
import { GSTIN_PATTERN, GST_STATE_CODES, amountInWords, formatRupees, numberInIndianWords, splitGst } from './gst';

describe('amounts in words (Indian numbering)', () => {
  it.each([
    [47082, 'Four Hundred Seventy Rupees and Eighty-Two Paise'],
    [100, 'One Rupee Only'],
    [101, 'One Rupee and One Paisa'],
    [50, 'Fifty Paise Only'],
    [0, 'Zero Rupees Only'],
    [1_100_00, 'One Thousand One Hundred Rupees Only'],
    [10_000_00, 'Ten Thousand Rupees Only'],
    [1_00_000_00, 'One Lakh Rupees Only'],
    [12_34_567_89, 'Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven Rupees and Eighty-Nine Paise'],
    [1_00_00_000_00, 'One Crore Rupees Only'],
    [1_23_45_67_890_10, 'One Hundred Twenty-Three Crore Forty-Five Lakh Sixty-Seven Thousand Eight Hundred Ninety Rupees and Ten Paise'],
    [2_019_90, 'Two Thousand Nineteen Rupees and Ninety Paise'],
    [35_388_82, 'Thirty-Five Thousand Three Hundred Eighty-Eight Rupees and Eighty-Two Paise'],
  ])('%i paise → %s', (minor, words) => {
    expect(amountInWords(minor)).toBe(words);
  });

  it('every number up to a lakh has words without doubled or trailing spaces', () => {
    for (let n = 1; n < 100_000; n += 7) expect(numberInIndianWords(n)).toMatch(/^[A-Z][a-z]+([ -][A-Z][a-z]+)*$/);
  });

  it('refuses what is not an amount', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});

describe('the GST split by place of supply', () => {
  it('same state: CGST 9 % + SGST 9 %, adding up to the GST paid to the paisa', () => {
    expect(splitGst(39900, 7182, 'Karnataka', 'Karnataka')).toEqual({ intraState: true, cgstMinor: 3591, sgstMinor: 3591, igstMinor: 0 });
    // 9 % of ₹0.50 is 4.5 paise: CGST rounds up, SGST takes the rest, and the two make the 9 paise paid
    expect(splitGst(50, 9, 'Karnataka', 'Karnataka')).toEqual({ intraState: true, cgstMinor: 5, sgstMinor: 4, igstMinor: 0 });
    for (let taxable = 1; taxable < 5000; taxable += 13) {
      const gst = Math.round((taxable * 18) / 100);
      const s = splitGst(taxable, gst, 'Delhi', 'Delhi');
      expect(s.cgstMinor + s.sgstMinor).toBe(gst);
      expect(Math.abs(s.cgstMinor - s.sgstMinor)).toBeLessThanOrEqual(1);
    }
  });

  it('another state: all of it is IGST 18 %', () => {
    expect(splitGst(39900, 7182, 'Karnataka', 'Maharashtra')).toEqual({ intraState: false, cgstMinor: 0, sgstMinor: 0, igstMinor: 7182 });
  });

  it('the state codes are the GSTN’s, one per state, and GSTINs are recognised', () => {
    expect(GST_STATE_CODES.Karnataka).toBe('29');
    expect(GST_STATE_CODES.Maharashtra).toBe('27');
    expect(GST_STATE_CODES.Delhi).toBe('07');
    expect(Object.keys(GST_STATE_CODES)).toHaveLength(36);
    expect(new Set(Object.values(GST_STATE_CODES)).size).toBe(36);
    expect(GSTIN_PATTERN.test('29AAICS1234F1Z5')).toBe(true);
    expect(GSTIN_PATTERN.test('29AAICS1234F1X5')).toBe(false);
  });

  it('formats rupees with Indian grouping', () => {
    expect(formatRupees(12345650)).toBe('₹1,23,456.50');
    expect(formatRupees(47082)).toBe('₹470.82');
  });
});
