import { describe, expect, it } from 'vitest';
import { createPendingMessage, lastContiguousSeq, latestIncomingSeq, mergeMessages, oldestSeq, setDeliveryStatus, tickState } from './messages';
import type { LocalMessage, ServerMessage } from './types';

const ME = 'usr_me';
const THEM = 'usr_them';

const msg = (seq: number, over: Partial<ServerMessage> = {}): ServerMessage => ({
  id: `msg_${seq}`,
  chatId: 'cht_1',
  seq,
  senderId: THEM,
  content: `message ${seq}`,
  messageType: 'TEXT',
  clientId: null,
  warning: null,
  createdAt: new Date(Date.UTC(2025, 0, 1, 10, seq)).toISOString(),
  ...over,
});
const sent = (m: ServerMessage): LocalMessage => ({ ...m, status: 'sent' });
const pending = (clientId: string, minute = 30) =>
  createPendingMessage({ clientId, chatId: 'cht_1', senderId: ME, content: `hi ${clientId}`, messageType: 'TEXT', now: new Date(Date.UTC(2025, 0, 1, 10, minute)) });

describe('mergeMessages', () => {
  it('orders by seq whatever the arrival order', () => {
    const merged = mergeMessages([], [msg(3), msg(1), msg(2)]);
    expect(merged.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(merged.every((m) => m.status === 'sent')).toBe(true);
  });

  it('keeps one copy of a message that arrives twice (broadcast, ack, replay, REST)', () => {
    const once = mergeMessages([], [msg(1), msg(2)]);
    const twice = mergeMessages(once, [msg(2), msg(1), msg(3), msg(3)]);
    expect(twice.map((m) => m.id)).toEqual(['msg_1', 'msg_2', 'msg_3']);
  });

  it('drops a second message claiming a seq already taken', () => {
    const merged = mergeMessages([sent(msg(1))], [msg(1, { id: 'msg_other' })]);
    expect(merged.map((m) => m.id)).toEqual(['msg_1']);
  });

  it('fills in the sender name when a later copy carries it', () => {
    const merged = mergeMessages([sent(msg(1))], [msg(1, { sender: { firstName: 'Asha', lastName: 'Rao' } })]);
    expect(merged[0]?.sender?.firstName).toBe('Asha');
  });

  it("replaces our pending copy with the server's (same clientId), wherever it came from", () => {
    const local = [sent(msg(1)), pending('c-1'), pending('c-2', 31)];
    const merged = mergeMessages(local, [msg(2, { senderId: ME, clientId: 'c-1', content: 'hi c-1' })]);
    expect(merged.map((m) => [m.id, m.status])).toEqual([
      ['msg_1', 'sent'],
      ['msg_2', 'sent'],
      ['local-c-2', 'sending'],
    ]);
  });

  it('keeps pending messages after the confirmed ones, oldest first', () => {
    const merged = mergeMessages([pending('b', 40), pending('a', 35)], [msg(5)]);
    expect(merged.map((m) => m.id)).toEqual(['msg_5', 'local-a', 'local-b']);
  });

  it('returns the list as is when nothing arrives', () => {
    const list = [sent(msg(1))];
    expect(mergeMessages(list, [])).toBe(list);
  });
});

describe('setDeliveryStatus', () => {
  it('marks a pending message failed and back to sending (retry keeps the clientId)', () => {
    const failed = setDeliveryStatus([pending('c-1')], 'c-1', 'failed', 'Failed to send message');
    expect(failed[0]).toMatchObject({ status: 'failed', error: 'Failed to send message', clientId: 'c-1' });
    const retrying = setDeliveryStatus(failed, 'c-1', 'sending');
    expect(retrying[0]).toMatchObject({ status: 'sending', error: undefined, clientId: 'c-1' });
  });

  it('never touches a confirmed message', () => {
    const list = [sent(msg(1, { clientId: 'c-1', senderId: ME }))];
    expect(setDeliveryStatus(list, 'c-1', 'failed')).toBe(list);
  });
});

describe('lastContiguousSeq', () => {
  it('is 0 for an empty chat', () => {
    expect(lastContiguousSeq([])).toBe(0);
  });

  it('is the newest seq when nothing is missing', () => {
    expect(lastContiguousSeq([1, 2, 3].map((s) => sent(msg(s))))).toBe(3);
  });

  it('stops before a gap, so the resync refills it', () => {
    expect(lastContiguousSeq([1, 2, 4, 5].map((s) => sent(msg(s))))).toBe(2);
  });

  it('treats unloaded older history as no gap', () => {
    expect(lastContiguousSeq([51, 52, 53].map((s) => sent(msg(s))))).toBe(53);
  });

  it('ignores pending messages', () => {
    expect(lastContiguousSeq([sent(msg(1)), pending('x')])).toBe(1);
  });
});

describe('oldestSeq and latestIncomingSeq', () => {
  const list = [sent(msg(4)), sent(msg(5, { senderId: ME })), sent(msg(6)), sent(msg(7, { senderId: ME })), pending('p')];
  it('finds the oldest loaded seq', () => {
    expect(oldestSeq(list)).toBe(4);
    expect(oldestSeq([])).toBe(0);
  });
  it("finds the newest message from the other member", () => {
    expect(latestIncomingSeq(list, ME)).toBe(6);
    expect(latestIncomingSeq(list, THEM)).toBe(7);
  });
});

describe('tickState', () => {
  it('shows nothing on their messages', () => {
    expect(tickState(sent(msg(1)), ME, 10)).toBe('none');
  });
  it('shows the read tick on our messages up to the other read seq', () => {
    expect(tickState(sent(msg(3, { senderId: ME })), ME, 3)).toBe('read');
    expect(tickState(sent(msg(4, { senderId: ME })), ME, 3)).toBe('sent');
  });
  it('reports pending and failed sends', () => {
    expect(tickState(pending('a'), ME, 100)).toBe('sending');
    expect(tickState({ ...pending('a'), status: 'failed' }, ME, 100)).toBe('failed');
  });
});
