import { describe, expect, it } from 'vitest';
import { type AdForMatching, type Matcher, matches, prepareAd } from './matcher';

const ad = (o: Partial<AdForMatching> = {}): AdForMatching => ({
  text: 'Honda Activa 6G\nSingle owner, Pune registration\nPune, Maharashtra\nVehicles Scooters',
  priceMinor: 3_800_000,
  condition: 'USED',
  subcategoryId: 'vehicles-scooters',
  features: { brand: 'Honda', fuel: 'Petrol' },
  latitude: 18.52,
  longitude: 73.85,
  ...o,
});
const check = (m: Matcher, a = ad()) => matches(m, prepareAd(a));

describe('saved-search matcher', () => {
  it('needs every word group, any alternative of each, as whole words or phrases', () => {
    expect(check({ groups: [{ alts: ['activa', 'एक्टिवा'], prefix: false }] })).toBe(true);
    expect(check({ groups: [{ alts: ['activa'], prefix: false }, { alts: ['6g'], prefix: false }] })).toBe(true);
    expect(check({ groups: [{ alts: ['activa'], prefix: false }, { alts: ['5g'], prefix: false }] })).toBe(false);
    expect(check({ groups: [{ alts: ['single owner'], prefix: false }] })).toBe(true);
    expect(check({ groups: [{ alts: ['owner single'], prefix: false }] })).toBe(false);
    expect(check({ groups: [{ alts: ['activ'], prefix: false }] })).toBe(false);
    expect(check({ groups: [{ alts: ['activ'], prefix: true }] })).toBe(true);
  });
  it('folds case and accents the way the index does', () => {
    expect(check({ groups: [{ alts: ['cafe'], prefix: false }] }, ad({ text: 'Café table' }))).toBe(true);
  });
  it("counts a concept's helper words only inside its subcategory", () => {
    const m: Matcher = { groups: [{ alts: ['activa'], prefix: false, also: { subcategoryId: 'vehicles-scooters', alts: ['honda'] } }] };
    expect(check(m, ad({ text: 'Honda scooter, 2021' }))).toBe(true);
    expect(check(m, ad({ text: 'Honda Shine 125', subcategoryId: 'vehicles-motorcycles' }))).toBe(false);
  });
  it('applies price range, condition, feature filters and the near-me radius', () => {
    expect(check({ groups: [], maxPriceMinor: 4_000_000 })).toBe(true);
    expect(check({ groups: [], maxPriceMinor: 3_000_000 })).toBe(false);
    expect(check({ groups: [], minPriceMinor: 4_000_000 })).toBe(false);
    expect(check({ groups: [], conditions: ['NEW'] })).toBe(false);
    expect(check({ groups: [], features: { brand: 'honda' } })).toBe(true);
    expect(check({ groups: [], features: { brand: 'tvs' } })).toBe(false);
    expect(check({ groups: [], features: { bhk: '2' } })).toBe(false);
    expect(check({ groups: [], near: { lat: 18.6, lng: 73.8, radiusKm: 25 } })).toBe(true);
    expect(check({ groups: [], near: { lat: 19.07, lng: 72.88, radiusKm: 25 } })).toBe(false); // Mumbai is ~120 km away
    expect(check({ groups: [], near: { lat: 18.6, lng: 73.8, radiusKm: 25 } }, ad({ latitude: null, longitude: null }))).toBe(false);
  });
});
