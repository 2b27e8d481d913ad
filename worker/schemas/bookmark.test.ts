import { describe, expect, it } from 'vitest';
import { bookmarkParts, isBookmark, joinBookmarks, newerBookmark } from './bookmark';

const b = (n: number) => `0000000b-00000002-${n.toString(16).padStart(8, '0')}-abcdef`;

describe('D1 bookmarks, plain and compound (decisions 022 and 033)', () => {
  it('a plain bookmark keeps its format and comparison', () => {
    expect(isBookmark(b(1))).toBe(true);
    expect(newerBookmark(b(1), b(2))).toBe(b(2));
    expect(joinBookmarks([b(3)])).toBe(b(3));
    expect(bookmarkParts(b(3))).toEqual([b(3)]);
  });

  it('a compound bookmark holds one part per database, empty where one was not touched', () => {
    const value = joinBookmarks([b(1), null, b(7), null, null]);
    expect(value).toBe(`${b(1)}~~${b(7)}~~`);
    expect(isBookmark(value)).toBe(true);
    expect(bookmarkParts(value)).toEqual([b(1), null, b(7), null, null]);
    expect(joinBookmarks([null, null])).toBeNull();
  });

  it('the newer of two compound bookmarks is taken database by database', () => {
    const x = joinBookmarks([b(5), b(1), null, b(9), null]);
    const y = joinBookmarks([b(4), b(2), b(3), null, null]);
    expect(newerBookmark(x, y)).toBe(joinBookmarks([b(5), b(2), b(3), b(9), null]));
    // a plain bookmark is the core database's
    expect(newerBookmark(b(6), y)).toBe(joinBookmarks([b(6), b(2), b(3), null, null]));
  });

  it('holds the core, ten listings and fifteen accounts databases (decision 034)', () => {
    const parts = Array.from({ length: 26 }, (_, i) => (i % 5 === 0 ? b(i + 1) : null));
    expect(isBookmark(joinBookmarks(parts))).toBe(true);
    expect(bookmarkParts(joinBookmarks(parts))).toEqual(parts);
  });

  it('junk is never passed on', () => {
    // more parts than the core, ten listings and fifteen accounts databases
    for (const junk of ['~', '~~', `${b(1)}~nope`, `${b(1)}${'~'.repeat(26)}`, 'x']) expect(isBookmark(junk), junk).toBe(false);
    expect(newerBookmark('~', b(1))).toBe(b(1));
  });
});
