import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { carAd } from '../factories/car-ad';
import { createUserWithToken } from '../factories';
import { spreadLiveAds } from '../../worker/services/listings/live-ads';
import type { Env } from '../../worker/env';
import { runConsistencyChecks } from '../../worker/services/consistency';

/**
 * A seller's live ads on every card with the ads over four listings databases (migration 0049): each
 * database's triggers count only the ads it holds, so a seller selling in Delhi (database 1) and in
 * Chennai (database 3) showed 2 on one ad and 1 on the other. The every-minute job spreads the other
 * databases' counts onto each card; a change shows at once in its own database, on the others after
 * the job. The seller's page (which sums every database) agrees.
 */
const listingsDbs = [env.LISTINGS_0!, env.LISTINGS_1!, env.LISTINGS_2!, env.LISTINGS_3!];
const DELHI = { state: 'Delhi', city: 'Delhi', neighbourhood: 'Alaknanda' };
const CHENNAI = { state: 'Tamil Nadu', city: 'Chennai', neighbourhood: 'Adyar' };
const json = (auth: Record<string, string>, method: string, path: string, body?: unknown) =>
  call(path, { method, headers: { ...auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
const spread = () => spreadLiveAds(env as unknown as Env);

let seller: Awaited<ReturnType<typeof createUserWithToken>>;
const delhi: string[] = [];
let chennai: string;
const shown = async (id: string) => {
  const res = await call(`/api/listings/${id}`);
  expect(res.status).toBe(200);
  return res.body.data.user.totalListings as number;
};
const onSellerPage = async () => (await call(`/api/sellers/${seller.id}`)).body.data.liveAds as number;

beforeAll(async () => {
  seller = await createUserWithToken({ isVerified: true, firstName: 'Meena' });
  await env.DB.prepare(`UPDATE free_ad_limits SET free_ads = 20`).run();
  for (const [i, place] of [DELHI, DELHI, CHENNAI].entries()) {
    const res = await json(seller.auth, 'POST', '/api/listings', await carAd(seller, { ...place, title: `Hyundai Creta SX 2022 number ${i}` }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    if (place === DELHI) delhi.push(res.body.data.id);
    else chennai = res.body.data.id;
  }
});

describe("a seller's live ads over several listings databases", () => {
  it('every card shows all the live ads once the job ran, and search says the same', async () => {
    expect(await spread()).toBeGreaterThanOrEqual(1);
    expect([await shown(delhi[0]!), await shown(chennai)]).toEqual([3, 3]);
    const found = await call('/api/listings?q=creta&limit=10');
    expect(found.body.data.listings.map((l: { user: { totalListings: number } }) => l.user.totalListings)).toEqual([3, 3, 3]);
    expect(await onSellerPage()).toBe(3);
    // the marks are gone: a second run has nothing to do
    expect(await spread()).toBe(0);
  });

  it("a change shows at once on its own database's cards, on the others after the job", async () => {
    expect((await json(seller.auth, 'POST', `/api/listings/${delhi[1]}/status`, { status: 'SOLD' })).status).toBe(200);
    expect(await shown(delhi[0]!)).toBe(2);
    expect(await onSellerPage()).toBe(2);
    await spread();
    expect(await shown(chennai)).toBe(2);
    expect((await call(`/api/listings/${chennai}`, { method: 'DELETE', headers: seller.auth })).status).toBe(200);
    await spread();
    expect(await shown(delhi[0]!)).toBe(1);
  });

  it('a change while the job runs is not lost: its mark stays for the next run', async () => {
    // a mark read by the job, then changed again before the job removes it: the job leaves it
    await listingsDbs[1]!.prepare(`UPDATE listings SET status = 'APPROVED' WHERE id = ?`).bind(delhi[1]).run();
    const version = (await listingsDbs[1]!.prepare('SELECT version FROM live_ads_changed WHERE user_id = ?').bind(seller.id).first<{ version: number }>())?.version;
    expect(version).toBe(0);
    await listingsDbs[1]!.prepare(`UPDATE live_ads_changed SET version = version + 1 WHERE user_id = ?`).bind(seller.id).run();
    const raced = { ...env, LISTINGS_1: racing(listingsDbs[1]!) } as unknown as Env;
    await spreadLiveAds(raced);
    expect(await listingsDbs[1]!.prepare('SELECT count(*) AS n FROM live_ads_changed WHERE user_id = ?').bind(seller.id).first<{ n: number }>()).toEqual({ n: 1 });
    await spread();
    expect(await listingsDbs[1]!.prepare('SELECT count(*) AS n FROM live_ads_changed').first<{ n: number }>()).toEqual({ n: 0 });
    expect(await shown(delhi[0]!)).toBe(2);
  });

  it("each card's own count still agrees with a count of its database's ads", async () => {
    const counted = await Promise.all(
      listingsDbs.map((db) =>
        db.prepare(`SELECT u.id, u.live_ads, (SELECT count(*) FROM listings l WHERE l.user_id = u.id AND l.status = 'APPROVED') AS counted FROM users u WHERE u.live_ads != counted`).all(),
      ),
    );
    expect(counted.flatMap((r) => r.results)).toEqual([]);
  });

  it("the checker's repair of a card's count reaches the seller's other cards through the job", async () => {
    // Delhi's card drifted to 9 and a run spread that to the Chennai card before the checker ran
    await listingsDbs[1]!.prepare('UPDATE users SET live_ads = 9 WHERE id = ?').bind(seller.id).run();
    await listingsDbs[3]!.prepare('UPDATE users SET live_ads_elsewhere = 9 WHERE id = ?').bind(seller.id).run();
    const repaired = await runConsistencyChecks(env, { only: ['users.live_ads'], now: Date.now(), repair: true });
    expect(repaired.checks[0]!.repaired).toBe(1);
    await spread();
    expect(await listingsDbs[3]!.prepare('SELECT live_ads_elsewhere FROM users WHERE id = ?').bind(seller.id).first('live_ads_elsewhere')).toBe(2);
  });
});

/** LISTINGS_1 as the job sees it when a change lands between its read of the marks and their removal: the mark read is an older version. */
function racing(db: D1Database): D1Database {
  return {
    prepare: (sql: string) => (/SELECT user_id, version FROM live_ads_changed/.test(sql) ? db.prepare(sql.replace('SELECT user_id, version', 'SELECT user_id, version - 1 AS version')) : db.prepare(sql)),
    batch: db.batch.bind(db),
  } as unknown as D1Database;
}
