import type { Env } from '../../env';
import { AppError, notFound } from '../../lib/errors';
import { ADVERTISING_SAC, CGST_PERCENT, GST_STATE_CODES, IGST_PERCENT, SGST_PERCENT, amountInWords, formatRupees, splitGst } from '../../lib/gst';
import type { OrderItem } from './business-orders';
import { isSharded, listingDatabases, listingDbForId } from '../../db/shards';
import { accountsDbForUser, accountsSplit } from '../../db/accounts';
import { usersDbFor } from '../../db/users';
import { sellerDb } from './business';

/** Printable GST tax invoices of paid seller-package orders (decision 015). */

/** Who issues the invoices: wrangler.toml [vars]; the defaults are a clearly sample local supplier. */
export const supplierOf = (env: Env) => {
  const gstin = (env.SUPPLIER_GSTIN ?? '29AAICS1234F1Z5').trim().toUpperCase();
  const code = gstin.slice(0, 2);
  // the GSTIN's first two digits are the supplier's state: one source, so the two can never disagree
  const state = Object.entries(GST_STATE_CODES).find(([, c]) => c === code)?.[0] ?? 'Karnataka';
  return {
    name: env.SUPPLIER_NAME ?? 'SEL Classifieds Private Limited',
    address: env.SUPPLIER_ADDRESS ?? '4th Floor, 12 MG Road, Bengaluru 560001',
    gstin,
    state,
    stateCode: GST_STATE_CODES[state]!,
  };
};

interface InvoiceRow {
  id: string;
  user_id: string;
  items: string;
  subtotal_minor: number;
  gst_minor: number;
  total_minor: number;
  status: string;
  invoice_number: string | null;
  paid_at: number | null;
  place_of_supply: string | null;
  first_name: string;
  last_name: string;
  business_name: string | null;
  email: string | null;
  phone: string | null;
}

const orderWithBuyer = (env: Env, id: string) =>
  env.DB.prepare(
    `SELECT o.id, o.user_id, o.items, o.subtotal_minor, o.gst_minor, o.total_minor, o.status, o.invoice_number, o.paid_at, o.place_of_supply,
            u.first_name, u.last_name, u.business_name, u.email, u.phone
     FROM business_orders o JOIN users u ON u.id = o.user_id WHERE o.id = ?`,
  )
    .bind(id.toLowerCase())
    .first<InvoiceRow>();

type BuyerColumns = 'first_name' | 'last_name' | 'business_name' | 'email' | 'phone';

/** An order's invoice row; `posting` when the first view's posting was read beside it (null: none). */
type InvoiceRead = InvoiceRow & { posting?: { listing_id: string } | null };

/**
 * With several accounts databases (decision 034) the order lives in its seller's accounts database
 * and the core cannot join the buyer: the order is read from the asking seller's database (so only
 * their own orders can be found) and, side by side, the buyer's row wherever `users` lives. Only the
 * owner may see an invoice, so the caller is the buyer to read and neither read waits for the other.
 * An order of someone else, or a buyer with no row, reads as missing, as the JOIN left it.
 */
const orderBesideBuyer = async (env: Env, userId: string, id: string): Promise<InvoiceRead | null> => {
  const orders = accountsDbForUser(env, userId);
  const [[order, posting], buyer] = await Promise.all([
    orders.batch<unknown>([
      orders
        .prepare(
          `SELECT o.id, o.user_id, o.items, o.subtotal_minor, o.gst_minor, o.total_minor, o.status, o.invoice_number, o.paid_at, o.place_of_supply
       FROM business_orders o WHERE o.id = ?`,
        )
        .bind(id.toLowerCase()),
      // a first view's place of supply starts from the seller's latest posting by the time they paid:
      // the postings live in the same database as the order, so it is read in the same batch (only
      // while the place is not yet fixed), not after the order came back
      orders
        .prepare(
          `SELECT listing_id FROM ad_postings WHERE user_id = ?1 AND created_at <= (SELECT paid_at FROM business_orders WHERE id = ?2 AND user_id = ?1 AND place_of_supply IS NULL)
           ORDER BY created_at DESC LIMIT 1`,
        )
        .bind(userId, id.toLowerCase()),
    ]),
    usersDbFor(env, userId).prepare('SELECT first_name, last_name, business_name, email, phone FROM users WHERE id = ?').bind(userId).first<Pick<InvoiceRow, BuyerColumns>>(),
  ]);
  const row = order?.results[0] as Omit<InvoiceRow, BuyerColumns> | undefined;
  if (!row || !buyer || row.user_id !== userId) return null;
  return { ...row, ...buyer, posting: ((posting?.results ?? []) as { listing_id: string }[])[0] ?? null };
};

/** The order with its buyer's name and contact, wherever the order and `users` live (and, read beside it, the posting a first view starts from). */
const invoiceRow = (env: Env, userId: string, id: string): Promise<InvoiceRead | null> =>
  accountsSplit(env) ? orderBesideBuyer(env, userId, id) : orderWithBuyer(env, id);

/**
 * The buyer's state as we know it: where their latest ad (posted by the time they paid) is, else
 * any ad of theirs. With no address on record the place of supply of a service is the supplier's
 * location (IGST Act, s. 12(2)(b)).
 */
const buyerState = async (env: Env, userId: string, paidAt: number, supplierState: string, posting?: { listing_id: string } | null) => {
  if (isSharded(env) || accountsSplit(env)) return shardedBuyerState(env, userId, paidAt, supplierState, posting);
  // the posted ad's state and, for when there is none, the newest ad's: one batch, one wait
  const [posted, newest] = await env.DB.batch<{ state: string }>([
    env.DB.prepare(
      `SELECT loc.name AS state FROM ad_postings p JOIN listings l ON l.id = p.listing_id JOIN locations loc ON loc.id = l.state_id
     WHERE p.user_id = ? AND p.created_at <= ? ORDER BY p.created_at DESC LIMIT 1`,
    ).bind(userId, paidAt),
    env.DB.prepare(`SELECT loc.name AS state FROM listings l JOIN locations loc ON loc.id = l.state_id WHERE l.user_id = ? ORDER BY l.created_at DESC LIMIT 1`).bind(userId),
  ]);
  const any = posted?.results[0] ?? newest?.results[0];
  return any && GST_STATE_CODES[any.state] ? any.state : supplierState;
};

/**
 * The same with the ads in several databases (decision 033), or the postings in the seller's accounts
 * database (decision 034): the latest posting from the seller's database (`posting` when it was read
 * beside the order), its ad's state from the ad's own database; else the seller's newest ad in any
 * database, asked side by side.
 */
const shardedBuyerState = async (env: Env, userId: string, paidAt: number, supplierState: string, read?: { listing_id: string } | null) => {
  const stateOf = 'SELECT loc.name AS state, l.created_at FROM listings l JOIN locations loc ON loc.id = l.state_id';
  const posting =
    read !== undefined
      ? read
      : await sellerDb(env, userId).prepare('SELECT listing_id FROM ad_postings WHERE user_id = ? AND created_at <= ? ORDER BY created_at DESC LIMIT 1')
          .bind(userId, paidAt)
          .first<{ listing_id: string }>();
  // the posted ad's state and, for when it is gone, the newest ad's: side by side, one wait
  const [posted, newest] = await Promise.all([
    posting ? listingDbForId(env, posting.listing_id).prepare(`${stateOf} WHERE l.id = ?`).bind(posting.listing_id).first<{ state: string; created_at: number }>() : null,
    Promise.all(listingDatabases(env).map((target) => target.prepare(`${stateOf} WHERE l.user_id = ? ORDER BY l.created_at DESC LIMIT 1`).bind(userId).first<{ state: string; created_at: number }>())),
  ]);
  const any = posted ?? newest.filter((r) => r !== null).sort((a, b) => b.created_at - a.created_at)[0];
  return any && GST_STATE_CODES[any.state] ? any.state : supplierState;
};

export interface Invoice {
  number: string;
  date: string;
  supplier: ReturnType<typeof supplierOf>;
  buyer: { name: string; contact: string | null };
  placeOfSupply: { state: string; code: string };
  lines: { description: string; sac: string; quantity: number; rateMinor: number; taxableMinor: number }[];
  taxableMinor: number;
  cgstMinor: number;
  sgstMinor: number;
  igstMinor: number;
  totalMinor: number;
  intraState: boolean;
  totalInWords: string;
}

/** The owner's paid order as an invoice; anyone else's (or a missing one) is 404, an unpaid one 409. */
export const invoiceFor = async (env: Env, userId: string, orderId: string): Promise<Invoice> => {
  const o = await invoiceRow(env, userId, orderId);
  if (!o || o.user_id !== userId) throw notFound('No such order', 'ORDER_NOT_FOUND');
  if (o.status !== 'PAID' || !o.invoice_number || !o.paid_at) throw new AppError(409, 'INVOICE_NOT_READY', 'The tax invoice is issued once the order is paid.');
  const supplier = supplierOf(env);
  let placeOfSupply = o.place_of_supply;
  if (!placeOfSupply) {
    // fixed once, on first issue: a racing first view writes nothing more, and both read the same,
    // the stored place read back in the write's own batch (one wait, not a second read of the order)
    const orders = accountsDbForUser(env, userId);
    const [, stored] = await orders.batch<{ place_of_supply: string }>([
      orders.prepare('UPDATE business_orders SET place_of_supply = ? WHERE id = ? AND place_of_supply IS NULL').bind(await buyerState(env, userId, o.paid_at, supplier.state, o.posting), o.id),
      orders.prepare('SELECT place_of_supply FROM business_orders WHERE id = ?').bind(o.id),
    ]);
    placeOfSupply = stored!.results[0]!.place_of_supply;
  }
  const items = JSON.parse(o.items) as OrderItem[];
  const split = splitGst(o.subtotal_minor, o.gst_minor, supplier.state, placeOfSupply);
  return {
    number: o.invoice_number!,
    date: new Date(o.paid_at!).toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: 'short', year: 'numeric' }),
    supplier,
    buyer: { name: o.business_name?.trim() || `${o.first_name} ${o.last_name}`.trim(), contact: o.email ?? (o.phone ? `+91 ${o.phone}` : null) },
    placeOfSupply: { state: placeOfSupply, code: GST_STATE_CODES[placeOfSupply] ?? '' },
    lines: items.map((i) => ({
      description: i.name,
      sac: ADVERTISING_SAC,
      quantity: i.quantity,
      rateMinor: Math.round(i.unitPrice * 100),
      taxableMinor: Math.round(i.amount * 100),
    })),
    taxableMinor: o.subtotal_minor,
    ...split,
    totalMinor: o.total_minor,
    totalInWords: amountInWords(o.total_minor),
  };
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[ch]!);

/** A self-contained page (no scripts, no outside resources) that prints on one A4 sheet. */
export const renderInvoiceHtml = (inv: Invoice) => {
  const e = escapeHtml;
  const money = (m: number) => e(formatRupees(m));
  const taxRows = inv.intraState
    ? `<tr><th colspan="5">CGST @ ${CGST_PERCENT}%</th><td>${money(inv.cgstMinor)}</td></tr>
       <tr><th colspan="5">SGST @ ${SGST_PERCENT}%</th><td>${money(inv.sgstMinor)}</td></tr>`
    : `<tr><th colspan="5">IGST @ ${IGST_PERCENT}%</th><td>${money(inv.igstMinor)}</td></tr>`;
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tax invoice ${e(inv.number)}</title>
<style>
  *{box-sizing:border-box}
  body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#002f34;margin:0;padding:16px;background:#f2f4f5}
  .sheet{max-width:800px;margin:0 auto;background:#fff;padding:20px;border:1px solid #ccd5d6;border-radius:4px}
  h1{font-size:20px;margin:0 0 4px;letter-spacing:.04em;text-transform:uppercase}
  .muted{color:#406367;font-size:12px}
  .grid{display:grid;grid-template-columns:1fr;gap:12px;margin:16px 0}
  @media(min-width:600px){.grid{grid-template-columns:1fr 1fr}}
  .box{border:1px solid #ccd5d6;border-radius:4px;padding:10px}
  .box h2{font-size:12px;text-transform:uppercase;color:#406367;margin:0 0 4px}
  dl{display:grid;grid-template-columns:auto 1fr;gap:2px 12px;margin:0}
  dt{color:#406367}dd{margin:0;font-weight:600;word-break:break-word}
  .table{overflow-x:auto}
  table{width:100%;border-collapse:collapse}
  th,td{border:1px solid #ccd5d6;padding:6px 8px;text-align:left;vertical-align:top}
  thead th{background:#f2f4f5;font-size:12px}
  td:last-child,tfoot th{text-align:right}
  .num{text-align:right}
  td.num,tfoot td{white-space:nowrap}
  tfoot th{font-weight:500}
  tfoot tr.total th,tfoot tr.total td{font-weight:700;font-size:15px}
  .words{margin:12px 0;padding:10px;background:#f2f4f5;border-radius:4px}
  .hint{margin:16px auto 0;max-width:800px;text-align:center}
  .nowrap{white-space:nowrap}
  @media(max-width:599px){body{padding:8px}.sheet{padding:12px}table{font-size:12px}th,td{padding:4px}}
  @page{size:A4;margin:12mm}
  @media print{body{background:#fff;padding:0}.sheet{border:0;padding:0;max-width:none}.hint{display:none}}
</style>
</head>
<body>
<main class="sheet">
  <h1>Tax invoice</h1>
  <div class="muted">Original for recipient</div>
  <div class="grid">
    <section class="box">
      <h2>Supplier</h2>
      <strong>${e(inv.supplier.name)}</strong><br>${e(inv.supplier.address)}<br>${e(inv.supplier.state)}
      <dl style="margin-top:6px"><dt>GSTIN</dt><dd>${e(inv.supplier.gstin)}</dd><dt>State code</dt><dd>${e(inv.supplier.stateCode)}</dd></dl>
    </section>
    <section class="box">
      <h2>Invoice</h2>
      <dl>
        <dt>Invoice no.</dt><dd class="nowrap">${e(inv.number)}</dd>
        <dt>Date</dt><dd>${e(inv.date)}</dd>
        <dt>Place of supply</dt><dd>${e(inv.placeOfSupply.state)} (${e(inv.placeOfSupply.code)})</dd>
        <dt>Reverse charge</dt><dd>No</dd>
      </dl>
    </section>
    <section class="box">
      <h2>Billed to</h2>
      <strong>${e(inv.buyer.name)}</strong>${inv.buyer.contact ? `<br>${e(inv.buyer.contact)}` : ''}<br>${e(inv.placeOfSupply.state)}
    </section>
  </div>
  <div class="table">
  <table>
    <thead><tr><th>#</th><th>Description of service</th><th>SAC</th><th class="num">Qty</th><th class="num">Rate</th><th class="num">Taxable value</th></tr></thead>
    <tbody>
      ${inv.lines
        .map(
          (l, i) =>
            `<tr><td>${i + 1}</td><td>${e(l.description)}</td><td>${e(l.sac)}</td><td class="num">${l.quantity}</td><td class="num">${money(l.rateMinor)}</td><td class="num">${money(l.taxableMinor)}</td></tr>`,
        )
        .join('\n      ')}
    </tbody>
    <tfoot>
      <tr><th colspan="5">Taxable value</th><td>${money(inv.taxableMinor)}</td></tr>
      ${taxRows}
      <tr class="total"><th colspan="5">Total</th><td>${money(inv.totalMinor)}</td></tr>
    </tfoot>
  </table>
  </div>
  <p class="words"><strong>Amount in words:</strong> ${e(inv.totalInWords)}</p>
  <p class="muted">Paid online. This is a computer-generated invoice and needs no signature.</p>
</main>
<p class="hint muted">To save it as a PDF, use your browser’s Print (Ctrl+P) and choose “Save as PDF”.</p>
</body>
</html>`;
};
