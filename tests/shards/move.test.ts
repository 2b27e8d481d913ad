import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { carAd } from '../factories/car-ad';
import { createUserWithToken } from '../factories';
import { listingsDbs } from './support';
import { moveListing } from '../../worker/services/listings/shard-move';
import { roundTripCounting } from './round-trip-counting';

/**
 * An ad whose seller moves it into a state of another group (decision 033): it gets a new id in that
 * group's database, the old id and slug keep answering (the API with the ad, the page with a 301),
 * and its favourites, chats, views, promotions, photos and the core's other rows follow it. An
 * interrupted move leaves the ad whole where it was or readable at its old id, and a retry finishes.
 */
type User = Awaited<ReturnType<typeof createUserWithToken>>;
/** with four databases: Delhi's group (8) lives in database 1, Tamil Nadu's (2) in 3, Uttar Pradesh's (1) in 1 */
const DELHI = { state: 'Delhi', city: 'Delhi', neighbourhood: 'Alaknanda' };
const CHENNAI = { state: 'Tamil Nadu', city: 'Chennai', neighbourhood: 'Adyar' };
const [, delhiDb, , chennaiDb] = listingsDbs as [D1Database, D1Database, D1Database, D1Database];

const json = (auth: Record<string, string>, method: string, path: string, body?: unknown) =>
  call(path, { method, headers: { ...auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
const count = async (db: D1Database, sql: string, ...params: unknown[]) => (await db.prepare(sql).bind(...params).first<{ n: number }>())?.n ?? 0;
/**
 * What a move adds to an edit's round trips (measured: an edit with four databases waits on 8, the
 * same edit moving the ad on 12): the copy's reads (card, photo rows, view counters, side by side),
 * the new database's batch and the old one's in place of the edit's one, the core's re-pointing, then
 * the new row's status (after the core, so a row no longer hidden always has its core rows).
 */
const MOVE_EXTRA_ROUND_TRIPS = 4;
const movedId = (id: string, group: number) => `${id.slice(0, 26)}${group}`;

/** One request with every database wrapped in the simulation, one round-trip counter for all (as tests/shards/posting.test.ts). */
const counted = roundTripCounting();

let seller: User;
let buyer: User;
const postAd = async (title: string) => {
  const res = await json(seller.auth, 'POST', '/api/listings', await carAd(seller, { ...DELHI, title }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; slug: string; images: string[] };
};
const myAdIds = async () => ((await call('/api/listings/user/my-listings?limit=50', { headers: seller.auth })).body.data.listings as { id: string }[]).map((l) => l.id);
const searchIds = async (q: string, location: string) => ((await call(`/api/listings?q=${encodeURIComponent(q)}&location=${location}`)).body.data.listings as { id: string }[]).map((l) => l.id);

beforeAll(async () => {
  seller = await createUserWithToken({ isVerified: true, firstName: 'Meera' });
  buyer = await createUserWithToken({ firstName: 'Arjun' });
  await env.DB.prepare('UPDATE free_ad_limits SET free_ads = 20').run();
});

describe('moving an ad into a state of another group', () => {
  it('answers 200 with the ad at its new id; everything that names it follows; the old id and slug still lead to it', async () => {
    const ad = await postAd('Skoda Rapid Ambition 2019 zanzibar');
    // what hangs on the ad: a favourite, a conversation, views, a promotion, a report, a saved-search match, a paid phone look
    expect((await json(buyer.auth, 'POST', `/api/listings/${ad.id}/favorite`, { isFavorite: true })).status).toBe(200);
    const chat = await json(buyer.auth, 'POST', '/api/messages/chats', { listingId: ad.id });
    expect(chat.status, JSON.stringify(chat.body)).toBe(201);
    const today = Math.floor(Date.now() / 86_400_000);
    await delhiDb.batch([
      delhiDb.prepare('INSERT INTO listing_daily_stats (listing_id, day, views) VALUES (?, ?, 7), (?, ?, 3)').bind(ad.id, today, ad.id, today - 1),
      delhiDb.prepare('INSERT INTO listing_view_totals (listing_id, views, through_day) VALUES (?, 40, ?)').bind(ad.id, today - 30),
      delhiDb.prepare('UPDATE listings SET is_featured = 1, featured_until = ?, views = 50 WHERE id = ?').bind(Date.now() + 86_400_000, ad.id),
    ]);
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO listing_promotions (id, listing_id, user_id, credit_id, type, starts_at, ends_at, created_at) VALUES ('promo_move', ?, ?, 'credit_x', 'FEATURED', ?, ?, ?)`).bind(ad.id, seller.id, Date.now(), Date.now() + 86_400_000, Date.now()),
      env.DB.prepare(`INSERT INTO listing_reports (id, listing_id, reporter_id, reason, created_at) VALUES ('rep_move', ?, ?, 'SPAM', ?)`).bind(ad.id, buyer.id, Date.now()),
      env.DB.prepare(`INSERT INTO phone_access_log (user_id, listing_id, period_start, created_at) VALUES (?, ?, 0, ?)`).bind(buyer.id, ad.id, Date.now()),
    ]);
    const before = await count(env.DB, 'SELECT count(*) AS n FROM ad_postings WHERE listing_id = ?', ad.id);
    expect(before).toBe(1);

    const res = await json(seller.auth, 'PUT', `/api/listings/${ad.id}`, { ...CHENNAI, price: 480000 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const newId = movedId(ad.id, 2);
    expect(res.body.data).toMatchObject({ id: newId, state: 'Tamil Nadu', city: 'Chennai', price: 480000, status: 'APPROVED', images: ad.images, isFeatured: true, views: 50 });
    expect(res.body.data.slug).toMatch(new RegExp(`-in-chennai-iid-${newId}$`));

    // the old database keeps only the note of where it went; the new one has the ad, its photos and views
    expect(await count(delhiDb, 'SELECT count(*) AS n FROM listings WHERE id = ?', ad.id)).toBe(0);
    expect(await delhiDb.prepare('SELECT new_id, status FROM listing_moves WHERE old_id = ?').bind(ad.id).first()).toEqual({ new_id: newId, status: 'APPROVED' });
    expect(await count(delhiDb, 'SELECT count(*) AS n FROM media WHERE listing_id = ?', ad.id)).toBe(0);
    expect(await count(delhiDb, 'SELECT count(*) AS n FROM listing_daily_stats WHERE listing_id = ?', ad.id)).toBe(0);
    expect(await count(chennaiDb, 'SELECT count(*) AS n FROM media WHERE listing_id = ?', newId)).toBe(1);
    expect(await count(chennaiDb, 'SELECT sum(views) AS n FROM listing_daily_stats WHERE listing_id = ?', newId)).toBe(10);
    expect(await count(chennaiDb, 'SELECT views AS n FROM listing_view_totals WHERE listing_id = ?', newId)).toBe(40);

    // every core row follows the ad
    for (const table of ['favorites', 'chats', 'media', 'listing_reports', 'ad_postings', 'listing_promotions', 'phone_access_log']) {
      expect(await count(env.DB, `SELECT count(*) AS n FROM ${table} WHERE listing_id = ?`, ad.id), table).toBe(0);
      expect(await count(env.DB, `SELECT count(*) AS n FROM ${table} WHERE listing_id = ?`, newId), table).toBe(1);
    }
    // the seller: the ad listed once, at its new id; the buyer: the favourite and the chat name it
    expect((await myAdIds()).filter((id) => id.startsWith(ad.id.slice(0, 26)))).toEqual([newId]);
    const favourites = await call('/api/listings/user/favorites', { headers: buyer.auth });
    expect((favourites.body.data.listings as { id: string }[]).map((l) => l.id)).toContain(newId);
    // search finds it in its new state and not in its old one
    expect(await searchIds('zanzibar', 'Chennai')).toEqual([newId]);
    expect(await searchIds('zanzibar', 'Delhi')).not.toContain(ad.id);
    expect(await count(delhiDb, `SELECT count(*) AS n FROM listings_fts WHERE listings_fts MATCH 'zanzibar'`)).toBe(0);
    expect(await count(chennaiDb, `SELECT count(*) AS n FROM listings_fts WHERE listings_fts MATCH 'zanzibar'`)).toBe(1);
    expect(await searchIds('zanzibar', '')).toEqual([newId]);
    // the seller's stats of it read the moved counters
    const stats = await call(`/api/listings/${newId}/stats`, { headers: seller.auth });
    expect(stats.status, JSON.stringify(stats.body)).toBe(200);

    // the old id and the old slug: the API answers with the ad, the pages redirect for good
    for (const path of [`/api/listings/${ad.id}`, `/api/listings/slug/${ad.slug}`]) {
      const old = await call(path);
      expect(old.status, path).toBe(200);
      expect(old.body.data.id).toBe(newId);
    }
    for (const path of [`/item/${ad.slug}`, `/listing/${ad.id}`]) {
      const page = await call(path, { redirect: 'manual', headers: { accept: 'text/html' } });
      expect(page.status, path).toBe(301);
      expect(new URL(page.headers.get('location')!, 'https://x').pathname).toBe(`/item/${res.body.data.slug}`);
    }
    // the seller can go on editing by either id
    const again = await json(seller.auth, 'PUT', `/api/listings/${ad.id}`, { price: 470000 });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toMatchObject({ id: newId, price: 470000 });
  });

  it("round trips: a move costs the edit's own plus its steps (a rare edit; the figure is pinned so it can only go down)", async () => {
    const ad = await postAd('Toyota Glanza V 2022 platypus');
    const edit = await counted(`/api/listings/${ad.id}`, { method: 'PUT', headers: { ...seller.auth, 'content-type': 'application/json' }, body: JSON.stringify({ price: 610000 }) });
    expect(edit.status, JSON.stringify(edit.body).slice(0, 300)).toBe(200);
    const moved = await counted(`/api/listings/${ad.id}`, { method: 'PUT', headers: { ...seller.auth, 'content-type': 'application/json' }, body: JSON.stringify(CHENNAI) });
    expect(moved.status, JSON.stringify(moved.body).slice(0, 300)).toBe(200);
    if (process.env.ROUND_TRIP_TRACE) console.log(`edit ${edit.roundTrips}\n${edit.trace}\nmove ${moved.roundTrips}\n${moved.trace}`);
    expect(moved.roundTrips - edit.roundTrips, `edit ${edit.roundTrips}, move ${moved.roundTrips}:\n${moved.trace}`).toBeLessThanOrEqual(MOVE_EXTRA_ROUND_TRIPS);
  });

  it('moved there and back: the ad takes its first id again, and both ids answer with it', async () => {
    const ad = await postAd('Mahindra Thar LX 2021 ocelot');
    const there = await json(seller.auth, 'PUT', `/api/listings/${ad.id}`, CHENNAI);
    expect(there.status, JSON.stringify(there.body)).toBe(200);
    const back = await json(seller.auth, 'PUT', `/api/listings/${there.body.data.id}`, DELHI);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data).toMatchObject({ id: ad.id, state: 'Delhi' });
    for (const id of [ad.id, there.body.data.id]) expect((await call(`/api/listings/${id}`)).body.data.id).toBe(ad.id);
    expect((await myAdIds()).filter((id) => id.startsWith(ad.id.slice(0, 26)))).toEqual([ad.id]);
    expect(await searchIds('ocelot', '')).toEqual([ad.id]);
  });

  it('a move inside one database (Delhi to Uttar Pradesh, both in database 1) also takes the new group digit', async () => {
    const ad = await postAd('Renault Kwid RXT 2020 quixotic');
    const res = await json(seller.auth, 'PUT', `/api/listings/${ad.id}`, { state: 'Uttar Pradesh', city: 'Lucknow', neighbourhood: 'Gomti Nagar' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const newId = movedId(ad.id, 1);
    expect(res.body.data.id).toBe(newId);
    expect(await count(delhiDb, 'SELECT count(*) AS n FROM listings WHERE id IN (?, ?)', ad.id, newId)).toBe(1);
    expect((await call(`/api/listings/${ad.id}`)).body.data.id).toBe(newId);
  });
});

/** A statement of one step made to fail: a trigger that aborts it. */
const failing = async (db: D1Database, name: string, on: string) => {
  await db.prepare(`CREATE TRIGGER ${name} ${on} BEGIN SELECT RAISE(ABORT, 'injected failure'); END`).run();
  return () => db.prepare(`DROP TRIGGER ${name}`).run();
};

describe('an interrupted move, then retried', () => {
  const move = (id: string) => json(seller.auth, 'PUT', `/api/listings/${id}`, { ...CHENNAI });

  it('failing in the new database (step 1): the ad stays whole where it was; a retry moves it', async () => {
    const ad = await postAd('Ford Ecosport Titanium 2017 xylophone');
    const heal = await failing(chennaiDb, 'fail_step_one', `BEFORE INSERT ON listings WHEN NEW.status = 'MOVING'`);
    expect((await move(ad.id)).status).toBe(500);
    await heal();
    const still = await call(`/api/listings/${ad.id}`);
    expect(still.body.data).toMatchObject({ id: ad.id, state: 'Delhi' });
    expect(await searchIds('xylophone', 'Delhi')).toEqual([ad.id]);
    const retried = await move(ad.id);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.data.id).toBe(movedId(ad.id, 2));
  });

  it('failing at the moment of the move (step 2): the ad stays whole, its hidden copy shows nowhere; a retry moves it', async () => {
    const ad = await postAd('Hyundai Verna SX 2018 quokka');
    const heal = await failing(delhiDb, 'fail_step_two', 'BEFORE INSERT ON listing_moves');
    expect((await move(ad.id)).status).toBe(500);
    await heal();
    const newId = movedId(ad.id, 2);
    // the copy exists, hidden: not listed, not found, not readable
    expect(await chennaiDb.prepare('SELECT status FROM listings WHERE id = ?').bind(newId).first()).toEqual({ status: 'MOVING' });
    expect((await myAdIds()).filter((id) => id.startsWith(ad.id.slice(0, 26)))).toEqual([ad.id]);
    expect(await searchIds('quokka', '')).toEqual([ad.id]);
    expect((await call(`/api/listings/${newId}`)).status).toBe(404);
    const retried = await move(ad.id);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.data.id).toBe(newId);
    expect(await count(chennaiDb, 'SELECT count(*) AS n FROM listings WHERE id = ?', newId)).toBe(1);
    expect(await searchIds('quokka', '')).toEqual([newId]);
  });

  it('failing after it (step 3): the old id still shows the ad; the next write by the old id finishes the move', async () => {
    const ad = await postAd('Maruti Baleno Alpha 2021 jacaranda');
    expect((await json(buyer.auth, 'POST', `/api/listings/${ad.id}/favorite`, { isFavorite: true })).status).toBe(200);
    const heal = await failing(env.DB, 'fail_step_three', 'BEFORE UPDATE OF listing_id ON favorites');
    expect((await move(ad.id)).status).toBe(500);
    await heal();
    const newId = movedId(ad.id, 2);
    const read = await call(`/api/listings/${ad.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: newId, status: 'APPROVED', state: 'Tamil Nadu' });
    const retried = await json(seller.auth, 'PUT', `/api/listings/${ad.id}`, { price: 700000 });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.data).toMatchObject({ id: newId, status: 'APPROVED', price: 700000 });
    expect(await count(env.DB, 'SELECT count(*) AS n FROM favorites WHERE listing_id = ?', newId)).toBe(1);
    expect(await searchIds('jacaranda', 'Chennai')).toEqual([newId]);
    expect((await myAdIds()).filter((id) => id.startsWith(ad.id.slice(0, 26)))).toEqual([newId]);
  });

  it('failing after it (step 3), then written by the new id the old one answered with: the move is finished first', async () => {
    const ad = await postAd('Tata Tiago XZ 2020 kookaburra');
    const heal = await failing(env.DB, 'fail_step_three_b', 'BEFORE UPDATE OF listing_id ON ad_postings');
    expect((await move(ad.id)).status).toBe(500);
    await heal();
    const newId = (await call(`/api/listings/${ad.id}`, { headers: seller.auth })).body.data.id as string;
    expect(newId).toBe(movedId(ad.id, 2));
    const retried = await json(seller.auth, 'PUT', `/api/listings/${newId}`, { price: 455000 });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.data).toMatchObject({ id: newId, status: 'APPROVED', price: 455000 });
    expect(await count(env.DB, 'SELECT count(*) AS n FROM ad_postings WHERE listing_id = ?', newId)).toBe(1);
  });

  it('a hidden copy of a move that never happened is not the ad: writes by its id find nothing', async () => {
    const ad = await postAd('Kia Sonet HTK 2021 wombat');
    const heal = await failing(delhiDb, 'fail_step_two_b', 'BEFORE INSERT ON listing_moves');
    expect((await move(ad.id)).status).toBe(500);
    await heal();
    expect((await json(seller.auth, 'PUT', `/api/listings/${movedId(ad.id, 2)}`, { price: 1000 })).status).toBe(404);
    expect((await call(`/api/listings/${ad.id}`)).body.data).toMatchObject({ id: ad.id, state: 'Delhi' });
  });

  it('an edit that got there first: the move changes nothing and its copy goes again', async () => {
    const ad = await postAd('Honda Amaze VX 2019 marmalade');
    const row = await delhiDb.prepare('SELECT * FROM listings WHERE id = ?').bind(ad.id).first<Record<string, unknown> & { id: string; user_id: string; updated_at: number }>();
    // someone else's edit lands after the version was read
    await delhiDb.prepare('UPDATE listings SET updated_at = updated_at + 5 WHERE id = ?').bind(ad.id).run();
    const newId = movedId(ad.id, 2);
    const now = row!.updated_at + 1;
    const moved = await moveListing(env as never, {
      row: row!,
      newId,
      status: 'APPROVED',
      now,
      edit: (target) => target.prepare(`UPDATE listings SET slug = ?, state_id = 31, updated_at = ? WHERE id = ? AND updated_at = ?`).bind(`x-iid-${newId}`, now, newId, row!.updated_at),
      photoIds: [],
      corePhotos: [],
    });
    expect(moved).toBe(false);
    expect(await count(chennaiDb, 'SELECT count(*) AS n FROM listings WHERE id = ?', newId)).toBe(0);
    expect(await count(delhiDb, 'SELECT count(*) AS n FROM listings WHERE id = ?', ad.id)).toBe(1);
    expect(await count(delhiDb, 'SELECT count(*) AS n FROM listing_moves WHERE old_id = ?', ad.id)).toBe(0);
  });
});
