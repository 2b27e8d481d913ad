/**
 * Abandoned checkouts: an order created when someone opened the payment dialog and then
 * went away stays CREATED for ever. Lists stop showing such an order once it is older than this;
 * the row itself stays (a late webhook can still pay it, and then it shows as Paid). A fresh one
 * still shows as "Not completed", since its payment may be on the way.
 */
export const ABANDONED_CHECKOUT_MS = 60 * 60_000;

/** SQL condition (for an orders table with `status` and `created_at`, optionally aliased) that keeps paid, failed and fresh orders; bind `abandonedBefore(now)`. */
export const notAbandoned = (alias = '') => {
  const at = alias ? `${alias}.` : '';
  return `NOT (${at}status = 'CREATED' AND ${at}created_at < ?)`;
};

export const abandonedBefore = (now = Date.now()) => now - ABANDONED_CHECKOUT_MS;
