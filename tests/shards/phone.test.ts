import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { call } from '../api/helpers';
import { carAd } from '../factories/car-ad';
import { accountsDb, createUserWithToken } from '../factories';
import { ROUND_TRIP_BUDGET } from '../../worker/db/round-trip-budget';
import { listingsDbs, shardAd } from './support';
import { roundTripCounting } from './round-trip-counting';

/**
 * A Pro buyer asks for a seller's phone number with the listings over four databases (decision
 * 033). The seller's phone and sharing choice live in the core, the ad in its own database, and only
 * the ad names its seller: the ad is read beside the buyer's account check (the route starts it once
 * the token names the caller), the seller's row beside the plan, then the access log — the write
 * budget, not a fourth round trip for the seller after the ad. Every gate holds as before.
 */
type User = Awaited<ReturnType<typeof createUserWithToken>>;
/** with four databases: Delhi's group lives in database 1, Tamil Nadu's in 3 */
const DELHI = { state: 'Delhi', city: 'Delhi', neighbourhood: 'Alaknanda' };
const CHENNAI = { state: 'Tamil Nadu', city: 'Chennai', neighbourhood: 'Adyar' };
const SELLER_PHONE = '9876501234';

const counted = roundTripCounting();
const send = (auth: Record<string, string>, method: string, path: string, body?: unknown) =>
  counted(path, { method, headers: { ...auth, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const phoneOf = (buyer: User, listingId: string) => send(buyer.auth, 'POST', `/api/premium/access-phone/${buyer.id}`, { listingId });
/** the ad's read, which names its seller */
const AD_READ = 'SELECT id, user_id, status, contact_phone, contact_name FROM listings WHERE id = ?';

const makePro = async (user: { id: string }) => {
  const now = Date.now();
  await env.DB.prepare(`INSERT INTO subscriptions (id, user_id, package_id, status, start_date, end_date, created_at, updated_at) VALUES (?, ?, 'pro', 'ACTIVE', ?, ?, ?, ?)`)
    .bind(`sub_${ulid().toLowerCase()}`, user.id, now - 1000, now + 30 * 86_400_000, now, now)
    .run();
  return now - 1000;
};

let seller: User;
let pro: User;
let periodStart: number;
const post = async (who: User, title: string, place = DELHI) => {
  const res = await send(who.auth, 'POST', '/api/listings', await carAd(who, { ...place, title }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; status: string };
};

beforeAll(async () => {
  // a warm isolate: the category tree and the places are kept in memory after their first read
  expect((await call('/api/listings?category=Vehicles&location=Delhi')).status).toBe(200);
  await env.DB.prepare('UPDATE free_ad_limits SET free_ads = 20').run();
  seller = await createUserWithToken({ isVerified: true, firstName: 'Hetal', lastName: 'Shah', phone: SELLER_PHONE });
  pro = await createUserWithToken({ firstName: 'Kabir' });
  periodStart = await makePro(pro);
});

describe("a seller's phone number with the listings over four databases", () => {
  it('a posted ad: the ad read beside the account check, the seller beside the plan, 3 round trips; each ad counts once', async () => {
    const ad = await post(seller, 'Tata Nexon XZ 2020 diesel');
    const first = await phoneOf(pro, ad.id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toEqual({ phone: '+91 98765 01234', sellerName: 'Hetal Shah', phoneNumbersUsed: 1, phoneNumbersLimit: 50, remaining: 49 });
    expect(first.roundTrips, first.trace).toBe(ROUND_TRIP_BUDGET.write);
    expect(first.statements.some((s) => s.startsWith('1 ') && s.includes(AD_READ)), first.trace).toBe(true);
    // no posting record is asked: since the records live in their sellers' databases, only the ad names the seller
    expect(first.statements.some((s) => s.includes('FROM ad_postings')), first.trace).toBe(false);
    // the access log in the viewer's accounts database, once per ad and period
    const again = await phoneOf(pro, ad.id);
    expect(again.body.data.phoneNumbersUsed).toBe(1);
    expect(again.roundTrips, again.trace).toBe(ROUND_TRIP_BUDGET.write);
    expect(
      (await accountsDb(pro.id).prepare('SELECT count(*) AS n FROM phone_access_log WHERE user_id = ? AND listing_id = ? AND period_start = ?').bind(pro.id, ad.id, periodStart).first<{ n: number }>())?.n,
    ).toBe(1);
  });

  it('the gates: Pro only, not one\'s own ad, the seller\'s sharing choice as it is now, the plan\'s limit', async () => {
    const ad = await post(seller, 'Mahindra XUV300 W8 2021');
    const free = await createUserWithToken();
    const notPro = await phoneOf(free, ad.id);
    expect([notPro.status, notPro.body.code]).toEqual([403, 'PRO_REQUIRED']);
    // the seller with Pro of their own asks for their own ad
    await makePro(seller);
    const own = await phoneOf(seller, ad.id);
    expect([own.status, own.body.code]).toEqual([400, 'OWN_LISTING']);
    // sharing turned off after posting: the core's users row is read, not anything kept with the ad
    expect((await call('/api/auth/settings', { method: 'PUT', headers: { ...seller.auth, 'content-type': 'application/json' }, body: JSON.stringify({ sharePhone: false }) })).status).toBe(200);
    const hidden = await phoneOf(pro, ad.id);
    await env.DB.prepare('UPDATE users SET share_phone = 1 WHERE id = ?').bind(seller.id).run();
    expect([hidden.status, hidden.body.code]).toEqual([403, 'PHONE_HIDDEN']);
    // refused on the reads, before the log is written: the account check, then the reads side by side
    expect(hidden.roundTrips, hidden.trace).toBe(2);
    // the plan's 50 numbers a period, counted in the viewer's accounts database
    const heavy = await createUserWithToken();
    const start = await makePro(heavy);
    const log = accountsDb(heavy.id);
    await log.batch(Array.from({ length: 50 }, (_, i) => log.prepare('INSERT INTO phone_access_log (user_id, listing_id, period_start, created_at) VALUES (?, ?, ?, ?)').bind(heavy.id, `seen_${i}`, start, Date.now())));
    const over = await phoneOf(heavy, ad.id);
    expect([over.status, over.body.code]).toEqual([429, 'PHONE_LIMIT_REACHED']);
    expect(over.roundTrips, over.trace).toBe(ROUND_TRIP_BUDGET.write);
    // back on: the number shows
    expect((await phoneOf(pro, ad.id)).status).toBe(200);
  });

  it('an ad not live, a seller whose account row is gone: 404 as before', async () => {
    const ad = await post(seller, 'Kia Seltos HTX 2022 petrol');
    await listingsDbs[1]!.prepare(`UPDATE listings SET status = 'INACTIVE' WHERE id = ?`).bind(ad.id).run();
    const down = await phoneOf(pro, ad.id);
    expect([down.status, down.body.code]).toEqual([404, 'LISTING_NOT_FOUND']);
    // a seller whose core row went while the ad still stands (as a deletion stopped halfway would leave it)
    const gone = await createUserWithToken({ phone: '9811122233' });
    const theirs = await post(gone, 'Honda Amaze VX 2019 petrol');
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(gone.id).run();
    const noSeller = await phoneOf(pro, theirs.id);
    expect([noSeller.status, noSeller.body.code]).toEqual([404, 'LISTING_NOT_FOUND']);
    // an id of no ad
    expect((await phoneOf(pro, `${ulid().toLowerCase()}8`)).status).toBe(404);
  });

  it('a moved ad: its new id answers in 3 round trips (the posting record follows it), its old id 404 as before', async () => {
    const ad = await post(seller, 'Hyundai Venue SX 2020 turbo');
    const moved = await send(seller.auth, 'PUT', `/api/listings/${ad.id}`, { ...CHENNAI });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const newId = moved.body.data.id as string;
    expect(newId).not.toBe(ad.id);
    const res = await phoneOf(pro, newId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.phone).toBe('+91 98765 01234');
    expect(res.roundTrips, res.trace).toBe(ROUND_TRIP_BUDGET.write);
    expect((await phoneOf(pro, ad.id)).status).toBe(404);
  });

  it('an ad no posting record names (written straight into its database): the same 3 round trips; a record naming someone else is not believed', async () => {
    const ad = await shardAd(seller, { city: 'Pune' });
    const res = await phoneOf(pro, ad.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.phone).toBe('+91 98765 01234');
    expect(res.roundTrips, res.trace).toBe(ROUND_TRIP_BUDGET.write);
    // the ad's own database says whose it is
    const other = await createUserWithToken({ phone: '9800000001' });
    const ad2 = await shardAd(seller, { city: 'Pune' });
    await env.DB.prepare(`INSERT INTO ad_postings (listing_id, user_id, limit_key, credit_id, created_at) VALUES (?, ?, 'vehicles', NULL, ?)`).bind(ad2.id, other.id, Date.now()).run();
    const notTheirs = await phoneOf(pro, ad2.id);
    expect(notTheirs.body.data.phone).toBe('+91 98765 01234');
  });
});
