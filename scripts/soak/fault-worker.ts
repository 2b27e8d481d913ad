/**
 * The worker as the soak runs it (never deployed: `npm run deploy` ships wrangler.toml's main,
 * worker/index.ts, and this file is only ever named on `wrangler dev`'s command line by
 * scripts/soak/soak.ts; decision 029). It is the real worker with faults put in front of it:
 *
 * - a share of D1 calls fail (SOAK_D1_FAULT_RATE) in requests, queue batches and chat rooms, with
 *   an outage's words; an answer given while one was injected carries `x-soak-faults: N`, so the
 *   soak can tell an injected 503 from a real one;
 * - a share of alert messages handled are delivered again (SOAK_REDELIVERY_RATE), as a queue may;
 * - `POST /api/__soak/evict/chat-room/<id>` and `.../user-inbox/<id>` reset that Durable
 *   Object (its memory and sockets are gone; its storage stays), as an eviction does.
 * Each fault is logged as a `SOAK_STAT <kind> <n>` line, which the soak counts.
 */
import worker, { ChatRoom as RealChatRoom, RateLimiter, UserInbox as RealUserInbox, ViewCounter } from '../../worker/index';
import type { AlertMessage, Env } from '../../worker/env';
import { FaultCounter, faultSettings, faultyD1 } from './faulty-d1';

export { RateLimiter, ViewCounter };

/** under /api/ so that wrangler runs the worker for it (run_worker_first) rather than serving the app's page */
const EVICT_PATH = '/api/__soak/evict';
const stat = (kind: string, n: number) => n > 0 && console.log(`SOAK_STAT ${kind} ${n}`);

const withFaults = (env: Env, counter: FaultCounter): Env => ({ ...env, DB: faultyD1(env.DB, faultSettings(env as never).d1Rate, counter) });

/** A Durable Object whose D1 calls fail like the worker's, and which an eviction request resets. */
const faulty = <T extends new (...args: any[]) => { fetch(request: Request): Promise<Response> | Response }>(Base: T) =>
  class extends Base {
    readonly soakCtx: DurableObjectState;
    readonly soakCounter: FaultCounter;
    constructor(...args: any[]) {
      const [ctx, env] = args as [DurableObjectState, Env];
      // its sockets' messages arrive outside fetch (hibernation), so each fault is reported as it happens
      const counter = new FaultCounter(() => stat('d1_object', 1));
      super(ctx, withFaults(env, counter));
      this.soakCtx = ctx;
      this.soakCounter = counter;
    }
    override async fetch(request: Request): Promise<Response> {
      if (new URL(request.url).pathname === EVICT_PATH) {
        // abort() throws in the caller; the object starts afresh from its storage on the next request
        this.soakCtx.abort('evicted by the soak');
        return new Response('evicted');
      }
      return super.fetch(request);
    }
  };

export const ChatRoom = faulty(RealChatRoom as never) as unknown as typeof RealChatRoom;
export const UserInbox = faulty(RealUserInbox as never) as unknown as typeof RealUserInbox;

const evict = async (env: Env, kind: string, name: string) => {
  const namespace = kind === 'chat-room' ? env.ChatRoom : kind === 'user-inbox' ? env.UserInbox : undefined;
  if (!namespace || !name) return new Response('unknown object', { status: 404 });
  try {
    await (namespace.get(namespace.idFromName(name)) as unknown as Fetcher).fetch(`http://soak${EVICT_PATH}`);
  } catch {
    // the abort surfaces here: that is the eviction
  }
  stat('evictions', 1);
  return new Response(null, { status: 204 });
};

/** A message batch whose retries are counted (each is a redelivery the consumer asked for). */
const countingBatch = (batch: MessageBatch<AlertMessage>, retried: { n: number }): MessageBatch<AlertMessage> => ({
  queue: batch.queue,
  metadata: batch.metadata,
  messages: batch.messages.map((m) => ({
    id: m.id,
    timestamp: m.timestamp,
    body: m.body,
    attempts: m.attempts,
    ack: () => m.ack(),
    retry: (options?: QueueRetryOptions) => {
      retried.n++;
      m.retry(options);
    },
  })),
  ackAll: () => batch.ackAll(),
  retryAll: (options?: QueueRetryOptions) => {
    retried.n += batch.messages.length;
    batch.retryAll(options);
  },
});

export default {
  fetch: async (request, env, ctx) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith(`${EVICT_PATH}/`) && request.method === 'POST') {
      const [kind = '', name = ''] = url.pathname.slice(EVICT_PATH.length + 1).split('/');
      return evict(env, kind, decodeURIComponent(name));
    }
    const counter = new FaultCounter();
    const res = await worker.fetch!(request as never, withFaults(env, counter), ctx);
    stat('d1_request', counter.injected);
    if (!counter.injected || res.status === 101 || res.webSocket) return res;
    const out = new Response(res.body, res);
    out.headers.set('x-soak-faults', String(counter.injected));
    out.headers.set('x-soak-fault-sql', encodeURIComponent(counter.firstSql ?? ''));
    return out;
  },
  scheduled: async (controller, env, ctx) => worker.scheduled!(controller, withFaults(env, new FaultCounter()), ctx),
  queue: async (batch, env, ctx) => {
    const counter = new FaultCounter();
    const retried = { n: 0 };
    try {
      await worker.queue!(countingBatch(batch as MessageBatch<AlertMessage>, retried) as never, withFaults(env, counter));
    } catch (err) {
      // the whole batch comes again
      retried.n += batch.messages.length;
      throw err;
    } finally {
      stat(`queue_messages_${batch.queue}`, batch.messages.length);
      stat('d1_queue', counter.injected);
      stat('redelivered_after_failure', retried.n);
    }
    const rate = faultSettings(env as never).redeliveryRate;
    if (batch.queue !== 'sel-alerts' || rate <= 0) return;
    // handled, and delivered once more all the same: the consumer must not alert twice
    const again = (batch.messages as readonly Message<AlertMessage>[]).filter(() => Math.random() < rate);
    if (again.length) {
      await env.ALERTS_QUEUE.sendBatch(again.map((m) => ({ body: m.body })));
      stat('redelivered_after_success', again.length);
    }
  },
} satisfies ExportedHandler<Env>;
