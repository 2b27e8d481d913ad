import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { createUserWithToken } from '../factories';
import { viewCounter } from '../../worker/services/listings/view-counter';
import { rollUpViews } from '../../worker/services/listings/view-rollup';
import { utcDay } from '../../worker/schemas/retention-data';
import { DAY_MS } from '../../worker/schemas/ad-lifecycle-data';
import { expireDueAds, remindExpiringAds, renewListing } from '../../worker/services/listings/lifecycle';
import { notificationsOfType } from '../support/inbox-notifications';
import { indexKey } from '../../worker/services/listings/archive-keys';
import { shardAd } from './support';

/**
 * The background jobs and counters with the listings over four databases (decision 033): each job
 * runs over every listings database, and each ad's counters are written where the ad lives.
 */

describe("view counting in the ad's own database", () => {
  it("a view goes to the counter of the ad's database, whose flush writes that database; the seller's stats read it there", async () => {
    const seller = await createUserWithToken();
    const delhi = await shardAd(seller, { city: 'Delhi' });
    const chennai = await shardAd(seller, { city: 'Chennai' });
    expect([delhi.index, chennai.index]).toEqual([1, 3]);
    const buyers = [await createUserWithToken(), await createUserWithToken()];
    for (const buyer of buyers) {
      for (const ad of [delhi, chennai]) {
        const res = await call(`/api/listings/${ad.id}/views`, { method: 'POST', headers: buyer.auth });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data.counted).toBe(true);
      }
    }
    // a favourite lives in the core, beside the account
    await env.DB.prepare('INSERT INTO favorites (user_id, listing_id, created_at) VALUES (?, ?, ?)').bind(buyers[0]!.id, delhi.id, Date.now()).run();

    // each database's counter holds its own ads' views, nothing of the other's
    const today = utcDay(Date.now());
    expect(await viewCounter(env, 'LISTINGS_1').unwritten([delhi.id, chennai.id])).toEqual({ [delhi.id]: { total: 2, byDay: { [today]: 2 } }, [chennai.id]: { total: 0, byDay: {} } });
    expect((await viewCounter(env, 'LISTINGS_3').unwritten([chennai.id]))[chennai.id]!.total).toBe(2);
    expect((await viewCounter(env).unwritten([delhi.id, chennai.id]))[delhi.id]!.total).toBe(0);

    // before the counters write: the stats add the views not yet written
    const before = await call(`/api/listings/${delhi.id}/stats`, { headers: seller.auth });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body.data).toMatchObject({ views: 2, favorites: 1, chats: 0 });

    expect(await viewCounter(env, 'LISTINGS_1').flush()).toEqual({ written: 1, left: 0 });
    expect(await viewCounter(env, 'LISTINGS_3').flush()).toEqual({ written: 1, left: 0 });
    for (const ad of [delhi, chennai]) {
      expect(await ad.db.prepare('SELECT views FROM listings WHERE id = ?').bind(ad.id).first('views')).toBe(2);
      expect(await ad.db.prepare('SELECT day, views FROM listing_daily_stats WHERE listing_id = ?').bind(ad.id).all().then((r) => r.results)).toEqual([{ day: today, views: 2 }]);
    }
    expect(await env.DB.prepare('SELECT count(*) AS n FROM listing_daily_stats WHERE listing_id IN (?, ?)').bind(delhi.id, chennai.id).first('n')).toBe(0);

    // after: the same figures, now from the ad's database
    const after = await call(`/api/listings/${delhi.id}/stats`, { headers: seller.auth });
    expect(after.body.data).toEqual(before.body.data);
    expect(after.body.data.daily.at(-1)).toMatchObject({ views: 2, favorites: 1 });
    // someone else's ad: still refused
    expect((await call(`/api/listings/${delhi.id}/stats`, { headers: buyers[1]!.auth })).status).toBe(403);
  });

  it('the hourly roll-up of old view days runs in every listings database', async () => {
    const now = Date.now();
    const today = utcDay(now);
    const seller = await createUserWithToken();
    const ads = [await shardAd(seller, { city: 'Mumbai' }), await shardAd(seller, { city: 'Ahmedabad' }), await shardAd(seller, { city: 'Chennai' })];
    expect(ads.map((a) => a.index)).toEqual([0, 2, 3]);
    for (const [i, ad] of ads.entries()) {
      await ad.db.batch([
        ad.db.prepare('INSERT INTO listing_daily_stats (listing_id, day, views) VALUES (?, ?, ?), (?, ?, ?), (?, ?, ?)').bind(ad.id, today - 40, 1 + i, ad.id, today - 31, 2, ad.id, today - 3, 9),
        ad.db.prepare('INSERT INTO listing_views (listing_id, viewer_key, day) VALUES (?, ?, ?), (?, ?, ?)').bind(ad.id, 'a:old1', today - 5, ad.id, 'a:new', today),
      ]);
    }
    const result = await rollUpViews(env, now);
    expect(result.rolledDays).toBeGreaterThanOrEqual(6);
    expect(result.viewerRows).toBeGreaterThanOrEqual(3);
    for (const [i, ad] of ads.entries()) {
      expect(await ad.db.prepare('SELECT views, through_day FROM listing_view_totals WHERE listing_id = ?').bind(ad.id).first()).toEqual({ views: 3 + i, through_day: today - 30 });
      expect(await ad.db.prepare('SELECT day FROM listing_daily_stats WHERE listing_id = ?').bind(ad.id).all().then((r) => r.results)).toEqual([{ day: today - 3 }]);
      expect(await ad.db.prepare('SELECT day FROM listing_views WHERE listing_id = ?').bind(ad.id).all().then((r) => r.results)).toEqual([{ day: today }]);
    }
    expect(await rollUpViews(env, now)).toEqual({ rolledDays: 0, viewerRows: 0 });
  });
});

describe('the ad lifecycle job over every listings database', () => {
  it('expires due ads in every database side by side, each within the bounds; reminders reach the inbox; a renewal writes the ad where it lives', async () => {
    // a controlled clock far ahead: only this test's ads are due
    const now = Date.now() + 900 * DAY_MS;
    const seller = await createUserWithToken();
    const mumbai = await shardAd(seller, { city: 'Mumbai', expiresAt: now - 1_000 });
    const delhiOld = await shardAd(seller, { city: 'Delhi', expiresAt: now - 3_000 });
    const delhi = await shardAd(seller, { city: 'Delhi', expiresAt: now - 2_000 });
    const chennai = await shardAd(seller, { city: 'Chennai', expiresAt: now - 1 });
    const soon = [await shardAd(seller, { city: 'Ahmedabad', title: 'Honda Activa 2020', expiresAt: now + 2 * DAY_MS }), await shardAd(seller, { city: 'Chennai', expiresAt: now + DAY_MS })];
    const later = await shardAd(seller, { city: 'Delhi', expiresAt: now + 30 * DAY_MS });
    const status = (ad: { id: string; db: D1Database }) => ad.db.prepare('SELECT status, expiry_reminded_for FROM listings WHERE id = ?').bind(ad.id).first<{ status: string; expiry_reminded_for: number | null }>();

    // one ad a statement, one statement a run: each database expires its own oldest due ad
    const bounds = { batchSize: 1, batches: 1, budgetMs: 20_000 };
    expect(await expireDueAds(env, now, bounds)).toBe(3);
    expect((await Promise.all([mumbai, delhiOld, delhi, chennai].map(status))).map((r) => r?.status)).toEqual(['EXPIRED', 'EXPIRED', 'APPROVED', 'EXPIRED']);
    expect(await expireDueAds(env, now, bounds)).toBe(1);
    expect((await status(delhi))?.status).toBe('EXPIRED');
    expect(await expireDueAds(env, now, bounds)).toBe(0);
    expect((await status(later))?.status).toBe('APPROVED');

    // reminders: both ads expiring within the reminder window, from two databases, once
    expect(await remindExpiringAds(env, now)).toBe(2);
    const notes = await notificationsOfType(seller.id, 'LISTING_STATUS');
    expect(new Set(notes.map((n) => JSON.parse(n.data).listingId))).toEqual(new Set(soon.map((a) => a.id)));
    expect(notes.find((n) => JSON.parse(n.data).listingId === soon[0]!.id)!.body).toContain('Honda Activa 2020');
    for (const ad of soon) expect((await status(ad))?.expiry_reminded_for).not.toBeNull();
    expect((await status(later))?.expiry_reminded_for).toBeNull();
    expect(await remindExpiringAds(env, now + 60_000)).toBe(0);

    // the owner renews an expired ad: read and written in its own database
    const renewed = await renewListing(env, seller.id, delhi.id, now);
    expect(renewed).toMatchObject({ id: delhi.id, status: 'APPROVED', wasExpired: true });
    expect((await status(delhi))?.status).toBe('APPROVED');
    expect(await delhi.db.prepare('SELECT renewals FROM listings WHERE id = ?').bind(delhi.id).first('renewals')).toBe(1);
  });
});

describe("the seller's Archived tab over every listings database", () => {
  it('leaves out an ad that is back in its listings database (a run stopped between R2 and D1)', async () => {
    const seller = await createUserWithToken();
    const back = await shardAd(seller, { city: 'Delhi', title: 'Back in D1' });
    const gone = `${back.id.slice(0, 25)}z8`;
    for (const [i, id] of [back.id, gone].entries()) {
      await env.MEDIA.put(indexKey(seller.id, Date.now() - i * 1000, id), '', {
        customMetadata: { id, title: `Archived ${i}`, priceMinor: '100000', currency: 'INR', finalStatus: 'SOLD', cover: '', createdAt: String(Date.now()), archivedAt: String(Date.now()) },
      });
    }
    const res = await call('/api/listings/user/archived?limit=10', { headers: seller.auth });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.ads.map((a: { id: string }) => a.id)).toEqual([gone]);
  });
});
