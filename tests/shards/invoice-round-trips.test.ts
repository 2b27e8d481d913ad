import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../setup/databases';
import { resetToMigratedState } from '../setup/reset-databases';
import { accountsDbs, userIn } from './four-accounts';
import { roundTripCounting } from './round-trip-counting';
import { createShardListing } from './shard-factory';

/**
 * The tax invoice's first view, counted, with the ads over four listings databases and the accounts
 * over four (decision 034): it fixes the place of supply from the seller's latest posting by the
 * time they paid. The order and that posting come in one batch from the seller's accounts database
 * (beside the buyer's row), the posted ad's state beside the seller's newest ad, then the write with
 * the stored place read back in its own batch: 3 round trips (it was 5); a later view, 1.
 */
const tab = roundTripCounting({ accountsDatabases: 4 });
const LAYOUTS = {
  'four listings, four accounts, switch on': { USERS_WITH_ACCOUNTS: '1' },
  'four listings, four accounts, switch off': {},
} as const;

type Account = Awaited<ReturnType<typeof userIn>>;
let seller: Account;

beforeAll(async () => {
  await Promise.all(accountsDbs.map((db) => applyMigrations(db)));
  await Promise.all(accountsDbs.map((db) => resetToMigratedState(db)));
  seller = await userIn(1, { firstName: 'Meena', lastName: 'Iyer' });
  // the seller's real row in their accounts database, as with the switch on
  const row = (await env.DB.prepare('SELECT * FROM users WHERE id = ?').bind(seller.id).first<Record<string, unknown>>())!;
  const names = Object.keys(row);
  await accountsDbs[1]!.prepare(`INSERT INTO users (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).bind(...names.map((n) => row[n])).run();
  const now = Date.now();
  // posted in Chennai before paying; a newer ad in Pune, never posted against a limit
  const chennai = await createShardListing(seller, { title: 'Sofa posted in Chennai', city: 'Chennai', createdAt: now - 3_600_000 });
  await createShardListing(seller, { title: 'Newer sofa in Pune', city: 'Pune', createdAt: now - 60_000 });
  await accountsDbs[1]!.prepare(`INSERT INTO ad_postings (listing_id, user_id, limit_key, created_at) VALUES (?, ?, 'home', ?)`).bind(chennai.id, seller.id, now - 3_600_000).run();
});

const paidOrder = async () => {
  const id = `ord_${ulid().toLowerCase()}`;
  const now = Date.now();
  await accountsDbs[1]!.prepare(
    `INSERT INTO business_orders (id, user_id, provider, provider_order_id, items, subtotal_minor, gst_minor, total_minor, status, invoice_number, created_at, paid_at)
     VALUES (?, ?, 'local', ?, '[]', 10000, 1800, 11800, 'PAID', ?, ?, ?)`,
  )
    .bind(id, seller.id, `p_${id}`, `SEL/TEST/${id.slice(-8)}`, now, now)
    .run();
  return id;
};

describe.each(Object.entries(LAYOUTS))('the tax invoice, %s', (_layout, vars) => {
  it("a first view fixes the place of supply from the posting's ad in 3 round trips; a later view reads it in 1", async () => {
    const orderId = await paidOrder();
    const first = await tab(`/api/business/orders/${orderId}/invoice`, { headers: seller.auth }, vars);
    expect(first.status, String(first.body)).toBe(200);
    expect(first.roundTrips, first.trace).toBeLessThanOrEqual(3);
    // the posted ad's state, not the newest ad's
    expect(first.body as string).toContain('Tamil Nadu (33)');
    expect(await accountsDbs[1]!.prepare('SELECT place_of_supply FROM business_orders WHERE id = ?').bind(orderId).first('place_of_supply')).toBe('Tamil Nadu');
    const again = await tab(`/api/business/orders/${orderId}/invoice`, { headers: seller.auth }, vars);
    expect(again.roundTrips, again.trace).toBe(1);
    expect(again.body).toBe(first.body);
  });
});
