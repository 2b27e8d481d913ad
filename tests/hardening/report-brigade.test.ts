/**
 * Three throw-away accounts hid any ad: sign-up needs no verification, and reports from three
 * fresh accounts (from one network) took an ad out of search and made it 404 for everyone, again
 * right after a moderator restored it. Now only reporters who proved something count toward the
 * automatic hold (a verified phone and a week-old account, or an upheld report, or a paid order),
 * several accounts on one network count once, and after a moderator keeps an ad the hold pauses.
 * Every report still reaches the moderators' queue (decision 008, "Weighted reports").
 */
import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { call } from '../api/helpers';
import { accountsDb, createListing, createPhoneUserWithToken, createUserWithToken, listingDb, uniquePhone, userRowsDb } from '../factories';
import { jpegBytes } from '../factories/images';
import { REPORT_HOLD_RULES } from '../../worker/schemas/trust';

type Actor = { auth: Record<string, string> };

const json = (user: Actor | null, method: string, path: string, body: unknown, ip: string) =>
  call(path, {
    method,
    headers: { 'content-type': 'application/json', 'CF-Connecting-IP': ip, ...(user?.auth ?? {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const report = (user: Actor, adId: string, ip: string, reason = 'FRAUD') => json(user, 'POST', `/api/listings/${adId}/report`, { reason }, ip);

let net = 0;
/** a fresh IPv4 address on its own network */
const freshIp = () => `198.51.${100 + (++net % 100)}.${(net % 200) + 20}`;

const isLive = async (adId: string) => (await call(`/api/listings/${adId}`)).status === 200;

const moderator = async () => {
  const mod = await createUserWithToken({ firstName: 'Mod' });
  await userRowsDb(mod.id).prepare(`UPDATE users SET role = 'MODERATOR' WHERE id = ?`).bind(mod.id).run();
  return mod;
};

const queueItem = async (mod: Actor, adId: string) => {
  const res = await json(mod, 'GET', '/api/admin/moderation?status=open&limit=50', undefined, '192.0.2.1');
  expect(res.status).toBe(200);
  return (res.body.data.items as any[]).find((i) => i.listing.id === adId);
};

/** details a car ad must carry, so its owner can edit it */
const CAR = { brand: 'Maruti Suzuki', year: 2019, fuel: 'Petrol', transmission: 'Manual', kmDriven: 42000, noOfOwners: '1st' };

const freshAd = async () => {
  const seller = await createUserWithToken({ firstName: 'Seller' });
  const key = `u/${seller.id}/${ulid().toLowerCase()}.jpg`;
  await env.MEDIA.put(key, jpegBytes(), { httpMetadata: { contentType: 'image/jpeg' } });
  return { seller, ad: await createListing(seller, { title: `Maruti Swift ${ulid().toLowerCase().slice(-6)}`, features: CAR, images: [key] }) };
};

/** An account made through the real sign-up, as an attacker would: e-mail and password, nothing verified. */
const signUpByEmail = async (ip: string) => {
  const res = await json(null, 'POST', '/api/auth/register', { email: `throwaway.${ulid().toLowerCase()}@example.in`, password: 'mango2024' }, ip);
  expect(res.status).toBe(201);
  return { id: res.body.data.user.id as string, auth: { authorization: `Bearer ${res.body.data.token}` } };
};

/** An account made through the real OTP sign-up a minute ago: a verified phone, a new account. */
const signUpByPhone = async (ip: string) => {
  const phone = uniquePhone();
  expect((await json(null, 'POST', '/api/auth/send-otp', { phone, type: 'REGISTER' }, ip)).status).toBe(200);
  const sms = await env.DB.prepare('SELECT body FROM dev_outbox WHERE recipient = ? ORDER BY created_at DESC LIMIT 1').bind(phone).first<{ body: string }>();
  const otp = sms?.body.match(/\b(\d{6})\b/)?.[1];
  const res = await json(null, 'POST', '/api/auth/verify-otp', { phone, otp, type: 'REGISTER', firstName: 'Fresh' }, ip);
  expect(res.status).toBe(200);
  expect(res.body.data.user.phoneVerified).toBe(true);
  return { id: res.body.data.user.id as string, auth: { authorization: `Bearer ${res.body.data.token}` } };
};

/** Earlier reports of `reporter` a moderator decided, written as the decisions write them. */
const giveRecord = async (reporterId: string, outcome: 'UPHELD' | 'DISMISSED', n: number) => {
  const other = await createUserWithToken();
  for (let i = 0; i < n; i++) {
    const past = await createListing(other, { status: outcome === 'UPHELD' ? 'REJECTED' : 'APPROVED' });
    await env.DB.prepare(
      `INSERT INTO listing_reports (id, listing_id, reporter_id, reason, status, outcome, weight, standing, created_at, closed_at) VALUES (?, ?, ?, 'FRAUD', 'CLOSED', ?, 1, 'ESTABLISHED', ?, ?)`,
    )
      .bind(`rep_${ulid().toLowerCase()}`, past.id, reporterId, outcome, Date.now() - 86_400_000, Date.now() - 3_600_000)
      .run();
  }
};

describe('accounts that proved nothing do not hold an ad', () => {
  it('three fresh unverified accounts, each on its own network: the ad stays live; the reports are in the queue with weight 0', async () => {
    const { ad } = await freshAd();
    const brigade = [await signUpByEmail(freshIp()), await signUpByEmail(freshIp()), await signUpByEmail(freshIp())];
    for (const b of brigade) {
      const res = await report(b, ad.id, freshIp());
      expect(res.status).toBe(201);
      expect(res.body.data.held).toBe(false);
    }
    expect(await isLive(ad.id)).toBe(true);
    const item = await queueItem(await moderator(), ad.id);
    expect(item).toBeDefined();
    expect(item.listing.status).toBe('APPROVED');
    expect(item.reports.map((r: any) => [r.reporterId, r.standing, r.weight])).toEqual(brigade.map((b) => [b.id, 'UNVERIFIED', 0]));
    expect(item.hold).toMatchObject({ weight: 0, weightToHold: REPORT_HOLD_RULES.weightToHold });
  });

  it('three accounts that verified a phone minutes ago: new accounts, the ad stays live', async () => {
    const { ad } = await freshAd();
    const brigade = [await signUpByPhone(freshIp()), await signUpByPhone(freshIp()), await signUpByPhone(freshIp())];
    for (const b of brigade) expect((await report(b, ad.id, freshIp())).body.data.held).toBe(false);
    expect(await isLive(ad.id)).toBe(true);
    const item = await queueItem(await moderator(), ad.id);
    expect(item.reports.map((r: any) => r.standing)).toEqual(['NEW', 'NEW', 'NEW']);
  });

  it('reporters whose past reports were mostly dismissed count for nothing', async () => {
    const { ad } = await freshAd();
    const [a, b, c] = [await createPhoneUserWithToken(), await createPhoneUserWithToken(), await createPhoneUserWithToken()];
    await giveRecord(c.id, 'DISMISSED', REPORT_HOLD_RULES.distrustedMinDismissed);
    for (const r of [a, b, c]) await report(r, ad.id, freshIp());
    expect(await isLive(ad.id)).toBe(true);
    const item = await queueItem(await moderator(), ad.id);
    expect(item.reports.map((r: any) => [r.standing, r.weight])).toEqual([
      ['ESTABLISHED', 1],
      ['ESTABLISHED', 1],
      ['DISTRUSTED', 0],
    ]);
    expect(item.hold.weight).toBe(2);
  });
  it('a report cannot claim its own weight, standing or network', async () => {
    const { ad } = await freshAd();
    const me = await signUpByEmail(freshIp());
    const res = await json(me, 'POST', `/api/listings/${ad.id}/report`, { reason: 'SPAM', weight: 99, standing: 'TRUSTED', network: 'n1', outcome: 'UPHELD' }, freshIp());
    // unknown fields are stripped, never written
    expect(res.status).toBe(201);
    const row = await env.DB.prepare('SELECT weight, standing, network, outcome FROM listing_reports WHERE listing_id = ?').bind(ad.id).first<Record<string, unknown>>();
    expect(row).toMatchObject({ weight: 0, standing: 'UNVERIFIED', outcome: null });
    expect(row?.network).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('several accounts on one network count once', () => {
  it('three verified accounts on one IPv4 address: counted once, the ad stays live', async () => {
    const { ad } = await freshAd();
    const ip = '203.0.113.200';
    for (let i = 0; i < 3; i++) expect((await report(await createPhoneUserWithToken(), ad.id, ip)).body.data.held).toBe(false);
    expect(await isLive(ad.id)).toBe(true);
    const item = await queueItem(await moderator(), ad.id);
    expect(item.reports.map((r: any) => r.network)).toEqual([1, 1, 1]);
    expect(item.hold.weight).toBe(1);
  });

  it('three verified accounts on three addresses of one IPv6 /64: counted once, the ad stays live', async () => {
    const { ad } = await freshAd();
    for (const ip of ['2001:db8:77:1::a', '2001:db8:77:1:9f3e:1::2', '2001:0db8:0077:0001:ffff:ffff:ffff:fffe']) {
      expect((await report(await createPhoneUserWithToken(), ad.id, ip)).body.data.held).toBe(false);
    }
    expect(await isLive(ad.id)).toBe(true);
    expect((await queueItem(await moderator(), ad.id)).hold.weight).toBe(1);
  });

  it('no address is stored: the network is a keyed hash', async () => {
    const { ad } = await freshAd();
    await report(await createPhoneUserWithToken(), ad.id, '203.0.113.201');
    const row = await env.DB.prepare('SELECT network FROM listing_reports WHERE listing_id = ?').bind(ad.id).first<{ network: string }>();
    expect(row?.network).toMatch(/^[0-9a-f]{32}$/);
    const dump = JSON.stringify((await env.DB.prepare('SELECT * FROM listing_reports WHERE listing_id = ?').bind(ad.id).all()).results);
    expect(dump).not.toContain('203.0.113');
  });
});

describe('reporters who proved something still hold an ad', () => {
  it('three phone-verified reporters on three networks hold it', async () => {
    const { ad } = await freshAd();
    const held: boolean[] = [];
    for (let i = 0; i < 3; i++) held.push((await report(await createPhoneUserWithToken(), ad.id, freshIp())).body.data.held);
    expect(held).toEqual([false, false, true]);
    expect(await isLive(ad.id)).toBe(false);
    const row = await listingDb(ad.id).prepare('SELECT status, held_reason FROM listings WHERE id = ?').bind(ad.id).first();
    expect(row).toEqual({ status: 'PENDING', held_reason: 'REPORTED' });
  });

  it('a new account with a paid order, or with an upheld report, counts like an old one', async () => {
    const { ad } = await freshAd();
    const payer = await createPhoneUserWithToken({ createdAt: Date.now() - 3_600_000 });
    await accountsDb(payer.id).prepare(
      `INSERT INTO payment_orders (id, user_id, package_id, subscription_id, provider, provider_order_id, amount_minor, status, created_at, paid_at) VALUES (?, ?, 'basic', ?, 'razorpay', ?, 9900, 'PAID', ?, ?)`,
    )
      .bind(`ord_${ulid()}`, payer.id, `sub_${ulid()}`, `order_${ulid()}`, Date.now(), Date.now())
      .run();
    const right = await createPhoneUserWithToken({ createdAt: Date.now() - 3_600_000 });
    await giveRecord(right.id, 'UPHELD', 1);
    const old = await createPhoneUserWithToken();
    const held: boolean[] = [];
    for (const r of [payer, right, old]) held.push((await report(r, ad.id, freshIp())).body.data.held);
    expect(held).toEqual([false, false, true]);
  });

  it('a trusted reporter (a record of upheld reports) weighs two: with one more reporter on another network the ad is held', async () => {
    const { ad } = await freshAd();
    const trusted = await createPhoneUserWithToken();
    await giveRecord(trusted.id, 'UPHELD', REPORT_HOLD_RULES.trustedMinUpheld);
    expect((await report(trusted, ad.id, freshIp())).body.data.held).toBe(false);
    expect((await report(await createPhoneUserWithToken(), ad.id, freshIp())).body.data.held).toBe(true);
  });
});

describe('after a moderator restores an ad', () => {
  const heldThenRestored = async () => {
    const { seller, ad } = await freshAd();
    const first = [await createPhoneUserWithToken(), await createPhoneUserWithToken(), await createPhoneUserWithToken()];
    for (const r of first) await report(r, ad.id, freshIp());
    expect(await isLive(ad.id)).toBe(false);
    const mod = await moderator();
    const restored = await json(mod, 'POST', `/api/admin/listings/${ad.id}/decision`, { action: 'APPROVE', reason: 'Checked: a genuine seller' }, '192.0.2.2');
    expect(restored.status).toBe(200);
    expect(await isLive(ad.id)).toBe(true);
    return { seller, ad, first, mod };
  };

  it('the same brigade cannot re-hold it, and a new brigade of verified reporters on new networks cannot either: the reports go to the queue', async () => {
    const { ad, first, mod } = await heldThenRestored();
    for (const r of first) expect((await report(r, ad.id, freshIp())).status).toBe(200);
    const second = [await createPhoneUserWithToken(), await createPhoneUserWithToken(), await createPhoneUserWithToken(), await createPhoneUserWithToken()];
    for (const r of second) expect((await report(r, ad.id, freshIp())).body.data.held).toBe(false);
    expect(await isLive(ad.id)).toBe(true);
    const item = await queueItem(mod, ad.id);
    expect(item.reportCount).toBe(4);
    expect(item.hold.weight).toBe(0);
    const pausedUntil = Date.parse(item.hold.pausedUntil);
    expect(pausedUntil - Date.now()).toBeGreaterThan((REPORT_HOLD_RULES.pauseAfterKeptDays - 1) * 86_400_000);
    // the decision recorded the first brigade's reports as dismissed: that is their record now
    const outcomes = await env.DB.prepare(`SELECT DISTINCT outcome FROM listing_reports WHERE listing_id = ? AND status = 'CLOSED'`).bind(ad.id).all();
    expect(outcomes.results).toEqual([{ outcome: 'DISMISSED' }]);
  });

  it('when the pause is over, reports made during it still do not count; new ones do', async () => {
    const { ad } = await heldThenRestored();
    for (let i = 0; i < 3; i++) await report(await createPhoneUserWithToken(), ad.id, freshIp());
    expect(await isLive(ad.id)).toBe(true);
    // the pause ends (as if 30 days passed)
    await listingDb(ad.id).prepare('UPDATE listings SET reports_count_from = ? WHERE id = ?').bind(Date.now() - 1, ad.id).run();
    await env.DB.prepare('UPDATE listing_reports SET created_at = created_at - 10 WHERE listing_id = ?').bind(ad.id).run();
    const held: boolean[] = [];
    for (let i = 0; i < 3; i++) held.push((await report(await createPhoneUserWithToken(), ad.id, freshIp())).body.data.held);
    expect(held).toEqual([false, false, true]);
  });

  it('an edit by the owner ends the pause (the moderator did not see the new text)', async () => {
    const { seller, ad } = await heldThenRestored();
    const edit = await json(seller, 'PUT', `/api/listings/${ad.id}`, { description: 'Now asking for an advance on UPI before any visit.' }, freshIp());
    expect(edit.body.error ?? edit.status).toBe(200);
    const held: boolean[] = [];
    for (let i = 0; i < 3; i++) held.push((await report(await createPhoneUserWithToken(), ad.id, freshIp())).body.data.held);
    expect(held).toEqual([false, false, true]);
  });
});
