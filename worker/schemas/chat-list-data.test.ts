import { describe, expect, it } from 'vitest';
import { CHAT_LIST_MOVE, CHAT_LIST_PREMIUM_FIRST, CHATS_MOVE } from './chat-list-data';
import { chatsQuery } from './chat';

describe('the chat list with the plans apart (reviewed data, decision 034)', () => {
  it('is the reviewed value, and looks at more unread chats than the app shows on a page', () => {
    expect(CHAT_LIST_PREMIUM_FIRST).toEqual({ unreadScanned: 50 });
    expect(CHAT_LIST_PREMIUM_FIRST.unreadScanned).toBeGreaterThan(chatsQuery.parse({}).limit);
  });
});

describe("moving existing conversations' chat list rows (reviewed data, decision 034)", () => {
  it('is the reviewed value: a run of whole conversations, its JSON within one D1 statement', () => {
    expect(CHAT_LIST_MOVE).toEqual({ chatsPerRun: 200 });
    expect(Number.isInteger(CHAT_LIST_MOVE.chatsPerRun)).toBe(true);
    // two rows of at most ~400 bytes each per conversation, in one bound string (D1 allows 2 MB)
    expect(CHAT_LIST_MOVE.chatsPerRun * 2 * 400).toBeLessThan(2_000_000);
  });
});

describe("copying the conversations' rows into their buyers' databases (reviewed data, decision 034)", () => {
  it('is the reviewed value: the chat list move\'s pace, its JSON within one D1 statement', () => {
    expect(CHATS_MOVE).toEqual({ chatsPerRun: 200, coreRowsRemovedPerRun: 200 });
    expect(CHATS_MOVE.coreRowsRemovedPerRun).toBe(CHATS_MOVE.chatsPerRun);
    // the removal's guard: an id and four numbers, about 100 bytes a row, in one bound string
    expect(CHATS_MOVE.coreRowsRemovedPerRun * 100).toBeLessThan(2_000_000);
    expect(CHATS_MOVE.chatsPerRun).toBe(CHAT_LIST_MOVE.chatsPerRun);
    // one row of at most ~500 bytes (a 200-character preview, ids, counters) per conversation, in one bound string (D1 allows 2 MB)
    expect(CHATS_MOVE.chatsPerRun * 500).toBeLessThan(2_000_000);
  });
});
