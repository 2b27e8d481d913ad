import { CHAT_ERRORS } from './errors';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { dropQueued, enqueueMessage, flushOutbox, readOutbox, subscribeOutbox, type OutboxDeps, type OutboxEvent } from './outbox';
import type { ServerMessage } from './types';

const store = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v), removeItem: (k: string) => store.delete(k) },
});

const queued = (clientId: string, chatId = 'C1', content = clientId) => ({ clientId, chatId, content, messageType: 'TEXT' as const, createdAt: `2026-11-26T10:00:0${clientId.slice(-1)}Z` });

/** A server that stores each clientId once (decision 002) and numbers messages in arrival order. */
const fakeServer = () => {
  const stored: ServerMessage[] = [];
  const send: OutboxDeps['send'] = async (body) => {
    const existing = stored.find((m) => m.clientId === body.clientId);
    if (existing) return { message: existing, duplicate: true };
    const message = { id: `m${stored.length + 1}`, chatId: body.chatId, seq: stored.length + 1, senderId: 'U1', content: body.content, messageType: body.messageType, clientId: body.clientId, warning: null, createdAt: '' } as ServerMessage;
    stored.push(message);
    return { message, duplicate: false };
  };
  return { stored, send };
};

describe('messages written offline', () => {
  beforeEach(() => store.clear());

  it('are kept per account, and sent once each, in the order written, when the network is back', async () => {
    enqueueMessage('U1', queued('a1'));
    enqueueMessage('U1', queued('a2'));
    enqueueMessage('U1', queued('a2')); // the same message twice stays one
    enqueueMessage('U2', queued('b1'));
    expect(readOutbox('U1').map((m) => m.clientId)).toEqual(['a1', 'a2']);

    const server = fakeServer();
    let online = false;
    const deps: OutboxDeps = { send: server.send, userId: () => 'U1', online: () => online };
    await flushOutbox(deps);
    expect(server.stored).toEqual([]); // offline: nothing tried

    online = true;
    const events: OutboxEvent[] = [];
    const stop = subscribeOutbox((e) => events.push(e));
    // two triggers at once ("online" in two places): one run, then one more over what is left
    await Promise.all([flushOutbox(deps), flushOutbox(deps)]);
    stop();
    expect(server.stored.map((m) => m.content)).toEqual(['a1', 'a2']);
    expect(events.map((e) => e.type)).toEqual(['sent', 'sent']);
    expect(readOutbox('U1')).toEqual([]);
    // another account's messages are not sent with this account's token
    expect(readOutbox('U2').map((m) => m.clientId)).toEqual(['b1']);
  });

  it('a lost answer is resent with the same client id and stored once; a network failure keeps the rest in order', async () => {
    enqueueMessage('U1', queued('a1'));
    enqueueMessage('U1', queued('a2'));
    const server = fakeServer();
    let calls = 0;
    const flaky: OutboxDeps['send'] = async (body) => {
      calls += 1;
      const result = await server.send(body);
      if (calls === 1) throw new ApiError(0, 'NETWORK', 'no answer'); // stored, but the answer was lost
      return result;
    };
    await flushOutbox({ send: flaky, userId: () => 'U1', online: () => true });
    expect(readOutbox('U1').map((m) => m.clientId)).toEqual(['a1', 'a2']); // stopped at the first, nothing skipped
    await flushOutbox({ send: flaky, userId: () => 'U1', online: () => true });
    expect(server.stored.map((m) => m.content)).toEqual(['a1', 'a2']);
    expect(readOutbox('U1')).toEqual([]);
  });

  it('a message the server refuses for good leaves the queue as not sent, and the next one still goes', async () => {
    enqueueMessage('U1', queued('a1'));
    enqueueMessage('U1', queued('a2'));
    const server = fakeServer();
    const events: OutboxEvent[] = [];
    const stop = subscribeOutbox((e) => events.push(e));
    await flushOutbox({
      send: async (body) => {
        if (body.clientId === 'a1') throw new ApiError(403, 'BLOCKED', 'You cannot message this user.');
        return server.send(body);
      },
      userId: () => 'U1',
      online: () => true,
    });
    stop();
    // a block: its own words, and final (no Retry is offered for it)
    expect(events[0]).toEqual({ type: 'failed', chatId: 'C1', clientId: 'a1', error: CHAT_ERRORS.blockedByThem, final: true });
    expect(server.stored.map((m) => m.content)).toEqual(['a2']);
    expect(readOutbox('U1')).toEqual([]);
    dropQueued('U1', 'nothing'); // dropping what is not there is harmless
  });
});
