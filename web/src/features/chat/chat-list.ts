import { msg } from '../../lib/i18n';
import type { Chat, ChatPerson, ChatUpdate } from './types';

export const CHAT_FILTERS = [
  { id: 'all', label: msg('All'), hint: msg('All conversations') },
  {
    id: 'meeting',
    label: msg('Meeting'),
    hint: msg('Conversations whose last message talks about meeting up: meet, visit, come, see it, pick up, address or location'),
  },
  { id: 'unread', label: msg('Unread'), hint: msg('Conversations with messages you have not read') },
  { id: 'important', label: msg('Important'), hint: msg('Conversations you starred') },
  { id: 'elite', label: msg('SEL Buyer'), hint: msg('Conversations with SEL Buyer members') },
] as const;

export type ChatFilter = (typeof CHAT_FILTERS)[number]['id'];

/** Inbox tabs: chats about ads the viewer is buying, or about the viewer's own ads. */
export const CHAT_ROLES = [
  { id: 'all', label: msg('All') },
  { id: 'buying', label: msg('Buying') },
  { id: 'selling', label: msg('Selling') },
] as const;

export type ChatRoleTab = (typeof CHAT_ROLES)[number]['id'];

export function matchesRole(chat: Pick<Chat, 'buyerId' | 'sellerId'>, role: ChatRoleTab, viewerId: string): boolean {
  if (role === 'buying') return chat.buyerId === viewerId;
  if (role === 'selling') return chat.sellerId === viewerId;
  return true;
}

/** A last message that arranges a meeting ("Can I come and see it?", "Share the address"). */
export const MEETING_PATTERN = /\b(meet|meeting|visit|come|see it|pick ?up|address|location)\b/i;

export function otherParty(chat: Chat, viewerId: string): ChatPerson {
  return chat.buyerId === viewerId ? chat.seller : chat.buyer;
}

export function personName(person: { firstName: string; lastName: string } | null | undefined): string {
  const name = [person?.firstName, person?.lastName].filter(Boolean).join(' ').trim();
  return name || 'Unknown user';
}

export function matchesFilter(chat: Chat, filter: ChatFilter, viewerId: string): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'unread':
      return chat.unreadCount > 0;
    case 'important':
      return chat.isStarred;
    case 'elite':
      return otherParty(chat, viewerId).isPremium;
    case 'meeting':
      return MEETING_PATTERN.test(chat.lastMessage ?? '');
  }
}

/** Every word typed must appear in the listing title or a member's first or last name. */
export function matchesSearch(chat: Chat, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const haystack = [chat.listing?.title, chat.buyer.firstName, chat.buyer.lastName, chat.seller.firstName, chat.seller.lastName]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export function filterChats(
  chats: readonly Chat[],
  options: { search: string; filter: ChatFilter; viewerId: string; role?: ChatRoleTab },
): Chat[] {
  return chats.filter(
    (chat) =>
      matchesRole(chat, options.role ?? 'all', options.viewerId) &&
      matchesFilter(chat, options.filter, options.viewerId) &&
      matchesSearch(chat, options.search),
  );
}

const activityTime = (chat: Chat) => Date.parse(chat.lastMessageAt ?? chat.createdAt) || 0;

/**
 * The server's order, kept after live updates: a seller sees premium buyers' unread chats first
 * (the Basic plan's priority position), then everything by latest activity.
 */
export function sortChats(chats: readonly Chat[], viewerId: string): Chat[] {
  const priority = (chat: Chat) => (chat.sellerId === viewerId && chat.buyer.isPremium && chat.unreadCount > 0 ? 1 : 0);
  return [...chats].sort((a, b) => priority(b) - priority(a) || activityTime(b) - activityTime(a) || (a.id < b.id ? 1 : -1));
}

/**
 * A new last message in a chat (an inbox `chat_updated`, or a message seen in the open room).
 * Only moves forward; the other member's messages add to our unread count; our own (from another
 * tab) mean we have read everything.
 */
export function applyChatUpdate(chat: Chat, update: Omit<ChatUpdate, 'type' | 'chatId'>, viewerId: string): Chat {
  if (update.lastSeq <= chat.lastSeq) return chat;
  const unreadCount = update.senderId === viewerId ? 0 : chat.unreadCount + (update.lastSeq - chat.lastSeq);
  return { ...chat, lastMessage: update.lastMessage, lastMessageAt: update.lastMessageAt, lastSeq: update.lastSeq, unreadCount };
}
