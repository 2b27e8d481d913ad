import { z } from 'zod';

/** A browser's PushSubscription.toJSON(), as the client posts it. */
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ error: 'endpoint must be the URL your browser gave' }).max(1000, 'endpoint is too long'),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'keys.p256dh must be the browser key (base64url)'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{20,24}$/, 'keys.auth must be the browser secret (base64url)'),
  }),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushEndpointBody = z.object({ endpoint: z.url({ error: 'endpoint must be a URL' }).max(1000, 'endpoint is too long') });

/** What the service worker (web/public/sw.js) shows. */
export const pushMessage = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string().optional() });
export type PushMessage = z.infer<typeof pushMessage>;
