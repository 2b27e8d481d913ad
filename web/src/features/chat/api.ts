import { api } from '../../lib/api';
import { isRetryable } from './errors';
import type { Chat, ChatsPage, MessagesPage, MessageType, ServerMessage } from './types';

/** Page sizes (spec part 1 §9). */
export const CHATS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 50;

/**
 * Keys carry the user id: a different account signing in on this tab never sees the last one's
 * conversations, even for a moment.
 */
export const chatKeys = {
  all: ['chat'] as const,
  user: (userId: string) => [...chatKeys.all, userId] as const,
  list: (userId: string) => [...chatKeys.user(userId), 'list'] as const,
  detail: (userId: string, chatId: string) => [...chatKeys.user(userId), 'detail', chatId] as const,
  messages: (userId: string, chatId: string) => [...chatKeys.user(userId), 'messages', chatId] as const,
};

export const chatApi = {
  listChats: (page: number, signal?: AbortSignal) => api.get<ChatsPage>('/messages/chats', { page, limit: CHATS_PAGE_SIZE }, { signal }),
  getChat: (chatId: string, signal?: AbortSignal) => api.get<Chat>(`/messages/chats/${encodeURIComponent(chatId)}`, undefined, { signal }),
  startChat: (listingId: string) => api.post<{ chat: Chat; created: boolean }>('/messages/chats', { listingId }),
  messages: (chatId: string, query: { page: number } | { after: number }, signal?: AbortSignal) =>
    api.get<MessagesPage>(`/messages/chats/${encodeURIComponent(chatId)}/messages`, { ...query, limit: 'after' in query ? 200 : MESSAGES_PAGE_SIZE }, { signal }),
  send: (body: { chatId: string; content: string; messageType: MessageType; clientId: string }) =>
    api.post<{ message: ServerMessage; duplicate: boolean }>('/messages/messages', body),
  markRead: (chatId: string) => api.put<{ lastReadSeq: number }>(`/messages/chats/${encodeURIComponent(chatId)}/read`),
  star: (chatId: string, starred: boolean) => api.put<{ isStarred: boolean }>(`/messages/chats/${encodeURIComponent(chatId)}/star`, { starred }),
};

/**
 * The message service's retry (spec part 1 §9): one more attempt by default, 2 s base delay doubling
 * per attempt plus up to 1 s of jitter; only for timeouts, network errors, 429 and 5xx.
 */
export async function withRetry<T>(
  work: () => Promise<T>,
  { retries = 1, baseDelayMs = 2000, sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)), random = Math.random } = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= retries || !isRetryable(error)) throw error;
      await sleep(retryDelay(attempt, baseDelayMs, random));
    }
  }
}

export function retryDelay(attempt: number, baseDelayMs = 2000, random: () => number = Math.random): number {
  return baseDelayMs * 2 ** attempt + Math.floor(random() * 1000);
}

export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older browsers without randomUUID: 122 random bits are still unique enough for idempotency.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
