import { describe, expect, it } from 'vitest';
import { matchAddress, matchPlace, normalisePlace } from './location-match';

const STATES = ['Delhi', 'Karnataka', 'Kerala', 'Maharashtra', 'Tamil Nadu'];

describe('matching a reverse-geocoded address to our lists', () => {
  it('normalises spellings and old names', () => {
    expect(normalisePlace('Bangalore Urban')).toBe('bengaluru');
    expect(normalisePlace('NCT of Delhi')).toBe('delhi');
    expect(normalisePlace('Tamil Nadu')).toBe('tamilnadu');
    expect(normalisePlace('Ernakulam District')).toBe('kochi');
  });

  it('prefers exact matches, then unambiguous containment', () => {
    expect(matchPlace(['Karnataka'], STATES)).toBe('Karnataka');
    expect(matchPlace([undefined, 'National Capital Territory of Delhi'], STATES)).toBe('Delhi');
    expect(matchPlace(['Koramangala 4th Block'], ['Koramangala', 'Indiranagar'])).toBe('Koramangala');
    expect(matchPlace(['Andheri'], ['Andheri East', 'Andheri West'])).toBeNull();
    expect(matchPlace(['Goa'], STATES)).toBeNull();
    expect(matchPlace([], STATES)).toBeNull();
  });

  it('fills state, city and neighbourhood when all are known', async () => {
    const place = await matchAddress(
      { suburb: 'Koramangala', city: 'Bengaluru', state_district: 'Bangalore Urban', state: 'Karnataka' },
      STATES,
      async () => ['Bengaluru', 'Mysuru'],
      async () => ['Indiranagar', 'Koramangala'],
    );
    expect(place).toEqual({ state: 'Karnataka', city: 'Bengaluru', neighbourhood: 'Koramangala', complete: true });
  });

  it('stops where our lists end', async () => {
    const noCity = await matchAddress({ village: 'Hosahalli', state: 'Karnataka' }, STATES, async () => ['Bengaluru'], async () => []);
    expect(noCity).toEqual({ state: 'Karnataka', city: '', neighbourhood: '', complete: false });
    const noAreas = await matchAddress({ town: 'Mysore', state: 'Karnataka' }, STATES, async () => ['Bengaluru', 'Mysuru'], async () => []);
    expect(noAreas).toEqual({ state: 'Karnataka', city: 'Mysuru', neighbourhood: '', complete: true });
    const abroad = await matchAddress({ state: 'California' }, STATES, async () => [], async () => []);
    expect(abroad.complete).toBe(false);
    expect(abroad.state).toBe('');
  });
});
