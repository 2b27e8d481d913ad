import type { QueryClient } from '@tanstack/react-query';

import type { RealtimeStatus } from './types';

export type { RealtimeStatus };

export interface InboxSnapshot {
  userId: string | null;
  /** 'closed' once the socket has been down for more than OFFLINE_FALLBACK_MS (or can't connect at all). */
  status: RealtimeStatus;
}

/**
 * The user's inbox socket: one per signed-in user for the whole app, however many components ask
 * for it (header badges, the chat page). This module is the small, always-loaded part (status and
 * reference counting); the socket itself (inbox-connection, with partysocket) loads on demand so
 * it stays out of the entry chunk.
 */
let snapshot: InboxSnapshot = { userId: null, status: 'closed' };
const listeners = new Set<() => void>();

function setSnapshot(next: InboxSnapshot) {
  if (next.userId === snapshot.userId && next.status === snapshot.status) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

export function subscribeInbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getInboxSnapshot(): InboxSnapshot {
  return snapshot;
}

interface Holder {
  key: string;
  refs: number;
  stopped: boolean;
  stop: () => void;
  closeTimer?: ReturnType<typeof setTimeout>;
}

let current: Holder | null = null;
/** Unmount-then-mount (route change, StrictMode) within this window keeps the same socket. */
const RELEASE_GRACE_MS = 1500;

function open(userId: string, token: string, queryClient: QueryClient): Holder {
  const holder: Holder = { key: `${userId}:${token.slice(-16)}`, refs: 1, stopped: false, stop: () => {} };
  let close: (() => void) | null = null;
  holder.stop = () => {
    holder.stopped = true;
    close?.();
  };
  setSnapshot({ userId, status: 'connecting' });
  import('./inbox-connection')
    .then(({ connect }) => {
      if (holder.stopped) return;
      close = connect(
        userId,
        token,
        queryClient,
        (status) => {
          if (!holder.stopped) setSnapshot({ userId, status });
        },
        () => snapshot.status,
      );
    })
    .catch(() => {
      // The code didn't load (offline, or a new release replaced it): the REST fallback takes over.
      if (!holder.stopped) setSnapshot({ userId, status: 'closed' });
    });
  return holder;
}

/** Holds the inbox socket for this user and token; call the returned function to let go. */
export function acquireInbox(userId: string, token: string, queryClient: QueryClient): () => void {
  const key = `${userId}:${token.slice(-16)}`;
  if (current?.key === key) {
    current.refs++;
    clearTimeout(current.closeTimer);
  } else {
    current?.stop();
    current = open(userId, token, queryClient);
  }
  const holder = current;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holder.refs--;
    if (holder.refs > 0 || current !== holder) return;
    holder.closeTimer = setTimeout(() => {
      if (current !== holder || holder.refs > 0) return;
      holder.stop();
      current = null;
      setSnapshot({ userId: null, status: 'closed' });
    }, RELEASE_GRACE_MS);
  };
}
