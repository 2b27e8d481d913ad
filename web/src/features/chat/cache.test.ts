import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { notificationKeys } from '../notifications/api';
import { chatKeys } from './api';
import { adjustUnreadCounts, findChat, patchChat, updateChatList, type ChatListData } from './cache';
import { handleInboxEvent } from './inbox-connection';
import type { Chat, Notification } from './types';

const ME = 'usr_me';
const person = (id: string) => ({ id, firstName: id, lastName: 'X', avatar: null, isPremium: false });
const chat = (id: string, minute: number, over: Partial<Chat> = {}): Chat => ({
  id,
  buyerId: ME,
  sellerId: `seller_${id}`,
  buyer: person(ME),
  seller: person(`seller_${id}`),
  listing: null,
  lastMessage: `last ${id}`,
  lastMessageAt: new Date(Date.UTC(2025, 0, 1, 10, minute)).toISOString(),
  lastSeq: 1,
  unreadCount: 0,
  otherLastReadSeq: 0,
  isStarred: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

function setup() {
  const queryClient = new QueryClient();
  const data: ChatListData = {
    pages: [
      { chats: [chat('a', 50), chat('b', 40)], pagination: { page: 1, limit: 2, total: 3, pages: 2 } },
      { chats: [chat('c', 30)], pagination: { page: 2, limit: 2, total: 3, pages: 2 } },
    ],
    pageParams: [1, 2],
  };
  queryClient.setQueryData(chatKeys.list(ME), data);
  queryClient.setQueryData(notificationKeys.unread(ME), { unreadMessages: 2, unreadNotifications: 1, total: 3 });
  const ids = () => queryClient.getQueryData<ChatListData>(chatKeys.list(ME))!.pages.map((p) => p.chats.map((c) => c.id));
  return { queryClient, ids };
}

describe('chat list cache', () => {
  it('keeps page sizes when a chat moves to the top', () => {
    const { queryClient, ids } = setup();
    patchChat(queryClient, ME, 'c', (c) => ({ ...c, lastMessageAt: '2025-01-02T00:00:00.000Z' }));
    expect(ids()).toEqual([['c', 'a'], ['b']]);
  });

  it('finds chats in the list and reports unknown ones', () => {
    const { queryClient } = setup();
    expect(findChat(queryClient, ME, 'b')?.id).toBe('b');
    expect(patchChat(queryClient, ME, 'zzz', (c) => c)).toBe(false);
  });

  it('adds a chat through updateChatList onto the last page', () => {
    const { queryClient, ids } = setup();
    updateChatList(queryClient, ME, (chats) => [...chats, chat('d', 1)]);
    expect(ids()).toEqual([['a', 'b'], ['c', 'd']]);
  });

  it('never lets optimistic badge changes go below zero', () => {
    const { queryClient } = setup();
    adjustUnreadCounts(queryClient, ME, { messages: -5 });
    expect(queryClient.getQueryData(notificationKeys.unread(ME))).toEqual({ unreadMessages: 0, unreadNotifications: 1, total: 1 });
  });
});

describe('inbox events', () => {
  it('unread_count replaces the badge counts', () => {
    const { queryClient } = setup();
    handleInboxEvent(queryClient, ME, { type: 'unread_count', unreadMessages: 7, unreadNotifications: 0, total: 7 });
    expect(queryClient.getQueryData(notificationKeys.unread(ME))).toEqual({ unreadMessages: 7, unreadNotifications: 0, total: 7 });
  });

  it('chat_updated moves the chat up with its new last message and unread count', () => {
    const { queryClient, ids } = setup();
    handleInboxEvent(queryClient, ME, { type: 'chat_updated', chatId: 'b', lastMessage: 'New!', lastMessageAt: '2025-01-03T00:00:00.000Z', lastSeq: 3, senderId: 'seller_b' });
    expect(ids()).toEqual([['b', 'a'], ['c']]);
    expect(findChat(queryClient, ME, 'b')).toMatchObject({ lastMessage: 'New!', unreadCount: 2, lastSeq: 3 });
  });

  it('chat_updated for an unknown chat refetches the list', () => {
    const { queryClient } = setup();
    handleInboxEvent(queryClient, ME, { type: 'chat_updated', chatId: 'new', lastMessage: 'Hi', lastMessageAt: '2025-01-03T00:00:00.000Z', lastSeq: 1, senderId: 'x' });
    expect(queryClient.getQueryState(chatKeys.list(ME))?.isInvalidated).toBe(true);
  });

  it('notification and notification_read update the list once', () => {
    const { queryClient } = setup();
    queryClient.setQueryData(notificationKeys.list(ME), { notifications: [], pagination: { page: 1, limit: 20, total: 0, pages: 0 } });
    const n: Notification = { id: 'n1', title: 'New message', body: 'Hi', type: 'MESSAGE', data: {}, isRead: false, readAt: null, createdAt: '2025-01-01T00:00:00.000Z' };
    handleInboxEvent(queryClient, ME, { type: 'notification', notification: n });
    handleInboxEvent(queryClient, ME, { type: 'notification', notification: n });
    const list = () => queryClient.getQueryData<{ notifications: Notification[] }>(notificationKeys.list(ME))!.notifications;
    expect(list()).toHaveLength(1);
    handleInboxEvent(queryClient, ME, { type: 'notification_read', id: 'n1' });
    expect(list()[0]?.isRead).toBe(true);
  });
});
