import type { QueryClient } from '@tanstack/react-query';
import PartySocket from 'partysocket';
import { api } from '../../lib/api';
import { getStoredToken } from '../../lib/auth-token';
import { notificationKeys } from '../notifications/api';
import { checkPushedCounts } from '../notifications/unread-refresh';
import { chatKeys } from './api';
import { applyChatUpdate } from './chat-list';
import { patchChat, setUnreadCounts, updateNotifications } from './cache';
import { TOO_MANY_SOCKETS_CLOSE_CODE } from '../../../../worker/schemas/realtime-limits';
import { isConnectableToken } from './jwt';
import { HEARTBEAT_INTERVAL_MS, HEARTBEAT_TIMEOUT_MS, OFFLINE_FALLBACK_MS, parseEvent, socketOptions } from './socket-options';
import type { RealtimeStatus } from './types';
import type { InboxEvent } from './types';

/**
 * Opens the inbox socket for this user and writes its events into the query cache; returns the
 * function that closes it. Loaded on demand by inbox-store (partysocket stays out of the entry chunk).
 */
/** Close code the server uses when this user's sessions end (durable-objects/user-inbox.ts). */
const SESSION_ENDED = 4001;

export function connect(userId: string, token: string, queryClient: QueryClient, setStatus: (status: RealtimeStatus) => void, getStatus: () => RealtimeStatus): () => void {
  if (!isConnectableToken(token)) {
    // Nothing to connect with; the REST fallback takes over (and a dead token gets the user signed out).
    setStatus('closed');
    return () => {};
  }
  setStatus('connecting');

  const socket = new PartySocket({
    ...socketOptions(),
    party: 'user-inbox',
    room: userId,
    // Read on every (re)connect: a refreshed token is picked up without a new socket.
    query: () => ({ token: getStoredToken() ?? token }),
  });

  let everOpened = false;
  let offlineTimer: ReturnType<typeof setTimeout> | undefined;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;

  const startOfflineTimer = () => {
    if (offlineTimer) return;
    offlineTimer = setTimeout(() => setStatus('closed'), OFFLINE_FALLBACK_MS);
  };
  startOfflineTimer();

  const onOpen = () => {
    clearTimeout(offlineTimer);
    offlineTimer = undefined;
    setStatus('connected');
    // Events sent while we were away are lost: reload what they would have changed.
    if (everOpened) {
      void queryClient.invalidateQueries({ queryKey: chatKeys.list(userId) });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list(userId) });
    }
    everOpened = true;
  };

  const onClose = (event: CloseEvent) => {
    clearTimeout(pongTimer);
    if (event.code === SESSION_ENDED) {
      // The server ended this session (logged out everywhere, account deleted). Ask the API: its
      // 401 drops the token and signs this tab out (lib/api), instead of knocking until then.
      api.get('/auth/profile').catch(() => undefined);
    }
    if (event.code === TOO_MANY_SOCKETS_CLOSE_CODE) {
      // This user has more tabs open than the server keeps sockets for: this one lives on REST
      // polling, and knocks again only when it comes back to the front (wake, below).
      socket.close();
      clearTimeout(offlineTimer);
      offlineTimer = undefined;
      setStatus('closed');
      return;
    }
    if (!isConnectableToken(getStoredToken())) {
      // Signed out or expired: stop knocking. The auth layer takes it from here.
      socket.close();
      clearTimeout(offlineTimer);
      setStatus('closed');
      return;
    }
    if (getStatus() === 'connected') setStatus('connecting');
    startOfflineTimer();
  };

  const onMessage = (event: MessageEvent) => {
    if (event.data === 'pong') {
      clearTimeout(pongTimer);
      return;
    }
    const parsed = parseEvent<InboxEvent>(event.data);
    if (parsed) handleInboxEvent(queryClient, userId, parsed);
  };

  // A socket can die without a close event (sleeping laptop, dropped Wi-Fi): ping it.
  const heartbeat = setInterval(() => {
    if (socket.readyState !== WebSocket.OPEN) return;
    socket.send('ping');
    clearTimeout(pongTimer);
    pongTimer = setTimeout(() => socket.reconnect(), HEARTBEAT_TIMEOUT_MS);
  }, HEARTBEAT_INTERVAL_MS);

  const wake = () => {
    if (document.visibilityState === 'hidden') return;
    if (socket.readyState !== WebSocket.OPEN) socket.reconnect();
  };

  socket.addEventListener('open', onOpen);
  socket.addEventListener('close', onClose);
  socket.addEventListener('message', onMessage);
  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', wake);

  return () => {
    clearInterval(heartbeat);
    clearTimeout(pongTimer);
    clearTimeout(offlineTimer);
    window.removeEventListener('online', wake);
    document.removeEventListener('visibilitychange', wake);
    socket.removeEventListener('open', onOpen);
    socket.removeEventListener('close', onClose);
    socket.removeEventListener('message', onMessage);
    socket.close();
  };
}

/** Inbox events → query cache. */
export function handleInboxEvent(queryClient: QueryClient, userId: string, event: InboxEvent) {
  switch (event.type) {
    case 'unread_count':
      setUnreadCounts(queryClient, userId, event);
      checkPushedCounts(queryClient, userId);
      return;
    case 'chat_updated': {
      const known = patchChat(queryClient, userId, event.chatId, (chat) => applyChatUpdate(chat, event, userId));
      // Someone opened a new conversation with us: the list needs a fresh page.
      if (!known) void queryClient.invalidateQueries({ queryKey: chatKeys.list(userId) });
      return;
    }
    case 'notification':
      updateNotifications(queryClient, userId, (list) =>
        list.some((n) => n.id === event.notification.id) ? list : [event.notification, ...list],
      );
      return;
    case 'notification_read': {
      const readAt = new Date().toISOString();
      if (event.all) updateNotifications(queryClient, userId, (list) => list.map((n) => (n.isRead ? n : { ...n, isRead: true, readAt })));
      else if (event.id) updateNotifications(queryClient, userId, (list) => list.map((n) => (n.id === event.id && !n.isRead ? { ...n, isRead: true, readAt } : n)));
      return;
    }
  }
}

