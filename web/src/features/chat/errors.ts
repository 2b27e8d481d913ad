import { isApiError } from '../../lib/api';

/** Spec texts for chat and notification failures (part 1 §8). */
export const CHAT_ERRORS = {
  loadChats: 'Failed to load chats',
  loadMessages: 'Failed to load messages',
  loadNotifications: 'Failed to load notifications',
  send: 'Failed to send message',
  getOrCreate: 'Failed to get/create chat',
  realtime: 'Failed to connect to real-time service',
  timeout: 'Request timed out. Please check your connection.',
  tooMany: 'Too many requests. Please wait a moment.',
  server: 'Server error. Please try again later.',
  // a block stops every message: no retry can send it, so none is offered (decision 024)
  blockedByThem: 'This person does not accept messages from you. It was not sent.',
  blockedByYou: 'You blocked this person. Unblock them in Settings to send messages.',
  // the conversation left with its archived ad (decision 021): nothing to retry, nothing to load
  archived: 'This conversation has ended: the ad it was about is no longer on SEL.',
} as const;

/** The words for a message a block refused, or null when the failure was something else. */
export function blockedText(code: string | undefined, message: string | undefined): string | null {
  if (code !== 'BLOCKED') return null;
  return /you blocked/i.test(message ?? '') ? CHAT_ERRORS.blockedByYou : CHAT_ERRORS.blockedByThem;
}

/** Timeout, 429 and 5xx have their own words; everything else gets the action's own failure text. */
export function chatErrorText(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.code === 'CHAT_ARCHIVED') return CHAT_ERRORS.archived;
  if (error.code === 'TIMEOUT') return CHAT_ERRORS.timeout;
  if (error.status === 429) return CHAT_ERRORS.tooMany;
  if (error.status >= 500) return CHAT_ERRORS.server;
  return fallback;
}

/** A 4xx the server explained (own ad, seller gone, message too long): worth showing beside the fallback. */
export function serverReason(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.status >= 400 && error.status < 500 && error.status !== 429 && error.status !== 401) return error.message;
  return null;
}

/** Worth another try: no answer, a timeout, rate limiting or a server fault; never 401/403/other 4xx. */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}
