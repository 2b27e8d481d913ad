import { describe, expect, it } from 'vitest';
import { RESTING, clampPan, doubleTap, pinchScale, swipeStep } from './photo-gestures';

const box = { width: 375, height: 600 };

describe('photo viewer gestures', () => {
  it('pinch zooms with the fingers, between 1× and 4×', () => {
    expect(pinchScale(1, 100, 200)).toBe(2);
    expect(pinchScale(2, 100, 50)).toBe(1);
    expect(pinchScale(1, 100, 40)).toBe(1);
    expect(pinchScale(3, 100, 300)).toBe(4);
    expect(pinchScale(2, 0, 50)).toBe(2);
  });
  it('never lets a zoomed photo slide off its edges, and a resting photo not at all', () => {
    expect(clampPan({ scale: 2, x: 500, y: -900 }, box)).toEqual({ scale: 2, x: 187.5, y: -300 });
    expect(clampPan({ scale: 2, x: 20, y: 30 }, box)).toEqual({ scale: 2, x: 20, y: 30 });
    expect(clampPan({ scale: 1, x: 40, y: 0 }, box)).toEqual({ scale: 1, x: 0, y: 0 });
  });
  it('a sideways swipe moves one photo; a short or mostly vertical one does not', () => {
    expect(swipeStep(-120, 10, 375)).toBe(1);
    expect(swipeStep(120, -10, 375)).toBe(-1);
    expect(swipeStep(-30, 0, 375)).toBe(0);
    expect(swipeStep(-100, 200, 375)).toBe(0);
  });
  it('double tap zooms to 2× around the finger, and back', () => {
    const zoomed = doubleTap(RESTING, { x: 50, y: -40 }, box);
    expect(zoomed).toEqual({ scale: 2, x: -50, y: 40 });
    expect(doubleTap(zoomed, { x: 0, y: 0 }, box)).toEqual(RESTING);
  });
});
