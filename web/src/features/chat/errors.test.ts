import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { CHAT_ERRORS, blockedText, chatErrorText, isRetryable, serverReason } from './errors';

describe('chatErrorText', () => {
  it('maps timeouts, 429 and 5xx to the spec texts', () => {
    expect(chatErrorText(new ApiError(0, 'TIMEOUT', 'x'), CHAT_ERRORS.loadChats)).toBe('Request timed out. Please check your connection.');
    expect(chatErrorText(new ApiError(429, 'RATE_LIMITED', 'x'), CHAT_ERRORS.send)).toBe('Too many requests. Please wait a moment.');
    expect(chatErrorText(new ApiError(503, 'HTTP_503', 'x'), CHAT_ERRORS.loadMessages)).toBe('Server error. Please try again later.');
  });
  it('says a conversation that left with its archived ad has ended, whatever the action', () => {
    for (const action of [CHAT_ERRORS.loadMessages, CHAT_ERRORS.send]) {
      expect(chatErrorText(new ApiError(410, 'CHAT_ARCHIVED', 'x'), action)).toBe('This conversation has ended: the ad it was about is no longer on SEL.');
    }
    expect(isRetryable(new ApiError(410, 'CHAT_ARCHIVED', ''))).toBe(false);
  });
  it('falls back to the action text', () => {
    expect(chatErrorText(new ApiError(404, 'CHAT_NOT_FOUND', 'x'), CHAT_ERRORS.loadMessages)).toBe('Failed to load messages');
    expect(chatErrorText(new ApiError(0, 'NETWORK', 'x'), CHAT_ERRORS.loadChats)).toBe('Failed to load chats');
    expect(chatErrorText(new Error('boom'), CHAT_ERRORS.send)).toBe('Failed to send message');
  });
});

describe('serverReason and isRetryable', () => {
  it('shows the server’s words for a refused request only', () => {
    expect(serverReason(new ApiError(400, 'OWN_LISTING', 'You cannot start a chat on your own ad'))).toBe('You cannot start a chat on your own ad');
    expect(serverReason(new ApiError(500, 'X', 'trace'))).toBeNull();
    expect(serverReason(new ApiError(429, 'X', 'slow down'))).toBeNull();
  });
  it('retries transient failures only', () => {
    expect(isRetryable(new ApiError(0, 'NETWORK', ''))).toBe(true);
    expect(isRetryable(new ApiError(429, 'RATE_LIMITED', ''))).toBe(true);
    expect(isRetryable(new ApiError(502, 'HTTP_502', ''))).toBe(true);
    expect(isRetryable(new ApiError(401, 'UNAUTHORIZED', ''))).toBe(false);
    expect(isRetryable(new ApiError(403, 'NOT_A_MEMBER', ''))).toBe(false);
    expect(isRetryable(new ApiError(400, 'VALIDATION', ''))).toBe(false);
  });
});

describe('a message a block refused', () => {
  it('gets the block\'s own words (no Retry can send it); other failures get none', () => {
    expect(blockedText('BLOCKED', 'You blocked this user. Unblock them in Settings to send messages.')).toBe(CHAT_ERRORS.blockedByYou);
    expect(blockedText('BLOCKED', 'You cannot message this user.')).toBe(CHAT_ERRORS.blockedByThem);
    expect(blockedText('RATE_LIMITED', 'Too many')).toBeNull();
    expect(blockedText(undefined, undefined)).toBeNull();
  });
});
