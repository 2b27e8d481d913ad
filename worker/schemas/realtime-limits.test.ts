import { describe, expect, it } from 'vitest';
import { TypingGate } from '../../durable-objects/typing-gate';
import { MAX_INBOX_SOCKETS_PER_USER, MAX_PUSH_SUBSCRIPTIONS_PER_USER, MAX_ROOM_SOCKETS_PER_MEMBER, TOO_MANY_SOCKETS_CLOSE_CODE, TYPING_LIMIT } from './realtime-limits';

describe('realtime limits (reviewed data)', () => {
  it('are the reviewed values', () => {
    expect(TYPING_LIMIT).toEqual({ events: 10, windowMs: 5_000 });
    expect(MAX_PUSH_SUBSCRIPTIONS_PER_USER).toBe(20);
    expect(MAX_INBOX_SOCKETS_PER_USER).toBe(20);
    expect(MAX_ROOM_SOCKETS_PER_MEMBER).toBe(10);
    // an application close code, not one of the protocol's, and not the session-ended 4001
    expect(TOO_MANY_SOCKETS_CLOSE_CODE).toBeGreaterThanOrEqual(4000);
    expect(TOO_MANY_SOCKETS_CLOSE_CODE).toBeLessThan(5000);
    expect(TOO_MANY_SOCKETS_CLOSE_CODE).not.toBe(4001);
  });

  it('let the web client’s own typing through: bursts with a stop after 1 s idle, the start repeated every 3 s', () => {
    const gate = new TypingGate();
    let dropped = 0;
    // a minute of someone typing in short bursts: a start, a second of typing, a stop, a tenth of a second's pause
    for (let t = 0; t < 60_000; t += 1_100) {
      if (!gate.allow('tab', true, t)) dropped++;
      if (!gate.allow('tab', false, t + 1_000)) dropped++;
    }
    // a long message typed without pause: the start repeated every 3 s
    for (let t = 100_000; t < 160_000; t += 3_000) if (!gate.allow('tab', true, t)) dropped++;
    expect(dropped).toBe(0);
  });

  it('drops a flood past the limit per window, except the stop that ends a shown start', () => {
    const gate = new TypingGate({ events: 3, windowMs: 1_000 });
    const passed = [true, true, true, true, true, false].map((typing, i) => gate.allow('a', typing, i));
    expect(passed).toEqual([true, true, true, false, false, true]);
    // only one such stop: the indicator is already off
    expect(gate.allow('a', false, 10)).toBe(false);
    // another socket has its own allowance, and a new window starts afresh
    expect(gate.allow('b', true, 10)).toBe(true);
    expect(gate.allow('a', true, 1_000)).toBe(true);
    gate.forget('a');
    expect(gate.allow('a', true, 1_001)).toBe(true);
  });
});
