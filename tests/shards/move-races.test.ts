import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { carAd } from '../factories/car-ad';
import { createUserWithToken } from '../factories';
import { hooked, listingsDbs } from './support';
import { getDb } from '../../worker/db/client';
import { updateListing } from '../../worker/services/listings/selling';
import { archiveEndedAds } from '../../worker/services/listings/archive';
import { banUser, decide, unbanUser } from '../../worker/services/trust/admin';
import type { Env } from '../../worker/env';

/**
 * A move into another group of states (decision 033) racing a ban or a moderator, and the hidden
 * copies an interrupted move leaves: the ad never ends up live for a banned seller nor beside itself,
 * and the archive job sweeps what no retry finished. The races are placed exactly by running the
 * other party's action inside one of the move's database calls.
 */
type User = Awaited<ReturnType<typeof createUserWithToken>>;
const DELHI = { state: 'Delhi', city: 'Delhi', neighbourhood: 'Alaknanda' };
const CHENNAI = { state: 'Tamil Nadu', city: 'Chennai', neighbourhood: 'Adyar' };
/** Delhi's group lives in database 1 (LISTINGS_1), Tamil Nadu's in 3 */
const [, delhiDb, , chennaiDb] = listingsDbs as [D1Database, D1Database, D1Database, D1Database];
const movedId = (id: string) => `${id.slice(0, 26)}2`;
const HOUR = 3_600_000;

const json = (auth: Record<string, string>, method: string, path: string, body?: unknown) =>
  call(path, { method, headers: { ...auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
const rowOf = (db: D1Database, id: string) => db.prepare('SELECT status, held_reason FROM listings WHERE id = ?').bind(id).first<{ status: string; held_reason: string | null }>();
const count = async (db: D1Database, sql: string, ...params: unknown[]) => (await db.prepare(sql).bind(...params).first<{ n: number }>())?.n ?? 0;
const searchIds = async (q: string) => ((await call(`/api/listings?q=${q}`)).body.data.listings as { id: string }[]).map((l) => l.id);

/** The move's steps, by the statement that marks each batch. */
const COMMIT = /INTO listing_moves/; // step 2, in the old database
const GOING_LIVE = /UPDATE listings SET status = CASE/; // step 3's status change, in the new database

/** The seller's edit into Chennai, run through the service with one binding replaced. */
const moveWith = (seller: User, adId: string, replace: Partial<Record<'LISTINGS_1' | 'LISTINGS_3', D1Database>>) => {
  const e = { ...(env as unknown as Env), ...replace } as Env;
  return updateListing(e, getDb(e.DB), seller.id, adId, CHENNAI, 'https://sel.test');
};

let moderator: User;
const newSeller = () => createUserWithToken({ isVerified: true });
const postAd = async (seller: User, title: string) => {
  const res = await json(seller.auth, 'POST', '/api/listings', await carAd(seller, { ...DELHI, title }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; slug: string };
};

beforeAll(async () => {
  moderator = await createUserWithToken({ firstName: 'Mod' });
  await env.DB.prepare('UPDATE free_ad_limits SET free_ads = 20').run();
});

describe('a ban of the seller during a move', () => {
  it('landing after the commit, before the ad goes live in its new place: held there, and released by lifting the ban', async () => {
    const seller = await newSeller();
    const ad = await postAd(seller, 'Skoda Slavia Style 2022 aardvark');
    const moved = await moveWith(seller, ad.id, { LISTINGS_1: hooked(delhiDb, COMMIT, 'after', () => banUser(env, moderator.id, seller.id, 'fraud')) });
    expect(moved.id).toBe(movedId(ad.id));
    expect(await rowOf(chennaiDb, movedId(ad.id))).toEqual({ status: 'PENDING', held_reason: 'ACCOUNT_BANNED' });
    expect(await searchIds('aardvark')).toEqual([]);
    // no news for saved searches about an ad that is not live
    expect(await count(chennaiDb, 'SELECT count(*) AS n FROM listing_events WHERE listing_id = ?', movedId(ad.id))).toBe(0);
    await unbanUser(env, moderator.id, seller.id, 'appeal upheld');
    expect(await rowOf(chennaiDb, movedId(ad.id))).toEqual({ status: 'APPROVED', held_reason: null });
    expect(await searchIds('aardvark')).toEqual([movedId(ad.id)]);
  });

  it('reaching the new database only after the move read the account: the copy carries the ban, and the move holds it', async () => {
    const seller = await newSeller();
    const ad = await postAd(seller, 'Skoda Kushaq Onyx 2023 bandicoot');
    await moveWith(seller, ad.id, { LISTINGS_3: hooked(chennaiDb, GOING_LIVE, 'before', () => banUser(env, moderator.id, seller.id, 'fraud')) });
    expect(await rowOf(chennaiDb, movedId(ad.id))).toEqual({ status: 'PENDING', held_reason: 'ACCOUNT_BANNED' });
    expect(await searchIds('bandicoot')).toEqual([]);
  });

  it('landing before the commit: nothing moves, the ad is held where it was and its copy goes', async () => {
    const seller = await newSeller();
    const ad = await postAd(seller, 'Skoda Octavia L&K 2021 cassowary');
    const moved = moveWith(seller, ad.id, { LISTINGS_1: hooked(delhiDb, COMMIT, 'before', () => banUser(env, moderator.id, seller.id, 'fraud')) });
    await expect(moved).rejects.toMatchObject({ status: 409, code: 'STALE' });
    expect(await rowOf(delhiDb, ad.id)).toEqual({ status: 'PENDING', held_reason: 'ACCOUNT_BANNED' });
    expect(await rowOf(chennaiDb, movedId(ad.id))).toBeNull();
    expect(await searchIds('cassowary')).toEqual([]);
  });
});

describe('a moderator during a move', () => {
  it('hiding the ad before the commit: nothing moves, the ad stays rejected where it was', async () => {
    const seller = await newSeller();
    const ad = await postAd(seller, 'Skoda Superb L&K 2020 dugong');
    const moved = moveWith(seller, ad.id, { LISTINGS_1: hooked(delhiDb, COMMIT, 'before', () => decide(env, moderator.id, ad.id, { action: 'REJECT', reason: 'Misleading photos' })) });
    await expect(moved).rejects.toMatchObject({ status: 409, code: 'STALE' });
    expect((await rowOf(delhiDb, ad.id))?.status).toBe('REJECTED');
    expect(await rowOf(chennaiDb, movedId(ad.id))).toBeNull();
    expect(await searchIds('dugong')).toEqual([]);
  });

  it('deciding on the hidden copy (by the id a read through the old one gives) is refused until the move is done', async () => {
    const seller = await newSeller();
    const ad = await postAd(seller, 'Skoda Fabia Monte Carlo 2018 echidna');
    let refused: unknown;
    await moveWith(seller, ad.id, {
      LISTINGS_1: hooked(delhiDb, COMMIT, 'after', () => decide(env, moderator.id, movedId(ad.id), { action: 'APPROVE', reason: 'fine' }).catch((err: unknown) => (refused = err))),
    });
    expect(refused).toMatchObject({ status: 409, code: 'STALE' });
    expect(await rowOf(chennaiDb, movedId(ad.id))).toEqual({ status: 'APPROVED', held_reason: null });
  });
});

/** A statement of one step made to fail: a trigger that aborts it. */
const failing = async (db: D1Database, name: string, on: string) => {
  await db.prepare(`CREATE TRIGGER ${name} ${on} BEGIN SELECT RAISE(ABORT, 'injected failure'); END`).run();
  return () => db.prepare(`DROP TRIGGER ${name}`).run();
};

describe('hidden copies no retry finished, swept by the archive job', () => {
  it('a copy whose move never committed goes after the grace period, with its photo copies; the ad stays whole', async () => {
    const seller = await newSeller();
    const ad = await postAd(seller, 'Skoda Yeti Elegance 2016 fossa');
    const heal = await failing(delhiDb, 'fail_commit', 'BEFORE INSERT ON listing_moves');
    expect((await json(seller.auth, 'PUT', `/api/listings/${ad.id}`, CHENNAI)).status).toBe(500);
    await heal();
    const copy = movedId(ad.id);
    expect((await rowOf(chennaiDb, copy))?.status).toBe('MOVING');
    expect(await count(chennaiDb, 'SELECT count(*) AS n FROM media WHERE listing_id = ?', copy)).toBe(1);
    // within the grace period a retry may still be on its way: left alone
    await archiveEndedAds(env);
    expect((await rowOf(chennaiDb, copy))?.status).toBe('MOVING');
    await archiveEndedAds(env, { now: Date.now() + 2 * HOUR });
    expect(await rowOf(chennaiDb, copy)).toBeNull();
    expect(await count(chennaiDb, 'SELECT count(*) AS n FROM media WHERE listing_id = ?', copy)).toBe(0);
    expect((await call(`/api/listings/${ad.id}`)).body.data).toMatchObject({ id: ad.id, state: 'Delhi', status: 'APPROVED' });
    expect(await searchIds('fossa')).toEqual([ad.id]);
  });

  it('a committed move whose last step never ran is finished: live in its new place, its core rows and its saved-search event with it', async () => {
    const seller = await newSeller();
    const buyer = await createUserWithToken();
    const ad = await postAd(seller, 'Skoda Rapid Onyx 2020 gerenuk');
    expect((await json(buyer.auth, 'POST', `/api/listings/${ad.id}/favorite`, { isFavorite: true })).status).toBe(200);
    const heal = await failing(env.DB, 'fail_last_step', 'BEFORE UPDATE OF listing_id ON favorites');
    expect((await json(seller.auth, 'PUT', `/api/listings/${ad.id}`, CHENNAI)).status).toBe(500);
    await heal();
    const newId = movedId(ad.id);
    expect((await rowOf(chennaiDb, newId))?.status).toBe('MOVING');
    expect(await searchIds('gerenuk')).toEqual([]);
    await archiveEndedAds(env, { now: Date.now() + 2 * HOUR });
    expect((await rowOf(chennaiDb, newId))?.status).toBe('APPROVED');
    expect(await searchIds('gerenuk')).toEqual([newId]);
    expect(await count(env.DB, 'SELECT count(*) AS n FROM favorites WHERE listing_id = ?', newId)).toBe(1);
    expect(await count(chennaiDb, `SELECT count(*) AS n FROM listing_events WHERE listing_id = ? AND kind = 'moved'`, newId)).toBe(1);
  });
});
