import { describe, expect, it } from 'vitest';
import { FREE_POSTING_NOTE, postedLead } from './ad-posted';

describe('ad-posted page text', () => {
  it('follows the posted ad, and claims no Cars-only free-ad limit', () => {
    expect(postedLead('APPROVED')).toBe('Your ad is live now.');
    expect(postedLead('REJECTED')).toMatch(/needs a change/);
    expect(postedLead(undefined)).toBe('Your Ad will go live shortly...');
    expect(FREE_POSTING_NOTE).not.toMatch(/Cars|365/);
  });
});
