import { getStoredToken } from '../../lib/auth-token';
import { readStorage, writeStorage } from '../../lib/local-store';
import { isApiError } from '../../lib/api';
import { chatApi } from './api';
import { CHAT_ERRORS, blockedText, chatErrorText, serverReason } from './errors';
import type { MessageType, ServerMessage } from './types';

/**
 * Messages written without a network (decision 025): kept on the phone per account until the server
 * has them, and sent once the network is back — one at a time, oldest first, each with the client id
 * it was written with, so a send repeated after a lost answer is stored once (decision 002) and the
 * conversation keeps the order they were typed in. Survives reloads and closing the chat.
 */
export interface QueuedMessage {
  clientId: string;
  chatId: string;
  content: string;
  messageType: MessageType;
  createdAt: string;
}

export type OutboxEvent = { type: 'sent'; message: ServerMessage } | { type: 'failed'; chatId: string; clientId: string; error: string; final?: boolean };

const storageKey = (userId: string) => `sel-chat-outbox:${userId}`;

const isQueued = (value: unknown): value is QueuedMessage => {
  const m = value as Partial<QueuedMessage> | null;
  return !!m && typeof m.clientId === 'string' && typeof m.chatId === 'string' && typeof m.content === 'string' && typeof m.createdAt === 'string' && (m.messageType === 'TEXT' || m.messageType === 'OFFER');
};

export function readOutbox(userId: string): QueuedMessage[] {
  try {
    const parsed: unknown = JSON.parse(readStorage(storageKey(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isQueued) : [];
  } catch {
    return [];
  }
}

const writeOutbox = (userId: string, list: QueuedMessage[]) => writeStorage(storageKey(userId), list.length ? JSON.stringify(list) : null);

export function enqueueMessage(userId: string, message: QueuedMessage): void {
  const list = readOutbox(userId);
  if (!list.some((m) => m.clientId === message.clientId)) writeOutbox(userId, [...list, message]);
}

export function dropQueued(userId: string, clientId: string): void {
  const list = readOutbox(userId);
  if (list.some((m) => m.clientId === clientId)) writeOutbox(userId, list.filter((m) => m.clientId !== clientId));
}

const listeners = new Set<(event: OutboxEvent) => void>();

export function subscribeOutbox(listener: (event: OutboxEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in account's id from the stored token's `sub` (the server checks the token itself). */
export function signedInUserId(token: string | null = getStoredToken()): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

export interface OutboxDeps {
  send: typeof chatApi.send;
  userId: () => string | null;
  online: () => boolean;
}

const browserDeps: OutboxDeps = {
  send: (body) => chatApi.send(body),
  userId: () => signedInUserId(),
  online: () => typeof navigator === 'undefined' || navigator.onLine !== false,
};

let running: Promise<void> | null = null;
let again = false;

/**
 * Sends what the signed-in account has queued, oldest first, one request at a time. Stops at the
 * first message the network cannot take (it stays queued, in its place, for the next try); a
 * message the server refuses for good (a block, a deleted chat) leaves the queue as "not sent".
 * Calls while a flush runs make it run once more at the end, never a second one beside it.
 */
export function flushOutbox(deps: OutboxDeps = browserDeps): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      const userId = deps.userId();
      if (!userId) return;
      for (const message of readOutbox(userId)) {
        if (!deps.online()) return;
        // another tab may have sent it meanwhile: only what is still queued goes
        if (!readOutbox(userId).some((m) => m.clientId === message.clientId)) continue;
        try {
          const result = await deps.send({ chatId: message.chatId, content: message.content, messageType: message.messageType, clientId: message.clientId });
          dropQueued(userId, message.clientId);
          for (const listener of listeners) listener({ type: 'sent', message: result.message });
        } catch (error) {
          const retryLater = !isApiError(error) || error.status === 0 || error.status === 429 || error.status >= 500 || error.status === 401;
          if (retryLater) return;
          dropQueued(userId, message.clientId);
          const blocked = blockedText(error.code, error.message);
          const why = blocked ?? serverReason(error);
          for (const listener of listeners) {
            listener({ type: 'failed', chatId: message.chatId, clientId: message.clientId, error: why ?? chatErrorText(error, CHAT_ERRORS.send), final: !!blocked });
          }
        }
      }
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}
