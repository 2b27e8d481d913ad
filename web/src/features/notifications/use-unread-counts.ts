import { useInbox, type RealtimeStatus } from '../chat/use-inbox';

export interface UnreadCounts {
  unreadMessages: number;
  unreadNotifications: number;
  total: number;
  /** The live connection: 'connected' means the numbers update by themselves. */
  status: RealtimeStatus;
  signedIn: boolean;
}

/**
 * Unread messages and notifications for the header badges, live from the inbox socket (REST
 * polling when it can't connect). Zeros for guests. Using it keeps the inbox connected.
 */
export function useUnreadCounts(): UnreadCounts {
  const { userId, status, counts } = useInbox();
  return { ...counts, status, signedIn: userId !== null };
}
