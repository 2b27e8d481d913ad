import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useStoredToken } from '../auth/auth-store';
import { useAuth } from '../auth/use-auth';
import { UNREAD_MIN_INTERVAL_MS, ZERO_COUNTS, notificationKeys } from '../notifications/api';
import { unreadLoaderFor } from '../notifications/unread-refresh';
import { acquireInbox, getInboxSnapshot, subscribeInbox, type RealtimeStatus } from './inbox-store';
import type { UnreadCount } from './types';

export type { RealtimeStatus };

export interface InboxState {
  /** The signed-in user's id, or null for guests (and while the session is being checked). */
  userId: string | null;
  status: RealtimeStatus;
  counts: UnreadCount;
  /** True once counts have come from the server (socket or REST), so a badge can tell 0 from unknown. */
  countsKnown: boolean;
}

/**
 * The live inbox for the signed-in user: connects while any component uses it (one socket for the
 * whole app), disconnects on sign-out, and — when the socket has been down for over 10 s — polls
 * the unread count over REST every 30 s instead.
 */
export function useInbox(): InboxState {
  const { status: authStatus, user } = useAuth();
  const token = useStoredToken();
  const queryClient = useQueryClient();
  const userId = authStatus === 'authenticated' && user ? user.id : null;

  useEffect(() => {
    if (!userId || !token) return;
    return acquireInbox(userId, token, queryClient);
  }, [userId, token, queryClient]);

  const snapshot = useSyncExternalStore(subscribeInbox, getInboxSnapshot, getInboxSnapshot);
  // Until the socket for this user is asked for (the effect above), it is about to connect.
  const status: RealtimeStatus = !userId ? 'closed' : snapshot.userId === userId ? snapshot.status : 'connecting';
  const polling = !!userId && status === 'closed';

  const counts = useQuery({
    queryKey: notificationKeys.unread(userId ?? 'guest'),
    queryFn: () => unreadLoaderFor(userId!).load(),
    enabled: polling,
    refetchInterval: polling ? UNREAD_MIN_INTERVAL_MS : false,
    refetchIntervalInBackground: false,
    staleTime: UNREAD_MIN_INTERVAL_MS,
    retry: false,
  });

  return { userId, status, counts: (userId && counts.data) || ZERO_COUNTS, countsKnown: !!userId && counts.data !== undefined };
}

