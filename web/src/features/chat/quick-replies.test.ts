import { describe, expect, it } from 'vitest';
import { HINDI } from '../../lib/i18n-hi';
import { translate } from '../../lib/i18n';
import { CHAT_ROLES, filterChats, matchesRole } from './chat-list';
import { messageLengthState, formatDayLabel, formatChatListTime, offerText } from './format';
import { QUICK_REPLIES, chatRole } from './quick-replies';
import type { Chat } from './types';

const chat = (id: string, buyerId: string, sellerId: string) =>
  ({ id, buyerId, sellerId, buyer: { isPremium: false }, seller: { isPremium: false }, unreadCount: 0, isStarred: false, lastMessage: null }) as unknown as Chat;

describe('role-aware quick replies', () => {
  it('gives the buyer questions and the seller answers; only a buyer makes offers', () => {
    expect(chatRole({ buyerId: 'me' }, 'me')).toBe('buyer');
    expect(chatRole({ buyerId: 'other' }, 'me')).toBe('seller');
    const buyer = QUICK_REPLIES.buyer.map((r) => r.text);
    const seller = QUICK_REPLIES.seller.map((r) => r.text);
    expect(buyer).toContain('Is it still available?');
    expect(buyer).toContain(null);
    expect(seller).not.toContain(null);
    expect(seller).toContain('Yes, it is available.');
    // a buyer never says a seller's line and the other way round
    expect(buyer.filter((text) => seller.includes(text))).toEqual([]);
  });

  it('has every label and text in Hindi', () => {
    const all = [...QUICK_REPLIES.buyer, ...QUICK_REPLIES.seller].flatMap((r) => [r.label, r.text ?? r.label]);
    expect(all.filter((key) => !HINDI[key])).toEqual([]);
  });
});

describe('Buying / Selling tabs', () => {
  const chats = [chat('a', 'me', 's1'), chat('b', 'b1', 'me'), chat('c', 'me', 's2')];
  it('splits the inbox by the viewer’s side', () => {
    expect(CHAT_ROLES.map((r) => r.id)).toEqual(['all', 'buying', 'selling']);
    expect(matchesRole(chats[0]!, 'buying', 'me')).toBe(true);
    expect(matchesRole(chats[0]!, 'selling', 'me')).toBe(false);
    expect(filterChats(chats, { search: '', filter: 'all', viewerId: 'me', role: 'buying' }).map((c) => c.id)).toEqual(['a', 'c']);
    expect(filterChats(chats, { search: '', filter: 'all', viewerId: 'me', role: 'selling' }).map((c) => c.id)).toEqual(['b']);
    expect(filterChats(chats, { search: '', filter: 'all', viewerId: 'me' })).toHaveLength(3);
  });
});

describe('the message length counter', () => {
  it('shows while typing and reports how far over the limit a message is, never cutting it', () => {
    expect(messageLengthState(0, 2000)).toEqual({ show: false, over: 0 });
    expect(messageLengthState(12, 2000)).toEqual({ show: true, over: 0 });
    expect(messageLengthState(2000, 2000)).toEqual({ show: true, over: 0 });
    expect(messageLengthState(3000, 2000)).toEqual({ show: true, over: 1000 });
  });
});

describe('chat dates and offers in Hindi', () => {
  const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).toISOString();
  const NOW = new Date(2025, 5, 15, 18, 30);
  it('labels days through Intl', () => {
    expect(formatDayLabel(at(2025, 6, 15), NOW, 'hi')).toBe('आज');
    expect(formatDayLabel(at(2025, 6, 14), NOW, 'hi')).toBe('कल');
    expect(formatChatListTime(at(2025, 6, 14), NOW, 'hi')).toBe('कल');
    expect(formatDayLabel(at(2025, 3, 2), NOW, 'hi')).toMatch(/^2 मार्च?/);
    expect(formatDayLabel(at(2024, 3, 2), NOW, 'hi')).toContain('2024');
    // English unchanged
    expect(formatDayLabel(at(2025, 6, 14), NOW)).toBe('Yesterday');
  });
  it('writes the offer in the sender’s language', () => {
    expect(offerText(25000)).toBe('My offer: ₹ 25,000');
    expect(offerText(25000, (text, params) => translate(HINDI, text, params))).toBe('मेरा ऑफ़र: ₹ 25,000');
  });
});
