import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUND_TRIP_BUDGET } from '../../worker/db/round-trip-budget';
import { applyMigrations } from '../setup/databases';
import { resetToMigratedState } from '../setup/reset-databases';
import { uniquePhone } from '../factories';
import { accountsDbs, userIn } from './four-accounts';
import { listingsDbs, shardAd } from './support';
import { roundTripCounting } from './round-trip-counting';

/**
 * The sellers' commerce with `users` in the accounts databases (decision 034, the switch
 * `USERS_WITH_ACCOUNTS = "1"` over the real four accounts bindings): leads name their buyers, the tax
 * invoice names its buyer, and a Pro buyer sees a seller's phone number, each from the user's own
 * accounts database. The core keeps a decoy `users` row of every user with other names, another
 * phone number, another sharing choice, so a reader still asking the core answers wrongly. Each path
 * runs with the listings over four databases (the suite's) and with one (the core), and is counted
 * in round trips against the same request with the switch off.
 */
const counted = roundTripCounting({ accountsDatabases: 4 });
const SWITCH_ON = { USERS_WITH_ACCOUNTS: '1' };
const ONE_LISTINGS_DATABASE = { LISTING_DATABASES: '1' };
/**
 * `leadsWaitMore`: with one listings database the switch off reads the leads, their ads and buyers in
 * one statement; on, the buyers' names wait for the conversations that name them, while the rooms are
 * asked (the rooms are asked anyway, after the rows): one database wait more that the request spends
 * waiting on the rooms. With four the names are read beside the ads' titles: none more.
 */
const LAYOUTS = [
  { name: 'the listings over four databases', vars: {}, leadsWaitMore: 0 },
  { name: 'one listings database (the core)', vars: ONE_LISTINGS_DATABASE, leadsWaitMore: 1 },
] as const;

type Account = Awaited<ReturnType<typeof userIn>>;
const send = (who: Account, method: string, path: string, vars: Record<string, string>, body?: unknown) =>
  counted(path, { method, headers: { ...who.auth, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }, vars);

/**
 * Copies a factory-made account's row into its accounts database, as the switch's copy step will, and
 * leaves a decoy in the core: the same id with `decoy`'s values.
 */
const moveWithDecoy = async (who: Account, database: number, decoy: Record<string, string | number | null>) => {
  const row = (await env.DB.prepare('SELECT * FROM users WHERE id = ?').bind(who.id).first<Record<string, unknown>>())!;
  const names = Object.keys(row);
  await accountsDbs[database]!.prepare(`INSERT INTO users (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).bind(...names.map((n) => row[n])).run();
  const set = Object.keys(decoy);
  await env.DB.prepare(`UPDATE users SET ${set.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`).bind(...set.map((c) => decoy[c]), who.id).run();
};
const DECOY = { first_name: 'Decoy', last_name: 'Core', business_name: 'Decoy Traders', share_phone: 0 };
let decoys = 0;
/** The core's unique columns (e-mail, phone) of a decoy: its own, so no two decoys collide. */
const decoyEmail = (who: Account) => ({ email: `decoy.${who.id}@example.in`, phone: `90000000${String(++decoys).padStart(2, '0')}` });

/** An ad in its listings database and, for the one-database runs, the same row in the core. */
const adEverywhere = async (seller: Account, title: string) => {
  const ad = await shardAd(seller, { city: 'Pune', title });
  let row: Record<string, unknown> | null = null;
  for (const candidate of listingsDbs) row ??= await candidate.prepare('SELECT * FROM listings WHERE id = ?').bind(ad.id).first<Record<string, unknown>>();
  // generated columns (the sort key) are computed by the core itself
  const { results: generated } = await env.DB.prepare('SELECT name FROM pragma_table_xinfo(?) WHERE hidden > 1').bind('listings').all<{ name: string }>();
  const names = Object.keys(row!).filter((n) => !generated.some((g) => g.name === n));
  await env.DB.prepare(`INSERT INTO listings (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).bind(...names.map((n) => row![n])).run();
  return ad;
};

let seller: Account;
let ravi: Account;
let gita: Account;
let pro: Account;
let periodStart: number;

beforeAll(async () => {
  await Promise.all(accountsDbs.map((db) => applyMigrations(db)));
  await Promise.all(accountsDbs.map((db) => resetToMigratedState(db)));
  seller = await userIn(0, { firstName: 'Hetal', lastName: 'Shah', businessName: 'Shah Motors', phone: '9876501234', isVerified: true });
  ravi = await userIn(1, { firstName: 'Ravi', lastName: 'Kumar', email: null, phone: '9811122233' });
  gita = await userIn(3, { firstName: 'Gita', lastName: 'Iyer' });
  pro = await userIn(2, { firstName: 'Kabir', lastName: 'Das' });
  await env.DB.prepare('UPDATE users SET share_phone = 1 WHERE id = ?').bind(seller.id).run();
  for (const [who, database] of [[seller, 0], [ravi, 1], [gita, 3], [pro, 2]] as const) await moveWithDecoy(who, database, { ...DECOY, ...decoyEmail(who) });
  // the Pro plan lives with its payer (decision 034)
  periodStart = Date.now() - 1000;
  await accountsDbs[2]!.prepare(`INSERT INTO subscriptions (id, user_id, package_id, status, start_date, end_date, created_at, updated_at) VALUES (?, ?, 'pro', 'ACTIVE', ?, ?, ?, ?)`)
    .bind(`sub_${ulid().toLowerCase()}`, pro.id, periodStart, periodStart + 30 * 86_400_000, periodStart, periodStart)
    .run();
});

describe('leads name their buyers from the buyers\' own accounts databases', () => {
  for (const layout of LAYOUTS) {
    it(`${layout.name}: each buyer's name from their own database; round trips as with the switch off (one listings database: one more, beside the rooms)`, async () => {
      const ad = await adEverywhere(seller, `Maruti Swift VXI 2018 ${layout.name}`);
      const now = Date.now();
      const chat = (id: string, buyer: Account, at: number) =>
        env.DB.prepare(`INSERT INTO chats (id, listing_id, buyer_id, seller_id, last_seq, last_message_at, created_at, updated_at) VALUES (?, ?, ?, ?, 2, ?, ?, ?)`).bind(id, ad.id, buyer.id, seller.id, at, at, at);
      const [first, second] = [`chat_${ulid().toLowerCase()}`, `chat_${ulid().toLowerCase()}`];
      await env.DB.batch([chat(first, ravi, now + 2), chat(second, gita, now + 1)]);
      const on = await send(seller, 'GET', '/api/business/leads', { ...layout.vars, ...SWITCH_ON });
      expect(on.status, JSON.stringify(on.body)).toBe(200);
      const mine = (on.body.data.leads as { chatId: string; buyerName: string; adTitle: string }[]).filter((l) => [first, second].includes(l.chatId));
      expect(mine.map((l) => [l.chatId, l.buyerName, l.adTitle])).toEqual([
        [first, 'Ravi Kumar', ad.title],
        [second, 'Gita Iyer', ad.title],
      ]);
      const off = await send(seller, 'GET', '/api/business/leads', layout.vars);
      // with the switch off the core's rows answer: the decoys, as before
      expect(off.body.data.leads.find((l: { chatId: string }) => l.chatId === first).buyerName).toBe('Decoy Core');
      expect(on.roundTrips, on.trace).toBe(off.roundTrips + layout.leadsWaitMore);
      // the core is never asked for a buyer's name
      expect(on.statements.some((s) => /JOIN users/.test(s)), on.trace).toBe(false);
    });
  }
});

describe("the tax invoice names its buyer from the buyer's own accounts database", () => {
  for (const layout of LAYOUTS) {
    it(`${layout.name}: the business name and contact from the seller's own row, in the same round trips; someone else's order stays 404`, async () => {
      const paidOrder = async () => {
        const id = `ord_${ulid().toLowerCase()}`;
        const now = Date.now();
        // the seller's package orders live in the seller's accounts database (decision 034)
        await accountsDbs[0]!.prepare(
          `INSERT INTO business_orders (id, user_id, provider, provider_order_id, items, subtotal_minor, gst_minor, total_minor, status, invoice_number, created_at, paid_at)
           VALUES (?, ?, 'local', ?, '[]', 10000, 1800, 11800, 'PAID', ?, ?, ?)`,
        )
          .bind(id, seller.id, `p_${id}`, `SEL/TEST/${id.slice(-8)}`, now, now)
          .run();
        return id;
      };
      const [orderId, otherId] = [await paidOrder(), await paidOrder()];
      const on = await send(seller, 'GET', `/api/business/orders/${orderId}/invoice`, { ...layout.vars, ...SWITCH_ON });
      // a first view fixes the place of supply: as many waits as a first view with the switch off
      const offFirst = await send(seller, 'GET', `/api/business/orders/${otherId}/invoice`, layout.vars);
      expect(on.roundTrips, on.trace).toBe(offFirst.roundTrips);
      expect(on.status, String(on.body)).toBe(200);
      const page = on.body as string;
      expect(page).toContain('<strong>Shah Motors</strong>');
      expect(page).toContain(seller.email!);
      expect(page).not.toContain('Decoy');
      // a second view reads the place of supply fixed by the first: the same waits as with the switch off
      const again = await send(seller, 'GET', `/api/business/orders/${orderId}/invoice`, { ...layout.vars, ...SWITCH_ON });
      const off = await send(seller, 'GET', `/api/business/orders/${orderId}/invoice`, layout.vars);
      expect(off.body as string).toContain('<strong>Decoy Traders</strong>');
      expect(again.roundTrips, again.trace).toBe(off.roundTrips);
      expect(again.statements.some((s) => /JOIN users/.test(s)), again.trace).toBe(false);
      // the buyer's own row is read, never the order's: another account asking gets 404
      const theirs = await send(ravi, 'GET', `/api/business/orders/${orderId}/invoice`, { ...layout.vars, ...SWITCH_ON });
      expect([theirs.status, theirs.body.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    });
  }
});

describe("a Pro buyer sees the seller's phone number from the seller's own accounts database", () => {
  const phoneOf = (buyer: Account, listingId: string, vars: Record<string, string>) => send(buyer, 'POST', `/api/premium/access-phone/${buyer.id}`, { ...vars, ...SWITCH_ON }, { listingId });
  const setSharing = (share: 0 | 1) => accountsDbs[0]!.prepare('UPDATE users SET share_phone = ? WHERE id = ?').bind(share, seller.id).run();

  for (const layout of LAYOUTS) {
    it(`${layout.name}: the seller's own number and sharing choice; each ad counted once; the plan's status counts it`, async () => {
      const ad = await adEverywhere(seller, `Honda City ZX 2019 ${layout.name}`);
      const used = (await accountsDbs[2]!.prepare('SELECT count(*) AS n FROM phone_access_log WHERE user_id = ? AND period_start = ?').bind(pro.id, periodStart).first<{ n: number }>())!.n;
      const first = await phoneOf(pro, ad.id, layout.vars);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data).toEqual({ phone: '+91 98765 01234', sellerName: 'Hetal Shah', phoneNumbersUsed: used + 1, phoneNumbersLimit: 50, remaining: 50 - used - 1 });
      // the account check beside the ad, the plan beside the seller's row (the ad names the seller), the access log:
      // as many waits as with the switch off
      expect(first.roundTrips, first.trace).toBe(ROUND_TRIP_BUDGET.write);
      expect(first.statements.filter((s) => s.startsWith('1 ')).some((s) => /FROM listings WHERE id = \?/.test(s)), first.trace).toBe(true);
      const again = await phoneOf(pro, ad.id, layout.vars);
      expect(again.body.data.phoneNumbersUsed).toBe(used + 1);
      const status = await send(pro, 'GET', `/api/premium/status/${pro.id}`, { ...layout.vars, ...SWITCH_ON });
      expect(status.body.data).toMatchObject({ isPremium: true, subscription: { packageType: 'PRO', phoneNumbersUsed: used + 1, phoneNumbersLimit: 50 } });
      // sharing turned off in the seller's own row (the core's decoy says it is off too, and keeps saying so below)
      await setSharing(0);
      await env.DB.prepare('UPDATE users SET share_phone = 1 WHERE id = ?').bind(seller.id).run();
      const hidden = await phoneOf(pro, ad.id, layout.vars);
      await setSharing(1);
      await env.DB.prepare('UPDATE users SET share_phone = 0 WHERE id = ?').bind(seller.id).run();
      expect([hidden.status, hidden.body.code]).toEqual([403, 'PHONE_HIDDEN']);
      // refused on the reads, before the log is written
      expect(hidden.roundTrips, hidden.trace).toBe(2);
      expect(hidden.statements.some((s) => s.includes('phone_access_log')), hidden.trace).toBe(false);
    });
  }

  it("the plan's 50 numbers a period: the 51st ad is refused, an ad already seen still shows", async () => {
    const ad = await adEverywhere(seller, 'Hyundai i20 Asta 2021 limit');
    const heavy = await userIn(1, { firstName: 'Heavy' });
    await moveWithDecoy(heavy, 1, { ...DECOY, ...decoyEmail(heavy) });
    const start = Date.now() - 1000;
    const log = accountsDbs[1]!;
    await log.batch([
      log.prepare(`INSERT INTO subscriptions (id, user_id, package_id, status, start_date, end_date, created_at, updated_at) VALUES (?, ?, 'pro', 'ACTIVE', ?, ?, ?, ?)`).bind(
        `sub_${ulid().toLowerCase()}`,
        heavy.id,
        start,
        start + 30 * 86_400_000,
        start,
        start,
      ),
      ...Array.from({ length: 50 }, (_, i) => log.prepare('INSERT INTO phone_access_log (user_id, listing_id, period_start, created_at) VALUES (?, ?, ?, ?)').bind(heavy.id, i === 0 ? ad.id : `seen_${i}`, start, Date.now())),
    ]);
    const seen = await phoneOf(heavy, ad.id, {});
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.data).toMatchObject({ phone: '+91 98765 01234', phoneNumbersUsed: 50, remaining: 0 });
    const other = await adEverywhere(seller, 'Hyundai Creta SX 2022 limit');
    const over = await phoneOf(heavy, other.id, {});
    expect([over.status, over.body.code]).toEqual([429, 'PHONE_LIMIT_REACHED']);
    expect((await log.prepare('SELECT count(*) AS n FROM phone_access_log WHERE user_id = ?').bind(heavy.id).first<{ n: number }>())!.n).toBe(50);
  });

  it('the ad read beside the account check is looked at only once the check passed: a revoked session, a stranger\'s path, a bad body', async () => {
    const ad = await adEverywhere(seller, 'Kia Seltos HTX 2020 early');
    const buyer = await userIn(2, { firstName: 'Early' });
    await moveWithDecoy(buyer, 2, { ...DECOY, ...decoyEmail(buyer) });
    const start = Date.now() - 1000;
    await accountsDbs[2]!.prepare(`INSERT INTO subscriptions (id, user_id, package_id, status, start_date, end_date, created_at, updated_at) VALUES (?, ?, 'pro', 'ACTIVE', ?, ?, ?, ?)`)
      .bind(`sub_${ulid().toLowerCase()}`, buyer.id, start, start + 30 * 86_400_000, start, start)
      .run();
    const logged = async () => (await accountsDbs[2]!.prepare('SELECT count(*) AS n FROM phone_access_log WHERE user_id = ?').bind(buyer.id).first<{ n: number }>())!.n;
    const adRead = (r: { statements: string[] }) => r.statements.some((s) => /FROM listings WHERE id = \?/.test(s));

    const shown = await phoneOf(buyer, ad.id, {});
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    // someone else's path: refused after the check, and the ad is not read for it
    const stranger = await send(buyer, 'POST', `/api/premium/access-phone/${pro.id}`, SWITCH_ON, { listingId: ad.id });
    expect([stranger.status, stranger.body.code]).toEqual([403, 'NOT_YOUR_ACCOUNT']);
    expect(adRead(stranger), stranger.trace).toBe(false);
    // a body the validator refuses: 400, nothing read for it
    for (const body of [{}, { listingId: '' }, { listingId: 42 }]) {
      const bad = await send(buyer, 'POST', `/api/premium/access-phone/${buyer.id}`, SWITCH_ON, body);
      expect([bad.status, bad.body.code], JSON.stringify(body)).toEqual([400, 'VALIDATION_ERROR']);
      expect(adRead(bad), bad.trace).toBe(false);
    }
    const broken = await counted(`/api/premium/access-phone/${buyer.id}`, { method: 'POST', headers: { ...buyer.auth, 'content-type': 'application/json' }, body: '{"listingId": ' }, SWITCH_ON);
    expect(broken.status, JSON.stringify(broken.body)).toBe(400);
    expect(adRead(broken), broken.trace).toBe(false);
    const form = await counted(`/api/premium/access-phone/${buyer.id}`, { method: 'POST', headers: { ...buyer.auth, 'content-type': 'application/x-www-form-urlencoded' }, body: `listingId=${ad.id}` }, SWITCH_ON);
    expect([form.status, form.body.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(adRead(form), form.trace).toBe(false);
    // signed out everywhere (in the buyer's own row): the ad was read beside the check, but the answer is 401 and nothing is logged
    expect(await logged()).toBe(1);
    await accountsDbs[2]!.prepare('UPDATE users SET token_version = token_version + 1 WHERE id = ?').bind(buyer.id).run();
    const other = await adEverywhere(seller, 'Kia Sonet GTX 2022 early');
    const revoked = await send(buyer, 'POST', `/api/premium/access-phone/${buyer.id}`, SWITCH_ON, { listingId: other.id });
    expect([revoked.status, revoked.body.code]).toEqual([401, 'SESSION_REVOKED']);
    expect(adRead(revoked), revoked.trace).toBe(true);
    expect(JSON.stringify(revoked.body)).not.toContain('98765');
    expect(revoked.statements.some((s) => s.includes('phone_access_log')), revoked.trace).toBe(false);
    expect(await logged()).toBe(1);
    // no token at all: 401 before anything is read
    const guest = await counted(`/api/premium/access-phone/${buyer.id}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ listingId: ad.id }) }, SWITCH_ON);
    expect([guest.status, guest.body.code]).toEqual([401, 'AUTH_REQUIRED']);
    expect(guest.roundTrips, guest.trace).toBe(0);
  });

  it('the last number of a plan, asked for by several ads at once with the switch on: exactly one is shown', async () => {
    const heavy = await userIn(3, { firstName: 'Racer' });
    await moveWithDecoy(heavy, 3, { ...DECOY, ...decoyEmail(heavy) });
    const start = Date.now() - 1000;
    const log = accountsDbs[3]!;
    await log.batch([
      log.prepare(`INSERT INTO subscriptions (id, user_id, package_id, status, start_date, end_date, created_at, updated_at) VALUES (?, ?, 'pro', 'ACTIVE', ?, ?, ?, ?)`).bind(
        `sub_${ulid().toLowerCase()}`,
        heavy.id,
        start,
        start + 30 * 86_400_000,
        start,
        start,
      ),
      ...Array.from({ length: 49 }, (_, i) => log.prepare('INSERT INTO phone_access_log (user_id, listing_id, period_start, created_at) VALUES (?, ?, ?, ?)').bind(heavy.id, `seen_${i}`, start, Date.now())),
    ]);
    const ads = [await adEverywhere(seller, 'Tata Punch race 1'), await adEverywhere(seller, 'Tata Punch race 2'), await adEverywhere(seller, 'Tata Punch race 3')];
    const answers = await Promise.all(ads.map((a) => phoneOf(heavy, a.id, {})));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429]);
    expect((await log.prepare('SELECT count(*) AS n FROM phone_access_log WHERE user_id = ?').bind(heavy.id).first<{ n: number }>())!.n).toBe(50);
  });

  it("a seller whose own row is gone: 404, whatever the core's decoy says", async () => {
    const gone = await userIn(3, { phone: uniquePhone() });
    const ad = await adEverywhere(gone, 'Skoda Rapid 2017 gone');
    await env.DB.prepare('UPDATE users SET share_phone = 1 WHERE id = ?').bind(gone.id).run();
    const res = await phoneOf(pro, ad.id, {});
    expect([res.status, res.body.code]).toEqual([404, 'LISTING_NOT_FOUND']);
  });
});
