import { exports } from 'cloudflare:workers';
import { expect } from 'vitest';

const worker = () => (exports as unknown as { default: Fetcher }).default;

export interface TestSocket {
  ws: WebSocket;
  events: Record<string, any>[];
  /** resolves with the first event (already received or future) matching `pred` */
  waitFor: (pred: (e: Record<string, any>) => boolean, timeoutMs?: number) => Promise<Record<string, any>>;
  send: (event: Record<string, unknown>) => void;
  close: () => void;
  /** resolves when the server closes the socket */
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens a WebSocket into the worker like a browser would: token in the query string. */
export const connect = async (path: string): Promise<TestSocket> => {
  const res = await worker().fetch(`http://sel.test${path}`, { headers: { Upgrade: 'websocket' } });
  const ws = res.webSocket;
  if (!ws) throw new Error(`upgrade refused: ${res.status} ${await res.text()}`);
  ws.accept();
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.addEventListener('close', (e) => resolve({ code: e.code, reason: e.reason })));
  const events: Record<string, any>[] = [];
  const waiters: { pred: (e: Record<string, any>) => boolean; resolve: (e: Record<string, any>) => void }[] = [];
  ws.addEventListener('message', (m) => {
    if (typeof m.data !== 'string' || m.data === 'pong') return;
    const event = JSON.parse(m.data) as Record<string, any>;
    events.push(event);
    for (const w of [...waiters]) {
      if (w.pred(event)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(event);
      }
    }
  });
  return {
    ws,
    events,
    waitFor: (pred, timeoutMs = 3000) => {
      const found = events.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out waiting; got ${JSON.stringify(events.slice(-5))}`)), timeoutMs);
        waiters.push({ pred, resolve: (e) => (clearTimeout(timer), resolve(e)) });
      });
    },
    send: (event) => ws.send(JSON.stringify(event)),
    close: () => ws.close(1000, 'bye'),
    closed,
  };
};

export const refusedStatus = async (path: string) => {
  const res = await worker().fetch(`http://sel.test${path}`, { headers: { Upgrade: 'websocket' } });
  expect(res.webSocket).toBeNull();
  await res.arrayBuffer();
  return res.status;
};
