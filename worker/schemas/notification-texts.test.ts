import { describe, expect, it } from 'vitest';
import { BANNED_ITEMS, NOTIFICATION_TEXTS, formatRupees, formatTextDate, pluralKey, priceDropText, render, savedSearchAlertText } from './notification-texts';
import { HELD_REASONS } from './trust-data';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const DEVANAGARI = /[\u0900-\u097F]/;

describe('texts written for users away from the app', () => {
  it('every text has English and Hindi with the same placeholders', () => {
    for (const [key, text] of Object.entries(NOTIFICATION_TEXTS)) {
      expect(Object.keys(text).sort(), key).toEqual(['en', 'hi']);
      expect(text.en.trim(), key).not.toBe('');
      expect(text.hi.trim(), key).not.toBe('');
      expect(placeholders(text.hi), key).toEqual(placeholders(text.en));
      // Hindi is written in Devanagari unless the text is only placeholders and punctuation
      const words = text.hi.replace(/\{\w+\}/g, '').replace(/[\s\p{P}\p{S}]/gu, '');
      if (words) expect(DEVANAGARI.test(text.hi), `${key}: ${text.hi}`).toBe(true);
    }
    for (const [key, item] of Object.entries(BANNED_ITEMS)) {
      expect(item.en, key).toBe(key);
      expect(DEVANAGARI.test(item.hi), key).toBe(true);
    }
  });

  it('the held-ad text is the one shown on the ad (trust-data)', () => {
    expect(NOTIFICATION_TEXTS.adHeldDuplicatePhotos.en).toBe(HELD_REASONS.DUPLICATE_PHOTOS);
  });

  it('fills placeholders once, leaving user text as written', () => {
    expect(render('hi', 'chatBody', { name: 'Asha', message: 'is {title} free?' })).toBe('Asha: is {title} free?');
    expect(render('hi', 'reportRemovedBody', { title: 'Honda Activa' })).toBe(
      'आपकी शिकायत की जाँच के बाद हमने "Honda Activa" को हटा दिया। SEL को सुरक्षित रखने में मदद के लिए धन्यवाद।',
    );
    expect(render('en', 'premiumWelcomeTitle')).toBe('Welcome to {plan}');
  });

  it('prices: English as before, Hindi as the web client writes them, Indian grouping', () => {
    expect(formatRupees('en', 3_850_000)).toBe('₹38,500');
    expect(formatRupees('hi', 3_850_000)).toBe('₹ 38,500');
    expect(formatRupees('hi', 12_500_000)).toBe('₹ 1,25,000');
    expect(formatRupees('en', 12_500_000)).toBe('₹1,25,000');
  });

  it('dates in the language and in Indian time', () => {
    // 20:00 UTC on 31 Jan is already 1 Feb in India
    const at = Date.UTC(2026, 0, 31, 20, 0);
    expect(formatTextDate('en', at)).toBe('1 Feb 2026');
    expect(formatTextDate('hi', at)).toMatch(/^1 फ़र॰ 2026$/);
  });

  it('plurals follow the language (Hindi counts 0 as one)', () => {
    expect(pluralKey('en', 1, 'digestSubjectOne', 'digestSubjectOther')).toBe('digestSubjectOne');
    expect(pluralKey('en', 0, 'digestSubjectOne', 'digestSubjectOther')).toBe('digestSubjectOther');
    expect(pluralKey('hi', 0, 'digestSubjectOne', 'digestSubjectOther')).toBe('digestSubjectOne');
    expect(pluralKey('hi', 3, 'digestSubjectOne', 'digestSubjectOther')).toBe('digestSubjectOther');
  });
});

describe('saved-search alert and price-drop texts (for the alerts consumer)', () => {
  it('a new ad for a saved search, as today in English and in Hindi', () => {
    const ad = { searchName: 'activa pune', title: 'Honda Activa 6G', price: 3_800_000, location: 'Kothrud, Pune, Maharashtra' };
    expect(savedSearchAlertText('en', ad)).toEqual({ title: 'New ad for "activa pune"', body: 'Honda Activa 6G · ₹38,000 · Kothrud, Pune, Maharashtra' });
    expect(savedSearchAlertText('hi', ad)).toEqual({ title: '"activa pune" के लिए नया विज्ञापन', body: 'Honda Activa 6G · ₹ 38,000 · Kothrud, Pune, Maharashtra' });
  });

  it('a price drop, with and without the old price', () => {
    expect(priceDropText('en', { title: 'Honda Activa 6G', price: 3_850_000, oldPrice: 4_000_000 })).toEqual({ title: 'Price dropped to ₹38,500', body: 'Honda Activa 6G: was ₹40,000' });
    expect(priceDropText('en', { title: 'Honda Activa 6G', price: 3_850_000 })).toEqual({ title: 'Price dropped to ₹38,500', body: 'Honda Activa 6G' });
    expect(priceDropText('en', { title: 'Honda Activa 6G', price: 3_850_000, oldPrice: null })).toEqual({ title: 'Price dropped to ₹38,500', body: 'Honda Activa 6G' });
    expect(priceDropText('hi', { title: 'Honda Activa 6G', price: 3_850_000, oldPrice: 4_000_000 })).toEqual({ title: 'कीमत घटकर ₹ 38,500 हुई', body: 'Honda Activa 6G: पहले ₹ 40,000 थी' });
  });
});
