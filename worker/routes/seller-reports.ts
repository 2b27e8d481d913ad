import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import type { AppEnv } from '../env';
import { currentUser, requireAuth } from '../lib/auth';
import { docs } from '../lib/openapi';
import { validate } from '../lib/validate';
import { errorEnvelope } from '../schemas/common';
import { orderIdParam } from '../schemas/business';
import { leadsResult, listingStatsSchema } from '../schemas/seller-reports';
import { invoiceFor, renderInvoiceHtml } from '../services/commerce/invoices';
import { leadsCsv, listLeads } from '../services/commerce/leads';
import { listingStats } from '../services/listings/listing-stats';

const origin = (url: string) => new URL(url).origin;

/** A document that is not JSON on success (HTML, CSV) and our envelope on failure. */
const fileDocs = (opts: { summary: string; description: string; mediaType: string; errors: number[] }) =>
  describeRoute({
    tags: ['Business packages'],
    summary: opts.summary,
    description: opts.description,
    security: [{ bearerAuth: [] }],
    responses: {
      200: { description: 'OK', content: { [opts.mediaType]: { schema: { type: 'string' } } } },
      ...Object.fromEntries(opts.errors.map((s) => [s, { description: 'Error', content: { 'application/json': { schema: resolver(errorEnvelope) } } }])),
    },
  });

/**
 * Seller reports (decision 015), mounted at /business: the tax invoice of a paid order, and leads (every
 * conversation about my ads) as JSON and as a CSV download.
 */
export const sellerReportRoutes = new Hono<AppEnv>()
  .get(
    '/orders/:id/invoice',
    fileDocs({
      summary: 'The GST tax invoice of my paid order, as a printable HTML page',
      description:
        'Owner only (anyone else’s order is 404), paid orders only (409 INVOICE_NOT_READY). Supplier and GSTIN from configuration, the gap-free invoice number, SAC 998365, CGST 9 % + SGST 9 % when the place of supply is the supplier’s state, else IGST 18 %, the total in figures and words. The page carries no scripts; the app fetches it with the bearer token and opens it as a blob.',
      mediaType: 'text/html',
      errors: [400, 401, 404, 409],
    }),
    requireAuth,
    validate('param', orderIdParam),
    async (c) => {
      const invoice = await invoiceFor(c.env, currentUser(c).id, c.req.valid('param').id);
      c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
      c.header('Cache-Control', 'private, no-store');
      c.header('Content-Disposition', `inline; filename="invoice-${invoice.number.replace(/[^A-Za-z0-9-]+/g, '-')}.html"`);
      return c.html(renderInvoiceHtml(invoice));
    },
  )
  .get(
    '/leads',
    docs({
      tags: ['Business packages'],
      summary: 'Leads: one row per conversation about my ads (newest 500), with the buyer’s phone only when they shared it in the chat',
      data: leadsResult,
      auth: true,
      errors: [401],
    }),
    requireAuth,
    async (c) => c.json({ success: true as const, data: await listLeads(c.env, currentUser(c).id, origin(c.req.url)) }),
  )
  .get(
    '/leads.csv',
    fileDocs({
      summary: 'Leads as a CSV download (header row; formula-like cells neutralised)',
      description: 'The same rows as GET /business/leads: ad title, ad link, buyer, first and last message time (IST), message count, phone shared by the buyer.',
      mediaType: 'text/csv',
      errors: [401],
    }),
    requireAuth,
    async (c) => {
      const { leads } = await listLeads(c.env, currentUser(c).id, origin(c.req.url));
      const date = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="sel-leads-${date}.csv"`);
      c.header('Cache-Control', 'private, no-store');
      return c.body(leadsCsv(leads));
    },
  );

/** GET /listings/{id}/stats (decision 015): the seller's view of how an ad is doing. */
export const listingStatsRoutes = new Hono<AppEnv>().get(
  '/:id/stats',
  docs({
    tags: ['Selling'],
    summary: 'Stats of my ad: views, favourites and chats, in total and per day for the last 30 days (zero-filled)',
    description: 'Owner only (403 for anyone else, 404 when the ad does not exist). Views count people other than the seller once a day each; bots are left out.',
    data: listingStatsSchema,
    auth: true,
    errors: [400, 401, 403, 404],
  }),
  requireAuth,
  validate('param', orderIdParam),
  async (c) => c.json({ success: true as const, data: await listingStats(c.env, currentUser(c).id, c.req.valid('param').id) }),
);
