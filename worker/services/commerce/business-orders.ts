import { ulid } from '../../lib/ulid';
import { accountsDatabases, accountsDbForUser, accountsSplit } from '../../db/accounts';
import type { Env } from '../../env';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { GST_PERCENT, MAX_PACKAGE_QUANTITY, type PackageType } from '../../schemas/business';
import { DAY } from './business';
import { notify } from '../notifications/notifications';
import { assertPaymentSignature, checkoutKey, createProviderOrder, paymentsMode, signLocalPayment } from './payments';
import { abandonedBefore, notAbandoned } from '../../lib/abandoned-checkouts';
import { formatCount, render } from '../../schemas/notification-texts';
import { SELLER_ORDERS } from '../../schemas/seller-orders-data';

/**
 * Seller-package orders (decision 007): priced by the server, paid through the payments module, credited once.
 *
 * The orders live in their seller's accounts database (decision 034; `DB` itself with one, so nothing
 * changes there). The gapless invoice counter stays in the core; the credits live beside the orders,
 * with the ads posted and promoted (`ad_postings`, `listing_promotions`) they are counted against in
 * one statement. See `payApart` for the order of writes with several.
 */

/** The database holding a seller's package orders. */
const ordersDb = (env: Env, userId: string) => accountsDbForUser(env, userId);

export interface OrderItem {
  packageId: string;
  name: string;
  type: PackageType;
  quantity: number;
  /** rupees, before GST */
  unitPrice: number;
  amount: number;
}

export interface OrderRow {
  id: string;
  user_id: string;
  provider: string;
  provider_order_id: string;
  items: string;
  subtotal_minor: number;
  gst_minor: number;
  total_minor: number;
  currency: string;
  /** REMOVED: an unpaid order its buyer took off My Orders (kept, hidden, still payable by a late payment) */
  status: 'CREATED' | 'PAID' | 'REMOVED';
  provider_payment_id: string | null;
  invoice_number: string | null;
  created_at: number;
  paid_at: number | null;
}

/** GST on a subtotal in paise, rounded to the nearest paisa (half up). */
export const gstOn = (subtotalMinor: number) => Math.round((subtotalMinor * GST_PERCENT) / 100);

/** India's financial year (April–March) a moment falls in, as on invoices: "2026-27". */
export const financialYear = (at: number) => {
  const d = new Date(at + 5.5 * 3600_000); // IST
  const start = d.getUTCMonth() >= 3 ? d.getUTCFullYear() : d.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
};

const rupees = (minor: number) => minor / 100;

export const orderView = (o: OrderRow) => ({
  id: o.id,
  status: o.status,
  items: JSON.parse(o.items) as OrderItem[],
  subtotal: rupees(o.subtotal_minor),
  gst: rupees(o.gst_minor),
  total: rupees(o.total_minor),
  currency: 'INR' as const,
  provider: o.provider as 'razorpay' | 'local',
  providerOrderId: o.provider_order_id,
  ...(o.invoice_number ? { invoiceNumber: o.invoice_number } : {}),
  createdAt: new Date(o.created_at).toISOString(),
  ...(o.paid_at ? { paidAt: new Date(o.paid_at).toISOString() } : {}),
});

interface PackageRow {
  id: string;
  type: PackageType;
  name: string;
  price_minor: number;
}

/**
 * Prices the items from the package table (anything the client says about prices never reaches
 * here). Same package twice adds up; more than 20 of one package, or an unknown one, is a 400.
 */
export const priceItems = async (env: Env, items: { packageId: string; quantity: number }[]) => {
  const merged = new Map<string, number>();
  for (const i of items) merged.set(i.packageId.trim().toLowerCase(), (merged.get(i.packageId.trim().toLowerCase()) ?? 0) + i.quantity);
  const ids = [...merged.keys()];
  const { results } = await env.DB.prepare(`SELECT id, type, name, price_minor FROM seller_packages WHERE is_active = 1 AND id IN (${ids.map(() => '?').join(',')})`)
    .bind(...ids)
    .all<PackageRow>();
  const unknown = ids.find((id) => !results.some((r) => r.id === id));
  if (unknown) throw badRequest(`There is no package called "${unknown}"`, 'UNKNOWN_PACKAGE');
  const priced: OrderItem[] = ids.map((id) => {
    const p = results.find((r) => r.id === id)!;
    const quantity = merged.get(id)!;
    if (quantity > MAX_PACKAGE_QUANTITY) throw badRequest(`At most ${MAX_PACKAGE_QUANTITY} of one package per order ("${p.name}")`, 'VALIDATION_ERROR');
    return { packageId: p.id, name: p.name, type: p.type, quantity, unitPrice: rupees(p.price_minor), amount: rupees(p.price_minor * quantity) };
  });
  const subtotalMinor = ids.reduce((n, id) => n + results.find((r) => r.id === id)!.price_minor * merged.get(id)!, 0);
  const gstMinor = gstOn(subtotalMinor);
  return { priced, subtotalMinor, gstMinor, totalMinor: subtotalMinor + gstMinor };
};

/** The cart's quote (decision 014): the same pricing as an order, nothing stored. */
export const quoteBusinessOrder = async (env: Env, items: { packageId: string; quantity: number }[]) => {
  const { priced, subtotalMinor, gstMinor, totalMinor } = await priceItems(env, items);
  return { items: priced, subtotal: rupees(subtotalMinor), gst: rupees(gstMinor), total: rupees(totalMinor), currency: 'INR' as const };
};

export const createBusinessOrder = async (env: Env, userId: string, items: { packageId: string; quantity: number }[]) => {
  paymentsMode(env);
  const { priced, subtotalMinor, gstMinor, totalMinor } = await priceItems(env, items);
  const id = `bo_${ulid().toLowerCase()}`;
  const { provider, providerOrderId } = await createProviderOrder(env, {
    amountMinor: totalMinor,
    currency: 'INR',
    receipt: id,
    notes: { userId, businessOrderId: id },
    localPrefix: 'order_local_bo_',
  });
  const now = Date.now();
  await ordersDb(env, userId).prepare(
    `INSERT INTO business_orders (id, user_id, provider, provider_order_id, items, subtotal_minor, gst_minor, total_minor, currency, status, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'INR', 'CREATED', ?)`,
  )
    .bind(id, userId, provider, providerOrderId, JSON.stringify(priced), subtotalMinor, gstMinor, totalMinor, now)
    .run();
  return {
    orderId: id,
    providerOrderId,
    key: checkoutKey(env),
    amount: totalMinor,
    currency: 'INR' as const,
    provider,
    items: priced,
    subtotal: rupees(subtotalMinor),
    gst: rupees(gstMinor),
    total: rupees(totalMinor),
  };
};

/** My order, or 404 (someone else's reads as missing). */
const ownOrder = async (env: Env, userId: string, id: string) => {
  const order = await ordersDb(env, userId).prepare('SELECT * FROM business_orders WHERE id = ?').bind(id.toLowerCase()).first<OrderRow>();
  if (!order || order.user_id !== userId) throw notFound('No such order', 'ORDER_NOT_FOUND');
  return order;
};

/**
 * Marks the order paid, numbers its invoice and grants its credits, exactly once: every statement
 * is conditional on the order's state, in one batch (a transaction), so verify, a replay and the
 * webhook can race and only the first changes anything. The invoice counter only moves in the
 * batch that pays, so the series has no gaps.
 */
const pay = async (env: Env, order: OrderRow, paymentId: string) => {
  if (accountsSplit(env)) return payApart(env, order, paymentId);
  const now = Date.now();
  const fy = financialYear(now);
  // a removed checkout that gets paid after all (a late webhook) is still paid and credited: the money won
  const unpaid = `EXISTS (SELECT 1 FROM business_orders WHERE id = ? AND status IN ('CREATED', 'REMOVED'))`;
  const paidByThis = `EXISTS (SELECT 1 FROM business_orders WHERE id = ? AND status = 'PAID' AND provider_payment_id = ? AND paid_at = ?)`;
  const items = JSON.parse(order.items) as OrderItem[];
  const packages = await packagesOf(env, items);
  const results = await env.DB.batch([
    env.DB.prepare('INSERT OR IGNORE INTO invoice_counters (financial_year, last_number) VALUES (?, 0)').bind(fy),
    env.DB.prepare(`UPDATE invoice_counters SET last_number = last_number + 1 WHERE financial_year = ? AND ${unpaid}`).bind(fy, order.id),
    env.DB.prepare(
      `UPDATE business_orders SET status = 'PAID', provider_payment_id = ?, paid_at = ?,
         invoice_number = 'SEL/' || ? || '/' || printf('%06d', (SELECT last_number FROM invoice_counters WHERE financial_year = ?))
       WHERE id = ? AND status IN ('CREATED', 'REMOVED')`,
    ).bind(paymentId, now, fy, fy, order.id),
    ...creditStatements(env.DB, order, items, packages, now, paidByThis, [order.id, paymentId, now]),
    // with one accounts database the cart lines go in the same transaction as the credit
    env.DB.prepare(`DELETE FROM cart_items WHERE user_id = ? AND package_id IN (${items.map(() => '?').join(',')}) AND ${paidByThis}`).bind(
      order.user_id,
      ...items.map((i) => i.packageId),
      order.id,
      paymentId,
      now,
    ),
  ]);
  const credited = (results[2]?.meta.changes ?? 0) > 0;
  if (credited) await notifyPaid(env, order, items);
  return credited;
};

type PackageTerms = { id: string; type: string; category_id: string; subcategory_id: string | null; quantity: number; validity_days: number; use_within_days: number };

/** The terms of the ordered packages (reference data in the core), read before the paying batch. */
const packagesOf = async (env: Env, items: OrderItem[]) => {
  const ids = [...new Set(items.map((i) => i.packageId))];
  return (
    await env.DB.prepare(
      `SELECT id, type, category_id, subcategory_id, quantity, validity_days, use_within_days FROM seller_packages WHERE id IN (${ids.map(() => '?').join(',')})`,
    )
      .bind(...ids)
      .all<PackageTerms>()
  ).results;
};

/** One credit per ordered package, each written only if `condition` (with its `params`) holds in the same batch. */
const creditStatements = (db: D1Database, order: Pick<OrderRow, 'id' | 'user_id'>, items: OrderItem[], packages: PackageTerms[], now: number, condition: string, params: unknown[]) =>
  items.map((item) => {
    const p = packages.find((x) => x.id === item.packageId)!;
    return db.prepare(
      `INSERT OR IGNORE INTO seller_credits (id, user_id, order_id, package_id, type, limit_key, category_id, subcategory_id, quantity, validity_days, expires_at, created_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${condition}`,
    ).bind(
      `cr_${ulid().toLowerCase()}`,
      order.user_id,
      order.id,
      p.id,
      p.type,
      p.subcategory_id ?? p.category_id,
      p.category_id,
      p.subcategory_id,
      p.quantity * item.quantity,
      p.validity_days,
      now + p.use_within_days * DAY,
      now,
      ...params,
    );
  });

/** An invoice number as printed: "SEL/2026-27/000042" (the same as the SQL's printf('%06d')). */
export const invoiceNumberOf = (financialYear: string, n: number) => `SEL/${financialYear}/${String(n).padStart(6, '0')}`;

interface TakenNumber {
  financial_year: string;
  number: number;
  order_id: string;
  user_id: string;
  payment_id: string;
  taken_at: number;
}

/**
 * The second step of paying with several accounts databases: the order marked paid in its seller's
 * database with the number the core's record gave it, and that record's payment and time. Conditional
 * on the order still being unpaid, so any number of retries (verify, the webhook, the sweep) change it
 * once, and all write the same values.
 */
const markPaidStatement = (db: D1Database, taken: TakenNumber) =>
  db
    .prepare(`UPDATE business_orders SET status = 'PAID', provider_payment_id = ?, paid_at = ?, invoice_number = ? WHERE id = ? AND status IN ('CREATED', 'REMOVED')`)
    .bind(taken.payment_id, taken.taken_at, invoiceNumberOf(taken.financial_year, taken.number), taken.order_id);

/**
 * The order's credits, in the batch that marks it paid in the seller's database, after that
 * statement: each only if the order is paid with this number. A retry writes nothing twice (one
 * credit per order and package: `seller_credits_order_package`), and an order paid before the split,
 * whose credits came with it, gets none again. Times are the number's, as the order's `paid_at`.
 */
const grantStatements = (db: D1Database, taken: TakenNumber, items: OrderItem[], packages: PackageTerms[]) =>
  creditStatements(
    db,
    { id: taken.order_id, user_id: taken.user_id },
    items,
    packages,
    taken.taken_at,
    `EXISTS (SELECT 1 FROM business_orders WHERE id = ? AND status = 'PAID' AND invoice_number = ? AND paid_at = ?)`,
    [taken.order_id, invoiceNumberOf(taken.financial_year, taken.number), taken.taken_at],
  );

/**
 * Paying with the orders in their sellers' accounts databases (decision 034). The counter cannot share
 * a transaction with the order any more, so the writes go in this order:
 *
 * 1. the core, one batch: the counter moves on and `invoice_numbers` records which order took the
 *    number (and with which payment, at what time) — both only if no number was taken for this order
 *    yet. From here the number is this order's: a crash after it leaves no gap (the number is used, by
 *    a known order) and a retry cannot take a second one.
 * 2. the seller's database, one batch: the order marked paid with that record's number, payment and
 *    time, only if still unpaid, and its credits granted beside it (they live there with the postings
 *    and promotions that use them), only if the order is paid with that number.
 *
 * A retry of either (the browser's verify, the webhook, or `settleInvoiceNumbers` a minute later)
 * does step 1 as a no-op and step 2 from the record. Two round trips after the order's read, as with
 * one database plus one. An order already paid (it carries its number, perhaps from before the split)
 * takes nothing.
 */
const payApart = async (env: Env, order: OrderRow, paymentId: string) => {
  if (order.status === 'PAID') return false;
  const now = Date.now();
  const fy = financialYear(now);
  const items = JSON.parse(order.items) as OrderItem[];
  const packages = await packagesOf(env, items);
  const notTaken = 'NOT EXISTS (SELECT 1 FROM invoice_numbers WHERE order_id = ?)';
  const results = await env.DB.batch<unknown>([
    env.DB.prepare('INSERT OR IGNORE INTO invoice_counters (financial_year, last_number) VALUES (?, 0)').bind(fy),
    env.DB.prepare(`UPDATE invoice_counters SET last_number = last_number + 1 WHERE financial_year = ? AND ${notTaken}`).bind(fy, order.id),
    env.DB.prepare(
      `INSERT INTO invoice_numbers (financial_year, number, order_id, user_id, payment_id, taken_at)
       SELECT financial_year, last_number, ?, ?, ?, ? FROM invoice_counters WHERE financial_year = ? AND ${notTaken}`,
    ).bind(order.id, order.user_id, paymentId, now, fy, order.id),
    env.DB.prepare('SELECT financial_year, number, order_id, user_id, payment_id, taken_at FROM invoice_numbers WHERE order_id = ?').bind(order.id),
  ]);
  const taken = (results.at(-1)?.results as TakenNumber[] | undefined)?.[0];
  if (!taken) throw new Error(`paying ${order.id}: no invoice number recorded after the counter's batch`);
  const seller = ordersDb(env, order.user_id);
  const [marked, ...granted] = await seller.batch([markPaidStatement(seller, taken), ...grantStatements(seller, taken, items, packages)]);
  // credited by this call: the call that marked the order paid (a retry after a crash in between too)
  const credited = (marked?.meta.changes ?? 0) > 0;
  if (credited && !granted.some((g) => (g.meta.changes ?? 0) > 0)) console.warn('order paid, but no credit granted with it', order.id);
  // the cart and the notice follow the call that marked the order paid (after a crash between the
  // steps that is the retry or the sweep, not the call that took the number)
  if ((marked?.meta.changes ?? 0) > 0) await afterPaidApart(env, order.user_id, order.id, items);
  return credited;
};

/**
 * Orders whose number was taken but whose seller's database may not show them paid yet (a request
 * that died between the two steps of `payApart`): every minute, the numbers older than
 * `SELLER_ORDERS.settleAfterMs` and not yet settled are applied again (a no-op for an order already
 * paid), read back, and marked settled when the order shows its number. The sellers' databases side
 * by side. Returns how many were settled; with one accounts database it does nothing.
 */
export const settleInvoiceNumbers = async (env: Env, now = Date.now(), limit: number = SELLER_ORDERS.settlePerRun) => {
  if (!accountsSplit(env)) return 0;
  const { results: open } = await env.DB.prepare(
    'SELECT financial_year, number, order_id, user_id, payment_id, taken_at FROM invoice_numbers WHERE settled_at IS NULL AND taken_at <= ? ORDER BY taken_at LIMIT ?',
  )
    .bind(now - SELLER_ORDERS.settleAfterMs, limit)
    .all<TakenNumber>();
  if (!open.length) return 0;
  const byDb = new Map<D1Database, TakenNumber[]>();
  for (const t of open) byDb.set(ordersDb(env, t.user_id), [...(byDb.get(ordersDb(env, t.user_id)) ?? []), t]);
  const settled: string[] = [];
  // the orders' items, to grant their credits beside the mark (the packages' terms from the core)
  const ordered = new Map<string, OrderItem[]>();
  await Promise.all(
    [...byDb].map(async ([db, numbers]) => {
      const { results } = await db
        .prepare('SELECT id, items FROM business_orders WHERE id IN (SELECT value FROM json_each(?))')
        .bind(JSON.stringify(numbers.map((t) => t.order_id)))
        .all<{ id: string; items: string }>();
      for (const r of results) ordered.set(r.id, JSON.parse(r.items) as OrderItem[]);
    }),
  );
  const allItems = [...ordered.values()].flat();
  const packages = allItems.length ? await packagesOf(env, allItems) : [];
  await Promise.all(
    [...byDb].map(async ([db, numbers]) => {
      const results = await db.batch<unknown>([
        ...numbers.map((t) => markPaidStatement(db, t)),
        ...numbers.flatMap((t) => grantStatements(db, t, ordered.get(t.order_id) ?? [], packages)),
        db.prepare(`SELECT id, invoice_number, items FROM business_orders WHERE id IN (SELECT value FROM json_each(?)) AND status = 'PAID'`).bind(JSON.stringify(numbers.map((t) => t.order_id))),
      ]);
      const rows = (results.at(-1)?.results ?? []) as { id: string; invoice_number: string; items: string }[];
      const shown = new Map(rows.map((r) => [r.id, r.invoice_number]));
      // the orders this run marked paid get what the request that died would have done next
      await Promise.all(
        numbers.map((t, i) => {
          const row = rows.find((r) => r.id === t.order_id);
          return (results[i]?.meta.changes ?? 0) > 0 && row ? afterPaidApart(env, t.user_id, t.order_id, JSON.parse(row.items) as OrderItem[]) : undefined;
        }),
      );
      for (const t of numbers) {
        if (shown.get(t.order_id) === invoiceNumberOf(t.financial_year, t.number)) settled.push(t.order_id);
        else console.warn('invoice number taken, but its order is not paid with it', invoiceNumberOf(t.financial_year, t.number), t.order_id, shown.get(t.order_id) ?? 'no paid order');
      }
    }),
  );
  if (settled.length) {
    await env.DB.prepare('UPDATE invoice_numbers SET settled_at = ? WHERE order_id IN (SELECT value FROM json_each(?)) AND settled_at IS NULL').bind(now, JSON.stringify(settled)).run();
  }
  return settled.length;
};

/**
 * With several accounts databases (decision 034) the bought packages leave the cart (in the seller's
 * accounts database) once the order is marked paid, beside the notice. A failure there does not fail
 * the payment: the order is paid and credited, so the buyer is told so rather than given an error for
 * money that went through; the packages left in the cart are visible and removable, and nothing is
 * ever credited twice.
 */
const afterPaidApart = (env: Env, userId: string, orderId: string, items: OrderItem[]) =>
  Promise.all([
    accountsDbForUser(env, userId)
      .prepare(`DELETE FROM cart_items WHERE user_id = ? AND package_id IN (${items.map(() => '?').join(',')})`)
      .bind(userId, ...items.map((i) => i.packageId))
      .run()
      .catch((error: unknown) => console.warn('order paid, but its packages are still in the cart', orderId, error)),
    notifyPaid(env, { user_id: userId, id: orderId }, items),
  ]);

/** The seller's notice that the packages are theirs. */
const notifyPaid = async (env: Env, order: Pick<OrderRow, 'id' | 'user_id'>, items: OrderItem[]) => {
  await notify(env, order.user_id, (lang) => ({
      type: 'SYSTEM',
      title: render(lang, 'packagesPaidTitle'),
      body: render(lang, 'packagesPaidBody', { items: items.map((i) => (i.quantity > 1 ? `${formatCount(lang, i.quantity)} × ${i.name}` : i.name)).join(', ') }),
      data: { orderId: order.id },
    }));
};

export const localCheckoutBusinessOrder = async (env: Env, userId: string, id: string) => {
  if (paymentsMode(env) === 'razorpay') throw notFound('The local test checkout is off because Razorpay is configured.', 'LOCAL_CHECKOUT_OFF');
  const order = await ownOrder(env, userId, id);
  if (order.provider !== 'local') throw notFound('No such order', 'ORDER_NOT_FOUND');
  return signLocalPayment(env, order.provider_order_id, order.provider_payment_id);
};

export const verifyBusinessOrder = async (
  env: Env,
  userId: string,
  id: string,
  input: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
) => {
  paymentsMode(env);
  const order = await ownOrder(env, userId, id);
  if (input.razorpay_order_id !== order.provider_order_id) throw badRequest('Payment verification failed: the payment is for another order', 'BAD_SIGNATURE');
  await assertPaymentSignature(env, input.razorpay_order_id, input.razorpay_payment_id, input.razorpay_signature);
  if (order.status === 'PAID' && order.provider_payment_id !== input.razorpay_payment_id) throw conflict('This order was already paid with another payment.', 'ALREADY_PAID');
  const credited = await pay(env, order, input.razorpay_payment_id);
  return { verified: true, credited, order: orderView((await ownOrder(env, userId, id))) };
};

/** For the webhook: a paid provider order that is one of ours credits once; undefined when it is not a seller-package order. */
export const payBusinessOrderByProviderId = async (env: Env, providerOrderId: string, paymentId: string) => {
  const order = await env.DB.prepare('SELECT * FROM business_orders WHERE provider_order_id = ?').bind(providerOrderId).first<OrderRow>();
  if (!order) return undefined;
  return pay(env, order, paymentId);
};

/**
 * With several accounts databases the webhook names a provider order, not its seller: the order is
 * looked for in every accounts database side by side (the webhook does it beside its lookup of the
 * plans' orders, so it costs no round trip of its own).
 */
export const findBusinessOrderApart = async (env: Env, providerOrderId: string) =>
  (await Promise.all(accountsDatabases(env).map((db) => db.prepare('SELECT * FROM business_orders WHERE provider_order_id = ?').bind(providerOrderId).first<OrderRow>()))).find(
    (o) => o !== null,
  ) ?? null;

/** For the webhook with several accounts databases: the order it found pays once. */
export const payFoundBusinessOrder = (env: Env, order: OrderRow, paymentId: string) => pay(env, order, paymentId);

export const listBusinessOrders = async (env: Env, userId: string) => {
  // abandoned checkouts do not pile up as "Not completed" (worker/lib/abandoned-checkouts.ts)
  const { results } = await ordersDb(env, userId).prepare(
    `SELECT * FROM business_orders WHERE user_id = ? AND status != 'REMOVED' AND ${notAbandoned()} ORDER BY created_at DESC LIMIT 100`,
  )
    .bind(userId, abandonedBefore())
    .all<OrderRow>();
  return { orders: results.map(orderView) };
};

export const getBusinessOrder = async (env: Env, userId: string, id: string) => orderView(await ownOrder(env, userId, id));

const NOT_PAYABLE = 'This order is already paid: its packages are in your account.';

/**
 * Pay for an unpaid order later (My Orders' "Pay"): the same provider order and amount, so a payment
 * that was on its way when the buyer left still lands on it. Paid → 409; removed → 404.
 */
export const resumeBusinessOrder = async (env: Env, userId: string, id: string) => {
  paymentsMode(env);
  const order = await ownOrder(env, userId, id);
  if (order.status === 'REMOVED') throw notFound('No such order', 'ORDER_NOT_FOUND');
  if (order.status !== 'CREATED') throw conflict(NOT_PAYABLE, 'ORDER_ALREADY_PAID');
  const view = orderView(order);
  return {
    orderId: order.id,
    providerOrderId: order.provider_order_id,
    key: checkoutKey(env),
    amount: order.total_minor,
    currency: 'INR' as const,
    provider: view.provider,
    items: view.items,
    subtotal: view.subtotal,
    gst: view.gst,
    total: view.total,
  };
};

/**
 * Remove an unpaid order from My Orders. One conditional update: an order paid meanwhile is not
 * touched (409), and nothing else was ever granted for an unpaid order, so nothing is left half
 * done. The row stays (hidden), so a payment already under way still finds it and is credited.
 */
export const removeBusinessOrder = async (env: Env, userId: string, id: string) => {
  const order = await ownOrder(env, userId, id);
  if (order.status === 'REMOVED') throw notFound('No such order', 'ORDER_NOT_FOUND');
  const removed = await ordersDb(env, userId).prepare(`UPDATE business_orders SET status = 'REMOVED' WHERE id = ? AND user_id = ? AND status = 'CREATED' RETURNING id`)
    .bind(order.id, userId)
    .first<{ id: string }>();
  if (!removed) throw conflict('A paid order cannot be removed: it has an invoice.', 'ORDER_ALREADY_PAID');
  return { removed: true, id: order.id };
};
