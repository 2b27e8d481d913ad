import { describe, expect, it } from 'vitest';
import { addRecentLocation, parseRecentLocations, type RecentLocation } from './recent-locations';

const loc = (name: string, timestamp: number, state: string | null = null): RecentLocation => ({ id: name, name, state, timestamp });

describe('addRecentLocation', () => {
  it('puts the newest first', () => {
    const list = addRecentLocation([loc('Pune', 1)], loc('Kochi', 2));
    expect(list.map((l) => l.name)).toEqual(['Kochi', 'Pune']);
  });

  it('keeps names unique, ignoring case and spacing, and moves a repeat to the front', () => {
    const list = addRecentLocation([loc('Pune', 3), loc('Kochi', 2), loc('Delhi', 1)], loc('  kochi ', 4));
    expect(list.map((l) => l.name)).toEqual(['kochi', 'Pune', 'Delhi']);
  });

  it('caps the list at five', () => {
    let list: RecentLocation[] = [];
    for (const [i, name] of ['A', 'B', 'C', 'D', 'E', 'F', 'G'].entries()) list = addRecentLocation(list, loc(name, i));
    expect(list.map((l) => l.name)).toEqual(['G', 'F', 'E', 'D', 'C']);
  });

  it('ignores a blank name', () => {
    expect(addRecentLocation([loc('Pune', 1)], loc('  ', 2))).toEqual([loc('Pune', 1)]);
  });
});

describe('parseRecentLocations', () => {
  it('returns nothing for missing or broken storage', () => {
    expect(parseRecentLocations(null)).toEqual([]);
    expect(parseRecentLocations('not json')).toEqual([]);
    expect(parseRecentLocations('{"name":"Pune"}')).toEqual([]);
  });

  it('drops bad entries, sorts newest first, de-duplicates and caps', () => {
    const raw = JSON.stringify([
      loc('Pune', 1),
      { name: 42, id: 'x', timestamp: 5 },
      loc('Kochi', 3, 'Kerala'),
      loc('PUNE', 2),
      { id: 7, name: 'Goa', timestamp: 9 },
      loc('A', 4),
      loc('B', 5),
      loc('C', 6),
    ]);
    expect(parseRecentLocations(raw).map((l) => l.name)).toEqual(['Goa', 'C', 'B', 'A', 'Kochi']);
    expect(parseRecentLocations(raw)[0]).toEqual({ id: '7', name: 'Goa', state: null, timestamp: 9 });
  });
});
