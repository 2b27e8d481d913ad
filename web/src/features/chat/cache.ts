import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { notificationKeys } from '../notifications/api';
import { chatKeys } from './api';
import { sortChats } from './chat-list';
import type { Chat, ChatsPage, Notification, NotificationsPage, UnreadCount } from './types';

/**
 * Writes to the query cache shared by the socket handlers and the screens: every live event lands
 * here, so the inbox list, the open chat and the header badges show the same state.
 */

export type ChatListData = InfiniteData<ChatsPage, number>;

/** Applies `change` to all loaded chats, keeping the pages' sizes (so "load more" stays aligned). */
export function updateChatList(queryClient: QueryClient, userId: string, change: (chats: Chat[]) => Chat[]): boolean {
  let found = false;
  queryClient.setQueryData<ChatListData>(chatKeys.list(userId), (data) => {
    if (!data) return data;
    found = true;
    const next = change(data.pages.flatMap((page) => page.chats));
    let offset = 0;
    const pages = data.pages.map((page, index) => {
      const size = index === data.pages.length - 1 ? Math.max(next.length - offset, 0) : page.chats.length;
      const chats = next.slice(offset, offset + size);
      offset += size;
      return { ...page, chats };
    });
    return { ...data, pages };
  });
  return found;
}

/** The list's copy first: that is where unread counts live (a detail refetch may lag a read). */
export function findChat(queryClient: QueryClient, userId: string, chatId: string): Chat | undefined {
  const list = queryClient.getQueryData<ChatListData>(chatKeys.list(userId));
  const inList = list?.pages.flatMap((page) => page.chats).find((chat) => chat.id === chatId);
  return inList ?? queryClient.getQueryData<Chat>(chatKeys.detail(userId, chatId));
}

/** Changes one chat wherever it is cached; false when the list doesn't hold it (a new chat). */
export function patchChat(queryClient: QueryClient, userId: string, chatId: string, patch: (chat: Chat) => Chat): boolean {
  let inList = false;
  updateChatList(queryClient, userId, (chats) => {
    const next = chats.map((chat) => {
      if (chat.id !== chatId) return chat;
      inList = true;
      return patch(chat);
    });
    return inList ? sortChats(next, userId) : chats;
  });
  queryClient.setQueryData<Chat>(chatKeys.detail(userId, chatId), (chat) => (chat ? patch(chat) : chat));
  return inList;
}

/** A chat just opened or created: cached as detail and shown in the list. */
export function upsertChat(queryClient: QueryClient, userId: string, chat: Chat) {
  queryClient.setQueryData<Chat>(chatKeys.detail(userId, chat.id), chat);
  updateChatList(queryClient, userId, (chats) =>
    sortChats(chats.some((c) => c.id === chat.id) ? chats.map((c) => (c.id === chat.id ? chat : c)) : [chat, ...chats], userId),
  );
}

export function setUnreadCounts(queryClient: QueryClient, userId: string, counts: UnreadCount) {
  queryClient.setQueryData<UnreadCount>(notificationKeys.unread(userId), {
    unreadMessages: counts.unreadMessages,
    unreadNotifications: counts.unreadNotifications,
    total: counts.total,
  });
}

/** An optimistic change to the badges, corrected by the next count from the server. */
export function adjustUnreadCounts(queryClient: QueryClient, userId: string, delta: { messages?: number; notifications?: number }) {
  queryClient.setQueryData<UnreadCount>(notificationKeys.unread(userId), (counts) => {
    if (!counts) return counts;
    const unreadMessages = Math.max(0, counts.unreadMessages + (delta.messages ?? 0));
    const unreadNotifications = Math.max(0, counts.unreadNotifications + (delta.notifications ?? 0));
    return { unreadMessages, unreadNotifications, total: unreadMessages + unreadNotifications };
  });
}

export type NotificationListData = NotificationsPage;

export function updateNotifications(queryClient: QueryClient, userId: string, change: (list: Notification[]) => Notification[]) {
  queryClient.setQueryData<NotificationListData>(notificationKeys.list(userId), (data) =>
    data ? { ...data, notifications: change(data.notifications) } : data,
  );
}
