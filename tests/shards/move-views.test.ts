import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { carAd } from '../factories/car-ad';
import { createUserWithToken } from '../factories';
import { listingsDbs } from './support';
import { flushViews } from '../support/view-counter';
import { formatReport, runConsistencyChecks } from '../../worker/services/consistency';
import { viewCounter, viewShardOfListing } from '../../worker/services/listings/view-counter';

/**
 * An ad's views follow it when its seller moves it into a state of another group (decision 033): the
 * views counted under its old id and not yet written, and the viewers already counted, go to the
 * counter of its new database under its new id; a view that still reaches the old id later is sent on
 * when the old counter writes it.
 */
const DELHI = { state: 'Delhi', city: 'Delhi', neighbourhood: 'Alaknanda' };
const CHENNAI = { state: 'Tamil Nadu', city: 'Chennai', neighbourhood: 'Adyar' };
const [, , , chennaiDb] = listingsDbs as [D1Database, D1Database, D1Database, D1Database];
const movedId = (id: string, group: number) => `${id.slice(0, 26)}${group}`;
const json = (auth: Record<string, string>, method: string, path: string, body?: unknown) =>
  call(path, { method, headers: { ...auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
const today = () => Math.floor(Date.now() / 86_400_000);

let seller: Awaited<ReturnType<typeof createUserWithToken>>;
beforeAll(async () => {
  seller = await createUserWithToken({ isVerified: true, firstName: 'Kavya' });
  await env.DB.prepare('UPDATE free_ad_limits SET free_ads = 20').run();
});

const view = (listingId: string, viewerKey: string) =>
  viewCounter(env, viewShardOfListing(env, listingId)).record({ shard: viewShardOfListing(env, listingId), listingId, sellerId: seller.id, viewerKey, now: Date.now() });

describe("an ad's views when it moves to another group's database", () => {
  it('go with it: unwritten views and counted viewers are the new id’s, and a late view of the old id is sent on', async () => {
    const posted = await json(seller.auth, 'POST', '/api/listings', await carAd(seller, { ...DELHI, title: 'Hyundai Creta 2020 marigold' }));
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const ad = posted.body.data as { id: string };
    // one viewer's view written before the move (it moves with the ad's daily counters), two not yet written
    expect(await view(ad.id, 'ip:written')).toBe(true);
    await flushViews();
    expect(await view(ad.id, 'ip:first')).toBe(true);
    expect(await view(ad.id, 'ip:second')).toBe(true);

    const moved = await json(seller.auth, 'PUT', `/api/listings/${ad.id}`, { ...CHENNAI });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const newId = movedId(ad.id, 2);
    expect(moved.body.data.id).toBe(newId);

    // the viewers counted before the move count once at the new id too
    expect(await view(newId, 'ip:first')).toBe(false);
    expect(await view(newId, 'ip:written')).toBe(false);
    expect(await view(newId, 'ip:third')).toBe(true);
    // a view that still reaches the old id (a page opened before the move) is sent on at the old counter's next write
    expect(await view(ad.id, 'ip:late')).toBe(true);
    await flushViews();
    await flushViews();

    const row = await chennaiDb.prepare('SELECT views FROM listings WHERE id = ?').bind(newId).first<{ views: number }>();
    expect(row?.views).toBe(5);
    const day = await chennaiDb.prepare('SELECT views FROM listing_daily_stats WHERE listing_id = ? AND day = ?').bind(newId, today()).first<{ views: number }>();
    expect(day?.views).toBe(5);
    // the old counter keeps nothing of the ad; the new one its five viewers of today
    const oldSnapshot = await viewCounter(env, viewShardOfListing(env, ad.id)).snapshot([{ listingId: ad.id, day: today() }]);
    expect(oldSnapshot).toMatchObject({ viewers: [0], unwritten: [0] });
    const newSnapshot = await viewCounter(env, viewShardOfListing(env, newId)).snapshot([{ listingId: newId, day: today() }]);
    expect(newSnapshot).toMatchObject({ viewers: [5], unwritten: [0] });
    // and the checker, which compares each day's count with the counter's viewers, finds them agreeing
    const report = await runConsistencyChecks(env, { only: ['listing_daily_stats.views'] });
    expect(report.clean, formatReport(report)).toBe(true);
    // the ad's page shows them (its own look is then a sixth view, counted once)
    expect((await call(`/api/listings/${newId}`)).body.data.views).toBe(5);
  });
});
