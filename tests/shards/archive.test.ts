import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { call } from '../api/helpers';
import { createUserWithToken } from '../factories';
import { jpegBytes } from '../factories/images';
import { archiveDocKey, archiveEndedAds, retireEarlierArchivedChats, type ArchiveDocument } from '../../worker/services/listings/archive';
import { archivedChatKey } from '../../worker/services/listings/archive-keys';
import { ARCHIVABLE_STATES, ARCHIVE_CLEANUP_AFTER_MS } from '../../worker/schemas/archive-data';
import { shardAd } from './support';
import { listingsDbs } from './shard-factory';

/**
 * The archive job with the ads over four databases (decision 033), on a controlled clock as
 * tests/api/archive.test.ts runs it: ended ads are found in every database, side by side, each
 * leaves its own database in one guarded batch, then the core's rows of it go; a run stopped in
 * between is finished by a later one. The seller's Archived tab and repost work as with one database.
 */
const DAY = 86_400_000;
const CAR = { brand: 'Hyundai', year: 2020, fuel: 'Diesel', transmission: 'Manual', kmDriven: 1000, noOfOwners: '1st' };
/** "now" for the job: the ended ads below ended relative to it */
const NOW = Date.now() + 400 * DAY;
const LONG_SOLD = NOW - (ARCHIVABLE_STATES.SOLD.retentionDays + 1) * DAY;
type User = Awaited<ReturnType<typeof createUserWithToken>>;
type Ad = Awaited<ReturnType<typeof shardAd>>;

let seller: User;
let buyer: User;

/** A photo in R2, its core row and the copy beside the ad, as posting leaves them. */
const attachPhoto = async (ad: Ad, position: number) => {
  const key = `u/${ad.userId}/${ulid().toLowerCase()}.jpg`;
  await env.MEDIA.put(key, jpegBytes(), { httpMetadata: { contentType: 'image/jpeg' } });
  const id = `med_${ulid().toLowerCase()}`;
  const insert = `INSERT INTO media (id, owner_id, listing_id, r2_key, content_type, bytes, position, state, created_at) VALUES (?, ?, ?, ?, 'image/jpeg', 100, ?, 'READY', ?)`;
  await env.DB.prepare(insert).bind(id, ad.userId, ad.id, key, position, Date.now()).run();
  await ad.db.prepare(insert).bind(id, ad.userId, ad.id, key, position, Date.now()).run();
  return key;
};

/** A buyer's traces on an ad: a conversation (started while it was live), a favourite; a day's views beside the ad. */
const traces = async (ad: Ad) => {
  const opened = await call('/api/messages/chats', { method: 'POST', headers: { ...buyer.auth, 'content-type': 'application/json' }, body: JSON.stringify({ listingId: ad.id }) });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  await env.DB.prepare('INSERT INTO favorites (user_id, listing_id, created_at) VALUES (?, ?, ?)').bind(buyer.id, ad.id, Date.now()).run();
  await ad.db.prepare('INSERT INTO listing_daily_stats (listing_id, day, views) VALUES (?, 1, 3)').bind(ad.id).run();
  return opened.body.data.chat.id as string;
};

const ended = (ad: Ad, status: string, at: number) => ad.db.prepare('UPDATE listings SET status = ?, updated_at = ? WHERE id = ?').bind(status, at, ad.id).run();
const inItsDb = async (ad: Ad) => Boolean(await ad.db.prepare('SELECT 1 FROM listings WHERE id = ?').bind(ad.id).first());
const count = async (db: D1Database, sql: string, ...params: unknown[]) => (await db.prepare(sql).bind(...params).first<{ n: number }>())!.n;
const coreRows = async (id: string) => ({
  chats: await count(env.DB, 'SELECT count(*) AS n FROM chats WHERE listing_id = ?', id),
  favourites: await count(env.DB, 'SELECT count(*) AS n FROM favorites WHERE listing_id = ?', id),
  photos: await count(env.DB, 'SELECT count(*) AS n FROM media WHERE listing_id = ?', id),
});
const doc = async (id: string) => {
  const o = await env.MEDIA.get(archiveDocKey(id));
  return o ? ((await o.json()) as ArchiveDocument) : null;
};

// one ended ad in each database, and a live one that stays
let byDb: Ad[];
let live: Ad;
let chatOf: string;
let photosOf: string[];

beforeAll(async () => {
  seller = await createUserWithToken({ firstName: 'Archana' });
  buyer = await createUserWithToken({ firstName: 'Bhanu' });
  byDb = [];
  for (const city of ['Pune', 'Delhi', 'Ahmedabad', 'Chennai']) byDb.push(await shardAd(seller, { city, title: `Hyundai i20 sold in ${city}`, features: CAR }));
  expect(byDb.map((a) => a.index)).toEqual([0, 1, 2, 3]);
  photosOf = [await attachPhoto(byDb[3]!, 0), await attachPhoto(byDb[3]!, 1)];
  chatOf = await traces(byDb[3]!);
  for (const ad of byDb) await ended(ad, 'SOLD', LONG_SOLD);
  live = await shardAd(seller, { city: 'Chennai', title: 'Hyundai i20 still for sale' });
  await ended(live, 'APPROVED', NOW - 1000 * DAY);
});

describe('the archive job over four databases', () => {
  it('finds ended ads in every database within bounds per database; each leaves its own database, then the core', async () => {
    // one ad per database per batch: every database moves its own, side by side
    expect(await archiveEndedAds(env, { now: NOW, batchSize: 1, batches: 1 })).toBe(4);
    for (const ad of byDb) {
      expect(await inItsDb(ad), ad.id).toBe(false);
      expect(await doc(ad.id), ad.id).toMatchObject({ id: ad.id, userId: seller.id, finalStatus: 'SOLD' });
    }
    expect(await inItsDb(live)).toBe(true);
    const chennai = byDb[3]!;
    // the ad's database: no photo copies, counters or search entry left
    for (const table of ['media', 'listing_daily_stats', 'listing_events']) expect(await count(chennai.db, `SELECT count(*) AS n FROM ${table} WHERE listing_id = ?`, chennai.id), table).toBe(0);
    // the core: conversation, favourite and photo rows gone; the conversation retired to its room
    expect(await coreRows(chennai.id)).toEqual({ chats: 0, favourites: 0, photos: 0 });
    expect((await env.MEDIA.head(archivedChatKey(chatOf)))?.customMetadata).toMatchObject({ listingId: chennai.id, buyerId: buyer.id });
    expect(await count(env.DB, 'SELECT count(*) AS n FROM archive_cleanups')).toBe(0);
    // the cover stays with the document, the other photo leaves R2
    expect((await doc(chennai.id))!.photos.map((p) => p.key)).toEqual([photosOf[0]]);
    expect(await env.MEDIA.head(photosOf[1]!)).toBeNull();
    expect(await archiveEndedAds(env, { now: NOW })).toBe(0);
  });

  it('a seller whose account is deleted keeps no archive: the ad only leaves', async () => {
    const leaving = await createUserWithToken();
    const ad = await shardAd(leaving, { city: 'Delhi', status: 'INACTIVE', updatedAt: NOW - (ARCHIVABLE_STATES.INACTIVE.retentionDays + 1) * DAY });
    await env.DB.prepare(`UPDATE users SET status = 'DELETED' WHERE id = ?`).bind(leaving.id).run();
    expect(await archiveEndedAds(env, { now: NOW })).toBe(1);
    expect(await inItsDb(ad)).toBe(false);
    expect(await doc(ad.id)).toBeNull();
  });

  it('a run stopped after the ad left its database leaves only core rows of a missing ad; a later run finishes them', async () => {
    const ad = await shardAd(seller, { city: 'Ahmedabad', title: 'Bajaj Pulsar the job stopped on' });
    const [cover, second] = [await attachPhoto(ad, 0), await attachPhoto(ad, 1)];
    const chatId = await traces(ad);
    await ended(ad, 'SOLD', LONG_SOLD);
    await expect(
      archiveEndedAds(env, {
        now: NOW,
        hooks: { afterListingsDatabase: (id) => { if (id === ad.id) throw new Error('worker killed'); } },
      }),
    ).rejects.toThrow('worker killed');
    // gone for everyone; its copy in R2; the core still names it, with the record that says so
    expect(await inItsDb(ad)).toBe(false);
    expect((await call(`/api/listings/${ad.id}`, { headers: buyer.auth })).status).toBe(410);
    expect(await coreRows(ad.id)).toEqual({ chats: 1, favourites: 1, photos: 2 });
    expect(await count(env.DB, 'SELECT count(*) AS n FROM archive_cleanups WHERE listing_id = ?', ad.id)).toBe(1);
    // readers already skip those rows: the favourites list is empty, the Archived tab lists the ad
    expect((await call('/api/listings/user/favorites', { headers: buyer.auth })).body.data.listings).toEqual([]);
    // a run while the record is young (a run in progress could be writing it) leaves it
    expect(await archiveEndedAds(env, { now: NOW + 1 })).toBe(0);
    expect(await coreRows(ad.id)).toEqual({ chats: 1, favourites: 1, photos: 2 });
    // a later run finishes it: core rows gone, the conversation retired, the photo not kept leaves R2
    await archiveEndedAds(env, { now: NOW + ARCHIVE_CLEANUP_AFTER_MS + 1 });
    expect(await coreRows(ad.id)).toEqual({ chats: 0, favourites: 0, photos: 0 });
    expect(await count(env.DB, 'SELECT count(*) AS n FROM archive_cleanups')).toBe(0);
    expect((await env.MEDIA.head(archivedChatKey(chatId)))?.customMetadata).toMatchObject({ listingId: ad.id });
    const member = await call(`/api/messages/chats/${chatId}`, { headers: buyer.auth });
    expect([member.status, member.body.code]).toEqual([410, 'CHAT_ARCHIVED']);
    expect(await env.MEDIA.head(cover)).not.toBeNull();
    expect(await env.MEDIA.head(second)).toBeNull();
  });

  it('an ad put back on sale while being archived stays in its database, with no copy and no clean-up record', async () => {
    const ad = await shardAd(seller, { city: 'Delhi', title: 'Scooty back on sale midway' });
    const beside = await shardAd(seller, { city: 'Delhi', title: 'Scooty sold for good' });
    await ended(ad, 'SOLD', LONG_SOLD);
    await ended(beside, 'SOLD', LONG_SOLD);
    const moved = await archiveEndedAds(env, { now: NOW, hooks: { afterR2Write: async (id) => void (id === ad.id && (await ended(ad, 'APPROVED', NOW))) } });
    // the other ad of the run moves
    expect(moved).toBe(1);
    expect(await inItsDb(beside)).toBe(false);
    expect(await inItsDb(ad)).toBe(true);
    expect(await doc(ad.id)).toBeNull();
    expect(await count(env.DB, 'SELECT count(*) AS n FROM archive_cleanups WHERE listing_id = ?', ad.id)).toBe(0);
  });

  it('conversations of earlier archived ads leave only when their ad is gone from its own database', async () => {
    const kept = await shardAd(seller, { city: 'Pune', title: 'Ad still in its database' });
    const gone = await shardAd(seller, { city: 'Chennai', title: 'Ad archived long ago' });
    const keptChat = await traces(kept);
    const goneChat = await traces(gone);
    await gone.db.prepare('DELETE FROM listings WHERE id = ?').bind(gone.id).run();
    await env.DB.prepare('UPDATE chats SET listing_title = ? WHERE id IN (?, ?)').bind('An old title', keptChat, goneChat).run();
    expect(await retireEarlierArchivedChats(env, 10)).toBe(1);
    expect(await count(env.DB, 'SELECT count(*) AS n FROM chats WHERE id = ?', goneChat)).toBe(0);
    expect(await count(env.DB, 'SELECT count(*) AS n FROM chats WHERE id = ?', keptChat)).toBe(1);
    await env.DB.prepare('UPDATE chats SET listing_title = NULL WHERE id = ?').bind(keptChat).run();
  });
});

describe("the seller's archive over four databases", () => {
  it('lists every database’s archived ads in the Archived tab and opens one', async () => {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await call(`/api/listings/user/archived?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: seller.auth });
      expect(page.status).toBe(200);
      ids.push(...page.body.data.ads.map((a: { id: string }) => a.id));
      cursor = page.body.data.nextCursor;
    } while (cursor);
    expect(ids).toEqual(expect.arrayContaining(byDb.map((a) => a.id)));
    expect(new Set(ids).size).toBe(ids.length);
    const opened = await call(`/api/listings/user/archived/${byDb[3]!.id}`, { headers: seller.auth });
    expect(opened.body.data).toMatchObject({ id: byDb[3]!.id, finalStatus: 'SOLD', stats: { favourites: 1, chats: 1 } });
  });

  it("reposts into the group of the ad's place: a new id of that group, in that database", async () => {
    const res = await call(`/api/listings/user/archived/${byDb[3]!.id}/repost`, { method: 'POST', headers: seller.auth });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const fresh = res.body.data as { id: string; title: string; images: string[] };
    expect(fresh.title).toBe(byDb[3]!.title);
    expect(fresh.id.slice(-1)).toBe(String(byDb[3]!.group));
    expect(await listingsDbs[3]!.prepare('SELECT title FROM listings WHERE id = ?').bind(fresh.id).first()).toEqual({ title: byDb[3]!.title });
    expect(fresh.images).toHaveLength(1);
    expect((await call(`/api/listings/${fresh.id}`)).status).toBe(200);
  });
});
