import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { chatApi, chatKeys } from './api';
import { patchChat, upsertChat } from './cache';
import { CHAT_ERRORS, chatErrorText } from './errors';

/** The Important star: shown at once, undone with a toast if the server refuses. */
export function useStarChat(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chatId, starred }: { chatId: string; starred: boolean }) => chatApi.star(chatId, starred),
    onMutate: ({ chatId, starred }) => {
      patchChat(queryClient, userId, chatId, (chat) => ({ ...chat, isStarred: starred }));
    },
    onError: (error, { chatId, starred }) => {
      patchChat(queryClient, userId, chatId, (chat) => ({ ...chat, isStarred: !starred }));
      toast.error(chatErrorText(error, 'Could not update the conversation. Please try again.'));
    },
  });
}

/** POST /api/messages/chats: the conversation about a listing, created on first contact. */
export function useStartChat(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listingId: string) => chatApi.startChat(listingId),
    onSuccess: ({ chat }) => {
      upsertChat(queryClient, userId, chat);
      // A list fetched while the chat was being created doesn't have it yet.
      void queryClient.invalidateQueries({ queryKey: chatKeys.list(userId) });
    },
    meta: { errorMessage: CHAT_ERRORS.getOrCreate },
  });
}
