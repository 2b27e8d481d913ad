import { describe, expect, it } from 'vitest';
import { CHAT_LIST_PREMIUM_FIRST } from './chat-list-data';
import { chatsQuery } from './chat';

describe('the chat list with the plans apart (reviewed data, decision 034)', () => {
  it('is the reviewed value, and looks at more unread chats than the app shows on a page', () => {
    expect(CHAT_LIST_PREMIUM_FIRST).toEqual({ unreadScanned: 50 });
    expect(CHAT_LIST_PREMIUM_FIRST.unreadScanned).toBeGreaterThan(chatsQuery.parse({}).limit);
  });
});
