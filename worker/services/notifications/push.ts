import { ulid } from '../../lib/ulid';
import type { Env } from '../../env';
import { accountsDatabases, accountsDbForUser, accountsSplit } from '../../db/accounts';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { pushRequest, validPushKeys, type Vapid } from '../../lib/web-push';
import type { PushMessage, PushSubscriptionBody } from '../../schemas/push';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER } from '../../schemas/realtime-limits';

/**
 * Push services browsers use (Chrome/Edge/Samsung via FCM, Firefox, Safari, Windows). The server
 * POSTs to whatever endpoint it stores, so only these are accepted; locally (DEV_OUTBOX) a
 * loopback endpoint is allowed too, for testing with a fake push service.
 */
const PUSH_HOSTS = [/^fcm\.googleapis\.com$/, /^updates\.push\.services\.mozilla\.com$/, /(^|\.)push\.apple\.com$/, /(^|\.)notify\.windows\.com$/];

const allowedEndpoint = (env: Env, endpoint: string) => {
  const url = new URL(endpoint);
  if (url.protocol === 'https:' && !url.port && PUSH_HOSTS.some((h) => h.test(url.hostname))) return true;
  return env.DEV_OUTBOX === 'true' && url.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(url.hostname);
};

export const vapidOf = (env: Env): Vapid | undefined =>
  env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT ?? 'mailto:support@sel.example' } : undefined;

export const pushPublicKey = (env: Env) => {
  const vapid = vapidOf(env);
  if (!vapid) throw new AppError(503, 'PUSH_NOT_CONFIGURED', 'Push notifications are not available right now.');
  return { publicKey: vapid.publicKey };
};

export const PUSH_ENDPOINT_TAKEN = 'This browser already receives notifications for another account. Sign out of that account on this browser, or turn its notifications off, and try again.';

/**
 * Stores a browser's subscription for this user; the endpoint is its identity (decision 002,
 * "Web Push: one owner per browser"). The endpoint is a capability URL of one browser: whoever
 * knows it can aim pushes at that browser, so a different account presenting an endpoint another
 * account holds is refused (409 PUSH_ENDPOINT_TAKEN) instead of taking the subscription over. The
 * real browser proves itself by unsubscribing and subscribing afresh (a new endpoint, which only it
 * can make); the old row then dies at the next push with the service's 404/410. Signing out releases
 * the browser's subscription, so the next account on it subscribes without a conflict. The same
 * account may present it again (new keys, a refreshed date). At most
 * MAX_PUSH_SUBSCRIPTIONS_PER_USER per account: the one subscribed longest ago is dropped, in the same
 * transaction.
 */
export const subscribe = async (env: Env, userId: string, body: PushSubscriptionBody) => {
  if (!vapidOf(env)) pushPublicKey(env);
  if (!allowedEndpoint(env, body.endpoint)) throw badRequest('This push service is not supported. Try another browser.', 'PUSH_ENDPOINT_REFUSED');
  if (!(await validPushKeys(body.keys))) throw badRequest('The browser keys of this subscription are not valid.', 'PUSH_KEYS_INVALID');
  // the subscriber's accounts database (decision 034). The endpoint's UNIQUE key holds within one
  // database; with several, the others are asked side by side first whether another account holds
  // the endpoint (one more round trip, only then). Two accounts in different databases presenting
  // the same endpoint at the same instant can both pass (the race one database's key closes): that
  // browser then gets both accounts' pushes until one of them signs out on it or unsubscribes.
  const db = accountsDbForUser(env, userId);
  if (accountsSplit(env)) {
    const held = await Promise.all(
      accountsDatabases(env)
        .filter((other) => other !== db)
        .map((other) => other.prepare('SELECT 1 FROM push_subscriptions WHERE endpoint = ? AND user_id <> ?').bind(body.endpoint, userId).first()),
    );
    if (held.some(Boolean)) throw conflict(PUSH_ENDPOINT_TAKEN, 'PUSH_ENDPOINT_TAKEN');
  }
  const [stored] = await db.batch([
    db.prepare(
      `INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at, last_sent_at = NULL
       WHERE push_subscriptions.user_id = excluded.user_id
       RETURNING id`,
    ).bind(`psh_${ulid().toLowerCase()}`, userId, body.endpoint, body.keys.p256dh, body.keys.auth, Date.now()),
    db.prepare(
      `DELETE FROM push_subscriptions WHERE user_id = ?1 AND id NOT IN
         (SELECT id FROM push_subscriptions WHERE user_id = ?1 ORDER BY created_at DESC, id DESC LIMIT ?2)`,
    ).bind(userId, MAX_PUSH_SUBSCRIPTIONS_PER_USER),
  ]);
  if (!stored?.results.length) throw conflict(PUSH_ENDPOINT_TAKEN, 'PUSH_ENDPOINT_TAKEN');
  return { subscribed: true };
};

export const unsubscribe = async (env: Env, userId: string, endpoint: string) => {
  const res = await accountsDbForUser(env, userId).prepare('DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint = ?').bind(userId, endpoint).run();
  return { removed: (res.meta.changes ?? 0) > 0 };
};

/** How push requests leave the worker; tests swap in a fake push service. */
let transport: (request: Request) => Promise<Response> = (request) => fetch(request);
export const setPushTransport = (next: typeof transport) => {
  const previous = transport;
  transport = next;
  return () => {
    transport = previous;
  };
};

/**
 * Sends a message to every browser the user subscribed, in parallel, each bounded by a timeout.
 * A subscription the push service says is gone (404, 410) is deleted. Never throws.
 */
export const sendPush = async (env: Env, userId: string, message: PushMessage): Promise<number> => {
  const vapid = vapidOf(env);
  if (!vapid) return 0;
  // the recipient's own accounts database holds their browsers (decision 034)
  const db = accountsDbForUser(env, userId);
  try {
    const { results } = await db.prepare('SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ? ORDER BY created_at DESC LIMIT ?')
      .bind(userId, MAX_PUSH_SUBSCRIPTIONS_PER_USER)
      .all<{ id: string; endpoint: string; p256dh: string; auth: string }>();
    const payload = JSON.stringify(message);
    const outcomes = await Promise.all(
      results.map(async (sub) => {
        try {
          const res = await Promise.race([
            transport(await pushRequest(sub, payload, vapid)),
            new Promise<never>((_, reject) => setTimeout(() => reject(new Error('push service timed out')), 5000)),
          ]);
          if (res.status === 404 || res.status === 410) {
            await db.prepare('DELETE FROM push_subscriptions WHERE id = ?').bind(sub.id).run();
            return false;
          }
          if (!res.ok) {
            console.warn('push refused', res.status, new URL(sub.endpoint).host);
            return false;
          }
          await db.prepare('UPDATE push_subscriptions SET last_sent_at = ? WHERE id = ?').bind(Date.now(), sub.id).run();
          return true;
        } catch (err) {
          console.warn('push failed', new URL(sub.endpoint).host, err);
          return false;
        }
      }),
    );
    return outcomes.filter(Boolean).length;
  } catch (err) {
    console.warn('push failed', err);
    return 0;
  }
};
