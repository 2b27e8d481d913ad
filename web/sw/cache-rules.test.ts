import { describe, expect, it } from 'vitest';
import { BUCKETS, accountOf, bucketFor, dataCacheName, isAccountDataCache, isAppNavigation, isFresh, overflow, staleCaches, staticCacheName } from './cache-rules';

const token = (claims: Record<string, unknown>) => `Bearer h.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;

describe('what the service worker keeps (decision 025)', () => {
  it('keeps ads, searches, chats, the basics and photos; never payments, uploads, notifications, admin or the dev outbox', () => {
    expect(bucketFor('/api/listings/slug/cars-c84-swift-iid-01ABC')).toBe('ads');
    expect(bucketFor('/api/listings/01ABC')).toBe('ads');
    expect(bucketFor('/api/listings/01ABC/related')).toBe('ads');
    expect(bucketFor('/api/listings')).toBe('searches');
    expect(bucketFor('/api/listings/facets')).toBe('searches');
    expect(bucketFor('/api/messages/chats')).toBe('chats');
    expect(bucketFor('/api/messages/chats/01C/messages')).toBe('chats');
    expect(bucketFor('/api/auth/profile')).toBe('basics');
    expect(bucketFor('/api/categories')).toBe('basics');
    expect(bucketFor('/api/locations/cities/Karnataka')).toBe('basics');
    expect(bucketFor('/api/media/seed/cars/1.jpg')).toBe('photos');
    for (const never of ['/api/listings/user/my-listings', '/api/listings/shortcutsx/1', '/api/premium/orders', '/api/upload/presign', '/api/notifications', '/api/admin/users', '/api/dev/outbox', '/api/messages/messages', '/api/business/invoices', '/item/x', '/api/docs'])
      expect(bucketFor(never), never).toBeNull();
  });

  it('keeps each account’s answers apart from every other account’s and from a guest’s', () => {
    expect(accountOf(null, 'ads')).toBe('guest');
    expect(accountOf(token({ sub: 'U1' }), 'chats')).toBe('u-U1');
    expect(accountOf(token({ sub: 'U2' }), 'chats')).toBe('u-U2');
    // a token that cannot be read never falls into the guest's partition
    expect(accountOf('Bearer garbage', 'ads')).toBe('guest');
    expect(accountOf('Bearer a.!!!.c', 'ads')).toBe('unknown');
    expect(accountOf(token({ sub: '../x' }), 'ads')).toBe('unknown');
    // photos are public: one shared copy
    expect(accountOf(token({ sub: 'U1' }), 'photos')).toBe('guest');
    expect(dataCacheName('u-U1', 'chats')).not.toBe(dataCacheName('u-U2', 'chats'));
    expect(isAccountDataCache(dataCacheName('u-U1', 'chats'))).toBe(true);
    expect(isAccountDataCache(dataCacheName('unknown', 'ads'))).toBe(true);
    expect(isAccountDataCache(dataCacheName('guest', 'ads'))).toBe(false);
  });

  it('a new version deletes older versions’ files and older data formats, and keeps this version’s and current data', () => {
    const names = [staticCacheName('old1'), staticCacheName('new2'), 'sel-data0-guest-ads', dataCacheName('guest', 'ads'), 'someone-else'];
    expect(staleCaches(names, 'new2')).toEqual([staticCacheName('old1'), 'sel-data0-guest-ads']);
  });

  it('bounds every bucket: the oldest go first', () => {
    const keys = Array.from({ length: BUCKETS.searches.maxEntries + 3 }, (_, i) => i);
    expect(overflow(keys, 'searches')).toEqual([0, 1, 2]);
    expect(overflow([1, 2], 'searches')).toEqual([]);
  });

  it('shows a stored answer only while it is fresh', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(isFresh(now - BUCKETS.ads.maxAgeMs + 1000, 'ads', now)).toBe(true);
    expect(isFresh(now - BUCKETS.ads.maxAgeMs - 1000, 'ads', now)).toBe(false);
    expect(isFresh(Number.NaN, 'ads', now)).toBe(false);
    expect(isFresh(now + 3600_000, 'ads', now)).toBe(false);
  });

  it('answers the app’s own pages offline with the shell, never the API, sockets or files', () => {
    expect(isAppNavigation('/item/cars-c84-x')).toBe(true);
    expect(isAppNavigation('/chat')).toBe(true);
    expect(isAppNavigation('/')).toBe(true);
    expect(isAppNavigation('/api/docs')).toBe(false);
    expect(isAppNavigation('/parties/chat-room/1')).toBe(false);
    expect(isAppNavigation('/robots.txt')).toBe(false);
  });
});
