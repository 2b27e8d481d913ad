import { useQuery, useQueryClient } from '@tanstack/react-query';
import PartySocket from 'partysocket';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../lib/api';
import { getStoredToken } from '../../lib/auth-token';
import { chatApi, chatKeys, newClientId, withRetry } from './api';
import { adjustUnreadCounts, findChat, patchChat } from './cache';
import { applyChatUpdate } from './chat-list';
import { CHAT_ERRORS, blockedText, chatErrorText } from './errors';
import { dropQueued, enqueueMessage, flushOutbox, readOutbox, subscribeOutbox } from './outbox';
import { createPendingMessage, lastContiguousSeq, latestIncomingSeq, mergeMessages, oldestSeq, setDeliveryStatus } from './messages';
import { HEARTBEAT_INTERVAL_MS, HEARTBEAT_TIMEOUT_MS, OFFLINE_FALLBACK_MS, parseEvent, socketOptions } from './socket-options';
import { TOO_MANY_SOCKETS_CLOSE_CODE } from '../../../../worker/schemas/realtime-limits';
import type { Chat, LocalMessage, MessageType, RoomEvent, ServerMessage } from './types';
import { markChatNotificationsRead, noteLocalRead } from '../notifications/unread-refresh';
import type { RealtimeStatus } from './types';

/** Mirrors MAX_MESSAGE_LENGTH in worker/schemas/chat.ts (a value import would pull full zod in). */
export const MAX_MESSAGE_LENGTH = 2000;
/** Typing stops after 1 s without a keystroke (spec part 2 §4). */
export const TYPING_IDLE_MS = 1000;
/** A lost typing_stop must not leave "Someone is typing..." up forever. */
const TYPING_SHOWN_MAX_MS = 6000;
/** While typing continues, typing_start is sent again this often (well inside TYPING_SHOWN_MAX_MS). */
const TYPING_REPEAT_MS = 3000;
/** No ack over the socket within this time: the same message (same clientId) goes over REST. */
const ACK_TIMEOUT_MS = 8000;
/** While the room socket is down, new messages and read ticks come by REST at this pace. */
const FALLBACK_POLL_MS = 10_000;

export interface MessagesState {
  messages: LocalMessage[];
  pagesLoaded: number;
}

export interface Me {
  id: string;
  firstName: string;
  lastName: string;
}

const OPEN = 1; // WebSocket.OPEN, without touching the global during render

/**
 * One open conversation: its messages (REST first page, then live from the chat room socket),
 * sending with optimistic display and exactly-once delivery, typing, read receipts, and catching
 * up after any disconnect (the room replays everything after the last seq we hold).
 */
export function useChatRoom(chat: Chat, me: Me) {
  const queryClient = useQueryClient();
  const chatId = chat.id;
  const key = useMemo(() => chatKeys.messages(me.id, chatId), [me.id, chatId]);

  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }): Promise<MessagesState> => {
      const page = await chatApi.messages(chatId, { page: 1 }, signal);
      // Keep what is already here (older pages, live messages, our unsent ones).
      const current = queryClient.getQueryData<MessagesState>(key);
      return { messages: mergeMessages(current?.messages ?? [], page.messages), pagesLoaded: current?.pagesLoaded ?? 1 };
    },
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });
  const loaded = query.isSuccess;

  const socketRef = useRef<PartySocket | null>(null);
  const awaitingAck = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const restInFlight = useRef(new Set<string>());
  const [roomStatus, setRoomStatus] = useState<RealtimeStatus>('connecting');
  const [otherTyping, setOtherTyping] = useState(false);
  const otherTypingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastMarkedSeq = useRef(Math.max(0, chat.lastSeq - chat.unreadCount));

  const getMessages = useCallback(() => queryClient.getQueryData<MessagesState>(key)?.messages ?? [], [queryClient, key]);

  const updateMessages = useCallback(
    (change: (messages: LocalMessage[]) => LocalMessage[]) =>
      queryClient.setQueryData<MessagesState>(key, (state) => (state ? { ...state, messages: change(state.messages) } : state)),
    [queryClient, key],
  );

  const receive = useCallback(
    (incoming: readonly ServerMessage[]) => {
      const list = incoming.filter((m) => m.chatId === chatId);
      if (!list.length) return;
      updateMessages((messages) => mergeMessages(messages, list));
      let newest = list[0]!;
      for (const m of list) if (m.seq > newest.seq) newest = m;
      patchChat(queryClient, me.id, chatId, (c) =>
        applyChatUpdate(c, { lastMessage: newest.content, lastMessageAt: newest.createdAt, lastSeq: newest.seq, senderId: newest.senderId }, me.id),
      );
      for (const m of list) {
        if (m.clientId && m.senderId === me.id) dropQueued(me.id, m.clientId);
        const timer = m.clientId ? awaitingAck.current.get(m.clientId) : undefined;
        if (timer) {
          clearTimeout(timer);
          awaitingAck.current.delete(m.clientId!);
        }
      }
      if (list.some((m) => m.senderId !== me.id)) {
        clearTimeout(otherTypingTimer.current);
        setOtherTyping(false);
      }
    },
    [chatId, me.id, queryClient, updateMessages],
  );

  const pendingMessage = useCallback(
    (clientId: string) => getMessages().find((m) => m.clientId === clientId && m.status !== 'sent'),
    [getMessages],
  );

  const sendViaRest = useCallback(
    async (clientId: string) => {
      const message = pendingMessage(clientId);
      if (!message || restInFlight.current.has(clientId)) return;
      restInFlight.current.add(clientId);
      try {
        // Same clientId as any socket attempt: the server stores it once whichever arrives first.
        const result = await withRetry(() =>
          chatApi.send({ chatId, content: message.content, messageType: message.messageType === 'OFFER' ? 'OFFER' : 'TEXT', clientId }),
        );
        receive([result.message]);
      } catch (error) {
        if (!pendingMessage(clientId)) return;
        if (isApiError(error) && error.status === 0) {
          // no network: it waits on the phone and goes out when the network is back
          updateMessages((messages) => setDeliveryStatus(messages, clientId, 'queued'));
          return;
        }
        dropQueued(me.id, clientId);
        const blocked = isApiError(error) ? blockedText(error.code, error.message) : null;
        updateMessages((messages) => setDeliveryStatus(messages, clientId, 'failed', blocked ?? chatErrorText(error, CHAT_ERRORS.send), !!blocked));
      } finally {
        restInFlight.current.delete(clientId);
      }
    },
    [chatId, me.id, pendingMessage, receive, updateMessages],
  );

  const deliver = useCallback(
    (clientId: string) => {
      const message = pendingMessage(clientId);
      if (!message) return;
      enqueueMessage(me.id, { clientId, chatId, content: message.content, messageType: message.messageType === 'OFFER' ? 'OFFER' : 'TEXT', createdAt: message.createdAt });
      // offline, or earlier messages of this chat still waiting: it joins the queue, which keeps the order
      const waiting = readOutbox(me.id).some((m) => m.chatId === chatId && m.clientId !== clientId);
      const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
      if (offline || waiting) {
        updateMessages((messages) => setDeliveryStatus(messages, clientId, 'queued'));
        if (!offline) void flushOutbox();
        return;
      }
      updateMessages((messages) => setDeliveryStatus(messages, clientId, 'sending'));
      const socket = socketRef.current;
      // The room's socket send is TEXT only; offers (and everything while the socket is down) go by REST.
      const online = typeof navigator === 'undefined' || navigator.onLine !== false;
      if (message.messageType === 'TEXT' && socket?.readyState === OPEN && online) {
        socket.send(JSON.stringify({ type: 'send', clientId, content: message.content }));
        clearTimeout(awaitingAck.current.get(clientId));
        awaitingAck.current.set(
          clientId,
          setTimeout(() => {
            awaitingAck.current.delete(clientId);
            void sendViaRest(clientId);
          }, ACK_TIMEOUT_MS),
        );
      } else {
        void sendViaRest(clientId);
      }
    },
    [chatId, me.id, pendingMessage, sendViaRest, updateMessages],
  );

  const typingSent = useRef(false);
  const lastTypingStart = useRef(0);
  const typingIdleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const sendRoomEvent = useCallback((event: Record<string, unknown>) => {
    const socket = socketRef.current;
    // Never queue these in partysocket's buffer: a typing event replayed a minute later is a lie.
    if (socket?.readyState !== OPEN) return false;
    socket.send(JSON.stringify(event));
    return true;
  }, []);

  const stopTyping = useCallback(() => {
    clearTimeout(typingIdleTimer.current);
    if (!typingSent.current) return;
    typingSent.current = false;
    sendRoomEvent({ type: 'typing_stop' });
  }, [sendRoomEvent]);

  /** Call on every keystroke in the composer. */
  const noteTyping = useCallback(() => {
    // repeat the start while typing goes on, so the other side's indicator (which times out) stays
    // up and someone who opens the chat mid-sentence sees it too
    const now = Date.now();
    if (!typingSent.current || now - lastTypingStart.current > TYPING_REPEAT_MS) {
      typingSent.current = sendRoomEvent({ type: 'typing_start' });
      lastTypingStart.current = now;
    }
    clearTimeout(typingIdleTimer.current);
    typingIdleTimer.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  }, [sendRoomEvent, stopTyping]);

  const send = useCallback(
    (content: string, messageType: MessageType = 'TEXT') => {
      const text = content.trim();
      if (!text || text.length > MAX_MESSAGE_LENGTH || !loaded) return false;
      stopTyping();
      const clientId = newClientId();
      updateMessages((messages) => [
        ...messages,
        createPendingMessage({ clientId, chatId, senderId: me.id, content: text, messageType, sender: { firstName: me.firstName, lastName: me.lastName } }),
      ]);
      deliver(clientId);
      return true;
    },
    [chatId, deliver, loaded, me.firstName, me.id, me.lastName, stopTyping, updateMessages],
  );

  const markRead = useCallback(() => {
    if (typeof document === 'undefined' || document.visibilityState !== 'visible') return;
    const target = latestIncomingSeq(getMessages(), me.id);
    const unread = findChat(queryClient, me.id, chatId)?.unreadCount ?? 0;
    if (target <= lastMarkedSeq.current && unread <= 0) return;
    lastMarkedSeq.current = Math.max(lastMarkedSeq.current, target);
    const viaSocket = sendRoomEvent(target > 0 ? { type: 'read', seq: target } : { type: 'read' });
    if (!viaSocket) {
      chatApi.markRead(chatId).catch(() => {
        lastMarkedSeq.current = 0; // try again on the next message or visit
      });
    }
    if (unread > 0) {
      patchChat(queryClient, me.id, chatId, (c) => ({ ...c, unreadCount: 0 }));
      adjustUnreadCounts(queryClient, me.id, { messages: -unread });
    }
    noteLocalRead(queryClient, me.id);
    void markChatNotificationsRead(queryClient, me.id, chatId);
  }, [chatId, getMessages, me.id, queryClient, sendRoomEvent]);

  // The room socket opens once the first page is here, asking for everything after what we hold.
  useEffect(() => {
    if (!loaded) return;
    const socket = new PartySocket({
      ...socketOptions(),
      party: 'chat-room',
      room: chatId,
      query: () => ({ token: getStoredToken() ?? '', after: String(lastContiguousSeq(getMessages())) }),
    });
    socketRef.current = socket;
    setRoomStatus('connecting');

    let offlineTimer: ReturnType<typeof setTimeout> | undefined;
    let syncTimer: ReturnType<typeof setTimeout> | undefined;
    const startOfflineTimer = () => {
      if (!offlineTimer) offlineTimer = setTimeout(() => setRoomStatus('closed'), OFFLINE_FALLBACK_MS);
    };
    startOfflineTimer();

    const resendAwaiting = () => {
      for (const [clientId, timer] of awaitingAck.current) {
        clearTimeout(timer);
        void sendViaRest(clientId);
      }
      awaitingAck.current.clear();
    };

    const onOpen = () => {
      clearTimeout(offlineTimer);
      offlineTimer = undefined;
      setRoomStatus('connected');
      typingSent.current = false;
      markRead();
    };
    const onClose = (event: CloseEvent) => {
      clearTimeout(syncTimer);
      if (event.code === TOO_MANY_SOCKETS_CLOSE_CODE) {
        // Too many tabs have this conversation open: this one uses REST until it comes to the front again.
        socket.close();
        clearTimeout(offlineTimer);
        offlineTimer = undefined;
        setRoomStatus('closed');
      }
      setRoomStatus((s) => (s === 'connected' ? 'connecting' : s));
      startOfflineTimer();
      setOtherTyping(false);
      // Sends waiting for an ack on the dead socket go by REST now, with the same clientId.
      resendAwaiting();
    };
    const onMessage = (event: MessageEvent) => {
      const data = parseEvent<RoomEvent>(event.data);
      if (!data) return;
      switch (data.type) {
        case 'new_message':
          receive([data.message]);
          return;
        case 'sync':
          receive(data.messages);
          return;
        case 'synced':
          clearTimeout(syncTimer);
          return;
        case 'ack':
          receive([data.message]);
          return;
        case 'nack': {
          clearTimeout(awaitingAck.current.get(data.clientId));
          awaitingAck.current.delete(data.clientId);
          const blocked = blockedText(data.code, data.error);
          const error = blocked ?? (/too (fast|many)/i.test(data.error) ? CHAT_ERRORS.tooMany : CHAT_ERRORS.send);
          updateMessages((messages) => setDeliveryStatus(messages, data.clientId, 'failed', error, !!blocked));
          return;
        }
        case 'user_typing':
          if (data.userId === me.id) return;
          clearTimeout(otherTypingTimer.current);
          setOtherTyping(data.isTyping);
          if (data.isTyping) otherTypingTimer.current = setTimeout(() => setOtherTyping(false), TYPING_SHOWN_MAX_MS);
          return;
        case 'read':
          if (data.userId === me.id) {
            // Read in another tab of ours.
            patchChat(queryClient, me.id, chatId, (c) => (c.unreadCount ? { ...c, unreadCount: 0 } : c));
          } else {
            patchChat(queryClient, me.id, chatId, (c) => (data.seq > c.otherLastReadSeq ? { ...c, otherLastReadSeq: data.seq } : c));
          }
          return;
        case 'error':
          return;
      }
    };

    // A heartbeat that also heals: ask for anything after our cursor; 'synced' must come back.
    const heartbeat = setInterval(() => {
      if (!sendRoomEvent({ type: 'sync', after: lastContiguousSeq(getMessages()) })) return;
      clearTimeout(syncTimer);
      syncTimer = setTimeout(() => socket.reconnect(), HEARTBEAT_TIMEOUT_MS);
    }, HEARTBEAT_INTERVAL_MS);

    const wake = () => {
      if (document.visibilityState === 'hidden') return;
      if (socket.readyState !== OPEN) socket.reconnect();
      else sendRoomEvent({ type: 'sync', after: lastContiguousSeq(getMessages()) });
      markRead();
    };

    socket.addEventListener('open', onOpen);
    socket.addEventListener('close', onClose);
    socket.addEventListener('message', onMessage);
    window.addEventListener('online', wake);
    document.addEventListener('visibilitychange', wake);
    window.addEventListener('focus', markRead);

    return () => {
      clearInterval(heartbeat);
      clearTimeout(offlineTimer);
      clearTimeout(syncTimer);
      clearTimeout(otherTypingTimer.current);
      clearTimeout(typingIdleTimer.current);
      if (typingSent.current && socket.readyState === OPEN) socket.send(JSON.stringify({ type: 'typing_stop' }));
      typingSent.current = false;
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('focus', markRead);
      socket.removeEventListener('open', onOpen);
      socket.removeEventListener('close', onClose);
      socket.removeEventListener('message', onMessage);
      socket.close();
      socketRef.current = null;
      // Anything still waiting for an ack finishes over REST, even as we leave the chat.
      resendAwaiting();
    };
    // One socket per open chat: the handlers read current state from the cache and refs, so they
    // don't need to (and must not) recreate it.
  }, [chatId, loaded, me.id]);

  // Socket down for a while (blocked WebSockets, flaky network): keep the conversation going by REST.
  useEffect(() => {
    if (roomStatus !== 'closed' || !loaded) return;
    let stopped = false;
    const poll = async () => {
      try {
        const page = await chatApi.messages(chatId, { after: lastContiguousSeq(getMessages()) });
        if (stopped) return;
        receive(page.messages);
        const fresh = await chatApi.getChat(chatId);
        if (!stopped) patchChat(queryClient, me.id, chatId, (c) => ({ ...c, otherLastReadSeq: Math.max(c.otherLastReadSeq, fresh.otherLastReadSeq) }));
        markRead();
      } catch {
        // The next round tries again.
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), FALLBACK_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [chatId, getMessages, loaded, markRead, me.id, queryClient, receive, roomStatus]);

  const messages = query.data?.messages;
  const newestSeq = messages?.length ? messages[messages.length - 1]!.seq : 0;
  // Read what arrives while the chat is open and visible.
  useEffect(() => {
    if (loaded) markRead();
  }, [loaded, newestSeq, markRead]);

  // Messages written offline (on this visit or before a reload) show in place, and go out when the
  // network allows: the outbox sends them once each, in order, whichever page is open.
  useEffect(() => {
    if (!loaded) return;
    const queued = readOutbox(me.id).filter((m) => m.chatId === chatId);
    if (queued.length) {
      updateMessages((messages) => {
        const present = new Set(messages.map((m) => m.clientId));
        const missing = queued
          .filter((q) => !present.has(q.clientId))
          .map((q): LocalMessage => ({
            ...createPendingMessage({ clientId: q.clientId, chatId, senderId: me.id, content: q.content, messageType: q.messageType, sender: { firstName: me.firstName, lastName: me.lastName } }),
            createdAt: q.createdAt,
            status: 'queued',
          }));
        return missing.length ? [...messages, ...missing] : messages;
      });
      void flushOutbox();
    }
    const unsubscribe = subscribeOutbox((event) => {
      if (event.type === 'sent') receive([event.message]);
      else if (event.chatId === chatId) updateMessages((messages) => setDeliveryStatus(messages, event.clientId, 'failed', event.error, event.final));
    });
    const online = () => void flushOutbox();
    window.addEventListener('online', online);
    return () => {
      unsubscribe();
      window.removeEventListener('online', online);
    };
  }, [chatId, loaded, me.id]);

  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadOlder = useCallback(async () => {
    const state = queryClient.getQueryData<MessagesState>(key);
    if (!state || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const next = state.pagesLoaded + 1;
      const page = await chatApi.messages(chatId, { page: next });
      queryClient.setQueryData<MessagesState>(key, (s) => (s ? { messages: mergeMessages(s.messages, page.messages), pagesLoaded: next } : s));
    } catch {
      // The button stays; the user can try again.
    } finally {
      setLoadingOlder(false);
    }
  }, [chatId, key, loadingOlder, queryClient]);

  return {
    messages: messages ?? [],
    isLoading: query.isPending,
    error: query.error,
    reload: query.refetch,
    hasOlder: !!messages && oldestSeq(messages) > 1,
    loadingOlder,
    loadOlder,
    roomStatus,
    otherTyping,
    send,
    retry: deliver,
    noteTyping,
    stopTyping,
  };
}
