import { describe, expect, it } from 'vitest';
import { FEATURE_LABELS, additionalInformation, featureValueText, humaniseFeatureKey, isHiddenFeatureKey } from './additional-info';

// the post form's source, to find every attribute key it can write
const POST_FORM = import.meta.glob<string>('../selling/DetailsFields.tsx', { query: '?raw', import: 'default', eager: true });

describe('Additional Information: which keys are hidden', () => {
  it('hides seller contact, place names and photo lists, whatever the case', () => {
    for (const key of ['phone', 'sellerPhone', 'contactPhoneNumber', 'sellerName', 'images', 'city', 'state', 'neighbourhood', 'name', 'brandName', 'CITY']) {
      expect(isHiddenFeatureKey(key), key).toBe(true);
    }
  });

  it('keeps ordinary attributes', () => {
    for (const key of ['brand', 'kmDriven', 'fuel', 'year', 'bhk', 'transmission']) expect(isHiddenFeatureKey(key), key).toBe(false);
  });
});

describe('Additional Information: values', () => {
  it('hides empty values and blob or own-storage URLs', () => {
    expect(featureValueText('')).toBeUndefined();
    expect(featureValueText('   ')).toBeUndefined();
    expect(featureValueText(null)).toBeUndefined();
    expect(featureValueText(undefined)).toBeUndefined();
    expect(featureValueText([])).toBeUndefined();
    expect(featureValueText(['', null])).toBeUndefined();
    expect(featureValueText('blob:http://localhost/123')).toBeUndefined();
    expect(featureValueText('https://sel.example/api/media/abc.jpg')).toBeUndefined();
    expect(featureValueText({ a: 1 })).toBeUndefined();
  });

  it('joins arrays with commas and words booleans and numbers', () => {
    expect(featureValueText(['Red', 'Blue'])).toBe('Red, Blue');
    expect(featureValueText(['Red', '', 'blob:x'])).toBe('Red');
    expect(featureValueText(true)).toBe('Yes');
    expect(featureValueText(false)).toBe('No');
    expect(featureValueText(125000)).toBe('1,25,000');
    expect(featureValueText(' Diesel ')).toBe('Diesel');
  });
});

describe('Additional Information: labels', () => {
  it('humanises camelCase and snake_case keys', () => {
    expect(humaniseFeatureKey('kmDriven')).toBe('Km driven');
    expect(humaniseFeatureKey('fuel')).toBe('Fuel');
    expect(humaniseFeatureKey('fuel_type')).toBe('Fuel type');
    expect(humaniseFeatureKey('registrationYear')).toBe('Registration year');
    expect(humaniseFeatureKey('hasABS')).toBe('Has ABS');
    expect(humaniseFeatureKey('bhk')).toBe('BHK');
  });

  it('builds the rows in the listing order, skipping hidden ones', () => {
    expect(
      additionalInformation({
        brand: 'Honda',
        sellerPhone: '9876543210',
        kmDriven: '45000',
        images: ['blob:x'],
        colours: ['Red', 'Blue'],
        notes: '',
        city: 'Pune',
      }),
    ).toEqual([
      { key: 'brand', label: 'Brand', value: 'Honda' },
      { key: 'kmDriven', label: 'Km driven', value: '45000' },
      { key: 'colours', label: 'Colours', value: 'Red, Blue' },
    ]);
    expect(additionalInformation(null)).toEqual([]);
  });
});

describe('numbers that are labels', () => {
  it('shows a year without grouping but groups other numbers', () => {
    const rows = additionalInformation({ year: 2019, kmDriven: 42000 });
    expect(rows.find((r) => r.key === 'year')?.value).toBe('2019');
    expect(rows.find((r) => r.key === 'kmDriven')?.value).toBe('42,000');
  });
});

describe('Additional Information: labels', () => {
  it('labels every attribute the post form writes (so each label is a catalogue key with Hindi)', () => {
    const source = Object.values(POST_FORM)[0] ?? '';
    const keys = new Set([...source.matchAll(/(?:bind\(props, |setFeature\()'(\w+)'/g)].map((m) => m[1] ?? ''));
    expect(keys.size).toBeGreaterThan(30);
    expect([...keys].filter((key) => !FEATURE_LABELS[key])).toEqual([]);
    expect(humaniseFeatureKey('tenantType')).toBe('Tenants preferred');
  });
});
