import { afterEach, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { call } from './helpers';
import { createUserWithToken } from '../factories';
import { jpegBytes } from '../factories/images';
import { handleAlertBatch, processEvent, setAlertFault } from '../../worker/services/alerts/consumer';
import { relayOutbox } from '../../worker/services/alerts/events';
import { sendDailyDigests } from '../../worker/services/alerts/digest';

type User = Awaited<ReturnType<typeof createUserWithToken>>;

const json = (auth: Record<string, string>, method: string, body?: unknown) => ({
  method,
  headers: { 'content-type': 'application/json', ...auth },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

const SCOOTER = { brand: 'Honda', year: 2022, fuel: 'Petrol', transmission: 'Automatic', kmDriven: 8000, noOfOwners: '1st' };

const photo = async (seller: User) => {
  const form = new FormData();
  form.append('image', new File([jpegBytes()], 'photo.jpg', { type: 'image/jpeg' }));
  const res = await call('/api/upload/image', { method: 'POST', headers: seller.auth, body: form });
  expect(res.status).toBe(201);
  return res.body.data.url as string;
};

const post = async (seller: User, o: { title: string; city: string; price: number; subcategoryId?: string }) => {
  const image = await photo(seller);
  const res = await call(
    '/api/listings',
    json(seller.auth, 'POST', {
      title: o.title,
      description: 'Well kept, all papers clear, single owner, serviced on time.',
      price: o.price,
      categoryId: 'Vehicles',
      subcategoryId: o.subcategoryId ?? 'Scooters',
      location: o.city,
      images: [image],
      features: SCOOTER,
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; status: string };
};

const save = async (buyer: User, query: Record<string, unknown>, alert = 'instant') => {
  const res = await call('/api/saved-searches', json(buyer.auth, 'POST', { query, alert }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
};

const eventsOf = async (listingId: string) =>
  (await env.DB.prepare('SELECT id, kind, old_price_minor, sent_at, done_at FROM listing_events WHERE listing_id = ? ORDER BY created_at, id').bind(listingId).all<{
    id: string;
    kind: string;
    old_price_minor: number | null;
    sent_at: number | null;
    done_at: number | null;
  }>()).results;

const notificationsOf = async (userId: string) =>
  (await env.DB.prepare('SELECT title, body, type, data FROM notifications WHERE user_id = ? ORDER BY created_at, id').bind(userId).all<{ title: string; body: string; type: string; data: string }>())
    .results;

/** Runs every event of the ad through the consumer, as the queue would (and may already have). */
const drain = async (listingId: string) => {
  for (const e of await eventsOf(listingId)) await processEvent(env, e.id);
};

afterEach(() => setAlertFault(undefined));

describe('outbox: events are written with the change', () => {
  it('posting a live ad writes a "posted" event in the same batch and hands it to the queue', async () => {
    const seller = await createUserWithToken();
    const ad = await post(seller, { title: 'Honda Activa 6G', city: 'Pune', price: 38000 });
    const events = await eventsOf(ad.id);
    expect(events).toEqual([expect.objectContaining({ kind: 'posted', sent_at: expect.any(Number) })]);
  });

  it('a held-back ad writes no event; re-submitting it fixed writes "approved"', async () => {
    const seller = await createUserWithToken();
    const ad = await post(seller, { title: 'Activa with ganja', city: 'Pune', price: 38000 });
    expect(ad.status).toBe('REJECTED');
    expect(await eventsOf(ad.id)).toEqual([]);
    const fixed = await call(`/api/listings/${ad.id}`, json(seller.auth, 'PUT', { title: 'Honda Activa 5G' }));
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect((await eventsOf(ad.id)).map((e) => e.kind)).toEqual(['approved']);
  });

  it('lowering the price writes "price_lowered" with the old price; raising it or other edits write nothing', async () => {
    const seller = await createUserWithToken();
    const ad = await post(seller, { title: 'Honda Activa 6G', city: 'Pune', price: 42000 });
    expect((await call(`/api/listings/${ad.id}`, json(seller.auth, 'PUT', { price: 45000 }))).status).toBe(200);
    expect((await call(`/api/listings/${ad.id}`, json(seller.auth, 'PUT', { title: 'Honda Activa 6G DLX' }))).status).toBe(200);
    expect((await call(`/api/listings/${ad.id}`, json(seller.auth, 'PUT', { price: 38500 }))).status).toBe(200);
    expect((await eventsOf(ad.id)).map((e) => [e.kind, e.old_price_minor])).toEqual([
      ['posted', null],
      ['price_lowered', 4_500_000],
    ]);
  });

  it('reactivating an inactive ad writes "reactivated"; deactivating writes nothing', async () => {
    const seller = await createUserWithToken();
    const ad = await post(seller, { title: 'Honda Activa 6G', city: 'Pune', price: 38000 });
    expect((await call(`/api/listings/${ad.id}/status`, json(seller.auth, 'POST', { status: 'INACTIVE' }))).status).toBe(200);
    expect((await call(`/api/listings/${ad.id}/status`, json(seller.auth, 'POST', { status: 'APPROVED' }))).status).toBe(200);
    expect((await eventsOf(ad.id)).map((e) => e.kind)).toEqual(['posted', 'reactivated']);
  });

  it('the relay sends events a failed send left behind', async () => {
    const seller = await createUserWithToken();
    const ad = await post(seller, { title: 'Honda Activa 6G', city: 'Pune', price: 38000 });
    await env.DB.prepare('UPDATE listing_events SET sent_at = NULL, created_at = created_at - 60000 WHERE listing_id = ?').bind(ad.id).run();
    expect(await relayOutbox(env)).toBeGreaterThanOrEqual(1);
    expect((await eventsOf(ad.id))[0]!.sent_at).not.toBeNull();
  });
});

describe('matching saved searches', () => {
  it('a saved "activa pune" matches "Honda Activa 6G" in Pune, and nothing in Mumbai or a Honda Shine', async () => {
    const buyer = await createUserWithToken();
    const seller = await createUserWithToken();
    await save(buyer, { q: 'activa pune' });
    const hit = await post(seller, { title: 'Honda Activa 6G', city: 'Pune', price: 38000 });
    const elsewhere = await post(seller, { title: 'Honda Activa 6G', city: 'Mumbai', price: 38000 });
    const other = await post(seller, { title: 'Honda Shine 125', city: 'Pune', price: 38000, subcategoryId: 'Motorcycles' });
    for (const ad of [hit, elsewhere, other]) await drain(ad.id);
    const got = await notificationsOf(buyer.id);
    expect(got, JSON.stringify(got)).toHaveLength(1);
    expect(got[0]).toMatchObject({ title: 'New ad for "activa pune"', body: expect.stringContaining('Honda Activa 6G · ₹38,000') });
    expect(JSON.parse(got[0]!.data)).toMatchObject({ kind: 'SAVED_SEARCH', listingId: hit.id, url: expect.stringMatching(/^\/products\?q=activa\+pune&savedSearch=ss_/) });
    // the saved search counts it as new
    const list = await call('/api/saved-searches', { headers: buyer.auth });
    expect(list.body.data[0].newCount).toBe(1);
  });

  it('price range, condition and category filters are applied; the seller is never alerted about their own ad', async () => {
    const buyer = await createUserWithToken();
    const seller = await createUserWithToken();
    await save(buyer, { category: 'Vehicles', subcategory: 'Scooters', maxPrice: 40000, location: 'Pune' });
    await save(seller, { q: 'activa' });
    const cheap = await post(seller, { title: 'Honda Activa 6G', city: 'Pune', price: 38000 });
    const dear = await post(seller, { title: 'Honda Activa 125', city: 'Pune', price: 52000 });
    await drain(cheap.id);
    await drain(dear.id);
    expect((await notificationsOf(buyer.id)).map((n) => JSON.parse(n.data).listingId)).toEqual([cheap.id]);
    expect(await notificationsOf(seller.id)).toEqual([]);
  });

  it('daily and off searches record the match without an instant notification; one buyer with two matching searches gets one notification', async () => {
    const buyer = await createUserWithToken();
    const quiet = await createUserWithToken();
    const seller = await createUserWithToken();
    await save(buyer, { q: 'activa' });
    await save(buyer, { q: 'honda scooter', location: 'Pune' });
    const daily = await save(quiet, { q: 'activa' }, 'daily');
    const off = await save(quiet, { q: 'activa 6g' }, 'off');
    const ad = await post(seller, { title: 'Honda Activa 6G scooter', city: 'Pune', price: 38000 });
    await drain(ad.id);
    expect(await notificationsOf(buyer.id)).toHaveLength(1);
    expect(await notificationsOf(quiet.id)).toEqual([]);
    const counts = (await call('/api/saved-searches', { headers: quiet.auth })).body.data.map((s: { id: string; newCount: number }) => [s.id, s.newCount]);
    expect(counts.sort()).toEqual([[daily, 1], [off, 1]].sort());
  });
});

describe('delivery: idempotent, retried, nothing lost', () => {
  it('an event delivered twice notifies once', async () => {
    const buyer = await createUserWithToken();
    const seller = await createUserWithToken();
    await save(buyer, { q: 'activa' });
    const ad = await post(seller, { title: 'Honda Activa 6G', city: 'Pune', price: 38000 });
    const [event] = await eventsOf(ad.id);
    await processEvent(env, event!.id);
    await env.DB.prepare('UPDATE listing_events SET done_at = NULL WHERE id = ?').bind(event!.id).run(); // as if the ack was lost
    await processEvent(env, event!.id);
    const batch = createMessageBatch('sel-alerts', [
      { id: 'm1', timestamp: new Date(), attempts: 1, body: { eventId: event!.id } },
      { id: 'm2', timestamp: new Date(), attempts: 1, body: { eventId: event!.id } },
    ]);
    const ctx = createExecutionContext();
    await handleAlertBatch(batch as MessageBatch<{ eventId: string }>, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(['m1', 'm2']);
    expect(await notificationsOf(buyer.id)).toHaveLength(1);
  });

  it('a consumer killed mid-batch loses nothing: the redelivered batch notifies every buyer exactly once', async () => {
    const seller = await createUserWithToken();
    const buyers = [await createUserWithToken(), await createUserWithToken(), await createUserWithToken()];
    for (const b of buyers) await save(b, { q: 'activa' });
    const ads = [
      await post(seller, { title: 'Honda Activa 6G', city: 'Pune', price: 38000 }),
      await post(seller, { title: 'Honda Activa 5G', city: 'Delhi', price: 30000 }),
      await post(seller, { title: 'Honda Activa 125', city: 'Chennai', price: 45000 }),
    ];
    const eventIds = (await Promise.all(ads.map((a) => eventsOf(a.id)))).map((e) => e[0]!.id);
    await env.DB.prepare(`UPDATE listing_events SET done_at = NULL WHERE id IN (?, ?, ?)`).bind(...eventIds).run();
    await env.DB.prepare(`DELETE FROM notifications WHERE user_id IN (?, ?, ?)`).bind(...buyers.map((b) => b.id)).run();
    await env.DB.prepare(`DELETE FROM saved_search_matches WHERE user_id IN (?, ?, ?)`).bind(...buyers.map((b) => b.id)).run();
    const messages = eventIds.map((eventId, i) => ({ id: `k${i}`, timestamp: new Date(), attempts: 1, body: { eventId } }));

    // the isolate dies while handling the second event, after its notifications, before its matches are recorded
    setAlertFault((point, id) => {
      if (point === 'after-notify' && id === eventIds[1]) throw new Error('isolate killed');
    });
    const first = createMessageBatch('sel-alerts', messages);
    await handleAlertBatch(first as MessageBatch<{ eventId: string }>, env);
    const r1 = await getQueueResult(first, createExecutionContext());
    expect(r1.explicitAcks.sort()).toEqual(['k0', 'k2']);
    expect(r1.retryMessages.map((m) => m.msgId)).toEqual(['k1']);

    // redelivered (here: the whole batch, as after a crash), with the fault gone
    setAlertFault(undefined);
    const again = createMessageBatch('sel-alerts', messages.map((m) => ({ ...m, attempts: 2 })));
    await handleAlertBatch(again as MessageBatch<{ eventId: string }>, env);
    expect((await getQueueResult(again, createExecutionContext())).explicitAcks.sort()).toEqual(['k0', 'k1', 'k2']);

    for (const b of buyers) {
      const got = (await notificationsOf(b.id)).map((n) => JSON.parse(n.data).listingId).sort();
      expect(got).toEqual(ads.map((a) => a.id).sort());
    }
    const done = await env.DB.prepare(`SELECT count(*) AS n FROM listing_events WHERE id IN (?, ?, ?) AND done_at IS NOT NULL`).bind(...eventIds).first<{ n: number }>();
    expect(done?.n).toBe(3);
  });

  it('the queue itself delivers: a posted ad reaches the buyer without calling the consumer by hand', async () => {
    const buyer = await createUserWithToken();
    const seller = await createUserWithToken();
    await save(buyer, { q: 'scooty activa' });
    await post(seller, { title: 'Honda Activa 6G', city: 'Pune', price: 38000 });
    const until = Date.now() + 10_000;
    let got = await notificationsOf(buyer.id);
    while (!got.length && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      got = await notificationsOf(buyer.id);
    }
    expect(got).toHaveLength(1);
  });
});

describe('price drops and digests', () => {
  it('lowering the price notifies everyone who favourited it, once per ad per day', async () => {
    const seller = await createUserWithToken();
    const fans = [await createUserWithToken(), await createUserWithToken()];
    const ad = await post(seller, { title: 'Honda Activa 6G', city: 'Pune', price: 42000 });
    for (const f of fans) expect((await call(`/api/listings/${ad.id}/favorite`, json(f.auth, 'POST', { isFavorite: true }))).status).toBe(200);
    expect((await call(`/api/listings/${ad.id}`, json(seller.auth, 'PUT', { price: 38500 }))).status).toBe(200);
    await drain(ad.id);
    expect((await call(`/api/listings/${ad.id}`, json(seller.auth, 'PUT', { price: 36000 }))).status).toBe(200);
    await drain(ad.id);
    for (const f of fans) {
      const got = (await notificationsOf(f.id)).filter((n) => JSON.parse(n.data).kind === 'PRICE_DROP');
      expect(got).toEqual([expect.objectContaining({ title: 'Price dropped to ₹38,500', body: 'Honda Activa 6G: was ₹42,000' })]);
    }
    // the seller hears of the wishlists, never of their own price drop
    expect((await notificationsOf(seller.id)).filter((n) => JSON.parse(n.data).kind === 'PRICE_DROP')).toEqual([]);
  });

  it('the daily digest e-mails each buyer their daily matches once (dev outbox), and a rerun sends nothing', async () => {
    const buyer = await createUserWithToken();
    const seller = await createUserWithToken();
    await save(buyer, { q: 'activa', location: 'Pune' }, 'daily');
    const ad = await post(seller, { title: 'Honda Activa 6G', city: 'Pune', price: 38000 });
    await drain(ad.id);
    expect(await sendDailyDigests(env)).toBeGreaterThanOrEqual(1);
    const mail = await env.DB.prepare(`SELECT body FROM dev_outbox WHERE channel = 'email' AND recipient = ?`).bind(buyer.email).all<{ body: string }>();
    expect(mail.results).toHaveLength(1);
    expect(mail.results[0]!.body).toContain('1 new ad matches your saved searches');
    expect(mail.results[0]!.body).toContain('Honda Activa 6G — ₹38,000');
    await sendDailyDigests(env);
    expect((await env.DB.prepare(`SELECT count(*) AS n FROM dev_outbox WHERE channel = 'email' AND recipient = ?`).bind(buyer.email).first<{ n: number }>())?.n).toBe(1);
  });
});
