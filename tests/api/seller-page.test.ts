import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { ulid } from 'ulid';
import { app } from '../../worker/app';
import { addChatMemberRows, createListing, createUser, userRowsDb } from '../factories';
import { SELLER_PAGE_RULES } from '../../worker/schemas/seller-page-data';
import { withAppShell } from '../support/app-shell';

/**
 * A seller's public page (decision 026): the profile, reply time from the chats, live ads with
 * paging and sort, the server-rendered page for guests, gone for banned sellers, and never a phone
 * number or an e-mail address.
 */
const SHELL = '<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><title>SEL</title><meta name="description" content="default"></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';
const withShell = withAppShell(SHELL);
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 11; moto g power) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36';
const get = async (path: string) => {
  const ctx = createExecutionContext();
  const res = await app.request(`https://sel.example${path}`, { headers: { 'user-agent': PHONE_UA } }, withShell, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, text, body };
};

/** A conversation about `listingId`: the buyer writes first, the seller answers after `replyMinutes` (or never). */
const conversation = async (sellerId: string, listingId: string, replyMinutes: number | null, at = Date.now() - 86_400_000) => {
  const buyer = await createUser();
  const chatId = `cht_${ulid().toLowerCase()}`;
  await env.DB.prepare(`INSERT INTO chats (id, listing_id, buyer_id, seller_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`).bind(chatId, listingId, buyer.id, sellerId, at, at).run();
  const message = (seq: number, sender: string, time: number) =>
    env.DB.prepare(`INSERT INTO messages (id, chat_id, seq, sender_id, content, created_at) VALUES (?, ?, ?, ?, 'hello', ?)`).bind(`msg_${ulid().toLowerCase()}`, chatId, seq, sender, time);
  const statements = [message(1, buyer.id, at), message(2, buyer.id, at + 60_000)];
  if (replyMinutes !== null) statements.push(message(3, sellerId, at + replyMinutes * 60_000), message(4, sellerId, at + (replyMinutes + 500) * 60_000));
  await env.DB.batch(statements);
  // the members' rows, as the rooms write them (the reply time on the seller's) when the accounts are split
  await addChatMemberRows([chatId]);
  return chatId;
};

describe("a seller's public page", () => {
  it('shows name, member since, verified badges, live ads and no private data anywhere', async () => {
    const phone = '9876501234';
    const email = `private.${Date.now()}@example.in`;
    const seller = await createUser({ firstName: 'Meera', lastName: 'Nair', businessName: 'Nair Mobiles', phone, email, phoneVerified: true, createdAt: Date.UTC(2023, 4, 2) });
    await userRowsDb(seller.id).prepare(`UPDATE users SET email_verified = 1 WHERE id = ?`).bind(seller.id).run();
    const ad = await createListing(seller, { title: 'Redmi Note 12 with bill', categoryId: 'electronics', subcategoryId: 'electronics-smartphones', price: 9_000 });
    await env.DB.prepare(`UPDATE listings SET contact_phone = ?, contact_name = 'Meera' WHERE id = ?`).bind('9123409876', ad.id).run();
    await createListing(seller, { title: 'Old held ad', status: 'PENDING' });
    await env.DB.prepare(`UPDATE users SET live_ads = (SELECT count(*) FROM listings WHERE user_id = ?1 AND status = 'APPROVED') WHERE id = ?1`).bind(seller.id).run();

    const profile = await get(`/api/sellers/${seller.id}`);
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({
      id: seller.id,
      name: 'Nair Mobiles',
      businessName: 'Nair Mobiles',
      memberSince: new Date(Date.UTC(2023, 4, 2)).toISOString(),
      phoneVerified: true,
      emailVerified: true,
      liveAds: 1,
      replyTime: null,
      path: `/sellers/nair-mobiles-${seller.id}`,
    });
    const ads = await get(`/api/sellers/${seller.id}/listings`);
    expect(ads.status).toBe(200);
    expect(ads.body.data.listings.map((l: { id: string }) => l.id)).toEqual([ad.id]);

    const page = await get(`/sellers/nair-mobiles-${seller.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1 class="seller-page__name">Nair Mobiles</h1>');
    expect(page.text).toContain('Redmi Note 12 with bill');
    expect(page.text).toContain('"@type":"ProfilePage"');
    expect(page.text).toContain(`<link rel="canonical" href="https://sel.example/sellers/nair-mobiles-${seller.id}">`);

    // the phone (as stored, and as a +91 or spaced number would show), the ad's contact phone and the e-mail: nowhere
    for (const text of [profile.text, ads.text, page.text]) {
      for (const secret of [phone, '98765 01234', '9123409876', email, 'private.']) expect(text).not.toContain(secret);
      // no field that could carry one, whatever its value
      expect(text).not.toMatch(/"(phone|email|contactPhone|contactName|role|sharePhone)":/);
    }
  });

  it('says how fast the seller replies only with enough answered conversations: the median of the newest', async () => {
    const seller = await createUser();
    const ad = await createListing(seller);
    // four answered and one never answered: not enough
    for (const minutes of [4, 30, 90, 200]) await conversation(seller.id, ad.id, minutes);
    await conversation(seller.id, ad.id, null);
    expect((await get(`/api/sellers/${seller.id}`)).body.data.replyTime).toBeNull();
    // the trigger set the first answer only, not the buyer's own second message nor the seller's later one
    const stored = await env.DB.prepare(`SELECT first_reply_ms FROM chats WHERE seller_id = ? ORDER BY first_reply_ms`).bind(seller.id).all<{ first_reply_ms: number | null }>();
    expect(stored.results.map((r) => r.first_reply_ms)).toEqual([null, 4 * 60_000, 30 * 60_000, 90 * 60_000, 200 * 60_000]);

    await conversation(seller.id, ad.id, 45);
    const profile = (await get(`/api/sellers/${seller.id}`)).body.data;
    expect(SELLER_PAGE_RULES.minConversationsForReplyTime).toBe(5);
    expect(profile.replyTime).toEqual({ medianMinutes: 45, conversations: 5 });
    const page = await get(`/sellers/x-${seller.id}`);
    expect(page.text).toContain('Usually replies within an hour');
  });

  it('pages and sorts the live ads; the total is the live-ad count', async () => {
    const seller = await createUser({ firstName: 'Arjun', lastName: 'Rao' });
    const prices = [5_000, 1_000, 9_000, 3_000, 7_000];
    for (const [i, price] of prices.entries()) await createListing(seller, { title: `Item number ${i}`, price, createdAt: Date.now() - (10 - i) * 60_000 });
    await createListing(seller, { title: 'Sold one', price: 500, status: 'SOLD' });
    await env.DB.prepare(`UPDATE users SET live_ads = 5 WHERE id = ?`).bind(seller.id).run();
    const low = (await get(`/api/sellers/${seller.id}/listings?sort=price-low&limit=2&page=2`)).body.data;
    expect(low.listings.map((l: { price: number }) => l.price)).toEqual([5_000, 7_000]);
    expect(low.pagination).toEqual({ page: 2, limit: 2, total: 5, pages: 3 });
    const high = (await get(`/api/sellers/${seller.id}/listings?sort=price-high&limit=3`)).body.data;
    expect(high.listings.map((l: { price: number }) => l.price)).toEqual([9_000, 7_000, 5_000]);
    const newest = (await get(`/api/sellers/${seller.id}/listings`)).body.data;
    expect(newest.listings.map((l: { title: string }) => l.title)).toEqual(['Item number 4', 'Item number 3', 'Item number 2', 'Item number 1', 'Item number 0']);
    // the rendered page pages with links that keep the sort
    const page = await get(`/sellers/arjun-rao-${seller.id}?order=price-high&utm_source=x`);
    expect(page.status).toBe(200);
    expect(page.text.indexOf('9,000')).toBeLessThan(page.text.indexOf('1,000'));
  });

  it('is gone for a banned or deleted seller, missing for an unknown one, and refuses bad input', async () => {
    const banned = await createUser({ status: 'BANNED' });
    const deleted = await createUser({ status: 'DELETED' });
    for (const u of [banned, deleted]) {
      const api = await get(`/api/sellers/${u.id}`);
      expect(api.status).toBe(410);
      expect(api.body.code).toBe('SELLER_GONE');
      expect((await get(`/api/sellers/${u.id}/listings`)).status).toBe(410);
      const page = await get(`/sellers/someone-${u.id}`);
      expect(page.status).toBe(410);
      expect(page.text).toContain('noindex');
    }
    const unknown = await get('/api/sellers/usr_nobody');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('SELLER_NOT_FOUND');
    expect((await get('/sellers/nobody-usr_nobody')).status).toBe(404);
    const badSort = await get(`/api/sellers/${banned.id}/listings?sort=cheapest`);
    expect(badSort.status).toBe(400);
    expect(badSort.body.error).toMatch(/sort must be one of newest, price-low, price-high/);
    expect((await get(`/api/sellers/${banned.id}/listings?limit=500`)).status).toBe(400);
  });
});
