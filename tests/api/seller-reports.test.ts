import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { ulid } from 'ulid';
import { app } from '../../worker/app';
import { call } from './helpers';
import { accountsDb, addChatMemberRows, createListing, createUserWithToken, favouriteStatement, listingDb } from '../factories';
import { findPhoneNumber } from '../../worker/services/commerce/leads';
import { csvCell } from '../../worker/lib/csv';

/** Seller reports (decision 015): tax invoices, leads (JSON and CSV), ad stats. */

type User = Awaited<ReturnType<typeof createUserWithToken>>;
const DAY = 86_400_000;

const json = (user: { auth: Record<string, string> } | null, method: string, path: string, body?: unknown) =>
  call(path, { method, headers: { 'content-type': 'application/json', ...(user?.auth ?? {}) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/** Buys packages through the local test checkout, as the app does. */
const paidOrder = async (buyer: User, items: { packageId: string; quantity: number }[]) => {
  const order = await json(buyer, 'POST', '/api/business/orders', { items });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  const signed = await json(buyer, 'POST', `/api/business/orders/${order.body.data.orderId}/local-checkout`);
  const verified = await json(buyer, 'POST', `/api/business/orders/${order.body.data.orderId}/verify`, signed.body.data);
  expect(verified.status).toBe(200);
  return verified.body.data.order as { id: string; invoiceNumber: string; total: number };
};

const invoice = (user: { auth: Record<string, string> } | null, id: string) => call(`/api/business/orders/${id}/invoice`, { headers: user?.auth ?? {} });

describe('GET /api/business/orders/{id}/invoice', () => {
  it('a seller in the supplier’s state (Karnataka) gets CGST 9 % + SGST 9 %, every figure and the total in words', async () => {
    const seller = await createUserWithToken({ firstName: 'Ravi', lastName: 'Kumar' });
    await createListing(seller, { city: 'Bengaluru' });
    const order = await paidOrder(seller, [{ packageId: 'ad-slots-1-vehicles-cars', quantity: 1 }]);
    const res = await invoice(seller, order.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = res.body as string;
    expect(html).not.toContain('<script');
    for (const text of [
      'Tax invoice',
      'SEL Classifieds Private Limited',
      '29AAICS1234F1Z5',
      order.invoiceNumber,
      'Ravi Kumar',
      '998365',
      'Karnataka (29)',
      'CGST @ 9%</th><td>₹35.91',
      'SGST @ 9%</th><td>₹35.91',
      'Taxable value</th><td>₹399.00',
      'Total</th><td>₹470.82',
      'Four Hundred Seventy Rupees and Eighty-Two Paise',
      '@media print',
    ])
      expect(html, text).toContain(text);
    expect(html).not.toContain('IGST');
    expect(order.invoiceNumber).toMatch(/^SEL\/\d{4}-\d{2}\/\d{6}$/);
  });

  it('a seller in another state gets IGST 18 %; the place of supply is fixed when the invoice is first issued', async () => {
    const seller = await createUserWithToken({ businessName: 'Pune Motors' });
    await createListing(seller, { city: 'Pune', createdAt: Date.now() - DAY });
    const order = await paidOrder(seller, [{ packageId: 'featured-7d-home-and-garden', quantity: 2 }]);
    const first = (await invoice(seller, order.id)).body as string;
    expect(first).toContain('Maharashtra (27)');
    expect(first).toContain('Pune Motors');
    expect(first).toContain('IGST @ 18%');
    expect(first).not.toContain('CGST');
    // 2 × ₹149 = ₹298 + ₹53.64 = ₹351.64
    expect(first).toContain('<td class="num">2</td><td class="num">₹149.00</td><td class="num">₹298.00</td>');
    expect(first).toContain('Three Hundred Fifty-One Rupees and Sixty-Four Paise');
    // the seller posts from Bengaluru afterwards: the issued invoice does not change
    await createListing(seller, { city: 'Bengaluru', createdAt: Date.now() });
    expect((await invoice(seller, order.id)).body).toBe(first);
    // the order lives in its seller's accounts database (decision 034; `DB` with one)
    expect(await accountsDb(seller.id).prepare('SELECT place_of_supply AS p FROM business_orders WHERE id = ?').bind(order.id).first('p')).toBe('Maharashtra');
  });

  it('with no address on record the place of supply is the supplier’s state', async () => {
    const seller = await createUserWithToken();
    const order = await paidOrder(seller, [{ packageId: 'boost-3-pets', quantity: 1 }]);
    const html = (await invoice(seller, order.id)).body as string;
    expect(html).toContain('Karnataka (29)');
    expect(html).toContain('CGST @ 9%');
  });

  it('rounds odd paise so CGST + SGST is exactly the GST paid', async () => {
    // a package priced ₹10.50: GST 18 % = 189 paise; 9 % = 94.5 paise → CGST 95, SGST 94
    await env.DB.prepare(`UPDATE seller_packages SET price_minor = 1050 WHERE id = 'boost-1-pets'`).run();
    const seller = await createUserWithToken();
    const order = await paidOrder(seller, [{ packageId: 'boost-1-pets', quantity: 1 }]);
    expect(order.total).toBe(12.39);
    const html = (await invoice(seller, order.id)).body as string;
    expect(html).toContain('CGST @ 9%</th><td>₹0.95');
    expect(html).toContain('SGST @ 9%</th><td>₹0.94');
    expect(html).toContain('Total</th><td>₹12.39');
    expect(html).toContain('Twelve Rupees and Thirty-Nine Paise');
  });

  it('escapes what the buyer typed', async () => {
    const seller = await createUserWithToken({ businessName: '<img src=x onerror=alert(1)> & "Sons"' });
    const order = await paidOrder(seller, [{ packageId: 'boost-3-pets', quantity: 1 }]);
    const html = (await invoice(seller, order.id)).body as string;
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Sons&quot;');
    expect(html).not.toContain('<img');
  });

  it('owner only (404 for anyone else and for no such order), paid only (409), signed in only (401)', async () => {
    const seller = await createUserWithToken();
    const other = await createUserWithToken();
    const order = await paidOrder(seller, [{ packageId: 'boost-3-pets', quantity: 1 }]);
    const someoneElse = await invoice(other, order.id);
    expect(someoneElse.status).toBe(404);
    expect(someoneElse.body).toMatchObject({ success: false, code: 'ORDER_NOT_FOUND' });
    expect((await invoice(seller, `bo_${ulid().toLowerCase()}`)).status).toBe(404);
    const unpaid = await json(seller, 'POST', '/api/business/orders', { items: [{ packageId: 'boost-3-pets', quantity: 1 }] });
    const notYet = await invoice(seller, unpaid.body.data.orderId);
    expect(notYet.status).toBe(409);
    expect(notYet.body).toMatchObject({ success: false, code: 'INVOICE_NOT_READY', error: 'The tax invoice is issued once the order is paid.' });
    expect((await invoice(null, order.id)).status).toBe(401);
    expect((await invoice(seller, 'x'.repeat(65))).status).toBe(400);
    // looking at it wrote nothing but the place of supply of the paid order
    expect(await env.DB.prepare('SELECT place_of_supply AS p FROM business_orders WHERE id = ?').bind(unpaid.body.data.orderId).first('p')).toBeNull();
  });
});

// ---------------------------------------------------------------- leads

let msgClock = Date.now() - 10 * DAY;
const chatWith = async (seller: User, buyer: { id: string }, listingId: string, messages: [from: 'buyer' | 'seller', text: string][]) => {
  const id = `cht_${ulid().toLowerCase()}`;
  const created = msgClock;
  const stamps = messages.map(() => (msgClock += 60_000));
  await env.DB.prepare(
    `INSERT INTO chats (id, listing_id, buyer_id, seller_id, last_message, last_message_at, last_seq, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(id, listingId, buyer.id, seller.id, messages.at(-1)?.[1] ?? null, stamps.at(-1) ?? null, messages.length, created, created)
    .run();
  for (const [i, [from, text]] of messages.entries()) {
    await env.DB.prepare(`INSERT INTO messages (id, chat_id, seq, sender_id, content, message_type, created_at) VALUES (?, ?, ?, ?, ?, 'TEXT', ?)`)
      .bind(`msg_${ulid().toLowerCase()}`, id, i + 1, from === 'buyer' ? buyer.id : seller.id, text, stamps[i])
      .run();
  }
  return { id, first: stamps[0]!, last: stamps.at(-1)! };
};

describe('leads: GET /api/business/leads and /api/business/leads.csv', () => {
  it('one row per conversation about my ads, newest first; a phone only when the buyer shared one', async () => {
    const seller = await createUserWithToken({ phone: '9000000001' });
    const swift = await createListing(seller, { title: 'Maruti Swift 2018' });
    const sofa = await createListing(seller, { title: '=HYPERLINK("http://evil.example","Sofa") "5 seater"', categoryId: 'home-garden', subcategoryId: null });
    const asha = await createUserWithToken({ firstName: 'Asha', lastName: 'Rao' });
    const vikram = await createUserWithToken({ firstName: '@Vikram', lastName: 'S' });
    const a = await chatWith(seller, asha, swift.id, [
      ['buyer', 'Is it available?'],
      ['seller', 'Yes, call me on 9000000001'],
      ['buyer', 'Ok, my number is +91-98765 43210, call after 6'],
    ]);
    const v = await chatWith(seller, vikram, sofa.id, [['buyer', 'Last price? I can pay 4,50,000 in 2025']]);
    // a chat opened but never written in is not a lead; nor is another seller's conversation
    const empty = await env.DB.prepare(`INSERT INTO chats (id, listing_id, buyer_id, seller_id, last_seq, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?)`)
      .bind(`cht_${ulid().toLowerCase()}`, swift.id, (await createUserWithToken()).id, seller.id, Date.now(), Date.now())
      .run();
    expect(empty.meta.changes).toBe(1);
    const otherSeller = await createUserWithToken();
    await chatWith(otherSeller, asha, (await createListing(otherSeller)).id, [['buyer', 'Hi 9876543210']]);
    // the members' rows of these conversations, as the rooms write them when the accounts are split
    await addChatMemberRows();

    const res = await json(seller, 'GET', '/api/business/leads');
    expect(res.status).toBe(200);
    expect(res.body.data.truncated).toBe(false);
    expect(res.body.data.leads).toEqual([
      {
        chatId: v.id,
        listingId: sofa.id,
        adTitle: sofa.title,
        adLink: `http://sel.test/item/${sofa.slug}`,
        buyerName: '@Vikram S',
        firstMessageAt: new Date(v.first).toISOString(),
        lastMessageAt: new Date(v.last).toISOString(),
        messageCount: 1,
        buyerPhone: null,
      },
      {
        chatId: a.id,
        listingId: swift.id,
        adTitle: 'Maruti Swift 2018',
        adLink: `http://sel.test/item/${swift.slug}`,
        buyerName: 'Asha Rao',
        firstMessageAt: new Date(a.first).toISOString(),
        lastMessageAt: new Date(a.last).toISOString(),
        messageCount: 3,
        buyerPhone: '9876543210',
      },
    ]);

    const csv = await call('/api/business/leads.csv', { headers: seller.auth });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="sel-leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (csv.body as string).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('"Ad title","Ad link","Buyer","First message (IST)","Last message (IST)","Messages","Phone shared by buyer"');
    // formula-like cells are neutralised with an apostrophe; quotes are doubled
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.example"",""Sofa""\) ""5 seater""","http:\/\/sel\.test\/item\/[^"]+","'@Vikram S","\d{4}-\d{2}-\d{2} \d{2}:\d{2}","\d{4}-\d{2}-\d{2} \d{2}:\d{2}","1",""$/);
    expect(lines[2]).toContain('"Asha Rao"');
    expect(lines[2]).toContain('"3","9876543210"');
    expect(lines[3]).toBe('');
    expect(lines).toHaveLength(4);
    // the seller's own number, said in the chat, never shows as the buyer's
    expect(csv.body).not.toContain('9000000001');
  });

  it('nothing yet: an empty list and a CSV with just the header', async () => {
    const seller = await createUserWithToken();
    expect((await json(seller, 'GET', '/api/business/leads')).body.data).toEqual({ leads: [], truncated: false });
    const csv = await call('/api/business/leads.csv', { headers: seller.auth });
    expect((csv.body as string).replace(/^\uFEFF/, '').split('\r\n').filter(Boolean)).toHaveLength(1);
  });

  it('signed out: 401 JSON for both', async () => {
    for (const path of ['/api/business/leads', '/api/business/leads.csv']) {
      const res = await call(path);
      expect(res.status, path).toBe(401);
      expect(res.body).toMatchObject({ success: false, code: expect.any(String) });
    }
  });

  it('finds Indian mobile numbers however they are written, and nothing else', () => {
    for (const [text, phone] of [
      ['call 9876543210', '9876543210'],
      ['my no. 98765 43210', '9876543210'],
      ['+91-98765-43210 after 6', '9876543210'],
      ['(+91) 98765 43210', '9876543210'],
      ['098765 43210', '9876543210'],
      ['919876543210', '9876543210'],
      ['7.0.1.2.3.4.5.6.7.8', '7012345678'], // spelt out digit by digit to slip past filters: still a number
      ['I can pay 4,50,000', null],
      ['price 1234567890', null],
      ['2019 model, 42000 km', null],
      ['PIN 560038', null],
    ] as const)
      expect(findPhoneNumber(text), text).toBe(phone);
  });

  it('CSV cells: quoted, quotes doubled, formulas defused', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    for (const s of ['=1+1', '+91 98', '-2', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(s)).toBe(`"'${s}"`);
    expect(csvCell(3)).toBe('"3"');
    expect(csvCell(null)).toBe('""');
  });
});

// ---------------------------------------------------------------- stats

const visit = async (id: string, headers: Record<string, string>) => {
  const ctx = createExecutionContext();
  const res = await app.request(`http://sel.test/api/listings/${id}`, { headers }, env, ctx);
  await res.text();
  await waitOnExecutionContext(ctx);
  return res.status;
};
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('GET /api/listings/{id}/stats', () => {
  it('counts views by other people once a day each, not the seller’s own nor bots’; favourites and chats per day; 30 zero-filled days', async () => {
    const seller = await createUserWithToken();
    const ad = await createListing(seller, { views: 0 });
    // two guests (one reloading), one signed-in buyer twice, the seller, and Googlebot
    expect(await visit(ad.id, { 'cf-connecting-ip': '203.0.113.10', 'user-agent': PHONE_UA })).toBe(200);
    await visit(ad.id, { 'cf-connecting-ip': '203.0.113.10', 'user-agent': PHONE_UA });
    await visit(ad.id, { 'cf-connecting-ip': '203.0.113.11', 'user-agent': PHONE_UA });
    const buyer = await createUserWithToken();
    await visit(ad.id, { ...buyer.auth, 'user-agent': PHONE_UA });
    await visit(ad.id, { ...buyer.auth, 'cf-connecting-ip': '198.51.100.1', 'user-agent': PHONE_UA });
    await visit(ad.id, { ...seller.auth, 'user-agent': PHONE_UA });
    await visit(ad.id, { 'cf-connecting-ip': '66.249.66.1', 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    // the page-boot path (a guest's first page) counts the same way
    await call(`/api/listings/${ad.id}/views`, { method: 'POST', headers: { 'cf-connecting-ip': '203.0.113.12', 'user-agent': PHONE_UA } });
    await call(`/api/listings/${ad.id}/views`, { method: 'POST', headers: { ...seller.auth, 'user-agent': PHONE_UA } });

    const now = Date.now();
    const today = Math.floor(now / DAY);
    // three fans' favourites, each in its fan's accounts database (the ids name groups in three of them)
    await Promise.all([
      favouriteStatement('usr_f1', ad.id, now).run(),
      favouriteStatement(`usr_${'0'.repeat(26)}a`, ad.id, now - 3 * DAY).run(),
      favouriteStatement(`usr_${'0'.repeat(26)}z`, ad.id, now - 45 * DAY).run(),
    ]);
    // a view counted 5 days ago, and one from before the window
    await listingDb(ad.id).prepare('INSERT INTO listing_daily_stats (listing_id, day, views) VALUES (?, ?, 7), (?, ?, 9)').bind(ad.id, today - 5, ad.id, today - 40).run();
    await chatWith(seller, buyer, ad.id, [['buyer', 'Hi']]);
    await env.DB.prepare('UPDATE chats SET created_at = ? WHERE listing_id = ?').bind(now - 2 * DAY, ad.id).run();
    await env.DB.prepare(`INSERT INTO chats (id, listing_id, buyer_id, seller_id, last_seq, created_at, updated_at) VALUES (?, ?, 'usr_silent', ?, 0, ?, ?)`)
      .bind(`cht_${ulid().toLowerCase()}`, ad.id, seller.id, now, now)
      .run();
    await addChatMemberRows();

    const res = await json(seller, 'GET', `/api/listings/${ad.id}/stats`);
    expect(res.status).toBe(200);
    const { views, favorites, chats, daily } = res.body.data;
    expect({ views, favorites, chats }).toEqual({ views: 4, favorites: 3, chats: 1 });
    expect(daily).toHaveLength(30);
    expect(daily.at(-1)).toEqual({ date: new Date(today * DAY).toISOString().slice(0, 10), views: 4, favorites: 1, chats: 0 });
    expect(daily[0].date).toBe(new Date((today - 29) * DAY).toISOString().slice(0, 10));
    expect(daily.at(-4)).toMatchObject({ favorites: 1 });
    expect(daily.at(-3)).toMatchObject({ chats: 1 });
    expect(daily.at(-6)).toMatchObject({ views: 7 });
    const sum = (k: 'views' | 'favorites' | 'chats') => daily.reduce((n: number, d: Record<string, number>) => n + d[k]!, 0);
    expect([sum('views'), sum('favorites'), sum('chats')]).toEqual([11, 2, 1]);
  });

  it('owner only: 403 for another user, 404 for no such ad, 401 signed out', async () => {
    const seller = await createUserWithToken();
    const ad = await createListing(seller);
    const other = await createUserWithToken();
    const forbidden = await json(other, 'GET', `/api/listings/${ad.id}/stats`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ success: false, code: 'FORBIDDEN', error: 'Only the seller can see the stats of this ad' });
    const missing = await json(seller, 'GET', `/api/listings/${ulid().toLowerCase()}/stats`);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('LISTING_NOT_FOUND');
    expect((await json(null, 'GET', `/api/listings/${ad.id}/stats`)).status).toBe(401);
    // a new ad: all zeros, still 30 days
    const fresh = await json(seller, 'GET', `/api/listings/${ad.id}/stats`);
    expect(fresh.body.data).toMatchObject({ views: 0, favorites: 0, chats: 0 });
    expect(fresh.body.data.daily.every((d: Record<string, number>) => d.views === 0 && d.favorites === 0 && d.chats === 0)).toBe(true);
  });
});
