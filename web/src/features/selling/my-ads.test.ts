import { describe, expect, it } from 'vitest';
import { actionsFor, canRenew, expiryNote, filterPills, filterToStatus, myAdsQuery, statusDisplay, statusToFilter } from './my-ads';
import { MY_ADS_FILTERS, myAdsSearchSchema } from './search';

describe('status table', () => {
  it('labels each status as the spec says', () => {
    expect(statusDisplay('APPROVED')).toEqual({ label: 'ACTIVE', text: 'Your ad is live and visible to buyers', tone: 'active' });
    expect(statusDisplay('REJECTED')).toEqual({ label: 'REJECTED', text: 'Your ad was rejected and is not visible', tone: 'rejected' });
    expect(statusDisplay('SOLD')).toEqual({ label: 'SOLD', text: 'This item has been sold successfully', tone: 'sold' });
    expect(statusDisplay('INACTIVE')).toEqual({ label: 'INACTIVE', text: 'Your ad is not visible to buyers', tone: 'inactive' });
    expect(statusDisplay('PENDING')).toEqual({ label: 'UNDER REVIEW', text: 'Your ad is hidden while a moderator reviews it', tone: 'inactive' });
    expect(statusDisplay('DRAFT')).toEqual({ label: 'UNKNOWN', text: 'Status unknown', tone: 'unknown' });
    expect(statusDisplay(undefined).label).toBe('UNKNOWN');
    expect(statusDisplay('approved').label).toBe('ACTIVE');
  });

  it('offers only the changes the server allows', () => {
    expect(actionsFor('APPROVED')).toEqual(['view', 'edit', 'sold', 'deactivate', 'delete']);
    expect(actionsFor('INACTIVE')).toEqual(['edit', 'reactivate', 'sold', 'delete']);
    expect(actionsFor('SOLD')).toEqual(['view', 'reactivate', 'delete']);
    expect(actionsFor('REJECTED')).toEqual(['edit', 'delete']);
    expect(actionsFor('WHATEVER')).toEqual(['delete']);
    // decision 019: an expired ad is renewed (free), a live one only in its last days
    expect(actionsFor('EXPIRED')).toEqual(['renew', 'view', 'edit', 'delete']);
    expect(actionsFor('APPROVED', true)).toEqual(['renew', 'view', 'edit', 'sold', 'deactivate', 'delete']);
    expect(statusDisplay('EXPIRED')).toMatchObject({ label: 'EXPIRED', tone: 'inactive' });
  });
});

describe('expiry on each ad (decision 019)', () => {
  const now = Date.parse('2026-11-26T10:00:00Z');
  const DAY = 86_400_000;
  const iso = (t: number) => new Date(t).toISOString();

  it('says how many whole days a live ad has left, today on its last day, and when an expired one ended', () => {
    expect(expiryNote({ status: 'APPROVED', expiresAt: iso(now + 3 * DAY + 5_000) }, now)).toEqual({ kind: 'expires-in', days: 3 });
    expect(expiryNote({ status: 'APPROVED', expiresAt: iso(now + 2 * DAY - 1) }, now)).toEqual({ kind: 'expires-in', days: 1 });
    expect(expiryNote({ status: 'APPROVED', expiresAt: iso(now + 60_000) }, now)).toEqual({ kind: 'expires-today' });
    expect(expiryNote({ status: 'EXPIRED', expiresAt: iso(now - DAY) }, now)).toEqual({ kind: 'expired-on', date: iso(now - DAY) });
    expect(expiryNote({ status: 'SOLD', expiresAt: iso(now + DAY) }, now)).toBeUndefined();
    expect(expiryNote({ status: 'APPROVED', expiresAt: null }, now)).toBeUndefined();
  });

  it('offers Renew from the moment the server accepts it, and always once expired', () => {
    expect(canRenew({ status: 'APPROVED', renewableFrom: iso(now + 1) }, now)).toBe(false);
    expect(canRenew({ status: 'APPROVED', renewableFrom: iso(now) }, now)).toBe(true);
    expect(canRenew({ status: 'EXPIRED', renewableFrom: null }, now)).toBe(true);
    expect(canRenew({ status: 'INACTIVE', renewableFrom: iso(now - DAY) }, now)).toBe(false);
    expect(canRenew({ status: 'APPROVED', renewableFrom: null }, now)).toBe(false);
  });
});

describe('filter pills ⇄ query', () => {
  it('maps each pill to the API status and back', () => {
    expect(filterToStatus(undefined)).toBeUndefined();
    expect(filterToStatus('all')).toBeUndefined();
    expect(filterToStatus('active')).toBe('APPROVED');
    expect(filterToStatus('rejected')).toBe('REJECTED');
    expect(filterToStatus('sold')).toBe('SOLD');
    expect(filterToStatus('inactive')).toBe('INACTIVE');
    expect(filterToStatus('expired')).toBe('EXPIRED');
    for (const filter of MY_ADS_FILTERS) if (filter !== 'archived') expect(statusToFilter(filterToStatus(filter))).toBe(filter);
    // the archive is read from R2, not filtered by a status (decision 021)
    expect(filterToStatus('archived')).toBeUndefined();
    expect(statusToFilter('NOPE')).toBe('all');
  });

  it('builds the API query from the URL, dropping blanks', () => {
    expect(myAdsQuery({})).toEqual({ status: undefined });
    expect(myAdsQuery({ status: 'sold', q: '  swift ' })).toEqual({ status: 'SOLD', q: 'swift' });
    expect(myAdsQuery({ status: 'all', q: '   ' })).toEqual({ status: undefined });
  });

  it('reads the URL forgivingly', () => {
    expect(myAdsSearchSchema.parse({ status: 'Sold', q: 'swift' })).toEqual({ status: 'sold', q: 'swift' });
    expect(myAdsSearchSchema.parse({ status: 'all' })).toEqual({ status: undefined, q: undefined });
    expect(myAdsSearchSchema.parse({ status: 'deleted', q: 2019 })).toEqual({ status: undefined, q: '2019' });
    expect(myAdsSearchSchema.parse({})).toEqual({});
    expect(myAdsSearchSchema.parse({ status: 'Archived' })).toEqual({ status: 'archived' });
  });

  it('shows counts on the pills', () => {
    const pills = filterPills({ all: 9, approved: 3, rejected: 1, sold: 2, inactive: 1, expired: 2 });
    expect(pills.map((p) => (p.count === undefined ? p.label : `${p.label} (${p.count})`))).toEqual(['All (9)', 'Active (3)', 'Rejected (1)', 'Sold (2)', 'Inactive (1)', 'Expired (2)', 'Archived']);
    // the archive is never counted: it is listed page by page
    expect(filterPills(undefined).every((p) => p.count === (p.filter === 'archived' ? undefined : 0))).toBe(true);
  });
});
