import { describe, expect, it } from 'vitest';
import { addRecentSearch, parseRecentSearches, removeRecentSearch, RECENT_SEARCHES_LIMIT } from './recent-searches';

describe('recent searches', () => {
  it('puts the newest first and keeps one copy of each, whatever its case and spacing', () => {
    let list: string[] = [];
    for (const q of ['sofa', 'iPhone 13', '  Sofa ', 'kursi']) list = addRecentSearch(list, q);
    expect(list).toEqual(['kursi', 'Sofa', 'iPhone 13']);
  });

  it('keeps at most eight and ignores empty text', () => {
    let list: string[] = [];
    for (let i = 0; i < 12; i++) list = addRecentSearch(list, `q${i}`);
    expect(list).toHaveLength(RECENT_SEARCHES_LIMIT);
    expect(list[0]).toBe('q11');
    expect(addRecentSearch(list, '   ')).toEqual(list);
  });

  it('removes one', () => {
    expect(removeRecentSearch(['sofa', 'kursi'], 'SOFA')).toEqual(['kursi']);
  });

  it('reads what another version or a hand stored without throwing', () => {
    expect(parseRecentSearches(null)).toEqual([]);
    expect(parseRecentSearches('{bad json')).toEqual([]);
    expect(parseRecentSearches('{"a":1}')).toEqual([]);
    expect(parseRecentSearches('["sofa", 3, null, "", "kursi", "SOFA"]')).toEqual(['sofa', 'kursi']);
  });
});
