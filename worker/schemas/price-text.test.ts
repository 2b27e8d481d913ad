import { describe, expect, it } from 'vitest';
import { readPrice } from './price-text';

const rupees = (text: string | number) => {
  const r = readPrice(text);
  return r.ok ? r.rupees : r.reason;
};

describe('reading a typed price', () => {
  it('reads what Indians type: grouping, the rupee sign, Rs, /-', () => {
    expect(rupees('45,000')).toBe(45_000);
    expect(rupees('1,50,000')).toBe(150_000);
    expect(rupees('₹ 1,50,000')).toBe(150_000);
    expect(rupees('Rs. 45000/-')).toBe(45_000);
    expect(rupees('45000')).toBe(45_000);
    expect(rupees(45000)).toBe(45_000);
    expect(rupees('0')).toBe(0);
  });

  it('reads amounts in words and rounds them to the rupee', () => {
    expect(rupees('1.5 lakh')).toBe(150_000);
    expect(rupees('1.5lakh')).toBe(150_000);
    expect(rupees('2 crore')).toBe(20_000_000);
    expect(rupees('50k')).toBe(50_000);
    expect(rupees('₹ 3.25 lakh')).toBe(325_000);
    expect(rupees('50 हज़ार')).toBe(50_000);
  });

  it('never turns a decimal into a number 100 times bigger: paise are refused, with the rupees kept', () => {
    expect(readPrice('45,000.50')).toEqual({ ok: false, reason: 'paise', rupees: 45_000 });
    expect(readPrice(45000.5)).toEqual({ ok: false, reason: 'paise', rupees: 45_000 });
    expect(rupees('45,000.00')).toBe(45_000);
    expect(rupees('45,000.')).toBe(45_000);
  });

  it('refuses what is not a price', () => {
    expect(rupees('')).toBe('empty');
    expect(rupees('  ')).toBe('empty');
    expect(rupees('abc')).toBe('unreadable');
    expect(rupees('45 apples')).toBe('unreadable');
    expect(rupees('4.5.6')).toBe('unreadable');
    expect(rupees(-5)).toBe('unreadable');
    expect(rupees('20000 crore')).toBe('too-large');
  });
});
