import { describe, expect, it } from 'vitest';
import { sparklinePoints } from './sparkline';

describe('sparklinePoints', () => {
  it('spreads the values over the width, the largest at the top and 0 at the bottom', () => {
    expect(sparklinePoints([0, 5, 10], 100, 22)).toBe('0,21 50,11 100,1');
  });
  it('a shared scale keeps two series comparable', () => {
    expect(sparklinePoints([1, 1], 10, 12, 2)).toBe('0,6 10,6');
  });
  it('all zeros is a flat line at the bottom; nothing is nothing', () => {
    expect(sparklinePoints([0, 0, 0, 0], 30, 12)).toBe('0,11 10,11 20,11 30,11');
    expect(sparklinePoints([], 30, 12)).toBe('');
    expect(sparklinePoints([3], 30, 12)).toBe('0,1');
  });
});
