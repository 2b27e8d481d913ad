import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { carAd } from '../factories/car-ad';
import { createUserWithToken } from '../factories';
import { spreadLiveAds } from '../../worker/services/listings/live-ads';
import type { Env } from '../../worker/env';
import { runConsistencyChecks } from '../../worker/services/consistency';

/**
 * The checker's `users.live_ads_elsewhere` (migration 0049): with the ads over four listings databases
 * each seller card keeps the seller's live ads in the other databases, written by the every-minute job
 * from marks. A lost mark leaves the value stale; the check finds it (cards walked database by database,
 * one card per statement here so the cursor crosses cards and databases), its repair marks the seller
 * and the job writes the right number. A card rewritten between the scan and the repair is left alone;
 * with one listings database the check does not run.
 */
const listingsDbs = [env.LISTINGS_0!, env.LISTINGS_1!, env.LISTINGS_2!, env.LISTINGS_3!];
const DELHI = { state: 'Delhi', city: 'Delhi', neighbourhood: 'Alaknanda' };
const CHENNAI = { state: 'Tamil Nadu', city: 'Chennai', neighbourhood: 'Adyar' };
const CHECK = 'users.live_ads_elsewhere';
const post = (auth: Record<string, string>, body: unknown) =>
  call('/api/listings', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const check = (repair: boolean, on: Env = env as unknown as Env, batchRows = 1) => runConsistencyChecks(on, { only: [CHECK], repair, batchRows });
const elsewhere = (db: D1Database, id: string) => db.prepare('SELECT live_ads_elsewhere FROM users WHERE id = ?').bind(id).first<number>('live_ads_elsewhere');
const marks = (db: D1Database, id: string) => db.prepare('SELECT count(*) AS n FROM live_ads_changed WHERE user_id = ?').bind(id).first<number>('n');

let seller: Awaited<ReturnType<typeof createUserWithToken>>;
let other: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  seller = await createUserWithToken({ isVerified: true, firstName: 'Meena' });
  other = await createUserWithToken({ isVerified: true, firstName: 'Ravi' });
  await env.DB.prepare(`UPDATE free_ad_limits SET free_ads = 20`).run();
  // Meena: two ads in Delhi (database 1), one in Chennai (database 3); Ravi: one in each
  for (const [who, place, n] of [[seller, DELHI, 0], [seller, DELHI, 1], [seller, CHENNAI, 2], [other, DELHI, 3], [other, CHENNAI, 4]] as const) {
    const res = await post(who.auth, await carAd(who, { ...place, title: `Hyundai Creta SX 2022 number ${n}` }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  await spreadLiveAds(env as unknown as Env);
  expect([await elsewhere(listingsDbs[1]!, seller.id), await elsewhere(listingsDbs[3]!, seller.id)]).toEqual([1, 2]);
});

describe("the check of a card's live ads in the other listings databases", () => {
  it('finds a stale value left by a lost mark, and its repair has the job write the right one', async () => {
    expect((await check(false)).checks[0]).toMatchObject({ name: CHECK, rows: 0, rowsChecked: 4, complete: true });
    // the Delhi card says 7 elsewhere and no mark is left to correct it
    await listingsDbs[1]!.prepare('UPDATE users SET live_ads_elsewhere = 7 WHERE id = ?').bind(seller.id).run();
    const found = (await check(false)).checks[0]!;
    expect(found).toMatchObject({ rows: 1, repaired: 0, remaining: 1 });
    expect(found.disagreements).toEqual([{ id: seller.id, field: 'live_ads_elsewhere', expected: 1, kept: 7, delta: 6, database: 'LISTINGS_1' }]);
    expect(await marks(listingsDbs[1]!, seller.id)).toBe(0);

    const repaired = (await check(true)).checks[0]!;
    expect(repaired).toMatchObject({ rows: 1, repaired: 1, remaining: 0 });
    expect(await marks(listingsDbs[1]!, seller.id)).toBe(1);
    // marked: the job will rewrite it, so the check leaves it until then
    expect((await check(false)).checks[0]!.rows).toBe(0);
    await spreadLiveAds(env as unknown as Env);
    expect(await elsewhere(listingsDbs[1]!, seller.id)).toBe(1);
    expect(await elsewhere(listingsDbs[3]!, seller.id)).toBe(2);
    expect((await check(false)).checks[0]!.rows).toBe(0);
    // the ad page shows every live ad again
    const ad = await listingsDbs[1]!.prepare('SELECT id FROM listings WHERE user_id = ? LIMIT 1').bind(seller.id).first<string>('id');
    expect((await call(`/api/listings/${ad}`)).body.data.user.totalListings).toBe(3);
  });

  it('leaves a card that changed between the scan and the repair as it is', async () => {
    await listingsDbs[3]!.prepare('UPDATE users SET live_ads_elsewhere = 9 WHERE id = ?').bind(other.id).run();
    // after the check read the Chennai cards, while it reads the counts, the job rewrites Ravi's card there
    let scanned = false;
    let rewritten = false;
    const chennai = listingsDbs[3]!;
    const racing = {
      prepare: (sql: string) => {
        if (sql.includes('live_ads_elsewhere AS kept')) scanned = true;
        return chennai.prepare(sql);
      },
      batch: async (statements: D1PreparedStatement[]) => {
        if (scanned && !rewritten) {
          rewritten = true;
          await chennai.prepare('UPDATE users SET live_ads_elsewhere = 4 WHERE id = ?').bind(other.id).run();
        }
        return chennai.batch(statements);
      },
    } as unknown as D1Database;
    const report = (await check(true, { ...env, LISTINGS_3: racing } as unknown as Env, 400)).checks[0]!;
    expect(rewritten).toBe(true);
    expect(report.disagreements).toEqual([{ id: other.id, field: 'live_ads_elsewhere', expected: 1, kept: 9, delta: 8, database: 'LISTINGS_3' }]);
    expect(report.repaired).toBe(0);
    // neither overwritten with the scan's sum nor marked for the job
    expect(await elsewhere(chennai, other.id)).toBe(4);
    expect(await marks(chennai, other.id)).toBe(0);
    await chennai.prepare('UPDATE users SET live_ads_elsewhere = 1 WHERE id = ?').bind(other.id).run();
  });

  it('does not run with one listings database', async () => {
    await env.DB.prepare('UPDATE users SET live_ads_elsewhere = 5 WHERE id = ?').bind(seller.id).run();
    const one = { ...env, LISTING_DATABASES: '1' } as unknown as Env;
    expect((await runConsistencyChecks(one, { only: [CHECK], repair: true })).checks).toEqual([]);
    expect(await elsewhere(env.DB, seller.id)).toBe(5);
    expect(await marks(env.DB, seller.id)).toBe(0);
  });
});
