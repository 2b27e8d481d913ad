import { ulid } from '../../lib/ulid';
import type { Env } from '../../env';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { PremiumPackage, PremiumStatus } from '../../schemas/premium';
import { resolveCategory } from '../listings/catalog';
import { resolveLocation } from '../listings/locations';
import { LISTING_COLUMNS, LISTING_JOINS, hydrate, type ListingRow } from '../listings/listings';
import { notify } from '../notifications/notifications';
import { assertPaymentSignature, checkWebhook, checkoutKey, createProviderOrder, paymentsMode, receiveWebhook, recordWebhook, signLocalPayment } from './payments';
import { findBusinessOrderApart, payBusinessOrderByProviderId, payFoundBusinessOrder } from './business-orders';
import { abandonedBefore, notAbandoned } from '../../lib/abandoned-checkouts';
import { formatTextDate, render } from '../../schemas/notification-texts';
import { accountsDatabases, accountsDbForUser, accountsSplit } from '../../db/accounts';
import { isSharded, listingDbForId } from '../../db/shards';
import { usersDbFor, usersWithAccounts } from '../../db/users';
import { listingRowsByIds } from '../listings/shard-reads';
import { databasesFor } from '../listings/shard-search';
import { COUNT_CAP } from '../../schemas/common';

// the payments module's signature, kept here for the callers (and tests) that know it from premium
export { paymentSignature, paymentsMode } from './payments';

const DAY = 86_400_000;

// ---------------------------------------------------------------- packages and status

interface PackageRow {
  id: string;
  name: string;
  type: 'BASIC' | 'PRO';
  description: string;
  price_minor: number;
  currency: string;
  validity_days: number;
  features: string;
  phone_numbers_limit: number;
  is_active: number;
  created_at: number;
  updated_at: number;
}

const toPackage = (r: PackageRow): PremiumPackage => ({
  id: r.id,
  name: r.name,
  type: r.type,
  description: r.description,
  price: r.price_minor / 100,
  currency: r.currency,
  validityDays: r.validity_days,
  features: JSON.parse(r.features) as string[],
  phoneNumbersLimit: r.phone_numbers_limit,
  isActive: r.is_active === 1,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

export const listPackages = async (env: Env) => {
  const { results } = await env.DB.prepare('SELECT * FROM premium_packages WHERE is_active = 1 ORDER BY price_minor').all<PackageRow>();
  return results.map(toPackage);
};

/** Reading premium data is for the account holder only. */
export const assertSelf = (callerId: string, userId: string) => {
  if (callerId !== userId) throw forbidden('You do not have permission to perform this action', 'NOT_YOUR_ACCOUNT');
};

interface ActiveSubscription {
  id: string;
  package_id: string;
  start_date: number;
  end_date: number;
  status: string;
  name: string;
  type: 'BASIC' | 'PRO';
  phone_numbers_limit: number;
}

/**
 * The subscription in force now, if any, from the payer's accounts database (decision 034; `DB` with
 * one). Expiry is computed from end_date, not from the status column. The plan's catalogue row is
 * joined from that database's copy: `premium_packages` is reference data only migrations write,
 * applied to every database alike.
 */
export const activeSubscription = (env: Env, userId: string, now = Date.now()) =>
  accountsDbForUser(env, userId).prepare(
    `SELECT s.id, s.package_id, s.start_date, s.end_date, s.status, p.name, p.type, p.phone_numbers_limit
     FROM subscriptions s JOIN premium_packages p ON p.id = s.package_id
     WHERE s.user_id = ? AND s.status = 'ACTIVE' AND s.start_date <= ? AND s.end_date > ?
     ORDER BY p.phone_numbers_limit DESC, s.end_date DESC LIMIT 1`,
  )
    .bind(userId, now, now)
    .first<ActiveSubscription>();

const phoneNumbersUsed = async (env: Env, userId: string, periodStart: number) =>
  (await accountsDbForUser(env, userId).prepare('SELECT count(*) AS n FROM phone_access_log WHERE user_id = ? AND period_start = ?').bind(userId, periodStart).first<{ n: number }>())?.n ?? 0;

export const premiumStatus = async (env: Env, userId: string): Promise<PremiumStatus> => {
  const now = Date.now();
  const sub = await activeSubscription(env, userId, now);
  if (!sub) return { isPremium: false, subscription: null };
  return {
    isPremium: true,
    subscription: {
      id: sub.id,
      packageId: sub.package_id,
      packageType: sub.type,
      packageName: sub.name,
      status: 'ACTIVE',
      startDate: new Date(sub.start_date).toISOString(),
      endDate: new Date(sub.end_date).toISOString(),
      remainingDays: Math.max(0, Math.ceil((sub.end_date - now) / DAY)),
      phoneNumbersLimit: sub.phone_numbers_limit,
      phoneNumbersUsed: await phoneNumbersUsed(env, userId, sub.start_date),
    },
  };
};

// ---------------------------------------------------------------- orders and payments

export const createOrder = async (env: Env, userId: string, packageId: string) => {
  paymentsMode(env);
  const pkg = await env.DB.prepare('SELECT * FROM premium_packages WHERE id = ? AND is_active = 1').bind(packageId.toLowerCase()).first<PackageRow>();
  if (!pkg) throw notFound(`There is no plan called "${packageId}"`, 'PACKAGE_NOT_FOUND');
  if (await activeSubscription(env, userId)) throw conflict('You already have an active premium plan. You can buy again when it ends.', 'ALREADY_PREMIUM');
  const now = Date.now();
  const subscriptionId = `sub_${ulid().toLowerCase()}`;
  const receipt = `rcpt_${ulid().toLowerCase()}`;
  const { provider, providerOrderId } = await createProviderOrder(env, {
    amountMinor: pkg.price_minor,
    currency: pkg.currency,
    receipt,
    notes: { userId, packageId: pkg.id, subscriptionId },
  });
  // the subscription and its order live with their payer (decision 034), so paying them stays one batch
  const payer = accountsDbForUser(env, userId);
  await payer.batch([
    payer.prepare(`INSERT INTO subscriptions (id, user_id, package_id, status, created_at, updated_at) VALUES (?, ?, ?, 'PENDING', ?, ?)`).bind(subscriptionId, userId, pkg.id, now, now),
    payer.prepare(
      `INSERT INTO payment_orders (id, user_id, package_id, subscription_id, provider, provider_order_id, amount_minor, currency, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'CREATED', ?)`,
    ).bind(`pay_${ulid().toLowerCase()}`, userId, pkg.id, subscriptionId, provider, providerOrderId, pkg.price_minor, pkg.currency, now),
  ]);
  return {
    key: checkoutKey(env),
    amount: pkg.price_minor,
    currency: pkg.currency,
    orderId: providerOrderId,
    subscriptionId,
    provider,
    packageName: pkg.name,
  };
};

interface OrderRow {
  id: string;
  user_id: string;
  package_id: string;
  subscription_id: string;
  provider: string;
  provider_order_id: string;
  amount_minor: number;
  status: string;
  provider_payment_id: string | null;
}

/**
 * Marks an order paid and starts its subscription, exactly once: both updates are conditional on
 * the old state, in one batch, so a second (or concurrent) call changes nothing.
 */
const activate = async (env: Env, order: OrderRow, paymentId: string) => {
  const pkg = await env.DB.prepare('SELECT validity_days, name FROM premium_packages WHERE id = ?').bind(order.package_id).first<{ validity_days: number; name: string }>();
  const now = Date.now();
  // a second paid plan starts when the current one ends instead of overlapping it
  const current = await activeSubscription(env, order.user_id, now);
  const start = current && current.id !== order.subscription_id ? current.end_date : now;
  const end = start + (pkg?.validity_days ?? 30) * DAY;
  // the order and its subscription are both in the payer's accounts database: still one batch
  const payer = accountsDbForUser(env, order.user_id);
  const [paid] = await payer.batch([
    payer.prepare(`UPDATE payment_orders SET status = 'PAID', provider_payment_id = ?, paid_at = ? WHERE id = ? AND status = 'CREATED'`).bind(paymentId, now, order.id),
    payer.prepare(
      `UPDATE subscriptions SET status = 'ACTIVE', start_date = ?, end_date = ?, updated_at = ?
       WHERE id = ? AND status = 'PENDING' AND EXISTS (SELECT 1 FROM payment_orders WHERE id = ? AND status = 'PAID' AND provider_payment_id = ?)`,
    ).bind(start, end, now, order.subscription_id, order.id, paymentId),
  ]);
  if ((paid?.meta.changes ?? 0) > 0) {
    await notify(env, order.user_id, (lang) => ({
      type: 'PREMIUM',
      // the plan's name is a brand ("SEL Buyer Pro") and stays as stored
      title: render(lang, 'premiumWelcomeTitle', { plan: pkg?.name ?? render(lang, 'premiumDefaultPlan') }),
      body: render(lang, 'premiumWelcomeBody', { date: formatTextDate(lang, end) }),
      data: { subscriptionId: order.subscription_id },
    }));
    return true;
  }
  return false;
};

export const verifyPayment = async (env: Env, userId: string, input: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }) => {
  paymentsMode(env);
  const order = await accountsDbForUser(env, userId).prepare('SELECT * FROM payment_orders WHERE provider_order_id = ?').bind(input.razorpay_order_id).first<OrderRow>();
  // someone else's order reads as missing: no hint that it exists
  if (!order || order.user_id !== userId) throw notFound('Payment verification failed: no such order', 'ORDER_NOT_FOUND');
  await assertPaymentSignature(env, input.razorpay_order_id, input.razorpay_payment_id, input.razorpay_signature);
  if (order.status === 'PAID' && order.provider_payment_id !== input.razorpay_payment_id) {
    throw conflict('This order was already paid with another payment.', 'ALREADY_PAID');
  }
  const activated = await activate(env, order, input.razorpay_payment_id);
  return { verified: true, activated, status: await premiumStatus(env, userId) };
};

/**
 * The local test checkout (no Razorpay keys): plays the provider's part and signs the payment with
 * the local secret, so the browser then calls the same verify-payment as with Razorpay.
 */
export const completeLocalCheckout = async (env: Env, userId: string, orderId: string) => {
  if (paymentsMode(env) === 'razorpay') throw notFound('The local test checkout is off because Razorpay is configured.', 'LOCAL_CHECKOUT_OFF');
  const order = await accountsDbForUser(env, userId).prepare('SELECT * FROM payment_orders WHERE provider_order_id = ? AND user_id = ?').bind(orderId, userId).first<OrderRow>();
  if (!order || order.provider !== 'local') throw notFound('No such order', 'ORDER_NOT_FOUND');
  return signLocalPayment(env, orderId, order.provider_payment_id);
};

/**
 * Razorpay webhooks (one endpoint for every purchase): checked and deduplicated by the payments
 * module; a paid premium order activates its plan, a paid seller-package order grants its credits.
 */
export const handleWebhook = async (env: Env, rawBody: string, signature: string | undefined, eventId: string | undefined) => {
  if (accountsSplit(env)) return handleWebhookApart(env, rawBody, signature, eventId);
  const received = await receiveWebhook(env, rawBody, signature, eventId);
  if (received.duplicate) return { received: true, duplicate: true, activated: false };
  if (received.paid) {
    const order = await env.DB.prepare('SELECT * FROM payment_orders WHERE provider_order_id = ?').bind(received.paid.orderId).first<OrderRow>();
    if (order) return { received: true, duplicate: false, activated: await activate(env, order, received.paid.paymentId) };
    const credited = await payBusinessOrderByProviderId(env, received.paid.orderId, received.paid.paymentId);
    if (credited !== undefined) return { received: true, duplicate: false, activated: credited };
  }
  return { received: true, duplicate: false, activated: false };
};

/**
 * The webhook with the plans' orders over several accounts databases (decision 034). The event names
 * a provider order, not its payer, so the order is looked for in every accounts database side by side
 * first (the seller-package orders beside them); the event is then recorded beside the order it is
 * about (the payer's database; the core for a seller-package order, whose events stay there beside its
 * invoice number, or for an event naming no order of ours). Razorpay sends the same event id again for
 * the same order, so a repeat meets its first copy in the same database and is still recognised. Same round trips as with one database (the lookup and the record swap
 * places); a crash between them records nothing, so the provider's retry starts afresh.
 */
const handleWebhookApart = async (env: Env, rawBody: string, signature: string | undefined, eventId: string | undefined) => {
  const event = await checkWebhook(env, rawBody, signature, eventId);
  // the seller-package orders live in their sellers' databases too: looked for beside the plans' (the same wait)
  const [orders, sellerOrder] = event.orderId
    ? await Promise.all([
        Promise.all(accountsDatabases(env).map((db) => db.prepare('SELECT * FROM payment_orders WHERE provider_order_id = ?').bind(event.orderId).first<OrderRow>())),
        findBusinessOrderApart(env, event.orderId),
      ])
    : [[], null];
  const order = orders.find((o) => o !== null) ?? null;
  const received = await recordWebhook(order ? accountsDbForUser(env, order.user_id) : env.DB, event);
  if (received.duplicate) return { received: true, duplicate: true, activated: false };
  if (received.paid) {
    if (order) return { received: true, duplicate: false, activated: await activate(env, order, received.paid.paymentId) };
    if (sellerOrder) return { received: true, duplicate: false, activated: await payFoundBusinessOrder(env, sellerOrder, received.paid.paymentId) };
  }
  return { received: true, duplicate: false, activated: false };
};

export const listTransactions = async (env: Env, userId: string, q: { page: number; limit: number }) => {
  const payer = accountsDbForUser(env, userId);
  const [rows, total] = await payer.batch<unknown>([
    payer.prepare(
      `SELECT o.*, p.name AS package_name FROM payment_orders o JOIN premium_packages p ON p.id = o.package_id WHERE o.user_id = ? AND ${notAbandoned('o')} ORDER BY o.created_at DESC LIMIT ? OFFSET ?`,
    ).bind(userId, abandonedBefore(), q.limit, (q.page - 1) * q.limit),
    payer.prepare(`SELECT count(*) AS total FROM payment_orders WHERE user_id = ? AND ${notAbandoned()}`).bind(userId, abandonedBefore()),
  ]);
  const t = (total?.results[0] as { total: number } | undefined)?.total ?? 0;
  return {
    transactions: ((rows?.results ?? []) as (OrderRow & { package_name: string; currency: string; created_at: number; paid_at: number | null })[]).map((o) => ({
      id: o.id,
      orderId: o.provider_order_id,
      paymentId: o.provider_payment_id,
      packageId: o.package_id,
      packageName: o.package_name,
      amount: o.amount_minor / 100,
      currency: o.currency,
      status: o.status,
      provider: o.provider,
      createdAt: new Date(o.created_at).toISOString(),
      paidAt: o.paid_at ? new Date(o.paid_at).toISOString() : null,
    })),
    pagination: { page: q.page, limit: q.limit, total: t, pages: Math.ceil(t / q.limit) },
  };
};

/**
 * Scheduled: mark subscriptions whose period ended (status is also computed on every read), in every
 * accounts database side by side (`DB` alone with one).
 */
export const expireSubscriptions = async (env: Env, now = Date.now()) =>
  (
    await Promise.all(
      accountsDatabases(env).map((db) => db.prepare(`UPDATE subscriptions SET status = 'EXPIRED', updated_at = ? WHERE status = 'ACTIVE' AND end_date <= ?`).bind(now, now).run()),
    )
  ).reduce((n, r) => n + (r.meta.changes ?? 0), 0);

// ---------------------------------------------------------------- Pro rights

const requirePro = async (env: Env, userId: string) => {
  const sub = await activeSubscription(env, userId);
  if (!sub || sub.type !== 'PRO') throw forbidden('Seller phone numbers are part of SEL Buyer Pro. Upgrade to see them.', 'PRO_REQUIRED');
  return sub;
};

type SellerPhone = { phone: string | null; first_name: string; last_name: string; share_phone: number };
const SELLER_PHONE_COLUMNS = 'u.phone, u.first_name, u.last_name, u.share_phone';

type PhoneAd = { id: string; user_id: string; status: string; contact_phone: string | null; contact_name: string | null };

/** The ad's own columns a phone number needs, from its listings database (the core with one). */
const readPhoneAd = (env: Env, id: string) =>
  (isSharded(env) ? listingDbForId(env, id) : env.DB)
    .prepare('SELECT id, user_id, status, contact_phone, contact_name FROM listings WHERE id = ?')
    .bind(id)
    .first<PhoneAd>();

/** The ad behind a phone number, read before the buyer's account check has answered; `listingId` as asked. */
export interface EarlyPhoneAd {
  listingId: string;
  ad: Promise<PhoneAd | null>;
}

/**
 * Is the ad behind a phone number read apart from its seller's row? With the listings in their own
 * databases (decision 033) or `users` in the accounts databases (decision 034) the ad and the seller's
 * row are in different databases and only the ad names the seller, so the ad is read first — beside the
 * buyer's account check (`readPhoneAdEarly`), which keeps a phone number at 3 round trips. (An earlier
 * way, the seller named by the ad's posting record in the core, stopped working once the posting
 * records moved to their sellers' accounts databases.) With one database the ad and its seller are one
 * statement.
 */
export const readsPhoneAdApart = (env: Env) => usersWithAccounts(env) || isSharded(env);

/**
 * Starts reading the ad behind a phone number beside the buyer's account check (worker/routes/premium.ts,
 * when `readsPhoneAdApart`): the ad is public data, nothing is written, and it is looked at only by
 * `accessPhone`, after the check has passed. A refused check leaves its answer unread.
 */
export const readPhoneAdEarly = (env: Env, listingId: string): EarlyPhoneAd => {
  const id = listingId.toLowerCase();
  const ad = readPhoneAd(env, id);
  // when the check refuses, nobody waits on the read: its failure must not count as unhandled
  ad.catch(() => undefined);
  return { listingId: id, ad };
};

/**
 * The ad (from its listings database, or the core with one), then its seller's phone, sharing choice
 * and names from wherever the seller's row lives (the core, or the seller's own accounts database with
 * `users` there). The ad is read beside the buyer's account check (`early`, started by the route), and
 * the seller's row beside the plan: 3 round trips, as with one database. Without an early read (a caller other
 * than the route) the ad is read here, one wait more. The access log is still written only after
 * every gate has passed.
 */
const phoneReadApart = async (env: Env, id: string, early?: EarlyPhoneAd) => {
  const ad = await (early?.listingId === id ? early.ad : readPhoneAd(env, id));
  if (!ad) return null;
  const seller = await usersDbFor(env, ad.user_id)
    .prepare('SELECT phone, first_name, last_name, share_phone FROM users WHERE id = ?')
    .bind(ad.user_id)
    .first<SellerPhone>();
  return seller ? { ...ad, phone: seller.phone, first_name: seller.first_name, last_name: seller.last_name, share_phone: seller.share_phone } : null;
};

/**
 * A Pro buyer sees a seller's phone number. Each listing counts once per subscription period, at
 * most `phoneNumbersLimit` listings; the count and the insert are one statement, so parallel calls
 * cannot go over the limit. `early`: the ad as the route started reading it beside the account check
 * (see `readsPhoneAdApart`).
 */
export const accessPhone = async (env: Env, userId: string, listingId: string, early?: EarlyPhoneAd) => {
  type PhoneRead = { id: string; user_id: string; status: string; contact_phone: string | null; contact_name: string | null; phone: string | null; first_name: string; last_name: string; share_phone: number };
  // the plan and the ad are read side by side (one wait, not two); the plan is checked first, so a
  // buyer without Pro hears about Pro whatever the ad's state
  const [plan, read] = await Promise.allSettled([
    requirePro(env, userId),
    readsPhoneAdApart(env)
      ? phoneReadApart(env, listingId.toLowerCase(), early)
      : env.DB.prepare(
          `SELECT l.id, l.user_id, l.status, l.contact_phone, l.contact_name, u.phone, u.first_name, u.last_name, u.share_phone
     FROM listings l JOIN users u ON u.id = l.user_id WHERE l.id = ?`,
        )
          .bind(listingId.toLowerCase())
          .first<PhoneRead>(),
  ]);
  if (plan.status === 'rejected') throw plan.reason;
  if (read.status === 'rejected') throw read.reason;
  const sub = plan.value;
  const listing = read.value;
  if (!listing || !['APPROVED', 'SOLD'].includes(listing.status)) throw notFound("The listing you're looking for doesn't exist or has been removed.", 'LISTING_NOT_FOUND');
  if (listing.user_id === userId) throw badRequest('This is your own ad.', 'OWN_LISTING');
  if (listing.share_phone !== 1) throw forbidden('The seller has chosen not to share their phone number. Chat with them instead.', 'PHONE_HIDDEN');
  const phone = listing.contact_phone ?? listing.phone;
  if (!phone) throw notFound('This seller has not added a phone number. Chat with them instead.', 'NO_PHONE');
  const limit = sub.phone_numbers_limit;
  // the viewer's own accounts database holds their log (decision 034): the count and the insert stay
  // one statement in one database, and what it left read back in the same batch (one wait, not three)
  const log = accountsDbForUser(env, userId);
  const [, seenRows, usedRows] = await log.batch<{ n?: number }>([
    log
      .prepare(
        `INSERT OR IGNORE INTO phone_access_log (user_id, listing_id, period_start, created_at)
     SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM phone_access_log WHERE user_id = ?1 AND listing_id = ?2 AND period_start = ?3)
        OR (SELECT count(*) FROM phone_access_log WHERE user_id = ?1 AND period_start = ?3) < ?5`,
      )
      .bind(userId, listing.id, sub.start_date, Date.now(), limit),
    log.prepare('SELECT 1 FROM phone_access_log WHERE user_id = ? AND listing_id = ? AND period_start = ?').bind(userId, listing.id, sub.start_date),
    log.prepare('SELECT count(*) AS n FROM phone_access_log WHERE user_id = ? AND period_start = ?').bind(userId, sub.start_date),
  ]);
  const seen = Boolean(seenRows?.results.length);
  const used = usedRows?.results[0]?.n ?? 0;
  if (!seen) {
    const resets = new Date(sub.end_date).toLocaleDateString('en-IN', { day: 'numeric', month: 'short' });
    throw new AppError(429, 'PHONE_LIMIT_REACHED', `You have used all ${limit} phone numbers of your plan. More become available when your plan renews on ${resets}.`, undefined, {
      'Retry-After': String(Math.ceil((sub.end_date - Date.now()) / 1000)),
    });
  }
  return {
    phone: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`,
    sellerName: listing.contact_name ?? `${listing.first_name} ${listing.last_name}`.trim(),
    phoneNumbersUsed: used,
    phoneNumbersLimit: limit,
    remaining: Math.max(0, limit - used),
  };
};

type CuratedQuery = { page: number; limit: number; category?: string; location?: string };

/** Curated leads for Pro: fresh ads from verified sellers, in the categories the buyer favours. */
export const curatedListings = async (env: Env, db: Db, origin: string, userId: string, q: CuratedQuery) => {
  // the buyer's favourites in their own accounts database cannot join the ads in SQL (decision 034)
  if (isSharded(env) || accountsSplit(env)) return curatedOverShards(env, db, origin, userId, q);
  await requirePro(env, userId);
  const where = [`l.status = 'APPROVED'`, 'l.user_id != ?', 'u.is_verified = 1'];
  const params: unknown[] = [userId];
  if (q.category) {
    const resolved = await resolveCategory(db, q.category);
    if (!resolved?.category) return { listings: [], pagination: { page: q.page, limit: q.limit, total: 0, pages: 0 } };
    where.push(resolved.subcategory ? 'l.subcategory_id = ?' : 'l.category_id = ?');
    params.push(resolved.subcategory?.id ?? resolved.category.id);
  } else {
    // the buyer's own interests: categories of ads they favourited
    where.push(`(NOT EXISTS (SELECT 1 FROM favorites WHERE user_id = ?) OR l.category_id IN (SELECT fl.category_id FROM favorites f JOIN listings fl ON fl.id = f.listing_id WHERE f.user_id = ?))`);
    params.push(userId, userId);
  }
  if (q.location) {
    const place = await resolveLocation(db, q.location);
    if (place === undefined) return { listings: [], pagination: { page: q.page, limit: q.limit, total: 0, pages: 0 } };
    if (place) {
      where.push(place.kind === 'state' ? 'l.state_id = ?' : place.kind === 'city' ? 'l.city_id = ?' : 'l.area_id = ?');
      params.push(place.id);
    }
  }
  const whereSql = where.join(' AND ');
  const [rows, total] = await env.DB.batch<unknown>([
    env.DB.prepare(`SELECT ${LISTING_COLUMNS} FROM listings l ${LISTING_JOINS} WHERE ${whereSql} ORDER BY l.is_featured DESC, l.created_at DESC LIMIT ? OFFSET ?`).bind(
      ...params,
      q.limit,
      (q.page - 1) * q.limit,
    ),
    env.DB.prepare(`SELECT count(*) AS total FROM (SELECT 1 FROM listings l JOIN users u ON u.id = l.user_id WHERE ${whereSql} LIMIT 1000)`).bind(...params),
  ]);
  const t = (total?.results[0] as { total: number } | undefined)?.total ?? 0;
  return {
    listings: await hydrate(db, env, origin, (rows?.results ?? []) as ListingRow[]),
    pagination: { page: q.page, limit: q.limit, total: t, pages: Math.ceil(t / q.limit) },
  };
};

/** The curated feed's order, for rows merged from several databases: featured first, newest first, ties by id (time-ordered). */
const curatedOrder = (a: ListingRow, b: ListingRow) => b.is_featured - a.is_featured || b.created_at - a.created_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The curated feed with the ads over several listings databases (decision 033), or the buyer's
 * favourites in their accounts database (decision 034). The buyer's interests are the categories of
 * the ads they favourited: the favourites come from the buyer's accounts database (beside
 * the Pro check), their categories from the ads' own databases, then the feed from every database
 * the place needs (all of them without one) side by side, each answering its first page × limit
 * rows, merged in the feed's order. Round trips: 2, or 3 when the buyer's favourites decide the
 * categories. Totals are summed and capped at COUNT_CAP as with one database; no database is asked
 * for more than COUNT_CAP rows, so pages past the capped total are empty.
 */
const curatedOverShards = async (env: Env, db: Db, origin: string, userId: string, q: CuratedQuery) => {
  const none = { listings: [], pagination: { page: q.page, limit: q.limit, total: 0, pages: 0 } };
  const [, favourites, resolved, place] = await Promise.all([
    requirePro(env, userId),
    q.category ? undefined : accountsDbForUser(env, userId).prepare(`SELECT listing_id FROM favorites WHERE user_id = ? ORDER BY created_at DESC LIMIT ${COUNT_CAP}`).bind(userId).all<{ listing_id: string }>(),
    q.category ? resolveCategory(db, q.category) : undefined,
    q.location ? resolveLocation(db, q.location) : null,
  ]);
  const where = [`l.status = 'APPROVED'`, 'l.user_id != ?', 'u.is_verified = 1'];
  const params: unknown[] = [userId];
  if (q.category) {
    if (!resolved?.category) return none;
    where.push(resolved.subcategory ? 'l.subcategory_id = ?' : 'l.category_id = ?');
    params.push(resolved.subcategory?.id ?? resolved.category.id);
  } else if (favourites?.results.length) {
    // the buyer's own interests: categories of ads they favourited, each read in its ad's database
    const ids = favourites.results.map((f) => f.listing_id);
    const categories = [...new Set((await listingRowsByIds<{ category_id: string }>(env, ids, 'l.category_id')).map((r) => r.category_id))];
    if (!categories.length) return none;
    where.push(`l.category_id IN (${categories.map(() => '?').join(', ')})`);
    params.push(...categories);
  }
  if (place === undefined) return none;
  if (place) {
    where.push(place.kind === 'state' ? 'l.state_id = ?' : place.kind === 'city' ? 'l.city_id = ?' : 'l.area_id = ?');
    params.push(place.id);
  }
  const depth = Math.min(q.page * q.limit, COUNT_CAP);
  const offset = (q.page - 1) * q.limit;
  if (offset >= depth) return none;
  const whereSql = where.join(' AND ');
  const targets = await databasesFor(env, db, { page: q.page, limit: q.limit }, { place });
  const answers = await Promise.all(
    targets.map((target) =>
      target.batch<unknown>([
        target.prepare(`SELECT ${LISTING_COLUMNS} FROM listings l ${LISTING_JOINS} WHERE ${whereSql} ORDER BY l.is_featured DESC, l.created_at DESC LIMIT ?`).bind(...params, depth),
        target.prepare(`SELECT count(*) AS total FROM (SELECT 1 FROM listings l JOIN users u ON u.id = l.user_id WHERE ${whereSql} LIMIT ${COUNT_CAP})`).bind(...params),
      ]),
    ),
  );
  const rows = answers.flatMap(([page]) => (page?.results ?? []) as ListingRow[]).sort(curatedOrder);
  const t = Math.min(COUNT_CAP, answers.reduce((n, [, total]) => n + ((total?.results[0] as { total: number } | undefined)?.total ?? 0), 0));
  return {
    listings: await hydrate(db, env, origin, rows.slice(offset, offset + q.limit)),
    pagination: { page: q.page, limit: q.limit, total: t, pages: Math.ceil(t / q.limit) },
  };
};
