import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import type { ReportReason } from '../../../../worker/schemas/trust-data';

export interface BlockedUser {
  id: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
  blockedAt: string;
}

export const trustKeys = {
  all: ['trust'] as const,
  blocked: () => ['trust', 'blocked'] as const,
};

export const trustQueries = {
  blocked: () =>
    queryOptions({
      queryKey: trustKeys.blocked(),
      queryFn: ({ signal }) => api.get<{ users: BlockedUser[] }>('/users/blocked', undefined, { signal }).then((d) => d.users),
      staleTime: 60_000,
    }),
};

export const reportListing = (listingId: string, reason: ReportReason, details: string) =>
  api.post<{ reportId: string; created: boolean; held: boolean }>(`/listings/${encodeURIComponent(listingId)}/report`, {
    reason,
    ...(details.trim() ? { details: details.trim() } : {}),
  });

/** Whether I blocked `userId` (false while signed out or loading). */
export function useIsBlocked(userId: string, enabled: boolean) {
  const blocked = useQuery({ ...trustQueries.blocked(), enabled });
  return { isBlocked: !!blocked.data?.some((u) => u.id === userId), loading: blocked.isLoading && enabled };
}

export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, block }: { userId: string; block: boolean; name?: string }) =>
      block ? api.post<{ blocked: boolean }>(`/users/${encodeURIComponent(userId)}/block`) : api.delete<{ blocked: boolean }>(`/users/${encodeURIComponent(userId)}/block`),
    onSuccess: (_data, { block, name }) => {
      toast.success(block ? `${name ?? 'User'} is blocked. They can no longer message you.` : `${name ?? 'User'} is unblocked.`);
      void queryClient.invalidateQueries({ queryKey: trustKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['chats'] });
    },
    onError: (error) => toast.error(error instanceof Error ? error.message : 'Could not change the block. Please try again.'),
  });
}
