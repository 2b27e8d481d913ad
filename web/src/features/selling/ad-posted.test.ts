import { describe, expect, it } from 'vitest';
import { postedLead, slotFor, slotNote } from './ad-posted';

describe('ad-posted page text', () => {
  it('follows the posted ad', () => {
    expect(postedLead('APPROVED')).toBe('Your ad is live now.');
    expect(postedLead('REJECTED')).toMatch(/needs a change/);
    expect(postedLead(undefined)).toBe('Your Ad will go live shortly...');
  });

  it('says which allowance the post used, and never that posting is free after a paid slot', () => {
    expect(slotFor({ remaining: 1, paidSlots: 2 })).toBe('free');
    expect(slotFor({ remaining: 0, paidSlots: 1 })).toBe('paid');
    expect(slotFor({ remaining: 0, paidSlots: 0 })).toBeUndefined();
    expect(slotFor(null)).toBeUndefined();
    expect(slotNote('paid')).toMatch(/paid ad slot/);
    expect(slotNote('paid')).not.toMatch(/free/i);
    expect(slotNote('free')).toMatch(/free ads in \{group\}/);
    expect(slotNote(undefined)).toBeNull();
  });
});
