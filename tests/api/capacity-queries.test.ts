import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { app } from '../../worker/app';
import { createListing, createUserWithToken } from '../factories';
import { carAd } from '../factories/car-ad';
import { STATEMENTS } from '../../scripts/capacity/inputs';

/**
 * The capacity model's statements per request (scripts/capacity/inputs.ts, decision 020), counted:
 * a D1 wrapper around the worker's binding counts every statement each request runs (a batch
 * counts its statements), by database (listings tables or the accounts' tables) and read or write.
 * The model's figure must not be below what the code does; when a change adds statements this
 * fails, and the figure (and so the model's answer) is updated with it.
 */

interface Count {
  listingsReads: number;
  listingsWrites: number;
  coreReads: number;
  coreWrites: number;
}

const LISTINGS_TABLES = /\b(listings|listings_fts|media|listing_views|listing_daily_stats|listing_view_totals|listing_events|listing_promotions|price_guides)\b/i;

const counting = (db: D1Database) => {
  const count: Count = { listingsReads: 0, listingsWrites: 0, coreReads: 0, coreWrites: 0 };
  const record = (sql: string) => {
    const write = /^\s*(INSERT|UPDATE|DELETE|REPLACE)\b/i.test(sql) || (/^\s*WITH\b/i.test(sql) && /\b(INSERT|UPDATE|DELETE)\b/i.test(sql));
    const listings = LISTINGS_TABLES.test(sql);
    count[`${listings ? 'listings' : 'core'}${write ? 'Writes' : 'Reads'}`]++;
  };
  const real = new WeakMap<object, { statement: D1PreparedStatement; sql: string }>();
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy: D1PreparedStatement = new Proxy(statement, {
      get(target, prop) {
        if (prop === 'bind') return (...values: unknown[]) => wrap(target.bind(...values), sql);
        if (prop === 'run' || prop === 'all' || prop === 'first' || prop === 'raw') {
          return (...args: unknown[]) => {
            record(sql);
            return (target[prop] as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    real.set(proxy, { statement, sql });
    return proxy;
  };
  const wrapped = new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => wrap(target.prepare(sql), sql);
      if (prop === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          for (const s of statements) record(real.get(s)?.sql ?? '');
          return target.batch(statements.map((s) => real.get(s)?.statement ?? s));
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: wrapped, count };
};

/**
 * One request through the app with a counting database; waits for its after-response work too. A
 * read is asked twice and the second counted: per-isolate memos (categories, places) are warm on a
 * busy worker.
 */
const counted = async (path: string, init: RequestInit = {}) => {
  if ((init.method ?? 'GET') === 'GET') await once(path, init);
  return once(path, init);
};

const once = async (path: string, init: RequestInit) => {
  const { db, count } = counting(env.DB);
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://sel.test${path}`, init), { ...env, DB: db, EDGE_CACHE: 'off' }, ctx);
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  expect(res.status, path).toBeLessThan(300);
  return count;
};

const within = (actual: Count, figures: Partial<Record<keyof Count, { value: number }>>) => {
  for (const key of ['listingsReads', 'listingsWrites', 'coreReads', 'coreWrites'] as const) {
    expect(actual[key], `${key}: counted ${JSON.stringify(actual)}`).toBeLessThanOrEqual(figures[key]?.value ?? 0);
  }
};

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

describe('statements per request, as the capacity model counts them', () => {
  it('guest pages: home, a category search, an ad page with its view counted', async () => {
    const seller = await createUserWithToken();
    const ad = await createListing(seller);
    const guest = { 'user-agent': PHONE_UA, 'cf-connecting-ip': '203.0.113.50' };
    within(await counted('/api/listings?limit=20', { headers: guest }), STATEMENTS.home);
    within(await counted('/api/listings?category=Vehicles&limit=20', { headers: guest }), STATEMENTS.search);
    const page = await counted(`/api/listings/${ad.id}`, { headers: guest });
    // a view counts once per viewer a day; the view counter object writes the counters in batches
    // (decision 020), so the ad page itself writes nothing to D1 (tests/durable-objects/view-counter.test.ts
    // counts a batch's statements)
    const related = await counted(`/api/listings/${ad.id}/related?limit=4`, { headers: guest });
    const viewer = await once(`/api/listings/${ad.id}`, { headers: { ...guest, 'cf-connecting-ip': '203.0.113.51' } });
    expect(viewer.listingsWrites).toBe(0);
    within({ ...page, listingsReads: page.listingsReads + related.listingsReads, listingsWrites: viewer.listingsWrites }, STATEMENTS.adPage);
  });

  it('signed-in pages: the same search costs the account lookups more; My Ads; the chat list', async () => {
    const user = await createUserWithToken();
    await createListing(user);
    const guest = await counted('/api/listings?category=Vehicles&limit=20');
    const signed = await counted('/api/listings?category=Vehicles&limit=20', { headers: user.auth });
    expect(signed.listingsReads).toBe(guest.listingsReads);
    expect(signed.coreReads - guest.coreReads).toBeLessThanOrEqual(STATEMENTS.signedIn.coreReads.value);
    const myAds = await counted('/api/listings/user/my-listings', { headers: user.auth });
    within(myAds, STATEMENTS.myAds);
    const chats = await counted('/api/messages/chats', { headers: user.auth });
    within(chats, STATEMENTS.chat);
  });

  it('writes: posting an ad, favouriting one', async () => {
    const seller = await createUserWithToken();
    const body = JSON.stringify(await carAd(seller));
    const post = await counted('/api/listings', { method: 'POST', headers: { ...seller.auth, 'content-type': 'application/json' }, body });
    expect(post.listingsWrites).toBeGreaterThan(0);
    within(post, STATEMENTS.postAd);
    const ad = await createListing(seller);
    const buyer = await createUserWithToken();
    const fav = await counted(`/api/listings/${ad.id}/favorite`, { method: 'POST', headers: { ...buyer.auth, 'content-type': 'application/json' }, body: JSON.stringify({ isFavorite: true }) });
    expect(fav.coreWrites).toBeGreaterThan(0);
    within(fav, STATEMENTS.favourite);
  });
});
