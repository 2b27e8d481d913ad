import { describe, expect, it } from 'vitest';
import { shouldOfferPush } from './push-moment';

describe('when to ask about push notifications', () => {
  const base = { supported: true, permission: 'default', seen: false, enabled: false };
  it('asks once, only while the browser has not been asked and the user has not said yes already', () => {
    expect(shouldOfferPush(base)).toBe(true);
    expect(shouldOfferPush({ ...base, seen: true })).toBe(false);
    expect(shouldOfferPush({ ...base, enabled: true })).toBe(false);
    expect(shouldOfferPush({ ...base, permission: 'granted' })).toBe(false);
    expect(shouldOfferPush({ ...base, permission: 'denied' })).toBe(false);
    expect(shouldOfferPush({ ...base, supported: false })).toBe(false);
  });
});
