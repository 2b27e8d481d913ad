import { describe, expect, it } from 'vitest';
import { applyChatUpdate, filterChats, matchesFilter, matchesSearch, otherParty, personName, sortChats, MEETING_PATTERN } from './chat-list';
import type { Chat } from './types';

const ME = 'usr_me';

const person = (id: string, firstName: string, lastName: string, isPremium = false) => ({ id, firstName, lastName, avatar: null, isPremium });

const chat = (over: Partial<Chat> & { id: string }): Chat => ({
  buyerId: ME,
  sellerId: 'usr_seller',
  buyer: person(ME, 'Meera', 'Iyer'),
  seller: person('usr_seller', 'Ravi', 'Kumar'),
  listing: { id: 'lst_1', title: 'Honda City 2018', price: 650000, currency: 'INR', slug: 'honda-city', image: null, status: 'APPROVED' },
  lastMessage: 'Is it available?',
  lastMessageAt: '2025-01-01T10:00:00.000Z',
  lastSeq: 3,
  unreadCount: 0,
  otherLastReadSeq: 3,
  isStarred: false,
  createdAt: '2025-01-01T09:00:00.000Z',
  ...over,
});

describe('otherParty and personName', () => {
  it('is the seller for the buyer and the buyer for the seller', () => {
    const c = chat({ id: 'a' });
    expect(otherParty(c, ME).firstName).toBe('Ravi');
    expect(otherParty(c, 'usr_seller').firstName).toBe('Meera');
  });
  it('joins names and falls back when blank', () => {
    expect(personName({ firstName: 'Ravi', lastName: '' })).toBe('Ravi');
    expect(personName({ firstName: '', lastName: '' })).toBe('Unknown user');
  });
});

describe('chat filters', () => {
  it('Unread keeps chats with unread messages', () => {
    expect(matchesFilter(chat({ id: 'a', unreadCount: 2 }), 'unread', ME)).toBe(true);
    expect(matchesFilter(chat({ id: 'a', unreadCount: 0 }), 'unread', ME)).toBe(false);
  });

  it('Important keeps starred chats', () => {
    expect(matchesFilter(chat({ id: 'a', isStarred: true }), 'important', ME)).toBe(true);
    expect(matchesFilter(chat({ id: 'a' }), 'important', ME)).toBe(false);
  });

  it('Elite Buyer looks at the other party only', () => {
    const premiumBuyer = chat({ id: 'a', buyerId: 'usr_b', sellerId: ME, buyer: person('usr_b', 'Anil', 'Shah', true), seller: person(ME, 'Me', 'Self') });
    expect(matchesFilter(premiumBuyer, 'elite', ME)).toBe(true);
    const iAmPremium = chat({ id: 'b', buyer: person(ME, 'Meera', 'Iyer', true) });
    expect(matchesFilter(iAmPremium, 'elite', ME)).toBe(false);
  });

  it('Meeting matches messages about meeting up, as whole words', () => {
    for (const text of ['Can we meet tomorrow?', 'I will come at 5', 'Can I see it today', 'Pickup from Andheri?', 'pick up ok', 'Send the address', 'Share location', 'Meeting at the mall', 'Can I visit?']) {
      expect(MEETING_PATTERN.test(text), text).toBe(true);
    }
    for (const text of ['Is it available?', 'Welcome!', 'meetup', 'Final price?', 'income tax']) {
      expect(MEETING_PATTERN.test(text), text).toBe(false);
    }
    expect(matchesFilter(chat({ id: 'a', lastMessage: null }), 'meeting', ME)).toBe(false);
  });

  it('All keeps everything', () => {
    expect(matchesFilter(chat({ id: 'a' }), 'all', ME)).toBe(true);
  });
});

describe('matchesSearch', () => {
  const c = chat({ id: 'a' });
  it('matches listing title and both members’ names, case-insensitively', () => {
    expect(matchesSearch(c, 'honda')).toBe(true);
    expect(matchesSearch(c, 'RAVI')).toBe(true);
    expect(matchesSearch(c, 'kumar')).toBe(true);
    expect(matchesSearch(c, 'iyer')).toBe(true);
    expect(matchesSearch(c, 'city ravi')).toBe(true);
  });
  it('needs every word', () => {
    expect(matchesSearch(c, 'honda suzuki')).toBe(false);
  });
  it('does not search the message text', () => {
    expect(matchesSearch(c, 'available')).toBe(false);
  });
  it('blank search matches all; a chat without listing still matches names', () => {
    expect(matchesSearch(c, '   ')).toBe(true);
    expect(matchesSearch(chat({ id: 'b', listing: null }), 'ravi')).toBe(true);
  });
});

describe('filterChats', () => {
  it('applies filter and search together', () => {
    const chats = [chat({ id: 'a', unreadCount: 1 }), chat({ id: 'b', unreadCount: 1, listing: null }), chat({ id: 'c' })];
    expect(filterChats(chats, { search: 'honda', filter: 'unread', viewerId: ME }).map((c) => c.id)).toEqual(['a']);
  });
});

describe('sortChats', () => {
  it('puts premium buyers’ unread chats first for the seller, then latest activity', () => {
    const buyer = (id: string, premium: boolean) => person(id, 'B', id, premium);
    const asSeller = (over: Partial<Chat> & { id: string }) => chat({ sellerId: ME, seller: person(ME, 'Me', 'Self'), buyerId: `usr_${over.id}`, ...over });
    const chats = [
      asSeller({ id: 'old-premium-unread', buyer: buyer('usr_x', true), unreadCount: 1, lastMessageAt: '2025-01-01T08:00:00.000Z' }),
      asSeller({ id: 'new', buyer: buyer('usr_y', false), lastMessageAt: '2025-01-02T08:00:00.000Z' }),
      asSeller({ id: 'premium-read', buyer: buyer('usr_z', true), lastMessageAt: '2025-01-01T09:00:00.000Z' }),
    ];
    expect(sortChats(chats, ME).map((c) => c.id)).toEqual(['old-premium-unread', 'new', 'premium-read']);
  });

  it('uses creation time for chats without messages', () => {
    const chats = [chat({ id: 'a', lastMessageAt: null, createdAt: '2025-01-03T00:00:00.000Z' }), chat({ id: 'b' })];
    expect(sortChats(chats, ME).map((c) => c.id)).toEqual(['a', 'b']);
  });
});

describe('applyChatUpdate', () => {
  const base = chat({ id: 'a', lastSeq: 3, unreadCount: 1 });
  it("adds the other member's new messages to the unread count", () => {
    const next = applyChatUpdate(base, { lastMessage: 'New!', lastMessageAt: '2025-01-01T11:00:00.000Z', lastSeq: 5, senderId: 'usr_seller' }, ME);
    expect(next).toMatchObject({ lastMessage: 'New!', lastSeq: 5, unreadCount: 3 });
  });
  it('clears the unread count for our own message', () => {
    expect(applyChatUpdate(base, { lastMessage: 'Mine', lastMessageAt: 'x', lastSeq: 4, senderId: ME }, ME).unreadCount).toBe(0);
  });
  it('ignores stale or repeated updates', () => {
    expect(applyChatUpdate(base, { lastMessage: 'Old', lastMessageAt: 'x', lastSeq: 3, senderId: 'usr_seller' }, ME)).toBe(base);
  });
});
