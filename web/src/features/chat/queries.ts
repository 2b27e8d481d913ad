import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { chatApi, chatKeys } from './api';

export const chatQueries = {
  list: (userId: string) =>
    infiniteQueryOptions({
      queryKey: chatKeys.list(userId),
      queryFn: ({ pageParam, signal }) => chatApi.listChats(pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined),
      // Live events keep it current; a reconnect invalidates it.
      staleTime: 60_000,
    }),
  detail: (userId: string, chatId: string) =>
    queryOptions({
      queryKey: chatKeys.detail(userId, chatId),
      queryFn: ({ signal }) => chatApi.getChat(chatId, signal),
      staleTime: 0,
    }),
};
