import { clearNotifications, notificationRows, notificationRowsOldestFirst, notificationsOfType } from '../support/inbox-notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../worker/index';
import { app } from '../../worker/app';
import { call } from './helpers';
import { accountsDb, createListing, createUserWithToken, listingDb, onAccountsDbs, onListingDbs, sellerLiveAds, sharded, sitemapOf, userRowsDb } from '../factories';
import { carAd } from '../factories/car-ad';
import { expireDueAds, remindExpiringAds, renewListing } from '../../worker/services/listings/lifecycle';
import { AD_LIFETIMES, BACKFILL_MIN_DAYS, BACKFILL_SPREAD_DAYS, BOOST_KEEPS_ALIVE_DAYS, DAY_MS, DEFAULT_AD_LIFETIME_DAYS, EXPIRY_JOB, EXPIRY_REMINDER_DAYS, RENEW_WINDOW_DAYS } from '../../worker/schemas/ad-lifecycle-data';
import { formatReport, runConsistencyChecks } from '../../worker/services/consistency';
import { processEvent } from '../../worker/services/alerts/consumer';
import { setPushTransport } from '../../worker/services/notifications/push';
import { APP_SHELL, withAppShell } from '../support/app-shell';

/**
 * The ad lifecycle (decision 019) with a controlled clock: the job and the reminders take `now`, and
 * expiries are written relative to it, so nothing waits for real time to pass.
 */
type User = Awaited<ReturnType<typeof createUserWithToken>>;
const json = (user: User | null, method: string, path: string, body?: unknown) =>
  call(path, { method, headers: { ...(user?.auth ?? {}), 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const renew = (user: User | null, id: string) => json(user, 'POST', `/api/listings/${id}/renew`);
const row = (id: string) =>
  listingDb(id).prepare('SELECT status, expires_at, renewals, renewed_at, expiry_reminded_for FROM listings WHERE id = ?')
    .bind(id)
    .first<{ status: string; expires_at: number | null; renewals: number; renewed_at: number | null; expiry_reminded_for: number | null }>();
const liveAds = sellerLiveAds;
const expectConsistent = async () => {
  const report = await runConsistencyChecks(env, { only: ['users.live_ads'] });
  expect(report.clean, formatReport(report)).toBe(true);
};
const ids = (page: { body: { data: { listings: { id: string }[] } } }) => page.body.data.listings.map((l) => l.id);

let restorePush: (() => void) | undefined;
afterEach(() => {
  restorePush?.();
  restorePush = undefined;
});

describe('expiry by category', () => {
  it('a posted ad gets its category’s lifetime; longer ones are reviewed data with a reason', async () => {
    const seller = await createUserWithToken();
    const before = Date.now();
    const res = await json(seller, 'POST', '/api/listings', await carAd(seller));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { expires_at } = (await row(res.body.data.id))!;
    // a car lives 45 days, not the default 30
    expect(AD_LIFETIMES['vehicles-cars']!.days).toBe(45);
    expect(expires_at! - before).toBeGreaterThanOrEqual(45 * DAY_MS);
    expect(expires_at! - Date.now()).toBeLessThanOrEqual(45 * DAY_MS);
    // the owner sees it (and from when a renewal is accepted); nobody else does
    const own = await call(`/api/listings/${res.body.data.id}`, { headers: seller.auth });
    expect(own.body.data.expiresAt).toBe(new Date(expires_at!).toISOString());
    expect(own.body.data.renewableFrom).toBe(new Date(expires_at! - RENEW_WINDOW_DAYS * DAY_MS).toISOString());
    const guest = await call(`/api/listings/${res.body.data.id}`);
    expect(guest.body.data.expiresAt).toBeUndefined();
    expect(DEFAULT_AD_LIFETIME_DAYS).toBe(30);
  });
});

describe('migration 0028 on a populated database', () => {
  it('gives ads that existed before at least two weeks, spread over two more, so nothing vanishes at once', async () => {
    const seller = await createUserWithToken();
    const now = Date.now();
    const old = [];
    for (let i = 0; i < 20; i++) old.push(await createListing(seller, { createdAt: now - (100 + i) * DAY_MS }));
    const recent = await createListing(seller, { createdAt: now - DAY_MS });
    const featured = await createListing(seller, { createdAt: now - 200 * DAY_MS });
    await listingDb(featured.id).prepare('UPDATE listings SET featured_until = ? WHERE id = ?').bind(now + 60 * DAY_MS, featured.id).run();
    // the migration's own backfill statement, as `wrangler d1 migrations apply` runs it
    const migration = env.TEST_MIGRATIONS!.find((m) => m.name.startsWith('0028_'))!;
    const backfill = migration.queries.find((q) => q.includes('UPDATE `listings` SET `expires_at`'))!;
    // on every listings database, as the migration is applied to each
    await onListingDbs(backfill);
    const expiries = await Promise.all(old.map(async (a) => (await row(a.id))!.expires_at!));
    for (const e of expiries) {
      expect(e).toBeGreaterThanOrEqual(now + BACKFILL_MIN_DAYS * DAY_MS - 5_000);
      expect(e).toBeLessThan(now + (BACKFILL_MIN_DAYS + BACKFILL_SPREAD_DAYS) * DAY_MS + 5_000);
    }
    // spread over many days, not one night
    expect(new Set(expiries.map((e) => Math.floor(e / DAY_MS))).size).toBeGreaterThanOrEqual(10);
    expect((await row(recent.id))!.expires_at).toBeGreaterThanOrEqual(now - DAY_MS + DEFAULT_AD_LIFETIME_DAYS * DAY_MS - 5_000);
    expect((await row(featured.id))!.expires_at).toBe(now + 60 * DAY_MS);
    // and the job run right after the migration expires none of them
    expect(await expireDueAds(env, now)).toBe(0);
  });
});

describe('the expiry job', () => {
  it('takes expired ads out of search, its counts, home, related ads, the sitemap and saved searches; their page says so', async () => {
    const now = Date.now();
    const seller = await createUserWithToken();
    const buyer = await createUserWithToken();
    const word = `zephyrcycle${now % 100000}`;
    const gone = await createListing(seller, { title: `Old ${word} roadster`, categoryId: 'vehicles', subcategoryId: 'vehicles-bicycles', expiresAt: now - 1000 });
    const live = await createListing(seller, { title: `New ${word} roadster`, categoryId: 'vehicles', subcategoryId: 'vehicles-bicycles', expiresAt: now + 20 * DAY_MS });
    // a running paid feature keeps an ad live past an old expiry
    const featured = await createListing(seller, { title: `Featured ${word} roadster`, categoryId: 'vehicles', subcategoryId: 'vehicles-bicycles', expiresAt: now - 1000 });
    await listingDb(featured.id).prepare('UPDATE listings SET is_featured = 1, featured_until = ? WHERE id = ?').bind(now + 5 * DAY_MS, featured.id).run();
    // a saved search that matched the ad before it expired
    const saved = await json(buyer, 'POST', '/api/saved-searches', { query: { q: word }, alert: 'off' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    // the outbox lives beside the ad (an event id ending in its group's digit, as the ad's id does)
    await listingDb(gone.id).prepare(`INSERT INTO listing_events (id, listing_id, kind, created_at) VALUES (?, ?, 'posted', ?)`).bind(`evt_${gone.id}`, gone.id, now + 1).run();
    const sitemapBefore = await fetchText(sitemapOf(gone.id));
    expect(sitemapBefore).toContain(gone.slug);
    // a guest's cached page of the ad, served from the edge cache while it is live
    expect((await page(`/item/${gone.slug}`)).text).not.toContain('This ad has expired.');
    expect((await page(`/item/${gone.slug}`)).cache).toBe('HIT');
    expect(ids(await call(`/api/listings?q=${word}`))).toContain(gone.id);
    const seller0 = await liveAds(seller.id);

    expect(await expireDueAds(env, now)).toBe(1);
    expect((await row(gone.id))!.status).toBe('EXPIRED');
    expect((await row(featured.id))!.status).toBe('APPROVED');
    expect((await row(live.id))!.status).toBe('APPROVED');

    const search = await call(`/api/listings?q=${word}`);
    expect(ids(search).sort()).toEqual([featured.id, live.id].sort());
    expect(search.body.data.pagination.total).toBe(2);
    // browse (the full-text index is bypassed) and home
    expect(ids(await call('/api/listings?subcategory=vehicles-bicycles&limit=100'))).not.toContain(gone.id);
    expect(ids(await call('/api/listings?limit=100'))).not.toContain(gone.id);
    expect((await call(`/api/listings/${live.id}/related?limit=12`)).body.data.map((l: { id: string }) => l.id)).not.toContain(gone.id);
    expect(await fetchText(sitemapOf(gone.id))).not.toContain(gone.slug);
    // the seller's live-ad count followed, and agrees with a recount
    expect(await liveAds(seller.id)).toBe(seller0 - 1);
    await expectConsistent();
    // the saved search's event for it alerts nobody now, and counts nothing new
    await processEvent(env, `evt_${gone.id}`);
    const matched = await onAccountsDbs<{ n: number }>('SELECT count(*) AS n FROM saved_query_matches WHERE listing_id = ?', gone.id);
    expect(matched.reduce((n, r) => n + r.n, 0)).toBe(0);
    expect((await call('/api/saved-searches', { headers: buyer.auth })).body.data.find((s: { id: string }) => s.id === saved.body.data.id).newCount).toBe(0);

    // its page is still there for people: says it expired, shows similar live ads; crawlers are told noindex
    const detail = await call(`/api/listings/${gone.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.status).toBe('EXPIRED');
    const related = await call(`/api/listings/${gone.id}/related?limit=4`);
    expect(related.body.data.map((l: { id: string }) => l.id)).toEqual(expect.arrayContaining([live.id, featured.id]));
    // the job bumped the data version: the cached live copy is not served again
    const expiredPage = await page(`/item/${gone.slug}`);
    expect(expiredPage.cache).toBe('MISS');
    const html = expiredPage.text;
    expect(html).toContain('This ad has expired.');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('https://schema.org/Discontinued');
    expect(await fetchText(`/item/${live.slug}`)).not.toContain('noindex');
  });

  it('works in bounded batches, oldest expiry first, from the scheduled handler', async () => {
    const seller = await createUserWithToken();
    const now = Date.now() + 400 * DAY_MS; // far ahead: every earlier test's ads are due too, so use a fresh window
    const ads = [];
    for (let i = 0; i < 5; i++) ads.push(await createListing(seller, { expiresAt: now - (i + 1) * 60_000 }));
    // everything else due by then is expired first, so the count is checked on these ads only
    await expireDueAds(env, now - 10 * 60_000);
    const small = { batchSize: 2, batches: 2, budgetMs: 10_000 };
    expect(await expireDueAds(env, now, small)).toBe(4);
    const statuses = await Promise.all(ads.map(async (a) => (await row(a.id))!.status));
    // the four with the oldest expiries went; the newest waits for the next run
    expect(statuses).toEqual(['APPROVED', 'EXPIRED', 'EXPIRED', 'EXPIRED', 'EXPIRED']);
    expect(await expireDueAds(env, now, small)).toBe(1);
    // the worker's own trigger runs it (here with the real clock: an ad a minute overdue)
    const due = await createListing(seller, { expiresAt: Date.now() - 60_000 });
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: EXPIRY_JOB.cron, scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await row(due.id))!.status).toBe('EXPIRED');
  });
});

describe('moderation of an expired ad', () => {
  it('its open reports stay in the queue (its page is public) and a moderator can still take it down', async () => {
    const [seller, reporter, mod] = [await createUserWithToken(), await createUserWithToken(), await createUserWithToken({ firstName: 'Mod' })];
    await userRowsDb(mod.id).prepare(`UPDATE users SET role = 'MODERATOR' WHERE id = ?`).bind(mod.id).run();
    const ad = await createListing(seller, { title: 'Reported then expired', expiresAt: Date.now() - 1000 });
    await env.DB.prepare(`INSERT INTO listing_reports (id, listing_id, reporter_id, reason, status, created_at) VALUES (?, ?, ?, 'FRAUD', 'OPEN', ?)`)
      .bind(`rpt_${ad.id}`, ad.id, reporter.id, Date.now())
      .run();
    await expireDueAds(env, Date.now());
    expect((await row(ad.id))!.status).toBe('EXPIRED');
    const queue = await call('/api/admin/moderation', { headers: mod.auth });
    expect(queue.status).toBe(200);
    expect(JSON.stringify(queue.body.data)).toContain(ad.id);
    const taken = await json(mod, 'POST', `/api/admin/listings/${ad.id}/decision`, { action: 'REJECT', reason: 'Fake ad, asked for an advance' });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect((await row(ad.id))!.status).toBe('REJECTED');
    // and it cannot be renewed back to life
    expect((await renew(seller, ad.id)).body.code).toBe('NOT_RENEWABLE');
  });
});

describe('reminders', () => {
  it('tells the seller once per period, in their language, in the app and by Web Push', async () => {
    const seller = await createUserWithToken();
    expect((await json(seller, 'PUT', '/api/auth/language', { language: 'hi' })).status).toBe(200);
    const FCM = 'https://fcm.googleapis.com/fcm/send/ad-lifecycle';
    const sub = await json(seller, 'POST', '/api/push/subscriptions', {
      endpoint: FCM,
      keys: { p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4', auth: 'BTBZMqHH6r4Tts7J_aSIgg' },
    });
    expect(sub.status, JSON.stringify(sub.body)).toBe(201);
    const pushed: string[] = [];
    restorePush = setPushTransport(async (req) => {
      pushed.push(req.url);
      return new Response(null, { status: 201 });
    });
    const now = Date.now() + 800 * DAY_MS;
    const soon = await createListing(seller, { title: 'Hero Sprint cycle', categoryId: 'vehicles', subcategoryId: 'vehicles-bicycles', expiresAt: now + 2 * DAY_MS });
    const later = await createListing(seller, { expiresAt: now + (EXPIRY_REMINDER_DAYS + 2) * DAY_MS });
    const notes = async () => ({ results: await notificationsOfType(seller.id, 'LISTING_STATUS') });

    await remindExpiringAds(env, now);
    let { results } = await notes();
    expect(results).toHaveLength(1);
    expect(results[0]!.title).toBe('आपका विज्ञापन जल्द समाप्त होगा');
    expect(results[0]!.body).toContain('"Hero Sprint cycle"');
    expect(results[0]!.body).toContain('मुफ़्त');
    expect(JSON.parse(results[0]!.data)).toMatchObject({ listingId: soon.id, status: 'EXPIRING' });
    await expect.poll(() => pushed.length).toBe(1);
    expect((await row(soon.id))!.expiry_reminded_for).toBe(now + 2 * DAY_MS);
    expect((await row(later.id))!.expiry_reminded_for).toBeNull();

    // the next runs of the same period remind nobody again
    await remindExpiringAds(env, now + 60_000);
    await remindExpiringAds(env, now + DAY_MS);
    ({ results } = await notes());
    expect(results).toHaveLength(1);

    // renewed (a new period), its next reminder is due again near the new expiry
    await renewListing(env, seller.id, soon.id, now);
    const renewed = (await row(soon.id))!;
    expect(renewed.expires_at).toBe(now + 2 * DAY_MS + DEFAULT_AD_LIFETIME_DAYS * DAY_MS);
    await remindExpiringAds(env, renewed.expires_at! - 2 * DAY_MS);
    ({ results } = await notes());
    expect(results.filter((n) => JSON.parse(n.data).listingId === soon.id)).toHaveLength(2);
  });
});

describe('POST /api/listings/{id}/renew', () => {
  it('owner only; far from expiry is a 409 a person understands; in the window it adds a full period, once', async () => {
    const [seller, other] = [await createUserWithToken(), await createUserWithToken()];
    const now = Date.now();
    const ad = await createListing(seller, { categoryId: 'home-and-garden', subcategoryId: 'home-and-garden-furniture', expiresAt: now + 20 * DAY_MS });
    expect((await renew(null, ad.id)).status).toBe(401);
    const theirs = await renew(other, ad.id);
    expect(theirs.status).toBe(403);
    expect(theirs.body.code).toBe('NOT_OWNER');
    expect((await renew(seller, 'nope')).status).toBe(404);

    const early = await renew(seller, ad.id);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('RENEWAL_TOO_EARLY');
    expect(early.body.error).toBe(`This ad is not due for renewal yet: it can be renewed in its last ${RENEW_WINDOW_DAYS} days before it expires, or after it has expired.`);
    expect(early.body.renewableFrom).toBe(new Date(now + (20 - RENEW_WINDOW_DAYS) * DAY_MS).toISOString());
    // in Hindi for a Hindi reader
    const hindi = await call(`/api/listings/${ad.id}/renew`, { method: 'POST', headers: { ...seller.auth, 'accept-language': 'hi-IN' } });
    expect(hindi.body.error).toContain('नवीनीकरण');
    expect((await row(ad.id))!.renewals).toBe(0);

    // in its last days: a full lifetime after the old expiry, so renewing early loses nothing
    const expiresAt = now + 2 * DAY_MS;
    await listingDb(ad.id).prepare('UPDATE listings SET expires_at = ? WHERE id = ?').bind(expiresAt, ad.id).run();
    const ok = await renew(seller, ad.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'APPROVED', expiresAt: new Date(expiresAt + 30 * DAY_MS).toISOString() });
    expect((await row(ad.id))!.renewals).toBe(1);
    // once per period: the new expiry is far again
    expect((await renew(seller, ad.id)).body.code).toBe('RENEWAL_TOO_EARLY');
    // ads that are not live or expired say what to do instead
    const sold = await createListing(seller, { status: 'INACTIVE', expiresAt: now - DAY_MS });
    const refused = await renew(seller, sold.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'NOT_RENEWABLE', error: 'Only a live or expired ad can be renewed. Reactivate it instead.' });
  });

  it('an expired ad goes live again without counting against the free-ad limit; My Ads counts it under Expired', async () => {
    const seller = await createUserWithToken();
    // Cars: one free ad a year (decision 007); the seller uses it
    const posted = await json(seller, 'POST', '/api/listings', await carAd(seller));
    expect(posted.status).toBe(201);
    const id = posted.body.data.id as string;
    await listingDb(id).prepare('UPDATE listings SET expires_at = ? WHERE id = ?').bind(Date.now() - 1000, id).run();
    await expireDueAds(env, Date.now());
    // the status route does not bring it back: that is what renewing is for
    const back = await json(seller, 'POST', `/api/listings/${id}/status`, { status: 'APPROVED' });
    expect(back.status).toBe(409);
    expect(back.body.error).toBe('An ad that is EXPIRED cannot be changed to APPROVED. Renew it instead: renewing is free.');
    const mine = await call('/api/listings/user/my-listings?status=expired', { headers: seller.auth });
    expect(mine.status).toBe(200);
    expect(mine.body.data.counts).toMatchObject({ expired: 1, approved: 0 });
    expect(mine.body.data.listings.map((l: { id: string }) => l.id)).toEqual([id]);
    expect(mine.body.data.listings[0].expiresAt).toEqual(expect.any(String));
    const postings = async () => (await onAccountsDbs<{ n: number }>('SELECT count(*) AS n FROM ad_postings WHERE user_id = ?', seller.id)).reduce((n, r) => n + r.n, 0);
    const before = await postings();
    const live0 = await liveAds(seller.id);

    const ok = await renew(seller, id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.status).toBe('APPROVED');
    expect(await postings()).toBe(before);
    expect(await liveAds(seller.id)).toBe(live0 + 1);
    const account = await call('/api/business/account', { headers: seller.auth });
    expect(account.body.data.limits.find((l: { name: string }) => l.name === 'Cars')).toMatchObject({ used: 1 });
    await expectConsistent();
  });

  it('racing the expiry job leaves one consistent state whichever runs first', async () => {
    const seller = await createUserWithToken();
    const now = Date.now();
    const ads = [];
    for (let i = 0; i < 6; i++) ads.push(await createListing(seller, { expiresAt: now - 1000 }));
    // job first, then the renewal; renewal first, then the job; and side by side
    await expireDueAds(env, now);
    expect((await renew(seller, ads[0]!.id)).status).toBe(200);
    await onListingDbs(`UPDATE listings SET status = 'APPROVED' WHERE id IN (?, ?, ?, ?, ?)`, ...ads.slice(1).map((a) => a.id));
    expect((await renew(seller, ads[1]!.id)).status).toBe(200);
    await expireDueAds(env, now);
    await onListingDbs(`UPDATE listings SET status = 'APPROVED' WHERE id IN (?, ?, ?, ?)`, ...ads.slice(2).map((a) => a.id));
    const raced = await Promise.all([...ads.slice(2).map((a) => renew(seller, a.id)), expireDueAds(env, now)]);
    for (const r of raced.slice(0, 4)) expect((r as Awaited<ReturnType<typeof renew>>).status).toBe(200);
    for (const a of ads) {
      const r = (await row(a.id))!;
      expect(r.status).toBe('APPROVED');
      expect(r.expires_at).toBeGreaterThan(now);
      expect(r.renewals).toBe(1);
    }
    // two renewals racing: one renews, the other is told it is not due (or that the ad changed)
    const twice = await Promise.all([renew(seller, ads[0]!.id), renew(seller, ads[0]!.id)]);
    expect(twice.map((r) => r.status)).toEqual([409, 409]);
    await listingDb(ads[0]!.id).prepare('UPDATE listings SET expires_at = ? WHERE id = ?').bind(now + DAY_MS, ads[0]!.id).run();
    const pair = await Promise.all([renew(seller, ads[0]!.id), renew(seller, ads[0]!.id)]);
    expect(pair.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await row(ads[0]!.id))!.renewals).toBe(2);
    await expectConsistent();
  });

  it('a paid feature or boost keeps its ad alive until it ends', async () => {
    const seller = await createUserWithToken();
    const now = Date.now();
    const grant = async (packageId: string) => {
      const p = (await env.DB.prepare('SELECT * FROM seller_packages WHERE id = ?').bind(packageId).first<{ type: string; category_id: string; subcategory_id: string | null; quantity: number; validity_days: number }>())!;
      const id = `cr_${crypto.randomUUID()}`;
      // beside the seller's postings and promotions, in their accounts database (decision 034)
      await accountsDb(seller.id).prepare(
        `INSERT INTO seller_credits (id, user_id, order_id, package_id, type, limit_key, category_id, subcategory_id, quantity, validity_days, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
        .bind(id, seller.id, `ord_${id}`, packageId, p.type, p.subcategory_id ?? p.category_id, p.category_id, p.subcategory_id, p.quantity, p.validity_days, now + 30 * DAY_MS, now)
        .run();
      return p;
    };
    const featured = await createListing(seller, { expiresAt: now + DAY_MS });
    const pack = await env.DB.prepare(`SELECT id FROM seller_packages WHERE type = 'FEATURED' AND subcategory_id = 'vehicles-cars' ORDER BY validity_days DESC LIMIT 1`).first<{ id: string }>();
    const { validity_days } = await grant(pack!.id);
    const promoted = await json(seller, 'POST', `/api/listings/${featured.id}/promote`, { type: 'FEATURED' });
    expect(promoted.status, JSON.stringify(promoted.body)).toBeLessThan(300);
    const { expires_at } = (await row(featured.id))!;
    expect(expires_at).toBeGreaterThanOrEqual(now + validity_days * DAY_MS);
    // the day its old expiry passes, and the day before the feature ends, it is still live
    expect((await expireDueAds(env, now + 2 * DAY_MS)) >= 0).toBe(true);
    await expireDueAds(env, expires_at! - 1);
    expect((await row(featured.id))!.status).toBe('APPROVED');

    const boosted = await createListing(seller, { expiresAt: now + DAY_MS });
    await grant('boost-1-vehicles-cars');
    expect((await json(seller, 'POST', `/api/listings/${boosted.id}/promote`, { type: 'BOOST' })).status).toBeLessThan(300);
    expect((await row(boosted.id))!.expires_at).toBeGreaterThanOrEqual(now + BOOST_KEEPS_ALIVE_DAYS * DAY_MS);
  });
});

/** Pages as a guest's phone gets them, through the guest edge cache (on, as in production). */
const withShell = withAppShell(APP_SHELL, { EDGE_CACHE: 'on' });
const page = async (path: string) => {
  const ctx = createExecutionContext();
  const res = await app.request(`https://sel.example${path}`, { headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 11) Mobile Safari/537.36' } }, withShell, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { text, cache: res.headers.get('x-edge-cache') };
};
const fetchText = async (path: string) => (await page(path)).text;
