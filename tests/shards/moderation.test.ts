import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { call } from '../api/helpers';
import { createUserWithToken } from '../factories';
import { notificationsOfType } from '../support/inbox-notifications';
import { decide } from '../../worker/services/trust/admin';
import { auditPage, moderationPage } from '../../worker/schemas/trust';
import { shardAd } from './support';

/**
 * The moderation console with the ads over four databases (decision 033): the queue merges every
 * database's held and reported ads in the queue's order and pages them; a decision changes the ad in
 * its own database and writes the reports' outcome and the audit row in the core; the answers have
 * the shape the admin screens read with one database.
 */
type User = Awaited<ReturnType<typeof createUserWithToken>>;
type Ad = Awaited<ReturnType<typeof shardAd>>;
const json = (user: User, method: string, path: string, body?: unknown) =>
  call(path, { method, headers: { 'content-type': 'application/json', ...user.auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

const HOUR = 3_600_000;
const T0 = Date.now() - 48 * HOUR;

let mod: User;
let seller: User;
let reporters: User[];
/** held ads, oldest hold first, one in each database */
let held: Ad[];
/** live ads with open reports: Ahmedabad (database 2), Pune (database 0) */
let reported: Ad[];
let quiet: Ad;
let banned: Ad;

const hold = (ad: Ad, reason: string, at: number) =>
  ad.db.prepare(`UPDATE listings SET status = 'PENDING', held_reason = ?, held_at = ?, updated_at = ? WHERE id = ?`).bind(reason, at, at, ad.id).run();
const report = (ad: Ad, by: User[], at: number) =>
  env.DB.batch(
    by.map((r) =>
      env.DB.prepare(`INSERT INTO listing_reports (id, listing_id, reporter_id, reason, status, weight, standing, network, created_at) VALUES (?, ?, ?, 'FRAUD', 'OPEN', 1, 'ESTABLISHED', ?, ?)`).bind(
        `rep_${ulid().toLowerCase()}`,
        ad.id,
        r.id,
        `net-${r.id}`,
        at,
      ),
    ),
  );
const stored = (ad: Ad) => ad.db.prepare('SELECT status, held_reason, reject_reason FROM listings WHERE id = ?').bind(ad.id).first();
const openReports = async (ad: Ad) => (await env.DB.prepare(`SELECT count(*) AS n FROM listing_reports WHERE listing_id = ? AND status = 'OPEN'`).bind(ad.id).first<{ n: number }>())!.n;
const queueIds = async (status: 'open' | 'closed', limit: number) => {
  const ids: string[] = [];
  let total = -1;
  for (let page = 1; page <= 10; page++) {
    const res = await json(mod, 'GET', `/api/admin/moderation?status=${status}&limit=${limit}&page=${page}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // the shape the admin screens read
    moderationPage.parse(res.body.data);
    total = res.body.data.pagination.total;
    ids.push(...res.body.data.items.map((i: { listing: { id: string } }) => i.listing.id));
    if (page >= res.body.data.pagination.pages) break;
  }
  return { ids, total };
};

beforeAll(async () => {
  mod = await createUserWithToken({ firstName: 'Mod' });
  await env.DB.prepare(`UPDATE users SET role = 'MODERATOR' WHERE id = ?`).bind(mod.id).run();
  seller = await createUserWithToken({ firstName: 'Sunita' });
  reporters = [await createUserWithToken(), await createUserWithToken(), await createUserWithToken()];
  held = [];
  // holds oldest first: Chennai (3), Pune (0), Delhi (1), Ahmedabad (2)
  for (const [i, city] of ['Chennai', 'Pune', 'Delhi', 'Ahmedabad'].entries()) {
    const ad = await shardAd(seller, { city, title: `Held ad in ${city}` });
    await hold(ad, i === 1 ? 'DUPLICATE_PHOTOS' : 'REPORTED', T0 + i * HOUR);
    if (i !== 1) await report(ad, reporters, T0 + i * HOUR);
    held.push(ad);
  }
  reported = [await shardAd(seller, { city: 'Ahmedabad', title: 'Reported live ad in Ahmedabad', updatedAt: T0 - 2 * HOUR }), await shardAd(seller, { city: 'Pune', title: 'Reported live ad in Pune', updatedAt: T0 - HOUR })];
  await report(reported[0]!, reporters.slice(0, 1), T0);
  await report(reported[1]!, reporters.slice(0, 2), T0);
  quiet = await shardAd(seller, { city: 'Delhi', title: 'Live ad nobody reported' });
  // held for a ban: the ban's lifting decides, not the queue
  const other = await createUserWithToken();
  banned = await shardAd(other, { city: 'Chennai', title: 'Ad of a banned seller' });
  await hold(banned, 'ACCOUNT_BANNED', T0 - 10 * HOUR);
});

describe('the moderation queue over four databases', () => {
  it('lists held ads (oldest hold first), then reported live ads, from every database, paged in that order', async () => {
    const expected = [...held.map((a) => a.id), reported[0]!.id, reported[1]!.id];
    for (const limit of [2, 3, 50]) {
      const { ids, total } = await queueIds('open', limit);
      expect(ids, `limit ${limit}`).toEqual(expected);
      expect(total).toBe(6);
    }
    expect((await queueIds('open', 50)).ids).not.toContain(quiet.id);
    expect((await queueIds('open', 50)).ids).not.toContain(banned.id);
  });

  it("shows each item as with one database: the reports, the hold's weight, the seller's account and history from every database", async () => {
    const res = await json(mod, 'GET', '/api/admin/moderation?status=open&limit=1');
    const item = res.body.data.items[0];
    expect(item.listing).toMatchObject({ id: held[0]!.id, status: 'PENDING', heldReason: 'REPORTED', title: 'Held ad in Chennai' });
    expect(item.reportCount).toBe(3);
    expect(item.reasons).toEqual({ FRAUD: 3 });
    expect(item.hold).toMatchObject({ weight: 3 });
    // e-mail and status are the core's (a listings database holds only the public card)
    expect(item.seller).toMatchObject({ id: seller.id, email: seller.email, status: 'ACTIVE', firstName: 'Sunita' });
    // seven ads over four databases, and the twelve reports against them
    expect(item.seller.listingsByStatus).toEqual({ PENDING: 4, APPROVED: 3 });
    expect(item.seller.reportsAgainst).toBe(12);
    // the account lookup carries the same history
    const found = await json(mod, 'GET', `/api/admin/users?q=${seller.id}`);
    expect(found.body.data.users[0]).toMatchObject({ listingsByStatus: { PENDING: 4, APPROVED: 3 }, reportsAgainst: 12 });
  });
});

describe('decisions over four databases', () => {
  it("APPROVE: the ad goes live in its own database with its 'approved' event; reports closed and audited in the core; the seller is told", async () => {
    const ad = held[0]!; // Chennai, database 3
    const ok = await json(mod, 'POST', `/api/admin/listings/${ad.id}/decision`, { action: 'APPROVE', reason: 'Genuine seller, checked the RC' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toEqual({ listingId: ad.id, status: 'APPROVED', rejectReason: null });
    expect(await stored(ad)).toEqual({ status: 'APPROVED', held_reason: null, reject_reason: null });
    expect((await ad.db.prepare(`SELECT count(*) AS n FROM listing_events WHERE listing_id = ? AND kind = 'approved'`).bind(ad.id).first<{ n: number }>())!.n).toBe(1);
    expect(await openReports(ad)).toBe(0);
    expect((await call(`/api/listings/${ad.id}`)).status).toBe(200);
    expect((await notificationsOfType(seller.id, 'LISTING_STATUS')).length).toBeGreaterThan(0);
    // out of the open queue, into the closed one; the audit log names it by its title
    expect((await queueIds('open', 50)).ids).not.toContain(ad.id);
    const closed = await queueIds('closed', 50);
    expect(closed).toEqual({ ids: [ad.id], total: 1 });
    const log = await json(mod, 'GET', '/api/admin/audit');
    auditPage.parse(log.body.data);
    expect(log.body.data.entries[0]).toMatchObject({ action: 'APPROVE', targetType: 'LISTING', targetId: ad.id, targetName: 'Held ad in Chennai', actor: { id: mod.id } });
    expect((await json(mod, 'POST', `/api/admin/listings/${ad.id}/decision`, { action: 'APPROVE', reason: 'again' })).body.code).toBe('NOTHING_TO_DECIDE');
  });

  it('REJECT of a reported live ad: REJECTED with the reason in its database, reports upheld, reporters told', async () => {
    const ad = reported[0]!; // Ahmedabad, database 2
    const res = await json(mod, 'POST', `/api/admin/listings/${ad.id}/decision`, { action: 'REJECT', reason: 'Photos taken from another seller' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ listingId: ad.id, status: 'REJECTED', rejectReason: 'Photos taken from another seller' });
    expect(await stored(ad)).toEqual({ status: 'REJECTED', held_reason: 'REPORTED', reject_reason: 'Photos taken from another seller' });
    expect(await env.DB.prepare(`SELECT status, outcome FROM listing_reports WHERE listing_id = ?`).bind(ad.id).first()).toEqual({ status: 'CLOSED', outcome: 'UPHELD' });
    const mine = await json(seller, 'GET', '/api/listings/user/my-listings?status=REJECTED');
    expect(mine.body.data.listings.map((l: { id: string; rejectReason: string }) => [l.id, l.rejectReason])).toEqual([[ad.id, 'Photos taken from another seller']]);
    expect((await notificationsOfType(reporters[0]!.id, 'SYSTEM')).some((n) => n.data.includes(ad.id))).toBe(true);
    // the closed queue: latest decision first
    expect((await queueIds('closed', 1)).ids).toEqual([ad.id, held[0]!.id]);
  });

  it('refuses as with one database: own ad 403, unknown 404, held for a ban 409', async () => {
    const own = await shardAd(mod, { city: 'Delhi', title: "The moderator's own ad" });
    await hold(own, 'REPORTED', T0);
    expect((await json(mod, 'POST', `/api/admin/listings/${own.id}/decision`, { action: 'APPROVE', reason: 'mine' })).body.code).toBe('OWN_LISTING');
    expect((await json(mod, 'POST', `/api/admin/listings/${ulid().toLowerCase()}1/decision`, { action: 'APPROVE', reason: 'fine' })).status).toBe(404);
    expect((await json(mod, 'POST', `/api/admin/listings/${banned.id}/decision`, { action: 'APPROVE', reason: 'fine' })).body.code).toBe('SELLER_BANNED');
  });

  it('a core that fails after the ad changed puts the ad back: no decision without its audit row', async () => {
    const ad = held[2]!; // Delhi, database 1
    await env.DB.prepare(`CREATE TRIGGER fail_audit BEFORE INSERT ON moderation_actions WHEN NEW.target_id = '${ad.id}' BEGIN SELECT RAISE(ABORT, 'core unavailable'); END`).run();
    try {
      await expect(decide(env, mod.id, ad.id, { action: 'APPROVE', reason: 'looks fine' })).rejects.toThrow(/core unavailable/);
    } finally {
      await env.DB.prepare('DROP TRIGGER fail_audit').run();
    }
    expect(await stored(ad)).toEqual({ status: 'PENDING', held_reason: 'REPORTED', reject_reason: null });
    expect(await openReports(ad)).toBe(3);
    expect((await ad.db.prepare(`SELECT count(*) AS n FROM listing_events WHERE listing_id = ?`).bind(ad.id).first<{ n: number }>())!.n).toBe(0);
    expect((await queueIds('open', 50)).ids).toContain(ad.id);
    // and it can be decided again
    expect((await json(mod, 'POST', `/api/admin/listings/${ad.id}/decision`, { action: 'REJECT', reason: 'Fake' })).body.data.status).toBe('REJECTED');
  });

  it('a rejection a stopped worker left unrecorded (REJECTED, reports open) stays in the queue until a REJECT records it', async () => {
    const ad = held[3]!; // Ahmedabad, database 2: as step 1 of a REJECT leaves it
    await ad.db.prepare(`UPDATE listings SET status = 'REJECTED', reject_reason = 'Fake', held_at = NULL, updated_at = updated_at + 1 WHERE id = ?`).bind(ad.id).run();
    expect((await queueIds('open', 50)).ids).toContain(ad.id);
    const approve = await json(mod, 'POST', `/api/admin/listings/${ad.id}/decision`, { action: 'APPROVE', reason: 'fine' });
    expect([approve.status, approve.body.code]).toEqual([409, 'REJECTION_NOT_RECORDED']);
    const reject = await json(mod, 'POST', `/api/admin/listings/${ad.id}/decision`, { action: 'REJECT', reason: 'Fake ad, confirmed' });
    expect(reject.body.data).toEqual({ listingId: ad.id, status: 'REJECTED', rejectReason: 'Fake ad, confirmed' });
    expect(await openReports(ad)).toBe(0);
    expect((await queueIds('open', 50)).ids).not.toContain(ad.id);
    const log = await json(mod, 'GET', '/api/admin/audit?limit=1');
    expect(log.body.data.entries[0]).toMatchObject({ action: 'REJECT', targetId: ad.id, reason: 'Fake ad, confirmed' });
  });
});
