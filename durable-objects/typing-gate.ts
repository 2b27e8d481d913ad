import { TYPING_LIMIT } from '../worker/schemas/realtime-limits';

interface Window {
  startedAt: number;
  delivered: number;
  /** what the last delivered event said: a stop after a delivered start always passes */
  lastTyping: boolean;
}

/**
 * The typing limit of a chat room's sockets (TYPING_LIMIT), counted in the object's memory per
 * socket: no storage, no D1, nothing per event but a map lookup. A room that hibernates forgets its
 * counts, which only happens after its sockets went quiet.
 */
export class TypingGate {
  #windows = new Map<string, Window>();

  constructor(private readonly limit: { events: number; windowMs: number } = TYPING_LIMIT) {}

  /** Whether this socket's typing event may be delivered (and counts it when so). */
  allow(socketId: string, isTyping: boolean, now = Date.now()): boolean {
    let w = this.#windows.get(socketId);
    if (!w || now - w.startedAt >= this.limit.windowMs) {
      w = { startedAt: now, delivered: 0, lastTyping: w?.lastTyping ?? false };
      this.#windows.set(socketId, w);
    }
    // a stop for a start the other side was shown: it ends the indicator, so it is never dropped
    const endsShownTyping = !isTyping && w.lastTyping;
    if (w.delivered >= this.limit.events && !endsShownTyping) return false;
    w.delivered++;
    w.lastTyping = isTyping;
    return true;
  }

  forget(socketId: string) {
    this.#windows.delete(socketId);
  }
}
