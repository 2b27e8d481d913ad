/**
 * The view counter (decision 020, addendum): one Durable Object per listings database counts ad
 * views, remembers the day's viewers itself and writes the counters to D1 in batches. Views are
 * recorded with a controlled clock (the `now` each view carries decides its day) and the batches are
 * written by running the object's alarm, as the runtime does every few seconds.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { env } from 'cloudflare:workers';
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { ViewCounter } from '../../durable-objects/view-counter';
import { listingsDatabase, viewCounter, viewShardOfListing } from '../../worker/services/listings/view-counter';
import { MAIN_LISTINGS_SHARD, VIEW_COUNTER, viewCounterName } from '../../worker/schemas/view-counter-data';
import { createListing, createUser, listingDb, sharded } from '../factories';
import type { Env } from '../../worker/env';
import { tagListingId } from '../../worker/db/shards';

const DAY = 86_400_000;
// half past midnight UTC today: a view an hour later is the same day, and the counter still remembers the day
const T = Math.floor(Date.now() / 86_400_000) * 86_400_000 + 1_800_000;
const day = (ms: number) => Math.floor(ms / DAY);

// every ad of this file is in Bengaluru (the factory's city): with several listings databases they
// share Karnataka's database and so its counter, named after its binding; with one, the "main" counter
let SHARD = MAIN_LISTINGS_SHARD;
let BINDING = 'DB';
beforeAll(async () => {
  const karnataka = await env.DB.prepare(`SELECT parent_id FROM locations WHERE kind = 'city' AND name = 'Bengaluru'`).first<number>('parent_id');
  SHARD = viewShardOfListing(env, tagListingId(env, ulid(), karnataka!));
  BINDING = SHARD === MAIN_LISTINGS_SHARD ? 'DB' : SHARD;
  expect(SHARD).toMatch(sharded ? /^LISTINGS_\d$/ : /^main$/);
});
const counter = () => viewCounter(env, SHARD);
const view = (listingId: string, sellerId: string, viewerKey: string, now = T) => {
  expect(viewShardOfListing(env, listingId)).toBe(SHARD);
  return counter().record({ shard: SHARD, listingId, sellerId, viewerKey, now });
};

const d1 = async (listingId: string) => ({
  views: (await listingDb(listingId).prepare('SELECT views FROM listings WHERE id = ?').bind(listingId).first<number>('views'))!,
  days: (await listingDb(listingId).prepare('SELECT day, views FROM listing_daily_stats WHERE listing_id = ? ORDER BY day').bind(listingId).all<{ day: number; views: number }>()).results,
});

/** The database the counter writes: `DB` for the one-database counter, else the listings binding it is named after. */
const countersDb = () => listingsDatabase(env, SHARD);

/** The counter's D1 binding, counting the statements of each batch, and failing or losing its answer on demand. */
const wrappedDb = (mode: { fail?: boolean; loseAnswer?: boolean }, statements: number[] = []): D1Database =>
  new Proxy(countersDb(), {
    get(target, prop) {
      if (prop === 'batch') {
        return async (batch: D1PreparedStatement[]) => {
          statements.push(batch.length);
          if (mode.fail) throw new Error('D1_ERROR: Network connection lost.');
          const result = await target.batch(batch);
          if (mode.loseAnswer) throw new Error('D1_ERROR: Network connection lost.');
          return result;
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

/**
 * Fires the counter's alarm (the runtime clears it, then calls the handler) on an instance over the
 * same storage whose D1 binding is `db`; the alarm set afterwards, if any.
 */
const alarmWith = (db: D1Database) =>
  runInDurableObject(counter(), async (_live: ViewCounter, state) => {
    await state.storage.deleteAlarm();
    await new ViewCounter(state, { ...(env as Env), [BINDING]: db }).alarm();
    return state.storage.getAlarm();
  });

describe('the view counter object', () => {
  it('counts each viewer once per ad per day, never the seller, and writes nothing to D1 until its batch', async () => {
    const seller = await createUser();
    const ad = await createListing(seller, { views: 0 });
    const other = await createListing(seller, { views: 10 });
    expect(await view(ad.id, seller.id, 'a:guest1')).toBe(true);
    expect(await view(ad.id, seller.id, 'a:guest1', T + 3_600_000)).toBe(false);
    expect(await view(ad.id, seller.id, 'u:buyer1')).toBe(true);
    expect(await view(ad.id, seller.id, `u:${seller.id}`)).toBe(false);
    expect(await view(other.id, seller.id, 'a:guest1')).toBe(true);
    // the next day the same viewer counts again
    expect(await view(ad.id, seller.id, 'a:guest1', T + DAY)).toBe(true);

    // nothing on D1 yet: no viewer row, no counter; the object has its alarm set to write them
    expect(await d1(ad.id)).toEqual({ views: 0, days: [] });
    expect(await listingDb(ad.id).prepare('SELECT count(*) AS n FROM listing_views WHERE listing_id IN (?, ?)').bind(ad.id, other.id).first('n')).toBe(0);
    expect(await counter().unwritten([ad.id])).toEqual({ [ad.id]: { total: 3, byDay: { [day(T)]: 2, [day(T + DAY)]: 1 } } });
    const alarm = await runInDurableObject(counter(), (_o, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm! - Date.now()).toBeLessThanOrEqual(VIEW_COUNTER.flushEveryMs);

    // one batch of four statements writes both ads' lifetime counts and day counters (with several
    // databases a fifth reads which of its ads moved to another database meanwhile, decision 033)
    const statements: number[] = [];
    expect(await alarmWith(wrappedDb({}, statements))).toBeNull();
    expect(statements).toEqual([sharded ? 5 : 4]);
    expect(await d1(ad.id)).toEqual({ views: 3, days: [{ day: day(T), views: 2 }, { day: day(T + DAY), views: 1 }] });
    expect(await d1(other.id)).toEqual({ views: 11, days: [{ day: day(T), views: 1 }] });
    expect(await counter().unwritten([ad.id, other.id])).toEqual({ [ad.id]: { total: 0, byDay: {} }, [other.id]: { total: 0, byDay: {} } });

    // a later batch adds to what is there
    expect(await view(ad.id, seller.id, 'a:guest2', T + DAY)).toBe(true);
    expect(await runDurableObjectAlarm(counter())).toBe(true);
    expect(await d1(ad.id)).toEqual({ views: 4, days: [{ day: day(T), views: 2 }, { day: day(T + DAY), views: 2 }] });
  });

  it('loses nothing when evicted before writing, and writes the same counts again after a failed write', async () => {
    const seller = await createUser();
    const ad = await createListing(seller, { views: 5 });
    for (const v of ['a:1', 'a:2', 'a:3']) expect(await view(ad.id, seller.id, v)).toBe(true);
    // eviction: the object's memory is gone, its storage (viewers and pending counts) stays
    await evictDurableObject(counter());
    expect(await view(ad.id, seller.id, 'a:1')).toBe(false);

    // D1 unavailable: nothing written, the counts stay, the alarm comes back later
    const before = Date.now();
    const retryAt = await alarmWith(wrappedDb({ fail: true }));
    expect(retryAt).toBeGreaterThanOrEqual(before + VIEW_COUNTER.retryAfterMs);
    expect((await d1(ad.id)).views).toBe(5);
    expect((await counter().unwritten([ad.id]))[ad.id]!.total).toBe(3);
    // a view meanwhile joins the next batch
    expect(await view(ad.id, seller.id, 'a:4')).toBe(true);

    // D1 back: the failed batch goes first, then the view that came meanwhile
    expect(await alarmWith(countersDb())).toBeNull();
    expect(await d1(ad.id)).toEqual({ views: 9, days: [{ day: day(T), views: 4 }] });
  });

  it('counts a batch once when D1 wrote it but its answer was lost', async () => {
    const seller = await createUser();
    const ad = await createListing(seller, { views: 0 });
    for (const v of ['a:1', 'a:2']) await view(ad.id, seller.id, v);
    // the batch lands, the answer does not: the object keeps it and tries again
    expect(await alarmWith(wrappedDb({ loseAnswer: true }))).not.toBeNull();
    expect(await d1(ad.id)).toEqual({ views: 2, days: [{ day: day(T), views: 2 }] });
    await view(ad.id, seller.id, 'a:3');
    // the second try is refused as a duplicate (its number is recorded), then the next batch is written
    expect(await alarmWith(countersDb())).toBeNull();
    expect(await d1(ad.id)).toEqual({ views: 3, days: [{ day: day(T), views: 3 }] });
    expect(await listingDb(ad.id).prepare('SELECT count(*) AS n FROM view_counter_flushes WHERE counter = ?').bind(viewCounterName(SHARD)).first('n')).toBe(1);
  });

  it('an ad removed before its batch is written gets no orphan counter', async () => {
    const seller = await createUser();
    const ad = await createListing(seller, { views: 0 });
    await view(ad.id, seller.id, 'a:1');
    await listingDb(ad.id).prepare('DELETE FROM listings WHERE id = ?').bind(ad.id).run();
    expect(await runDurableObjectAlarm(counter())).toBe(true);
    expect(await listingDb(ad.id).prepare('SELECT count(*) AS n FROM listing_daily_stats WHERE listing_id = ?').bind(ad.id).first('n')).toBe(0);
    expect((await counter().unwritten([ad.id]))[ad.id]!.total).toBe(0);
  });

  it('forgets viewers of days the consistency checker no longer compares', async () => {
    const seller = await createUser();
    const ad = await createListing(seller);
    const now = Date.now();
    await view(ad.id, seller.id, 'a:old', now - 3 * DAY);
    await view(ad.id, seller.id, 'a:yesterday', now - DAY);
    await view(ad.id, seller.id, 'a:today', now);
    await runDurableObjectAlarm(counter());
    const keys = [now - 3 * DAY, now - DAY, now].map((t) => ({ listingId: ad.id, day: day(t) }));
    expect((await counter().snapshot(keys)).viewers).toEqual([0, 1, 1]);
  });
});
