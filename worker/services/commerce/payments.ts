import type { Env } from '../../env';
import { constantTimeEqual, hex, hmacSha256 } from '../../lib/crypto';
import { AppError, badRequest, notFound } from '../../lib/errors';

/**
 * The one payments module (decision 007): premium plans and seller packages both take money through it.
 * Prices are always the server's; the provider is Razorpay when its keys are set, else the local
 * test checkout when explicitly opted in, else nothing at all.
 */

const razorpayConfigured = (env: Env) => Boolean(env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET);

/**
 * How this server takes payments: Razorpay when its keys are set; the local test checkout only
 * when explicitly opted in (PAYMENTS_LOCAL_CHECKOUT=1, which `npm start` and the tests set and
 * `npm run deploy` refuses); otherwise not at all, so a deployment that forgot its secrets gives
 * nobody a free plan.
 */
export const paymentsMode = (env: Env): 'razorpay' | 'local' => {
  if (razorpayConfigured(env)) return 'razorpay';
  if (env.PAYMENTS_LOCAL_CHECKOUT === '1' && env.JWT_SECRET) return 'local';
  throw new AppError(503, 'PAYMENTS_NOT_CONFIGURED', 'Payments are not available on this server yet. Please try again later.');
};

/** The key that signs payments: Razorpay's secret, or for the local test checkout a secret derived from JWT_SECRET. */
const signingSecret = (env: Env) => (paymentsMode(env) === 'razorpay' ? env.RAZORPAY_KEY_SECRET! : `local-checkout:${env.JWT_SECRET}`);

export const paymentSignature = async (env: Env, orderId: string, paymentId: string) => hex(await hmacSha256(signingSecret(env), `${orderId}|${paymentId}`));

/** The checkout's signature (HMAC-SHA256 of order_id|payment_id), compared in constant time; forged → 400. */
export const assertPaymentSignature = async (env: Env, orderId: string, paymentId: string, signature: string) => {
  const expected = new TextEncoder().encode(await paymentSignature(env, orderId, paymentId));
  if (!constantTimeEqual(expected, new TextEncoder().encode(signature.toLowerCase()))) throw badRequest('Payment verification failed', 'BAD_SIGNATURE');
};

/** The public key the checkout opens with. */
export const checkoutKey = (env: Env) => (paymentsMode(env) === 'razorpay' ? env.RAZORPAY_KEY_ID! : 'local_test_checkout');

/**
 * An order at the provider for exactly `amountMinor` (paise). Razorpay's answer must echo the
 * amount; the local checkout makes up an id.
 */
export const createProviderOrder = async (
  env: Env,
  order: { amountMinor: number; currency: string; receipt: string; notes: Record<string, string>; localPrefix?: string },
) => {
  const mode = paymentsMode(env);
  if (mode === 'local') return { provider: mode, providerOrderId: `${order.localPrefix ?? 'order_local_'}${crypto.randomUUID().replace(/-/g, '')}` };
  const res = await fetch('https://api.razorpay.com/v1/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Basic ${btoa(`${env.RAZORPAY_KEY_ID}:${env.RAZORPAY_KEY_SECRET}`)}` },
    body: JSON.stringify({ amount: order.amountMinor, currency: order.currency, receipt: order.receipt, notes: order.notes }),
  }).catch(() => null);
  const body = res?.ok ? ((await res.json()) as { id?: string; amount?: number }) : null;
  if (!body?.id || body.amount !== order.amountMinor) {
    throw new AppError(503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'Failed to create order. The payment service is not responding; please try again.');
  }
  return { provider: mode, providerOrderId: body.id };
};

/** The local test checkout plays the provider's part: a payment id and its signature. Off with Razorpay keys. */
export const signLocalPayment = async (env: Env, providerOrderId: string, existingPaymentId: string | null) => {
  if (paymentsMode(env) === 'razorpay') throw notFound('The local test checkout is off because Razorpay is configured.', 'LOCAL_CHECKOUT_OFF');
  const paymentId = existingPaymentId ?? `pay_local_${crypto.randomUUID().replace(/-/g, '')}`;
  return { razorpay_order_id: providerOrderId, razorpay_payment_id: paymentId, razorpay_signature: await paymentSignature(env, providerOrderId, paymentId) };
};

export interface WebhookEvent {
  event?: string;
  payload?: { payment?: { entity?: { id?: string; order_id?: string } }; order?: { entity?: { id?: string } } };
}

/** A checked webhook: what `recordWebhook` stores and what it pays. */
export interface CheckedWebhook {
  id: string;
  type: string;
  orderId: string | undefined;
  paymentId: string | undefined;
  rawBody: string;
}

/** A Razorpay webhook's signature (over the raw body) and shape checked; nothing stored yet. */
export const checkWebhook = async (env: Env, rawBody: string, signature: string | undefined, eventId: string | undefined): Promise<CheckedWebhook> => {
  const secret = env.RAZORPAY_WEBHOOK_SECRET;
  if (!secret) throw notFound('Webhooks are not configured', 'WEBHOOK_OFF');
  const expected = new TextEncoder().encode(hex(await hmacSha256(secret, rawBody)));
  if (!signature || !constantTimeEqual(expected, new TextEncoder().encode(signature.toLowerCase()))) throw badRequest('Invalid webhook signature', 'BAD_SIGNATURE');
  let event: WebhookEvent;
  try {
    event = JSON.parse(rawBody) as WebhookEvent;
  } catch {
    throw badRequest('Webhook body is not JSON', 'BAD_WEBHOOK');
  }
  const orderId = event.payload?.payment?.entity?.order_id ?? event.payload?.order?.entity?.id;
  const paymentId = event.payload?.payment?.entity?.id;
  const id = eventId ?? hex(await hmacSha256('event-id', rawBody));
  return { id, type: event.event ?? 'unknown', orderId, paymentId, rawBody };
};

/**
 * Records a checked webhook once in `db` (deduplicated by event id). Returns the paid order and
 * payment ids to credit, or nothing (duplicate or another event).
 */
export const recordWebhook = async (db: D1Database, event: CheckedWebhook) => {
  const stored = await db.prepare(`INSERT OR IGNORE INTO payment_events (id, type, provider_order_id, payload, received_at) VALUES (?, ?, ?, ?, ?)`)
    .bind(event.id, event.type, event.orderId ?? null, event.rawBody.slice(0, 20_000), Date.now())
    .run();
  if (stored.meta.changes === 0) return { duplicate: true as const };
  const { orderId, paymentId } = event;
  const paid = (event.type === 'payment.captured' || event.type === 'order.paid') && orderId && paymentId ? { orderId, paymentId } : undefined;
  return { duplicate: false as const, paid };
};

/**
 * A Razorpay webhook, checked and recorded once in the core: signed over the raw body, deduplicated
 * by event id (with one accounts database; with several the plan's webhook records it beside its order).
 */
export const receiveWebhook = async (env: Env, rawBody: string, signature: string | undefined, eventId: string | undefined) =>
  recordWebhook(env.DB, await checkWebhook(env, rawBody, signature, eventId));
