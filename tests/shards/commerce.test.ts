import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { carAd } from '../factories/car-ad';
import { createUserWithToken } from '../factories';
import { getDb } from '../../worker/db/client';
import { expireFeatured, limitGroupFor } from '../../worker/services/commerce/business';
import { invoiceFor } from '../../worker/services/commerce/invoices';
import { listLeads } from '../../worker/services/commerce/leads';
import type { Env } from '../../worker/env';

/**
 * Commerce that touches an ad, with the ad in a listings database of its own (decision 033):
 * featuring and boosting, the features' end, a Pro buyer's phone access, leads, the invoice's place
 * of supply.
 */
const GUJARAT = { state: 'Gujarat', city: 'Ahmedabad', neighbourhood: 'Ambawadi' }; // database 2 of four
const home = env.LISTINGS_2!;
const json = (auth: Record<string, string>, method: string, path: string, body?: unknown) =>
  call(path, { method, headers: { ...auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

let seller: Awaited<ReturnType<typeof createUserWithToken>>;
let ad: { id: string; slug: string; title: string };

beforeAll(async () => {
  seller = await createUserWithToken({ isVerified: true, firstName: 'Hetal', phone: '9876501234' });
  await env.DB.prepare('UPDATE users SET share_phone = 1 WHERE id = ?').bind(seller.id).run();
  const res = await json(seller.auth, 'POST', '/api/listings', await carAd(seller, { ...GUJARAT, title: 'Toyota Innova Crysta 2019 GX' }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  ad = res.body.data;
});

describe('promoting an ad in its own database', () => {
  it('FEATURED and BOOST change the ad there and spend one unit each; the end of a feature clears it there', async () => {
    const cat = await home.prepare('SELECT category_id, subcategory_id FROM listings WHERE id = ?').bind(ad.id).first<{ category_id: string; subcategory_id: string }>();
    const group = await limitGroupFor(env as unknown as Env, getDb(env.DB), cat!.category_id, cat!.subcategory_id);
    const now = Date.now();
    const packageOf = async (type: string) => (await env.DB.prepare('SELECT id FROM seller_packages WHERE type = ? LIMIT 1').bind(type).first<{ id: string }>())!.id;
    const packages = { FEATURED: await packageOf('FEATURED'), BOOST: await packageOf('BOOST') };
    await env.DB.batch(
      (['FEATURED', 'BOOST'] as const).map((type) =>
        env.DB.prepare(
          `INSERT INTO seller_credits (id, user_id, order_id, package_id, type, limit_key, category_id, subcategory_id, quantity, validity_days, expires_at, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, 7, ?, ?)`,
        ).bind(`crd_${type}_${now}`, seller.id, `ord_${now}`, packages[type], type, group.limitKey, cat!.category_id, cat!.subcategory_id, now + 30 * 86_400_000, now),
      ),
    );
    for (const type of ['FEATURED', 'BOOST'] as const) {
      const res = await json(seller.auth, 'POST', `/api/listings/${ad.id}/promote`, { type });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const row = await home.prepare('SELECT is_featured, featured_until, bumped_at FROM listings WHERE id = ?').bind(ad.id).first<{ is_featured: number; featured_until: number; bumped_at: number }>();
    expect(row!.is_featured).toBe(1);
    expect(row!.featured_until).toBeGreaterThan(now);
    expect(row!.bumped_at).toBeGreaterThanOrEqual(now);
    expect((await env.DB.prepare('SELECT count(*) AS n FROM listing_promotions WHERE listing_id = ?').bind(ad.id).first<{ n: number }>())?.n).toBe(2);
    // no unit left: 402, nothing changes
    expect((await json(seller.auth, 'POST', `/api/listings/${ad.id}/promote`, { type: 'BOOST' })).status).toBe(402);
    // the feature's end clears the badge in the ad's own database
    expect(await expireFeatured(env as unknown as Env, row!.featured_until + 1)).toBe(1);
    expect((await home.prepare('SELECT is_featured FROM listings WHERE id = ?').bind(ad.id).first<{ is_featured: number }>())?.is_featured).toBe(0);
  });
});

describe("a Pro buyer, leads and invoices read the ad's own database", () => {
  it("a Pro buyer gets the seller's phone for the ad", async () => {
    const buyer = await createUserWithToken();
    const now = Date.now();
    await env.DB.prepare(`INSERT INTO subscriptions (id, user_id, package_id, status, start_date, end_date, created_at, updated_at) VALUES (?, ?, 'pro', 'ACTIVE', ?, ?, ?, ?)`)
      .bind(`sub_${buyer.id}`, buyer.id, now - 1000, now + 86_400_000, now, now)
      .run();
    const res = await json(buyer.auth, 'POST', `/api/premium/access-phone/${buyer.id}`, { listingId: ad.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ phone: '+91 98765 01234', phoneNumbersUsed: 1 });
    expect(res.body.data.sellerName).toMatch(/^Hetal/);
  });

  it("leads carry the ad's title and link; a conversation about a missing ad leaves the list", async () => {
    const buyer = await createUserWithToken({ firstName: 'Ravi' });
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO chats (id, listing_id, buyer_id, seller_id, last_seq, last_message_at, created_at, updated_at) VALUES (?, ?, ?, ?, 2, ?, ?, ?)`).bind(
        `chat_lead_1_${now}`,
        ad.id,
        buyer.id,
        seller.id,
        now,
        now,
        now,
      ),
      env.DB.prepare(`INSERT INTO chats (id, listing_id, buyer_id, seller_id, last_seq, last_message_at, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?, ?)`).bind(
        `chat_lead_2_${now}`,
        `${ad.id.slice(0, 26)}5`,
        buyer.id,
        seller.id,
        now - 1,
        now - 1,
        now - 1,
      ),
    ]);
    const { leads } = await listLeads(env as unknown as Env, seller.id, 'http://sel.test');
    expect(leads.map((l) => [l.chatId, l.adTitle, l.adLink])).toEqual([[`chat_lead_1_${now}`, ad.title, `http://sel.test/item/${ad.slug}`]]);
  });

  it("the invoice's place of supply is the state of the seller's latest ad", async () => {
    const now = Date.now();
    await env.DB.prepare(
      `INSERT INTO business_orders (id, user_id, provider, provider_order_id, items, subtotal_minor, gst_minor, total_minor, status, invoice_number, created_at, paid_at)
       VALUES ('ord_inv', ?, 'local', 'p_ord_inv', '[]', 10000, 1800, 11800, 'PAID', 'SEL/TEST/1', ?, ?)`,
    )
      .bind(seller.id, now, now)
      .run();
    const invoice = await invoiceFor(env as unknown as Env, seller.id, 'ord_inv');
    expect(invoice.placeOfSupply.state).toBe('Gujarat');
  });
});
