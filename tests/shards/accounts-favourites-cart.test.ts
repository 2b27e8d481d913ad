import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { BOOKMARK_HEADER } from '../../worker/db/session';
import { accountsDatabaseOfGroup, groupOfUserId } from '../../worker/db/accounts';
import { bookmarkParts } from '../../worker/schemas/bookmark';
import { applyMigrations } from '../setup/databases';
import { resetToMigratedState } from '../setup/reset-databases';
import { createUserWithToken } from '../factories';
import { shardAd } from './support';
import { notificationsOfType } from '../support/inbox-notifications';
import { processEvent } from '../../worker/services/alerts/consumer';
import { archiveDocKey, archiveEndedAds, type ArchiveDocument } from '../../worker/services/listings/archive';
import { ARCHIVABLE_STATES } from '../../worker/schemas/archive-data';
import { finishMove } from '../../worker/services/listings/shard-move';
import { accountsDbs, call, fourAccounts, json, userIn } from './four-accounts';

/**
 * Accounts over four D1 databases (decision 034) beside the listings over four (decision 033): a
 * user's favourites and cart live in the accounts database of the group their id ends in, every read
 * and write of them goes there, and what reads them by ad asks every accounts database. The worker
 * gets ACCOUNTS_DATABASES = 4 on the env this file hands it; the rest of the shards suite runs with
 * the accounts in the core.
 */

/** Where a user's favourite of an ad is: the index of each accounts database holding it, and whether the core does. */
const whereFavourite = async (userId: string, listingId: string) => {
  const sql = 'SELECT 1 FROM favorites WHERE user_id = ? AND listing_id = ?';
  const found = await Promise.all(accountsDbs.map((db) => db.prepare(sql).bind(userId, listingId).first()));
  return { accounts: found.flatMap((r, i) => (r ? [i] : [])), core: Boolean(await env.DB.prepare(sql).bind(userId, listingId).first()) };
};

/** The accounts parts of a compound bookmark that were touched: core, four listings, then four accounts databases. */
const accountsTouched = (headers: Headers) => {
  const parts = bookmarkParts(headers.get(BOOKMARK_HEADER));
  expect(parts).toHaveLength(9);
  return parts.slice(5).map(Boolean);
};

let seller: Awaited<ReturnType<typeof createUserWithToken>>;
let ads: Awaited<ReturnType<typeof shardAd>>[];

beforeAll(async () => {
  // only this file uses the accounts databases: it migrates them, and starts them from the migrated rows
  await Promise.all(accountsDbs.map((db) => applyMigrations(db)));
  await Promise.all(accountsDbs.map((db) => resetToMigratedState(db)));
  seller = await createUserWithToken({ isVerified: true });
  ads = [await shardAd(seller, { city: 'Mumbai' }), await shardAd(seller, { city: 'Delhi' }), await shardAd(seller, { city: 'Chennai' })];
});

describe('accounts ids (decision 034)', () => {
  it('a new account gets a tagged id, signs in with it, and its rows land in its group\'s database', async () => {
    const res = await call('/api/auth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `tagged.${Date.now()}@example.in`, password: 'kochi2024!' }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id: string = res.body.data.user.id;
    expect(id).toMatch(/^usr_[0-9a-hjkmnp-tv-z]{26}[0-9a-z]$/);
    const auth = { authorization: `Bearer ${res.body.data.token}` };
    // the token's subject is the tagged id: the profile, and a favourite written where the id says
    expect((await call('/api/auth/profile', { headers: auth })).body.data.id).toBe(id);
    expect((await json(auth, 'POST', `/api/listings/${ads[0]!.id}/favorite`, { isFavorite: true })).status).toBe(200);
    const database = accountsDatabaseOfGroup(4, groupOfUserId(id));
    expect(await whereFavourite(id, ads[0]!.id)).toEqual({ accounts: [database], core: false });
  });
});

describe("favourites in the buyer's accounts database", () => {
  it('set, read back, listed and removed in the buyer\'s database alone, the bookmark naming only it', async () => {
    for (const database of [0, 1, 2, 3]) {
      const buyer = await userIn(database);
      const set = await json(buyer.auth, 'POST', `/api/listings/${ads[1]!.id}/favorite`, { isFavorite: true });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(set.body.data).toEqual({ isFavorite: true, listingId: ads[1]!.id });
      expect(await whereFavourite(buyer.id, ads[1]!.id)).toEqual({ accounts: [database], core: false });
      // the buyer's database, and the seller's, where their block (if any) is read beside the insert
      const sellers = accountsDatabaseOfGroup(4, groupOfUserId(seller.id));
      expect(accountsTouched(set.headers)).toEqual([0, 1, 2, 3].map((i) => i === database || i === sellers));
      // a second "set" changes nothing; the ad's page and the list read it from there
      expect((await json(buyer.auth, 'POST', `/api/listings/${ads[1]!.id}/favorite`, { isFavorite: true })).body.data.isFavorite).toBe(true);
      expect((await call(`/api/listings/${ads[1]!.id}`, { headers: buyer.auth })).body.data.isFavorite).toBe(true);
      const list = await call('/api/listings/user/favorites', { headers: buyer.auth });
      expect(list.body.data.listings.map((l: { id: string }) => l.id)).toEqual([ads[1]!.id]);
      expect(list.body.data.pagination.total).toBe(1);
      // toggling (an empty body) takes it away again, there
      expect((await json(buyer.auth, 'POST', `/api/listings/${ads[1]!.id}/favorite`)).body.data.isFavorite).toBe(false);
      expect(await whereFavourite(buyer.id, ads[1]!.id)).toEqual({ accounts: [], core: false });
    }
  });

  it('a favourite found only in the buyer\'s database is what the list, the ad page and a second toggle see', async () => {
    const buyer = await userIn(2);
    // written straight where decision 034 puts it: a path still reading env.DB would not see it
    await accountsDbs[2]!.batch(ads.map((ad, i) => accountsDbs[2]!.prepare('INSERT INTO favorites (user_id, listing_id, created_at) VALUES (?, ?, ?)').bind(buyer.id, ad.id, 1_700_000_000_000 + i)));
    const list = await call('/api/listings/user/favorites?limit=2', { headers: buyer.auth });
    expect(list.body.data.pagination).toMatchObject({ total: 3, pages: 2 });
    expect(list.body.data.listings.map((l: { id: string }) => l.id)).toEqual([ads[2]!.id, ads[1]!.id]);
    expect((await call(`/api/listings/${ads[0]!.id}`, { headers: buyer.auth })).body.data.isFavorite).toBe(true);
    expect((await json(buyer.auth, 'POST', `/api/listings/${ads[0]!.id}/favorite`)).body.data.isFavorite).toBe(false);
    expect(await whereFavourite(buyer.id, ads[0]!.id)).toEqual({ accounts: [], core: false });
  });

  it("an ad's stats count its favourites in every accounts database", async () => {
    const ad = await shardAd(seller, { city: 'Ahmedabad' });
    // two through the API, one written straight into its database (a count still reading env.DB sees none of them)
    for (const database of [0, 1]) {
      const buyer = await userIn(database);
      expect((await json(buyer.auth, 'POST', `/api/listings/${ad.id}/favorite`, { isFavorite: true })).status).toBe(200);
    }
    const third = await userIn(3);
    await accountsDbs[3]!.prepare('INSERT INTO favorites (user_id, listing_id, created_at) VALUES (?, ?, ?)').bind(third.id, ad.id, Date.now()).run();
    const stats = await call(`/api/listings/${ad.id}/stats`, { headers: seller.auth });
    expect(stats.status, JSON.stringify(stats.body)).toBe(200);
    expect(stats.body.data.favorites).toBe(3);
    expect(stats.body.data.daily.at(-1).favorites).toBe(3);
  });

  it('a lower price reaches the buyers who favourited the ad, in whichever accounts database they are', async () => {
    const ad = await shardAd(seller, { city: 'Chennai', price: 200_000 });
    const fans = [await userIn(1), await userIn(2)];
    for (const fan of fans) expect((await json(fan.auth, 'POST', `/api/listings/${ad.id}/favorite`, { isFavorite: true })).status).toBe(200);
    // the price as an edit leaves it, and its outbox event in the ad's database (the edit's own path: edit-events.test.ts)
    const eventId = `evt_${ulid().toLowerCase()}${ad.group}`;
    await ad.db.batch([
      ad.db.prepare('UPDATE listings SET price_minor = 18000000 WHERE id = ?').bind(ad.id),
      ad.db.prepare(`INSERT INTO listing_events (id, listing_id, kind, old_price_minor, created_at) VALUES (?, ?, 'price_lowered', 20000000, ?)`).bind(eventId, ad.id, Date.now()),
    ]);
    await processEvent(fourAccounts, eventId);
    for (const fan of fans) {
      const drops = (await notificationsOfType(fan.id, 'FAVORITE')).map((n) => JSON.parse(n.data));
      expect(drops, fan.id).toEqual([expect.objectContaining({ kind: 'PRICE_DROP', listingId: ad.id })]);
    }
  });

  it('archiving an ad counts its favourites in every accounts database for the archive, then removes them there', async () => {
    const DAY = 86_400_000;
    const now = Date.now() + 400 * DAY;
    const ad = await shardAd(seller, { city: 'Chennai', status: 'SOLD', updatedAt: now - (ARCHIVABLE_STATES.SOLD.retentionDays + 1) * DAY });
    const fans = [await userIn(0), await userIn(2)];
    await Promise.all(fans.map((fan, i) => accountsDbs[i * 2]!.prepare('INSERT INTO favorites (user_id, listing_id, created_at) VALUES (?, ?, ?)').bind(fan.id, ad.id, Date.now()).run()));
    expect(await archiveEndedAds(fourAccounts, { now })).toBe(1);
    const archived = (await (await env.MEDIA.get(archiveDocKey(ad.id)))!.json()) as ArchiveDocument;
    expect(archived.stats.favourites).toBe(2);
    for (const fan of fans) expect(await whereFavourite(fan.id, ad.id)).toEqual({ accounts: [], core: false });
  });

  it("an ad moving to another group of states takes its favourites along in every accounts database", async () => {
    const oldId = `${ulid().toLowerCase()}2`;
    const newId = `${oldId.slice(0, 26)}8`;
    const fans = [await userIn(1), await userIn(3)];
    await Promise.all(fans.map((fan, i) => accountsDbs[i * 2 + 1]!.prepare('INSERT INTO favorites (user_id, listing_id, created_at) VALUES (?, ?, ?)').bind(fan.id, oldId, Date.now()).run()));
    // the move's last step (its earlier steps: tests/shards/move.test.ts)
    await finishMove(fourAccounts, { old_id: oldId, new_id: newId, status: 'APPROVED' }, 'usr_seller_of_no_ad');
    expect(await Promise.all(fans.map((fan) => whereFavourite(fan.id, newId)))).toEqual([{ accounts: [1], core: false }, { accounts: [3], core: false }]);
    expect(await Promise.all(fans.map((fan) => whereFavourite(fan.id, oldId)))).toEqual([{ accounts: [], core: false }, { accounts: [], core: false }]);
  });

  it("deleting an account removes its favourites from its accounts database", async () => {
    const buyer = await userIn(1);
    await json(buyer.auth, 'POST', `/api/listings/${ads[2]!.id}/favorite`, { isFavorite: true });
    expect((await whereFavourite(buyer.id, ads[2]!.id)).accounts).toEqual([1]);
    expect((await json(buyer.auth, 'DELETE', '/api/auth/account', { confirm: 'DELETE' })).status).toBe(200);
    expect(await whereFavourite(buyer.id, ads[2]!.id)).toEqual({ accounts: [], core: false });
  });
});

describe('accounts over four databases, listings in one', () => {
  /** The worker with the listings in the core (LISTING_DATABASES = 1) and the accounts over four. */
  const oneListings = { ...env, LISTING_DATABASES: '1', ACCOUNTS_DATABASES: '4' };
  const callOne = async (path: string, init: RequestInit = {}) => {
    const ctx = createExecutionContext();
    const res = await worker.fetch!(new Request(`http://sel.test${path}`, init) as never, oneListings, ctx);
    const body = (await res.json()) as any;
    await waitOnExecutionContext(ctx);
    return { status: res.status, body, headers: res.headers };
  };

  it('the paths that joined favourites with the ads in SQL take them from the buyer\'s database; the bookmark has one part per accounts database', async () => {
    const city = (await env.DB.prepare(`SELECT id, parent_id FROM locations WHERE kind = 'city' AND name = 'Pune'`).first<{ id: number; parent_id: number }>())!;
    const id = ulid().toLowerCase();
    // an ad as one listings database holds it: in the core, with a plain id
    await env.DB.prepare(
      `INSERT INTO listings (id, slug, user_id, title, description, price_minor, currency, condition, category_id, subcategory_id, location, state_id, city_id, features, status, views, created_at, updated_at)
       VALUES (?, ?, ?, 'Sofa set, one listings database', 'A three seater sofa set in good condition.', 1500000, 'INR', 'USED', 'home-and-garden', 'home-and-garden-furniture', 'Pune, Maharashtra', ?, ?, '{}', 'APPROVED', 0, ?, ?)`,
    ).bind(id, `furniture-sofa-in-pune-iid-${id}`, seller.id, city.parent_id, city.id, Date.now(), Date.now()).run();
    const buyer = await userIn(2);
    const set = await callOne(`/api/listings/${id}/favorite`, { method: 'POST', headers: { 'content-type': 'application/json', ...buyer.auth }, body: JSON.stringify({ isFavorite: true }) });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const parts = bookmarkParts(set.headers.get(BOOKMARK_HEADER));
    // the core, the buyer's accounts database and the seller's (their block is read there beside the insert)
    const sellers = accountsDatabaseOfGroup(4, groupOfUserId(seller.id));
    expect(parts.map(Boolean)).toEqual([true, ...[0, 1, 2, 3].map((i) => i === 2 || i === sellers)]);
    expect(await whereFavourite(buyer.id, id)).toEqual({ accounts: [2], core: false });
    const list = await callOne('/api/listings/user/favorites', { headers: buyer.auth });
    expect(list.body.data.listings.map((l: { id: string }) => l.id)).toEqual([id]);
    expect((await callOne(`/api/listings/${id}`, { headers: buyer.auth })).body.data.isFavorite).toBe(true);
  });
});

describe("the cart in the user's accounts database", () => {
  const CARS_SLOT = 'ad-slots-1-vehicles-cars';
  const PETS_BOOST = 'boost-3-pets';
  const cartRows = (userId: string) =>
    Promise.all([env.DB, ...accountsDbs].map(async (db) => (await db.prepare('SELECT package_id, quantity FROM cart_items WHERE user_id = ? ORDER BY package_id').bind(userId).all()).results));

  it('add, set, merge, remove and clear write and read the user\'s database alone', async () => {
    const user = await userIn(3);
    expect((await json(user.auth, 'POST', '/api/business/cart/items', { packageId: CARS_SLOT, quantity: 2 })).body.data.items).toEqual([{ packageId: CARS_SLOT, quantity: 2 }]);
    const set = await json(user.auth, 'PUT', `/api/business/cart/items/${PETS_BOOST}`, { quantity: 4 });
    expect(set.body.data.items).toEqual([{ packageId: CARS_SLOT, quantity: 2 }, { packageId: PETS_BOOST, quantity: 4 }]);
    expect(accountsTouched(set.headers)).toEqual([false, false, false, true]);
    const merged = await json(user.auth, 'POST', '/api/business/cart/merge', { items: [{ packageId: CARS_SLOT, quantity: 5 }, { packageId: 'no-such-package', quantity: 1 }] });
    expect(merged.body.data).toEqual({ items: [{ packageId: CARS_SLOT, quantity: 5 }, { packageId: PETS_BOOST, quantity: 4 }], dropped: ['no-such-package'] });
    const [core, a0, a1, a2, a3] = await cartRows(user.id);
    expect([core, a0, a1, a2]).toEqual([[], [], [], []]);
    expect(a3).toEqual([{ package_id: CARS_SLOT, quantity: 5 }, { package_id: PETS_BOOST, quantity: 4 }]);
    // bad input is still refused as with one database
    expect((await json(user.auth, 'POST', '/api/business/cart/items', { packageId: 'no-such-package' })).body.code).toBe('UNKNOWN_PACKAGE');
    expect((await json(user.auth, 'DELETE', `/api/business/cart/items/${PETS_BOOST}`)).body.data.items).toEqual([{ packageId: CARS_SLOT, quantity: 5 }]);
    expect((await json(user.auth, 'DELETE', '/api/business/cart')).body.data).toEqual({ items: [] });
    expect((await cartRows(user.id)).flat()).toEqual([]);
  });

  it('paying for an order takes the bought packages out of the cart in the buyer\'s database', async () => {
    const user = await userIn(1);
    await json(user.auth, 'POST', '/api/business/cart/items', { packageId: CARS_SLOT });
    await json(user.auth, 'POST', '/api/business/cart/items', { packageId: PETS_BOOST });
    const order = await json(user.auth, 'POST', '/api/business/orders', { items: [{ packageId: CARS_SLOT, quantity: 1 }] });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const signed = await json(user.auth, 'POST', `/api/business/orders/${order.body.data.orderId}/local-checkout`);
    const paid = await json(user.auth, 'POST', `/api/business/orders/${order.body.data.orderId}/verify`, signed.body.data);
    expect(paid.body.data.credited).toBe(true);
    expect((await json(user.auth, 'GET', '/api/business/cart')).body.data.items).toEqual([{ packageId: PETS_BOOST, quantity: 1 }]);
    expect((await cartRows(user.id))[2]).toEqual([{ package_id: PETS_BOOST, quantity: 1 }]);
  });
});
