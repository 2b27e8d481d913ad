import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountsDbForUser } from '../../worker/db/accounts';
import { listingDbForId } from '../../worker/db/shards';
import type { Env } from '../../worker/env';
import { call } from '../api/helpers';
import { createUserWithToken } from '../factories';
import { READS_OVER_BUDGET } from '../hardening/read-round-trips';
import { applyMigrations } from '../setup/databases';
import { resetToMigratedState } from '../setup/reset-databases';
import { accountsDbs } from './four-accounts';
import { roundTripCounting } from './round-trip-counting';
import { createShardListing } from './shard-factory';

// the feed's listed ceiling: favourites, then their ads' categories, then the feed
const CURATED_ROUND_TRIPS = READS_OVER_BUDGET['GET /premium/curated-listings/{userId}']!;

/**
 * The Pro curated feed of a buyer with favourites, with the ads over four listings databases: the
 * favourites beside the Pro check, then their ads' categories from the ads' own databases, then the
 * feed from the databases the place needs (3 round trips, over decision 022's read budget and listed
 * in tests/hardening/read-round-trips.ts). The favourites' ads are in other databases than the feed's, and one is in a database
 * the place leaves out, so a feed that only asked the place's database would miss its category.
 */
const tab = roundTripCounting({ accountsDatabases: 4 });
const LAYOUTS = {
  'four accounts databases, switch on': { USERS_WITH_ACCOUNTS: '1' },
  'four accounts databases, switch off': {},
  'accounts in the core': { ACCOUNTS_DATABASES: '1' },
} as const;
const HOUR = 3_600_000;
type User = Awaited<ReturnType<typeof createUserWithToken>>;

const phones = { categoryId: 'electronics', subcategoryId: 'electronics-mobile-phones' };
const sofas = { categoryId: 'home-and-garden', subcategoryId: 'home-and-garden-furniture' };
let liked: { phone: string; sofa: string };

beforeAll(async () => {
  await Promise.all(accountsDbs.map((db) => applyMigrations(db)));
  await Promise.all(accountsDbs.map((db) => resetToMigratedState(db)));
  const seller = await createUserWithToken({ isVerified: true });
  const now = Date.now();
  // the feed: phones and sofas (the buyer's interests) and cars (not), featured first, then newest
  await createShardListing(seller, { ...phones, title: 'Phone Pune', city: 'Pune', createdAt: now - 1 * HOUR });
  await createShardListing(seller, { ...sofas, title: 'Sofa Chennai', city: 'Chennai', createdAt: now - 2 * HOUR, isFeatured: true });
  await createShardListing(seller, { ...sofas, title: 'Sofa Pune', city: 'Pune', createdAt: now - 3 * HOUR });
  await createShardListing(seller, { ...phones, title: 'Phone Delhi', city: 'Delhi', createdAt: now - 4 * HOUR });
  await createShardListing(seller, { title: 'Car Pune', city: 'Pune', createdAt: now - 5 * HOUR });
  await createShardListing(seller, { title: 'Car Delhi', city: 'Delhi', createdAt: now - 6 * HOUR, isFeatured: true });
  // what the buyer favourited: sold ads, in Delhi's and Chennai's databases (not Pune's)
  const phone = await createShardListing(seller, { ...phones, title: 'Liked phone', city: 'Delhi', status: 'SOLD', createdAt: now - 7 * HOUR });
  const sofa = await createShardListing(seller, { ...sofas, title: 'Liked sofa', city: 'Chennai', status: 'SOLD', createdAt: now - 8 * HOUR });
  liked = { phone: phone.id, sofa: sofa.id };
  const pune = await createShardListing(seller, { title: 'Where Pune lives', city: 'Pune', status: 'SOLD' });
  expect(new Set([listingDbForId(env as unknown as Env, pune.id), listingDbForId(env as unknown as Env, phone.id), listingDbForId(env as unknown as Env, sofa.id)]).size).toBe(3);
  // a warm isolate, as decision 022 counts: the places every request shares, filled once by an ordinary read
  await call('/api/listings?limit=1&location=Pune');
});

/**
 * A Pro buyer whose account's rows (the account, the plan, favourites at `favourites`) are where the
 * layout keeps them: their accounts database with four (the core's `users` row kept as well, for
 * the switch off), else the core.
 */
const proBuyer = async (vars: Record<string, string>, favourites: string[]): Promise<User> => {
  const buyer = await createUserWithToken();
  const home = vars.ACCOUNTS_DATABASES === '1' ? env.DB : accountsDbForUser({ ...env, ACCOUNTS_DATABASES: '4' } as Env, buyer.id);
  if (home !== env.DB) {
    const row = (await env.DB.prepare('SELECT * FROM users WHERE id = ?').bind(buyer.id).first<Record<string, unknown>>())!;
    const names = Object.keys(row);
    await home.prepare(`INSERT INTO users (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).bind(...names.map((n) => row[n])).run();
  }
  const now = Date.now();
  await home
    .prepare(`INSERT INTO subscriptions (id, user_id, package_id, status, start_date, end_date, created_at, updated_at) VALUES (?, ?, 'pro', 'ACTIVE', ?, ?, ?, ?)`)
    .bind(`sub_${buyer.id}`, buyer.id, now - 1000, now + 86_400_000, now, now)
    .run();
  for (const [i, id] of favourites.entries()) await home.prepare('INSERT INTO favorites (user_id, listing_id, created_at) VALUES (?, ?, ?)').bind(buyer.id, id, now - i).run();
  return buyer;
};

const titles = (body: { data: { listings: { title: string }[] } }) => body.data.listings.map((l) => l.title);

describe.each(Object.entries(LAYOUTS))('the curated feed by favourites, %s', (_layout, vars) => {
  it('the favoured categories from every database, in three round trips (the favourites, their ads’ categories, the feed)', async () => {
    const buyer = await proBuyer(vars, [liked.phone, liked.sofa]);
    const first = await tab(`/api/premium/curated-listings/${buyer.id}?limit=3`, { headers: buyer.auth }, vars);
    expect(first.status, first.trace).toBe(200);
    expect(first.roundTrips, first.trace).toBeLessThanOrEqual(CURATED_ROUND_TRIPS);
    expect(titles(first.body)).toEqual(['Sofa Chennai', 'Phone Pune', 'Sofa Pune']);
    expect(first.body.data.pagination).toMatchObject({ total: 4, pages: 2 });
    const second = await tab(`/api/premium/curated-listings/${buyer.id}?limit=3&page=2`, { headers: buyer.auth }, vars);
    expect(second.roundTrips, second.trace).toBeLessThanOrEqual(CURATED_ROUND_TRIPS);
    expect(titles(second.body)).toEqual(['Phone Delhi']);
  });

  it("a place's database alone for the feed, the favourites' categories from theirs", async () => {
    const buyer = await proBuyer(vars, [liked.phone, liked.sofa]);
    const inPune = await tab(`/api/premium/curated-listings/${buyer.id}?location=Pune`, { headers: buyer.auth }, vars);
    expect(inPune.status, inPune.trace).toBe(200);
    expect(inPune.roundTrips, inPune.trace).toBeLessThanOrEqual(CURATED_ROUND_TRIPS);
    expect(titles(inPune.body)).toEqual(['Phone Pune', 'Sofa Pune']);
    expect(inPune.body.data.pagination).toMatchObject({ total: 2, pages: 1 });
  });

  it('favourites whose ads are gone: nothing to go by, an empty feed', async () => {
    // an id of Delhi's database (its tag, the last character, kept) that no ad has
    const buyer = await proBuyer(vars, [`0000000000${liked.phone.slice(10)}`]);
    const res = await tab(`/api/premium/curated-listings/${buyer.id}`, { headers: buyer.auth }, vars);
    expect(res.status, res.trace).toBe(200);
    expect(res.body.data).toMatchObject({ listings: [], pagination: { total: 0, pages: 0 } });
  });
});
