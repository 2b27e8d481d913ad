import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import { answerOf } from '../api/helpers';
import { applyMigrations } from '../setup/databases';
import { resetToMigratedState } from '../setup/reset-databases';
import { accountsDbs, userIn } from './four-accounts';
import { uploadPhoto, carAdBody } from '../factories/car-ad';
import { roundTripCounting } from './round-trip-counting';
import { shardAd } from './support';

/**
 * `users` with the accounts (decision 034, the switch on over the real four accounts bindings) on a
 * deployment that keeps ONE listings database: the core is then also the listings database, and its
 * `users` row of a seller is only the seller card the listing reads join (as in each listings
 * database of several, decision 033). The shards suite's bindings hold four listings databases; this
 * file hands the worker LISTING_DATABASES = 1 on the env of each request, as the favourites file does.
 *
 * Every account's row is in its accounts database; the core keeps a decoy row of each (another name,
 * no verified phone, a new account, an old `updated_at`), so a reader that still asks the core for an
 * account, or a card nobody brought up to date, answers wrongly.
 */
const oneListingsMoved = { ...env, LISTING_DATABASES: '1', ACCOUNTS_DATABASES: '4', USERS_WITH_ACCOUNTS: '1' } as unknown as Env;

const call = async (path: string, init: RequestInit = {}) => {
  const ctx = createExecutionContext();
  const answer = await answerOf(await worker.fetch!(new Request(`http://sel.test${path}`, init) as never, oneListingsMoved, ctx));
  await waitOnExecutionContext(ctx);
  return answer;
};
const json = (auth: Record<string, string>, method: string, path: string, body?: unknown) =>
  call(path, { method, headers: { 'content-type': 'application/json', ...auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

type Account = Awaited<ReturnType<typeof userIn>>;

/**
 * Copies a factory-made account's row to its accounts database (as the switch's copy step will) and
 * leaves the core a decoy in its place: what a stale card, or an account row read from the wrong
 * database, would show.
 */
const moveLeavingDecoy = async (user: Account, database: number) => {
  const row = (await env.DB.prepare('SELECT * FROM users WHERE id = ?').bind(user.id).first<Record<string, unknown>>())!;
  const names = Object.keys(row);
  await accountsDbs[database]!.prepare(`INSERT INTO users (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).bind(...names.map((n) => row[n])).run();
  await env.DB.prepare(
    `UPDATE users SET first_name = 'Decoy', last_name = 'Core', email = 'decoy.' || id || '@example.in', phone = NULL, phone_verified = 0,
       role = 'USER', created_at = ?, updated_at = 1 WHERE id = ?`,
  )
    .bind(Date.now(), user.id)
    .run();
};

/** An account in accounts database `database` with a decoy in the core. */
const accountIn = async (database: number, o: Parameters<typeof userIn>[1] = {}) => {
  const user = await userIn(database, o);
  await moveLeavingDecoy(user, database);
  return user;
};

/** An ad as one listings database holds it: in the core, with a plain id (the seller's card is whatever the core has). */
const coreAd = async (sellerId: string, title: string, status = 'APPROVED') => {
  const city = (await env.DB.prepare(`SELECT id, parent_id FROM locations WHERE kind = 'city' AND name = 'Pune'`).first<{ id: number; parent_id: number }>())!;
  const id = ulid().toLowerCase();
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO listings (id, slug, user_id, title, description, price_minor, currency, condition, category_id, subcategory_id, location, state_id, city_id, features, status, views, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'A three seater sofa set in good condition.', 1500000, 'INR', 'USED', 'home-and-garden', 'home-and-garden-furniture', 'Pune, Maharashtra', ?, ?, '{}', ?, 0, ?, ?)`,
  )
    .bind(id, `furniture-sofa-in-pune-iid-${id}`, sellerId, title, city.parent_id, city.id, status, now, now)
    .run();
  return id;
};

type Shown = { id: string; user: { id: string; firstName: string; lastName: string } };
const sellerNames = (listings: Shown[]) => listings.map((l) => `${l.user.firstName} ${l.user.lastName}`);

beforeAll(async () => {
  await Promise.all(accountsDbs.map((db) => applyMigrations(db)));
  await Promise.all(accountsDbs.map((db) => resetToMigratedState(db)));
  // reference data lives in every database (migrations); the limit is checked in the seller's accounts database (decision 034)
  await Promise.all([env.DB, ...accountsDbs].map((db) => db.prepare('UPDATE free_ad_limits SET free_ads = 20').run()));
});

describe('listings with one database read their seller from the card the core keeps', () => {
  it("posting writes the seller's card from the seller's own row: the answer, the ad page and search name the seller", async () => {
    const seller = await userIn(2, { firstName: 'Asha', lastName: 'Rao', isVerified: true });
    // the photo goes up while the account is still the core's (the suite's own env)
    const photo = await uploadPhoto(seller);
    await moveLeavingDecoy(seller, 2);
    const posted = await json(seller.auth, 'POST', '/api/listings', carAdBody(photo, { title: 'Hyundai Creta SX 2021 quokka' }));
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(posted.body.data.user).toMatchObject({ firstName: 'Asha', lastName: 'Rao', isVerified: true, totalListings: 1 });
    const page = await call(`/api/listings/${posted.body.data.id}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data.user).toMatchObject({ id: seller.id, firstName: 'Asha', lastName: 'Rao' });
    const found = await call('/api/listings?q=quokka');
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(sellerNames(found.body.data.listings)).toEqual(['Asha Rao']);
    // the card is public columns only: the core never learns the account's e-mail or phone
    expect(await env.DB.prepare('SELECT first_name, email FROM users WHERE id = ?').bind(seller.id).first()).toEqual({ first_name: 'Asha', email: `decoy.${seller.id}@example.in` });
  });

  it('a seller with no row in the core at all (signed up with the switch on) posts an ad that shows', async () => {
    const seller = await userIn(1, { firstName: 'Bina', lastName: 'Shah', isVerified: true });
    const photo = await uploadPhoto(seller);
    await moveLeavingDecoy(seller, 1);
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(seller.id).run();
    const posted = await json(seller.auth, 'POST', '/api/listings', carAdBody(photo, { title: 'Honda City ZX 2020 pangolin' }));
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(posted.body.data.user).toMatchObject({ firstName: 'Bina', lastName: 'Shah' });
    expect(sellerNames((await call('/api/listings?q=pangolin')).body.data.listings)).toEqual(['Bina Shah']);
    // the card counts the seller's live ads as the triggers keep them, beside the ad
    expect(await env.DB.prepare('SELECT first_name, live_ads FROM users WHERE id = ?').bind(seller.id).first()).toEqual({ first_name: 'Bina', live_ads: 1 });
  });

  it('a profile edit brings the card up to date: search results and the ad page show the new name', async () => {
    const seller = await accountIn(3, { firstName: 'Chitra', lastName: 'Menon' });
    const id = await coreAd(seller.id, 'Teak sofa set wombat');
    // the decoy is what a card nobody updated shows
    expect(sellerNames((await call('/api/listings?q=wombat&limit=5')).body.data.listings)).toEqual(['Decoy Core']);
    const edited = await json(seller.auth, 'PUT', '/api/auth/profile', { lastName: 'Pillai' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(sellerNames((await call('/api/listings?q=wombat&limit=6')).body.data.listings)).toEqual(['Chitra Pillai']);
    expect((await call(`/api/listings/${id}`)).body.data.user).toMatchObject({ firstName: 'Chitra', lastName: 'Pillai' });
  });
});

describe('trust with one listings database asks the accounts, not the core', () => {
  it("a report weighs its reporter from the reporter's own row", async () => {
    const seller = await accountIn(0, { firstName: 'Dev' });
    const id = await coreAd(seller.id, 'Dining table narwhal');
    // verified and old in their own row; the core's decoy has no verified phone and is a day old
    const reporter = await accountIn(2, { phoneVerified: true });
    const res = await call(`/api/listings/${id}/report`, {
      method: 'POST',
      headers: { ...reporter.auth, 'content-type': 'application/json', 'CF-Connecting-IP': '203.0.113.78' },
      body: JSON.stringify({ reason: 'SPAM' }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await env.DB.prepare('SELECT standing, weight FROM listing_reports WHERE reporter_id = ?').bind(reporter.id).first()).toEqual({ standing: 'ESTABLISHED', weight: 1 });
    // a reporter whose account has no core row at all is still a reporter
    const newcomer = await accountIn(1, { phoneVerified: true });
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(newcomer.id).run();
    const again = await call(`/api/listings/${id}/report`, {
      method: 'POST',
      headers: { ...newcomer.auth, 'content-type': 'application/json', 'CF-Connecting-IP': '198.51.100.9' },
      body: JSON.stringify({ reason: 'FRAUD' }),
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });

  it("the moderation queue shows each seller's account from the seller's own database", async () => {
    const mod = await accountIn(1, { firstName: 'Mohan', lastName: 'Das' });
    await accountsDbs[1]!.prepare(`UPDATE users SET role = 'MODERATOR' WHERE id = ?`).bind(mod.id).run();
    const sellers = [await accountIn(0, { firstName: 'Esha', lastName: 'Kapoor', email: `esha.${Date.now()}@example.in` }), await accountIn(3, { firstName: 'Farid', lastName: 'Khan' })];
    const held = await Promise.all(sellers.map((s, i) => coreAd(s.id, `Held wardrobe ${i} ibex`, 'PENDING')));
    // a held ad whose seller has no account any more is not the queue's (as with several databases)
    const orphan = await coreAd(`usr_${ulid().toLowerCase()}k`, 'Held wardrobe orphan ibex', 'PENDING');
    const queue = await call('/api/admin/moderation?status=open&limit=50', { headers: mod.auth });
    expect(queue.status, JSON.stringify(queue.body)).toBe(200);
    const items = queue.body.data.items as { listing: { id: string }; seller: { id: string; firstName: string; lastName: string; email: string | null } }[];
    // (both held in the same millisecond or not: their order is not the point)
    const ours = items.filter((i) => held.includes(i.listing.id)).sort((a, b) => held.indexOf(a.listing.id) - held.indexOf(b.listing.id));
    expect(ours.map((i) => [i.listing.id, `${i.seller.firstName} ${i.seller.lastName}`])).toEqual([
      [held[0], 'Esha Kapoor'],
      [held[1], 'Farid Khan'],
    ]);
    expect(ours[0]!.seller.email).toBe(sellers[0]!.email);
    expect(items.map((i) => i.listing.id)).not.toContain(orphan);
  });

  it("the audit log names the moderator and the banned account from their own databases, an ad by its title", async () => {
    const mod = await accountIn(2, { firstName: 'Mohan', lastName: 'Iyer' });
    await accountsDbs[2]!.prepare(`UPDATE users SET role = 'MODERATOR' WHERE id = ?`).bind(mod.id).run();
    const seller = await accountIn(3, { firstName: 'Gopal', lastName: 'Verma' });
    const ad = await coreAd(seller.id, 'Held bookshelf okapi', 'PENDING');
    expect((await json(mod.auth, 'POST', `/api/admin/listings/${ad}/decision`, { action: 'REJECT', reason: 'Misleading photos' })).status).toBe(200);
    const banned = await json(mod.auth, 'POST', `/api/admin/users/${seller.id}/ban`, { reason: 'Repeated fraud reports' });
    expect(banned.status, JSON.stringify(banned.body)).toBe(200);
    const log = await call('/api/admin/audit?limit=2', { headers: mod.auth });
    expect(log.status, JSON.stringify(log.body)).toBe(200);
    expect(
      log.body.data.entries.map((e: { action: string; actor: { firstName: string; lastName: string }; targetName: string | null }) => [e.action, `${e.actor.firstName} ${e.actor.lastName}`, e.targetName]),
    ).toEqual([
      ['BAN', 'Mohan Iyer', 'Gopal Verma'],
      ['REJECT', 'Mohan Iyer', 'Held bookshelf okapi'],
    ]);
  });
});

describe('the audit log with the listings over four databases too', () => {
  const fourListingsMoved = { ...env, ACCOUNTS_DATABASES: '4', USERS_WITH_ACCOUNTS: '1' } as unknown as Env;
  const callFour = async (path: string, init: RequestInit = {}) => {
    const ctx = createExecutionContext();
    const answer = await answerOf(await worker.fetch!(new Request(`http://sel.test${path}`, init) as never, fourListingsMoved, ctx));
    await waitOnExecutionContext(ctx);
    return answer;
  };

  it("names the moderator and the account from their own databases, beside the ads' titles from theirs", async () => {
    const mod = await accountIn(0, { firstName: 'Nanda', lastName: 'Bose' });
    await accountsDbs[0]!.prepare(`UPDATE users SET role = 'MODERATOR' WHERE id = ?`).bind(mod.id).run();
    const seller = await accountIn(2, { firstName: 'Omkar', lastName: 'Joshi' });
    const ad = await shardAd(seller, { city: 'Chennai', title: 'Held almirah quoll', status: 'PENDING' });
    const headers = { ...mod.auth, 'content-type': 'application/json' };
    expect((await callFour(`/api/admin/listings/${ad.id}/decision`, { method: 'POST', headers, body: JSON.stringify({ action: 'REJECT', reason: 'Misleading photos' }) })).status).toBe(200);
    expect((await callFour(`/api/admin/users/${seller.id}/ban`, { method: 'POST', headers, body: JSON.stringify({ reason: 'Repeated fraud reports' }) })).status).toBe(200);
    const log = await callFour('/api/admin/audit?limit=2', { headers: mod.auth });
    expect(log.status, JSON.stringify(log.body)).toBe(200);
    expect(
      log.body.data.entries.map((e: { action: string; actor: { firstName: string; lastName: string }; targetName: string | null }) => [e.action, `${e.actor.firstName} ${e.actor.lastName}`, e.targetName]),
    ).toEqual([
      ['BAN', 'Nanda Bose', 'Omkar Joshi'],
      ['REJECT', 'Nanda Bose', 'Held almirah quoll'],
    ]);
  });
});

describe('round trips with one listings database: the switch on against the switch off', () => {
  // one set of rows serves both: each account's real row in its accounts database, a full decoy in the core
  const tab = roundTripCounting({ accountsDatabases: 4 });
  const vars = { off: { LISTING_DATABASES: '1' }, on: { LISTING_DATABASES: '1', USERS_WITH_ACCOUNTS: '1' } };

  it('posting, the ad page, search and a report wait as often; the queue and the audit log once more, within the read budget', async () => {
    const seller = await userIn(0, { firstName: 'Hari', isVerified: true });
    const photos = [await uploadPhoto(seller), await uploadPhoto(seller), await uploadPhoto(seller)];
    await moveLeavingDecoy(seller, 0);
    const mod = await accountIn(3, { firstName: 'Mohan' });
    for (const db of [env.DB, accountsDbs[3]!]) await db.prepare(`UPDATE users SET role = 'MODERATOR' WHERE id = ?`).bind(mod.id).run();
    const reporter = await accountIn(1, { phoneVerified: true });
    await env.DB.prepare('UPDATE users SET phone_verified = 1 WHERE id = ?').bind(reporter.id).run();
    const send = (mode: 'off' | 'on', auth: Record<string, string>, method: string, path: string, body?: unknown) =>
      tab(path, { method, headers: { 'content-type': 'application/json', 'CF-Connecting-IP': '203.0.113.90', ...auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }, vars[mode]);
    const word = { off: 'lemur', on: 'tapir' } as const;
    // a first post warms what every request shares (the catalogue's caches), and gives the audit log a name to show
    const first = await send('off', seller.auth, 'POST', '/api/listings', carAdBody(photos[2]!, { title: 'Kia Seltos HTX 2022 first' }));
    expect((await json(mod.auth, 'POST', `/api/admin/listings/${first.body.data.id}/decision`, { action: 'REJECT', reason: 'Misleading photos' })).status).toBe(200);
    const waits: Record<string, Record<'off' | 'on', number>> = {};
    const count = (name: string, mode: 'off' | 'on', step: Awaited<ReturnType<typeof send>>) => {
      expect(step.status, `${mode} ${name}: ${JSON.stringify(step.body).slice(0, 300)}`).toBeLessThan(300);
      (waits[name] ??= { off: 0, on: 0 })[mode] = step.roundTrips;
      return step;
    };
    const ads: Record<'off' | 'on', string> = { off: '', on: '' };
    for (const [i, mode] of (['off', 'on'] as const).entries()) {
      ads[mode] = count('posting', mode, await send(mode, seller.auth, 'POST', '/api/listings', carAdBody(photos[i]!, { title: `Kia Seltos HTX 2022 ${word[mode]}` }))).body.data.id;
    }
    // each read asked the same of the same rows, the switch off and then on
    for (const mode of ['off', 'on'] as const) count('ad page', mode, await send(mode, {}, 'GET', `/api/listings/${ads[mode]}`));
    // a first search warms the search's own caches (its spelling dictionary, the filter counts)
    expect((await send('off', {}, 'GET', '/api/listings?q=seltos')).status).toBe(200);
    for (const mode of ['off', 'on'] as const) count('search', mode, await send(mode, {}, 'GET', `/api/listings?q=${word[mode]}`));
    for (const mode of ['off', 'on'] as const) count('report', mode, await send(mode, reporter.auth, 'POST', `/api/listings/${ads[mode]}/report`, { reason: 'SPAM' }));
    for (const mode of ['off', 'on'] as const) count('queue', mode, await send(mode, mod.auth, 'GET', '/api/admin/moderation?status=open'));
    for (const mode of ['off', 'on'] as const) count('audit log', mode, await send(mode, mod.auth, 'GET', '/api/admin/audit'));
    expect(waits).toEqual({
      posting: { off: waits.posting!.off, on: waits.posting!.off },
      'ad page': { off: 1, on: 1 },
      search: { off: waits.search!.off, on: waits.search!.off },
      report: { off: waits.report!.off, on: waits.report!.off },
      // the page beside the role check; then the sellers (switch on) beside any photo lookups (these
      // ads' photos have no hash: none here) — tests/shards/moderation-round-trips.test.ts has a match
      queue: { off: 1, on: 2 },
      // the names beside the page with the switch off; with it on, read after the page
      'audit log': { off: 1, on: 2 },
    });
  });
});
