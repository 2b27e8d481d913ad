import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import worker from '../../worker/index';
import { answerOf } from '../api/helpers';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../setup/databases';
import { resetToMigratedState } from '../setup/reset-databases';
import { carAd } from '../factories/car-ad';
import { createUserWithToken } from '../factories';
import { moveSellerCreditsToAccounts } from '../../worker/services/commerce/seller-credits-move';
import { runConsistencyChecks } from '../../worker/services/consistency';
import { accountsDatabaseOfGroup, groupOfUserId } from '../../worker/db/accounts';
import type { Env } from '../../worker/env';
import { listingsDbs } from './support';
import { roundTripCounting } from './round-trip-counting';
import { accountsDbs, fourAccounts, json, userIn } from './four-accounts';

/**
 * Sellers' credits, posting records and promotions over four accounts databases (decision 034): the
 * three tables live together in the seller's accounts database, so the free-ad limit and the credit
 * check stay one conditional statement in one database. Posting, paying with a slot, promoting, a
 * move to another group of states, a crash of the ad's batch and the mover of the rows written with
 * one accounts database are each proven against rows that exist only where they must (the core gets
 * none of them; rows put in the core stand for what the old code would have read).
 */
type User = Awaited<ReturnType<typeof userIn>>;

/** Which accounts databases (by index) hold rows for `sql`, and whether the core does. */
const whereRows = async (sql: string, ...params: unknown[]) => {
  const found = await Promise.all(accountsDbs.map((db) => db.prepare(sql).bind(...params).first()));
  return { accounts: found.flatMap((r, i) => (r ? [i] : [])), core: Boolean(await env.DB.prepare(sql).bind(...params).first()) };
};
const post = async (seller: User, o: Record<string, unknown> = {}) => json(seller.auth, 'POST', '/api/listings', await carAd(seller, o));
/** The seller's ads in every listings database. */
const adsOf = async (seller: User) =>
  (await Promise.all(listingsDbs.map((db) => db.prepare('SELECT id FROM listings WHERE user_id = ?').bind(seller.id).all<{ id: string }>()))).flatMap((r) => r.results.map((a) => a.id));

/** A credit of a package for Cars, written straight into `db` (as paying leaves it there). */
const creditIn = async (db: D1Database, seller: { id: string }, packageId: string, type: 'AD_SLOTS' | 'BOOST' | 'FEATURED', quantity = 1) => {
  const id = `cr_${ulid().toLowerCase()}`;
  const now = Date.now();
  await db
    .prepare(
      `INSERT INTO seller_credits (id, user_id, order_id, package_id, type, limit_key, category_id, subcategory_id, quantity, validity_days, expires_at, created_at)
       VALUES (?, ?, ?, ?, ?, 'vehicles-cars', 'vehicles', 'vehicles-cars', ?, 7, ?, ?)`,
    )
    .bind(id, seller.id, `bo_${ulid().toLowerCase()}`, packageId, type, quantity, now + 30 * 86_400_000, now)
    .run();
  return id;
};

beforeAll(async () => {
  await Promise.all(accountsDbs.map((db) => applyMigrations(db)));
  await Promise.all(accountsDbs.map((db) => resetToMigratedState(db)));
});

describe("the free-ad limit in the seller's accounts database", () => {
  it('two posts racing for the one free car ad: one 201, one 402; the posting record only in the seller\'s database', async () => {
    for (const database of [2, 0]) {
      const seller = await userIn(database);
      const [a, b] = await Promise.all([carAd(seller, { title: 'Maruti Swift VXI 2018 petrol one' }), carAd(seller, { title: 'Maruti Swift VXI 2018 petrol two' })]);
      const answers = await Promise.all([json(seller.auth, 'POST', '/api/listings', a), json(seller.auth, 'POST', '/api/listings', b)]);
      expect(answers.map((r) => r.status).sort(), JSON.stringify(answers.map((r) => r.body))).toEqual([201, 402]);
      const won = answers.find((r) => r.status === 201)!.body.data.id as string;
      expect(answers.find((r) => r.status === 402)!.body).toMatchObject({ success: false, code: 'AD_LIMIT_REACHED' });
      expect(await whereRows('SELECT 1 FROM ad_postings WHERE user_id = ?', seller.id)).toEqual({ accounts: [database], core: false });
      expect(await whereRows('SELECT 1 FROM ad_postings WHERE listing_id = ? AND credit_id IS NULL', won)).toEqual({ accounts: [database], core: false });
      // the lost race left no ad and no attached photo behind
      expect(await adsOf(seller)).toEqual([won]);
      expect((await env.DB.prepare('SELECT count(*) AS n FROM media WHERE owner_id = ? AND listing_id IS NOT NULL').bind(seller.id).first<{ n: number }>())!.n).toBe(1);
      // the account page counts the free ad from the seller's database
      const account = await json(seller.auth, 'GET', '/api/business/account');
      expect(account.body.data.limits.find((l: { subcategoryId?: string }) => l.subcategoryId === 'vehicles-cars')).toMatchObject({ used: 1, remaining: 0, canPost: false });
    }
  });

  it('a paid slot in the seller\'s database posts the next ad, and is used up', async () => {
    const seller = await userIn(3);
    expect((await post(seller)).status).toBe(201);
    expect((await post(seller, { title: 'Maruti Swift VXI 2018 petrol again' })).status).toBe(402);
    const slot = await creditIn(accountsDbs[3]!, seller, 'ad-slots-1-vehicles-cars', 'AD_SLOTS');
    const paid = await post(seller, { title: 'Maruti Swift VXI 2018 petrol paid' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(await whereRows('SELECT 1 FROM ad_postings WHERE listing_id = ? AND credit_id = ?', paid.body.data.id, slot)).toEqual({ accounts: [3], core: false });
    const account = await json(seller.auth, 'GET', '/api/business/account');
    expect(account.body.data.credits).toEqual([]);
    expect((await post(seller, { title: 'Maruti Swift VXI 2018 petrol more' })).status).toBe(402);
    // the checker counts the slot's use where it lives
    const check = await runConsistencyChecks(fourAccounts, { only: ['seller_credits.used'] });
    expect(check.checks.find((c) => c.name === 'seller_credits.used')?.disagreements).toEqual([]);
  });

  it('posting waits on the databases as often as with the accounts in the core (the record beside the ad, not before it)', async () => {
    const posting = async (accountsDatabases?: 4) => {
      const tab = roundTripCounting(accountsDatabases ? { accountsDatabases } : {});
      const seller = await userIn(2);
      const res = await tab('/api/listings', { method: 'POST', headers: { 'content-type': 'application/json', ...seller.auth }, body: JSON.stringify(await carAd(seller)) });
      expect(res.status, res.trace).toBe(201);
      return res.roundTrips;
    };
    // the first post of a fresh isolate also fills the catalogue's caches: not counted
    await posting();
    const inCore = await posting();
    expect(inCore).toBe(3);
    expect(await posting(4)).toBe(inCore);
  });

  it('the ad\'s batch failing withdraws the posting record: nothing stays, and the free ad is still there', async () => {
    const seller = await userIn(1);
    const refuse = `CREATE TRIGGER refuse_ads BEFORE INSERT ON listings BEGIN SELECT RAISE(ABORT, 'injected failure'); END`;
    await Promise.all(listingsDbs.map((db) => db.prepare(refuse).run()));
    let failed;
    try {
      failed = await post(seller);
    } finally {
      await Promise.all(listingsDbs.map((db) => db.prepare('DROP TRIGGER refuse_ads').run()));
    }
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(await whereRows('SELECT 1 FROM ad_postings WHERE user_id = ?', seller.id)).toEqual({ accounts: [], core: false });
    expect((await env.DB.prepare('SELECT count(*) AS n FROM media WHERE owner_id = ? AND listing_id IS NOT NULL').bind(seller.id).first<{ n: number }>())!.n).toBe(0);
    const again = await post(seller);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(await whereRows('SELECT 1 FROM ad_postings WHERE listing_id = ? AND credit_id IS NULL', again.body.data.id)).toEqual({ accounts: [1], core: false });
  });
});

describe("promotions and moves in the seller's accounts database", () => {
  it('a boost spends a unit of the credit there; the second is refused', async () => {
    const seller = await userIn(2);
    const ad = (await post(seller)).body.data as { id: string };
    const boost = await creditIn(accountsDbs[2]!, seller, 'boost-1-vehicles-cars', 'BOOST');
    const res = await json(seller.auth, 'POST', `/api/listings/${ad.id}/promote`, { type: 'BOOST' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'BOOST', creditId: boost, remaining: 0 });
    expect(await whereRows('SELECT 1 FROM listing_promotions WHERE listing_id = ? AND credit_id = ?', ad.id, boost)).toEqual({ accounts: [2], core: false });
    expect((await json(seller.auth, 'POST', `/api/listings/${ad.id}/promote`, { type: 'BOOST' })).status).toBe(402);
    const check = await runConsistencyChecks(fourAccounts, { only: ['listings.promotions', 'seller_credits.used'] });
    for (const c of check.checks) expect(c.disagreements, c.name).toEqual([]);
  });

  it('an ad moved to another group of states takes its posting record and promotion along in the seller\'s database', async () => {
    const seller = await userIn(0);
    const ad = (await post(seller)).body.data as { id: string };
    const featured = await creditIn(accountsDbs[0]!, seller, 'featured-7d-vehicles-cars', 'FEATURED');
    expect((await json(seller.auth, 'POST', `/api/listings/${ad.id}/promote`, { type: 'FEATURED' })).status).toBe(200);
    const moved = await json(seller.auth, 'PUT', `/api/listings/${ad.id}`, { state: 'Tamil Nadu', city: 'Chennai', neighbourhood: 'Adyar' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const newId = moved.body.data.id as string;
    expect(newId).not.toBe(ad.id);
    expect(await whereRows('SELECT 1 FROM ad_postings WHERE listing_id = ?', newId)).toEqual({ accounts: [0], core: false });
    expect(await whereRows('SELECT 1 FROM listing_promotions WHERE listing_id = ? AND credit_id = ?', newId, featured)).toEqual({ accounts: [0], core: false });
    expect(await whereRows('SELECT 1 FROM ad_postings WHERE listing_id = ?', ad.id)).toEqual({ accounts: [], core: false });
    // still one free car ad used: the moved ad holds it, no second one is free
    expect((await post(seller, { title: 'Maruti Swift VXI 2018 petrol second' })).status).toBe(402);
  });
});

describe('credits, postings and promotions written while there was one accounts database', () => {
  it("move to their sellers' databases together; the limit counts them there; a cut run is finished", async () => {
    const old = await createUserWithToken({ id: `usr_${ulid().toLowerCase()}` });
    const tagged = await userIn(3);
    expect([old.id, tagged.id].map((id) => accountsDatabaseOfGroup(4, groupOfUserId(id)))).toEqual([0, 3]);
    const now = Date.now();
    const credit = await creditIn(env.DB, old, 'boost-3-vehicles-cars', 'BOOST', 3);
    const oldAd = `ad_${ulid().toLowerCase()}`;
    const taggedAd = `ad_${ulid().toLowerCase()}`;
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO ad_postings (listing_id, user_id, limit_key, credit_id, created_at) VALUES (?, ?, 'vehicles-cars', NULL, ?)`).bind(oldAd, old.id, now - 60_000),
      env.DB.prepare(`INSERT INTO ad_postings (listing_id, user_id, limit_key, credit_id, created_at) VALUES (?, ?, 'vehicles-cars', NULL, ?)`).bind(taggedAd, tagged.id, now - 60_000),
      env.DB.prepare(`INSERT INTO listing_promotions (id, listing_id, user_id, credit_id, type, starts_at, ends_at, created_at) VALUES (?, ?, ?, ?, 'BOOST', ?, NULL, ?)`).bind(
        `prm_${ulid().toLowerCase()}`,
        oldAd,
        old.id,
        credit,
        now - 60_000,
        now - 60_000,
      ),
    ]);
    // a run cut before it removed the core's rows had already copied the tagged seller's posting
    await accountsDbs[3]!.prepare(`INSERT INTO ad_postings (listing_id, user_id, limit_key, credit_id, created_at) VALUES (?, ?, 'vehicles-cars', NULL, ?)`).bind(taggedAd, tagged.id, now - 60_000).run();
    // before the move the old seller's rows are not seen: the worker reads the seller's database only
    expect((await json(old.auth, 'GET', '/api/business/account')).body.data.credits).toEqual([]);

    expect(await moveSellerCreditsToAccounts(fourAccounts)).toBeGreaterThanOrEqual(2);
    expect(await whereRows('SELECT 1 FROM seller_credits WHERE id = ?', credit)).toEqual({ accounts: [0], core: false });
    expect(await whereRows('SELECT 1 FROM listing_promotions WHERE credit_id = ?', credit)).toEqual({ accounts: [0], core: false });
    expect(await whereRows('SELECT 1 FROM ad_postings WHERE listing_id = ?', oldAd)).toEqual({ accounts: [0], core: false });
    expect(await whereRows('SELECT 1 FROM ad_postings WHERE listing_id = ?', taggedAd)).toEqual({ accounts: [3], core: false });
    expect((await accountsDbs[3]!.prepare('SELECT count(*) AS n FROM ad_postings WHERE listing_id = ?').bind(taggedAd).first<{ n: number }>())!.n).toBe(1);
    // the credit arrived with its use: 2 of 3 left; the moved free posting holds the year's free car ad
    const account = await json(old.auth, 'GET', '/api/business/account');
    expect(account.body.data.credits.map((c: { id: string; remaining: number }) => [c.id, c.remaining])).toEqual([[credit, 2]]);
    expect((await post(tagged)).status).toBe(402);
    // nothing left to move; with one accounts database there is nothing to do
    expect(await moveSellerCreditsToAccounts(fourAccounts)).toBe(0);
    expect(await moveSellerCreditsToAccounts(env as unknown as Env)).toBe(0);
  });
});

describe('accounts over four databases, listings in one', () => {
  /** The worker with the listings in the core (LISTING_DATABASES = 1) and the accounts over four. */
  const oneListings = { ...env, LISTING_DATABASES: '1', ACCOUNTS_DATABASES: '4' } as Env;
  const send = async (seller: User, method: string, path: string, body?: unknown) => {
    const ctx = createExecutionContext();
    const init = { method, headers: { 'content-type': 'application/json', ...seller.auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
    const answer = await answerOf(await worker.fetch!(new Request(`http://sel.test${path}`, init) as never, oneListings, ctx));
    await waitOnExecutionContext(ctx);
    return answer;
  };

  it('the ad in the core, its posting record beside it in the seller\'s database: a race, and going live again after the period', async () => {
    const seller = await userIn(3);
    const [a, b] = await Promise.all([carAd(seller, { title: 'Maruti Swift VXI 2018 petrol core one' }), carAd(seller, { title: 'Maruti Swift VXI 2018 petrol core two' })]);
    const answers = await Promise.all([send(seller, 'POST', '/api/listings', a), send(seller, 'POST', '/api/listings', b)]);
    expect(answers.map((r) => r.status).sort(), JSON.stringify(answers.map((r) => r.body))).toEqual([201, 402]);
    const id = answers.find((r) => r.status === 201)!.body.data.id as string;
    expect(await env.DB.prepare('SELECT status FROM listings WHERE id = ?').bind(id).first()).toEqual({ status: 'APPROVED' });
    expect((await env.DB.prepare('SELECT count(*) AS n FROM listings WHERE user_id = ?').bind(seller.id).first<{ n: number }>())!.n).toBe(1);
    expect(await whereRows('SELECT 1 FROM ad_postings WHERE listing_id = ?', id)).toEqual({ accounts: [3], core: false });
    // put away, its posting's year over, and this year's free car ad used by another ad: going live needs a slot
    expect((await send(seller, 'POST', `/api/listings/${id}/status`, { status: 'INACTIVE' })).status).toBe(200);
    await accountsDbs[3]!.prepare('UPDATE ad_postings SET created_at = created_at - ? WHERE listing_id = ?').bind(366 * 86_400_000, id).run();
    expect((await send(seller, 'POST', '/api/listings', await carAd(seller, { title: 'Honda City ZX 2017 petrol core' }))).status).toBe(201);
    const refused = await send(seller, 'POST', `/api/listings/${id}/status`, { status: 'APPROVED' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(402);
    expect(await env.DB.prepare('SELECT status FROM listings WHERE id = ?').bind(id).first()).toEqual({ status: 'INACTIVE' });
    const slot = await creditIn(accountsDbs[3]!, seller, 'ad-slots-1-vehicles-cars', 'AD_SLOTS');
    expect((await send(seller, 'POST', `/api/listings/${id}/status`, { status: 'APPROVED' })).status).toBe(200);
    expect(await whereRows('SELECT 1 FROM ad_postings WHERE listing_id = ? AND credit_id = ?', id, slot)).toEqual({ accounts: [3], core: false });
  });
});
