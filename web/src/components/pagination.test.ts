import { describe, expect, it } from 'vitest';
import { pageItems } from './pagination';

describe('pageItems', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows gaps around a page in the middle', () => {
    expect(pageItems(10, 20)).toEqual([1, 'gap-start', 8, 9, 10, 11, 12, 'gap-end', 20]);
  });

  it('never shows a gap for a single missing page', () => {
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap-end', 20]);
    expect(pageItems(17, 20)).toEqual([1, 'gap-start', 15, 16, 17, 18, 19, 20]);
  });

  it('clamps an out-of-range page', () => {
    expect(pageItems(99, 3)).toEqual([1, 2, 3]);
  });
});
