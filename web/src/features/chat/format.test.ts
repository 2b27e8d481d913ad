import { describe, expect, it } from 'vitest';
import { badgeText, formatChatListTime, formatDayLabel, formatMessageTime, offerText, parseOfferAmount } from './format';

// Local-time constructors: the formatting is in the viewer's zone, whatever zone the tests run in.
const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).toISOString();
const NOW = new Date(2025, 5, 15, 18, 30);

describe('formatMessageTime', () => {
  it('is 24-hour HH:MM with leading zeros', () => {
    expect(formatMessageTime(at(2025, 6, 15, 9, 5))).toBe('09:05');
    expect(formatMessageTime(at(2025, 6, 15, 21, 45))).toBe('21:45');
    expect(formatMessageTime(at(2025, 6, 15, 0, 0))).toBe('00:00');
  });
  it('is empty for missing or bad input', () => {
    expect(formatMessageTime(null)).toBe('');
    expect(formatMessageTime('not a date')).toBe('');
  });
});

describe('formatChatListTime', () => {
  it('shows the time today, Yesterday, then the date', () => {
    expect(formatChatListTime(at(2025, 6, 15, 8, 7), NOW)).toBe('08:07');
    expect(formatChatListTime(at(2025, 6, 14, 23, 59), NOW)).toBe('Yesterday');
    expect(formatChatListTime(at(2025, 6, 10), NOW)).toBe('10 Jun');
    expect(formatChatListTime(at(2024, 12, 31), NOW)).toBe('31 Dec 2024');
  });
  it('treats a slightly-future time (clock skew) as today', () => {
    expect(formatChatListTime(at(2025, 6, 15, 18, 31), NOW)).toBe('18:31');
  });
  it('is empty for a chat without messages', () => {
    expect(formatChatListTime(null, NOW)).toBe('');
  });
});

describe('formatDayLabel', () => {
  it('labels day dividers', () => {
    expect(formatDayLabel(at(2025, 6, 15, 1), NOW)).toBe('Today');
    expect(formatDayLabel(at(2025, 6, 14), NOW)).toBe('Yesterday');
    expect(formatDayLabel(at(2025, 3, 2), NOW)).toBe('2 Mar');
  });
});

describe('badgeText', () => {
  it('hides at 0 and below', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-3)).toBe('');
    expect(badgeText(undefined)).toBe('');
    expect(badgeText(Number.NaN)).toBe('');
  });
  it('shows 1 to 9 and caps above 9 as 9+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(250)).toBe('9+');
  });
  it('takes another cap', () => {
    expect(badgeText(100, 99)).toBe('99+');
  });
});

describe('offers', () => {
  it('reads an amount typed with or without grouping', () => {
    expect(parseOfferAmount('25000')).toBe(25000);
    expect(parseOfferAmount('₹ 25,000')).toBe(25000);
    expect(parseOfferAmount('1,25,000')).toBe(125000);
    expect(parseOfferAmount('99.50')).toBe(100);
  });
  it('refuses nothing, zero, words and absurd amounts', () => {
    expect(parseOfferAmount('')).toBeNull();
    expect(parseOfferAmount('0')).toBeNull();
    expect(parseOfferAmount('-5')).toBeNull();
    expect(parseOfferAmount('abc')).toBeNull();
    expect(parseOfferAmount('1e9')).toBeNull();
    expect(parseOfferAmount('100000001')).toBeNull();
  });
  it('writes the offer in rupees with Indian grouping', () => {
    expect(offerText(25000)).toBe('My offer: ₹ 25,000');
    expect(offerText(125000)).toBe('My offer: ₹ 1,25,000');
  });
});
