import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { currentUser, requireAuth } from '../lib/auth';
import { docs } from '../lib/openapi';
import { validate } from '../lib/validate';
import { pushEndpointBody, pushSubscriptionBody } from '../schemas/push';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER } from '../schemas/realtime-limits';
import { pushPublicKey, subscribe, unsubscribe } from '../services/notifications/push';

/** Web Push: the server's VAPID key, and the browsers a signed-in user wants notifications on. */
export const pushRoutes = new Hono<AppEnv>()
  .get(
    '/public-key',
    docs({ tags: ['Notifications'], summary: 'The VAPID public key browsers subscribe with (503 when push is not configured)', data: z.object({ publicKey: z.string() }), errors: [503] }),
    (c) => c.json({ success: true as const, data: pushPublicKey(c.env) }),
  )
  .post(
    '/subscriptions',
    docs({
      tags: ['Notifications'],
      summary: 'Receive notifications on this browser (its PushSubscription); notifications then reach it while no SEL tab is open',
      description:
        `The endpoint identifies the browser. An endpoint another account holds is refused with 409 PUSH_ENDPOINT_TAKEN (the browser should unsubscribe and subscribe afresh, which gives it a new endpoint). An account keeps at most ${MAX_PUSH_SUBSCRIPTIONS_PER_USER} browsers; the one subscribed longest ago is dropped for a new one.`,
      data: z.object({ subscribed: z.boolean() }),
      errors: [400, 401, 409, 503],
      auth: true,
    }),
    requireAuth,
    validate('json', pushSubscriptionBody),
    async (c) => c.json({ success: true as const, data: await subscribe(c.env, currentUser(c).id, c.req.valid('json')) }, 201),
  )
  .delete(
    '/subscriptions',
    docs({ tags: ['Notifications'], summary: 'Stop notifications on this browser', data: z.object({ removed: z.boolean() }), errors: [400, 401], auth: true }),
    requireAuth,
    validate('json', pushEndpointBody),
    async (c) => c.json({ success: true as const, data: await unsubscribe(c.env, currentUser(c).id, c.req.valid('json').endpoint) }),
  );
