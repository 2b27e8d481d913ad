import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { carAd } from '../factories/car-ad';
import { createPhoneUserWithToken, createUserWithToken } from '../factories';
import { hooked, listingsDbs } from './support';
import { flushViews } from '../support/view-counter';
import { getDb } from '../../worker/db/client';
import { updateListing } from '../../worker/services/listings/selling';
import { reportListing } from '../../worker/services/trust/trust';
import { moderationQueue } from '../../worker/services/trust/admin';
import { formatReport, runConsistencyChecks } from '../../worker/services/consistency';
import { viewCounter, viewShardOfListing } from '../../worker/services/listings/view-counter';
import type { Env } from '../../worker/env';

/**
 * The ends of a move into another group of states (decision 033, "Moving to another group"): a moved
 * ad deleted later is gone (410) at every id it had, as at its own; reports that reach the ad by its
 * old id or its hidden copy, before, during or after the move, count on the ad where it is and hold
 * it there, where moderators see them; views its old database counted in the moment before the move
 * go with it. The races are placed exactly by running the other party inside one of the move's (or
 * the report's) database calls.
 */
type User = Awaited<ReturnType<typeof createUserWithToken>>;
const DELHI = { state: 'Delhi', city: 'Delhi', neighbourhood: 'Alaknanda' };
const CHENNAI = { state: 'Tamil Nadu', city: 'Chennai', neighbourhood: 'Adyar' };
const AHMEDABAD = { state: 'Gujarat', city: 'Ahmedabad', neighbourhood: 'Navrangpura' };
/** Delhi's group lives in database 1, Tamil Nadu's (group 2) in 3, Gujarat's in 2 */
const [, delhiDb, , chennaiDb] = listingsDbs as [D1Database, D1Database, D1Database, D1Database];
const toChennai = (id: string) => `${id.slice(0, 26)}2`;
/** The move's steps, by the statement that marks each batch. */
const COMMIT = /INTO listing_moves/; // step 2, in the old database
const GOING_LIVE = /UPDATE listings SET status = CASE/; // step 3's status change, in the new database

const json = (auth: Record<string, string>, method: string, path: string, body?: unknown) =>
  call(path, { method, headers: { ...auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
const rowOf = (db: D1Database, id: string) => db.prepare('SELECT status, held_reason FROM listings WHERE id = ?').bind(id).first<{ status: string; held_reason: string | null }>();
const reportsAt = async (id: string) =>
  ((await env.DB.prepare('SELECT count(*) AS n FROM listing_reports WHERE listing_id = ?').bind(id).first<{ n: number }>())?.n ?? 0);
const searchIds = async (q: string) => ((await call(`/api/listings?q=${q}`)).body.data.listings as { id: string }[]).map((l) => l.id);
const queued = async (id: string) => (await moderationQueue(env, 'https://sel.test', { status: 'open', page: 1, limit: 100 })).items.find((i) => i.listing.id === id);

/** The seller's edit into `place`, run through the service with some bindings replaced. */
const moveWith = (seller: User, adId: string, place: typeof CHENNAI, replace: Partial<Record<'DB' | 'LISTINGS_1' | 'LISTINGS_3', D1Database>> = {}) => {
  const e = { ...(env as unknown as Env), ...replace } as Env;
  return updateListing(e, getDb(e.DB), seller.id, adId, place, 'https://sel.test');
};
let ip = 0;
/** A report by a reporter whose report weighs 1 (a verified phone), each from a network of its own. */
const report = async (id: string, e: Env = env as unknown as Env) => reportListing(e, (await createPhoneUserWithToken()).id, id, { reason: 'FRAUD' }, `198.51.100.${++ip}`);

let seller: User;
const postAd = async (title: string) => {
  const res = await json(seller.auth, 'POST', '/api/listings', await carAd(seller, { ...DELHI, title }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; slug: string };
};

beforeAll(async () => {
  seller = await createUserWithToken({ isVerified: true, firstName: 'Farida' });
  await env.DB.prepare('UPDATE free_ad_limits SET free_ads = 20').run();
});

describe('a moved ad deleted later', () => {
  it('is gone (410) at every id and address it had, as at its own; until then its old ones lead to it', async () => {
    const ad = await postAd('Maruti Baleno Zeta 2021 quokka');
    expect((await json(seller.auth, 'PUT', `/api/listings/${ad.id}`, CHENNAI)).status).toBe(200);
    // moved once more (Chennai to Ahmedabad): the first id follows two moves
    const second = await json(seller.auth, 'PUT', `/api/listings/${toChennai(ad.id)}`, AHMEDABAD);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const last = second.body.data as { id: string; slug: string };
    expect(last.id).not.toBe(toChennai(ad.id));
    // a buyer's old bookmark still leads to the ad
    expect((await call(`/api/listings/${ad.id}`)).body.data.id).toBe(last.id);
    const before = await call(`/listing/${ad.id}`, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(before.status).toBe(301);
    // the sitemaps name it once, at its present address
    const sitemaps = async () => (await Promise.all([0, 1, 2, 3].map(async (d) => String((await call(`/sitemaps/listings-${d}-0.xml`)).body)))).join('');
    const listed = await sitemaps();
    expect([listed.includes(`/item/${last.slug}<`), listed.includes(ad.id), listed.includes(toChennai(ad.id))]).toEqual([true, false, false]);

    // deleted by the seller (by the id their screen has: the first)
    const deleted = await json(seller.auth, 'DELETE', `/api/listings/${ad.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    for (const id of [last.id, toChennai(ad.id), ad.id]) {
      const res = await call(`/api/listings/${id}`);
      expect([id, res.status, res.body.code]).toEqual([id, 410, 'LISTING_ARCHIVED']);
      expect([id, (await call(`/listing/${id}`, { headers: { accept: 'text/html' } })).status]).toEqual([id, 410]);
    }
    expect((await call(`/item/${ad.slug}`, { headers: { accept: 'text/html' } })).status).toBe(410);
    expect((await call(`/item/${last.slug}`, { headers: { accept: 'text/html' } })).status).toBe(410);
    expect(await sitemaps()).not.toContain(ad.id.slice(0, 26));
    // an id that never was stays 404
    expect((await call(`/api/listings/${ad.id.slice(0, 20)}zzzzzz8`)).status).toBe(404);
  });
});

describe('reports on a moved ad', () => {
  it('by the old id after the move: they count on the ad where it is, hold it there, and moderators see them', async () => {
    const ad = await postAd('Maruti Ciaz Alpha 2020 numbat');
    expect((await json(seller.auth, 'PUT', `/api/listings/${ad.id}`, CHENNAI)).status).toBe(200);
    const newId = toChennai(ad.id);
    expect(await report(ad.id)).toMatchObject({ created: true, held: false });
    expect(await report(ad.id)).toMatchObject({ created: true, held: false });
    expect(await report(newId)).toMatchObject({ created: true, held: true });
    expect(await reportsAt(newId)).toBe(3);
    expect(await rowOf(chennaiDb, newId)).toEqual({ status: 'PENDING', held_reason: 'REPORTED' });
    expect((await queued(newId))?.reportCount).toBe(3);
  });

  it('moved there and back: a report by the id it had in between lands on its first id, which the core notes as moved from nowhere', async () => {
    const ad = await postAd('Maruti Alto K10 2017 quoll');
    expect((await json(seller.auth, 'PUT', `/api/listings/${ad.id}`, CHENNAI)).status).toBe(200);
    expect((await json(seller.auth, 'PUT', `/api/listings/${toChennai(ad.id)}`, DELHI)).status).toBe(200);
    expect(await env.DB.prepare('SELECT old_id, new_id FROM listing_moves WHERE ? IN (old_id, new_id)').bind(ad.id).all().then((r) => r.results)).toEqual([
      { old_id: toChennai(ad.id), new_id: ad.id },
    ]);
    expect(await report(toChennai(ad.id))).toMatchObject({ created: true });
    expect(await reportsAt(ad.id)).toBe(1);
  });

  it('while the move is under way, by the old id and by the hidden copy: the ad goes to the moderators, not live', async () => {
    const ad = await postAd('Maruti Dzire VXi 2019 pangolin');
    const newId = toChennai(ad.id);
    const created: unknown[] = [];
    const moved = await moveWith(seller, ad.id, CHENNAI, {
      // after the moment of the move: the old id leads to the hidden copy
      LISTINGS_1: hooked(delhiDb, COMMIT, 'after', async () => created.push(await report(ad.id), await report(ad.id))),
      // the core has followed, the copy is not live yet: a buyer reports by the id a read gave them
      LISTINGS_3: hooked(chennaiDb, GOING_LIVE, 'before', async () => created.push(await report(newId))),
    });
    expect(created).toMatchObject([{ created: true }, { created: true }, { created: true, held: true }]);
    expect(moved.status).toBe('PENDING');
    expect(await rowOf(chennaiDb, newId)).toEqual({ status: 'PENDING', held_reason: 'REPORTED' });
    expect(await reportsAt(newId)).toBe(3);
    expect(await searchIds('pangolin')).toEqual([]);
    expect((await queued(newId))?.reportCount).toBe(3);
  });

  it('read at the old id before the move and written after the core followed it: joins the others and holds the ad', async () => {
    const ad = await postAd('Maruti Ertiga ZXi 2022 tarsier');
    const newId = toChennai(ad.id);
    await report(ad.id);
    await report(ad.id);
    // the third report has read the ad (live, at its old id); the whole move runs before its core write
    const raced = await report(ad.id, { ...(env as unknown as Env), DB: hooked(env.DB, /INTO listing_reports/, 'before', () => moveWith(seller, ad.id, CHENNAI)) });
    expect(raced).toMatchObject({ created: true, held: true });
    expect(await reportsAt(ad.id)).toBe(0);
    expect(await reportsAt(newId)).toBe(3);
    expect(await rowOf(chennaiDb, newId)).toEqual({ status: 'PENDING', held_reason: 'REPORTED' });
    expect((await queued(newId))?.reportCount).toBe(3);
  });

  it('whose hold finds the old row gone: the hold follows the move', async () => {
    const ad = await postAd('Maruti Brezza LXi 2021 wombat');
    const newId = toChennai(ad.id);
    await report(ad.id);
    await report(ad.id);
    // the third report is written; the move runs before its hold reaches the old database
    const e = { ...(env as unknown as Env), LISTINGS_1: hooked(delhiDb, /held_reason = 'REPORTED'/, 'before', () => moveWith(seller, ad.id, CHENNAI)) };
    expect(await report(ad.id, e)).toMatchObject({ created: true, held: true });
    expect(await reportsAt(newId)).toBe(3);
    expect(await rowOf(chennaiDb, newId)).toEqual({ status: 'PENDING', held_reason: 'REPORTED' });
    expect(await searchIds('wombat')).toEqual([]);
  });

  it('a reporter who reported the old id is not counted again by the new one; a copy whose move has not happened is not the ad', async () => {
    const ad = await postAd('Maruti Swift ZXi 2018 kinkajou');
    const newId = toChennai(ad.id);
    const reporter = await createPhoneUserWithToken();
    const first = await reportListing(env as unknown as Env, reporter.id, ad.id, { reason: 'SPAM' }, '198.51.100.250');
    const during: unknown[] = [];
    await moveWith(seller, ad.id, CHENNAI, {
      // the copy is written but nothing has moved yet: not the ad
      LISTINGS_3: hooked(chennaiDb, /INSERT INTO listings \(id, slug, status/, 'after', () =>
        reportListing(env as unknown as Env, reporter.id, newId, { reason: 'SPAM' }, '198.51.100.251').catch((err: unknown) => during.push(err)),
      ),
      // moved, the core not yet re-pointed: the same reporter by the new id is the same report
      LISTINGS_1: hooked(delhiDb, COMMIT, 'after', async () => during.push(await reportListing(env as unknown as Env, reporter.id, newId, { reason: 'FRAUD' }, '198.51.100.252'))),
    });
    expect(during).toMatchObject([{ status: 404, code: 'LISTING_NOT_FOUND' }, { created: false, reportId: first.reportId }]);
    expect(await rowOf(chennaiDb, newId)).toEqual({ status: 'APPROVED', held_reason: null });
    expect(await reportsAt(newId)).toBe(1);
    expect(await reportsAt(ad.id)).toBe(0);
  });
});

describe("views the old database counted in the moment before the move", () => {
  it('go with the ad: its day and lifetime counts have them, and the daily-views check agrees', async () => {
    const ad = await postAd('Maruti Celerio VXi 2020 axolotl');
    const newId = toChennai(ad.id);
    const today = Math.floor(Date.now() / 86_400_000);
    const view = (id: string, viewerKey: string) =>
      viewCounter(env, viewShardOfListing(env, id)).record({ shard: viewShardOfListing(env, id), listingId: id, sellerId: seller.id, viewerKey, now: Date.now() });
    expect(await view(ad.id, 'ip:before')).toBe(true);
    await flushViews();
    // after the move read the counters for the copy, before its moment: two views written to the old database
    await moveWith(seller, ad.id, CHENNAI, {
      LISTINGS_1: hooked(delhiDb, COMMIT, 'before', async () => {
        await view(ad.id, 'ip:window-1');
        await view(ad.id, 'ip:window-2');
        await flushViews();
        expect((await delhiDb.prepare('SELECT views FROM listing_daily_stats WHERE listing_id = ? AND day = ?').bind(ad.id, today).first<{ views: number }>())?.views).toBe(3);
      }),
    });
    expect(await view(newId, 'ip:window-1')).toBe(false);
    await flushViews();
    expect((await chennaiDb.prepare('SELECT views FROM listing_daily_stats WHERE listing_id = ? AND day = ?').bind(newId, today).first<{ views: number }>())?.views).toBe(3);
    expect((await chennaiDb.prepare('SELECT views FROM listings WHERE id = ?').bind(newId).first<{ views: number }>())?.views).toBe(3);
    const checked = await runConsistencyChecks(env, { only: ['listing_daily_stats.views'] });
    expect(checked.clean, formatReport(checked)).toBe(true);
  });
});
