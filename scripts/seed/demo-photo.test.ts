import { describe, expect, it } from 'vitest';
import { drawDemoPhoto } from './demo-photo';
import { MAX_POOL_PICTURES, poolPlan } from './images';

describe('demo photo pool', () => {
  it('gives every photo slot a picture of its own up to the cap', () => {
    const needs = new Map([['vehicles-cars', 220], ['fashion-jewelry', 7]]);
    expect(poolPlan(needs)).toEqual(needs);
  });

  it('over the cap, shares the cap out in proportion, at least 3 a subcategory and never more than needed', () => {
    const needs = new Map([['vehicles-cars', 36_000], ['fashion-jewelry', 400], ['pets-pet-services', 2]]);
    const plan = poolPlan(needs);
    const total = [...plan.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(MAX_POOL_PICTURES + 3);
    expect(plan.get('vehicles-cars')).toBeGreaterThan(1000);
    expect(plan.get('fashion-jewelry')).toBeGreaterThanOrEqual(3);
    expect(plan.get('pets-pet-services')).toBe(2);
  });
});

describe('demo photos', () => {
  it('the same picture is drawn the same every time (the seed is reproducible); the next one is another', () => {
    const same = (a: Uint8Array, b: Uint8Array) => Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;
    const first = drawDemoPhoto('vehicles-motorcycles', 1).data;
    expect(same(first, drawDemoPhoto('vehicles-motorcycles', 1).data)).toBe(true);
    expect(same(first, drawDemoPhoto('vehicles-motorcycles', 2).data)).toBe(false);
  });
});
