import { describe, expect, it } from 'vitest';
import { listingKeys } from '../listings/queries';
import { afterEditSaved } from './edit-saved';

const before = { id: '01m8dbqqzj4gkmd7y2z3hrqjad8', slug: 'vehicles-cars-c84-skoda-rapid-in-delhi-iid-01m8dbqqzj4gkmd7y2z3hrqjad8' };

describe('after an edit is saved', () => {
  it('a plain edit caches the ad at its address and goes to My Ads as before', () => {
    const saved = { ...before, slug: 'vehicles-cars-c84-skoda-rapid-price-drop-in-delhi-iid-01m8dbqqzj4gkmd7y2z3hrqjad8', title: 'x' };
    const after = afterEditSaved(before, saved);
    expect(after.moved).toBe(false);
    expect(after.cache).toEqual([
      { key: listingKeys.detail(before.id), data: saved },
      { key: listingKeys.slug(saved.slug), data: saved },
    ]);
    expect(after.forget).toEqual([]);
    expect(after.navigate).toEqual({ to: '/en-in/myads', replace: false });
  });

  it('an ad moved into another group of states: cached at its new id and slug, the old ones forgotten, the old edit screen replaced', () => {
    const saved = { id: '01m8dbqqzj4gkmd7y2z3hrqjad2', slug: 'vehicles-cars-c84-skoda-rapid-in-chennai-iid-01m8dbqqzj4gkmd7y2z3hrqjad2' };
    const after = afterEditSaved(before, saved);
    expect(after.moved).toBe(true);
    expect(after.cache.map((c) => c.key)).toEqual([listingKeys.detail(saved.id), listingKeys.slug(saved.slug)]);
    expect(after.forget).toEqual([listingKeys.detail(before.id), listingKeys.slug(before.slug), listingKeys.related(before.id)]);
    expect(after.navigate).toEqual({ to: '/en-in/myads', replace: true });
  });
});
