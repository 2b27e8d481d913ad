/**
 * The archive of ended ads (decision 021), with a controlled clock: the job runs "91 days later"
 * by being given that moment. One seller, one buyer and a handful of ads are built once for the file;
 * each test then looks at one side of the move.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { call } from './helpers';
import { accountsDbs, addFavourite, chatDb, chatsApart, createListing, createUserWithToken, listingDb, listingDbs } from '../factories';
import { CHAT_COLUMNS, chatCopyStatement, type ChatRecord } from '../../worker/services/chat/chats-move';
import { jpegBytes } from '../factories/images';
import { archiveDocKey, archiveEndedAds, purgeArchiveOf, retireEarlierArchivedChats, type ArchiveDocument } from '../../worker/services/listings/archive';
import { archivedChatKey } from '../../worker/services/listings/archive-keys';
import { runConsistencyChecks } from '../../worker/services/consistency';
import { d1MessageRows, roomMessages } from '../support/chat-room';
import { ARCHIVABLE_STATES } from '../../worker/schemas/archive-data';

const DAY = 86_400_000;
const CAR = { brand: 'Hyundai', year: 2020, fuel: 'Diesel', transmission: 'Manual', kmDriven: 1000, noOfOwners: '1st' };
type User = Awaited<ReturnType<typeof createUserWithToken>>;

let seller: User;
let buyer: User;
/** "now" for the job: the ended ads below ended relative to it */
const NOW = Date.now() + 200 * DAY;

const photo = async (owner: User) => {
  const key = `u/${owner.id}/${ulid().toLowerCase()}.jpg`;
  await env.MEDIA.put(key, jpegBytes(), { httpMetadata: { contentType: 'image/jpeg' } });
  return key;
};
// an ad's row is in its own database (the core with one listings database, its group's with several: decision 033)
const setEnded = (id: string, status: string, at: number) => listingDb(id).prepare('UPDATE listings SET status = ?, updated_at = ? WHERE id = ?').bind(status, at, id).run();
const inD1 = async (id: string) => Boolean(await listingDb(id).prepare('SELECT 1 FROM listings WHERE id = ?').bind(id).first());
const doc = async (id: string) => {
  const o = await env.MEDIA.get(archiveDocKey(id));
  return o ? ((await o.json()) as ArchiveDocument) : null;
};
const entriesFor = async (userId: string, id: string) => {
  const listed = await env.MEDIA.list({ prefix: `archive/sellers/${userId}/`, include: ['customMetadata'] });
  return listed.objects.filter((o) => o.customMetadata?.id === id);
};
const countRows = async (sql: string, ...params: unknown[]) => (await env.DB.prepare(sql).bind(...params).first<{ n: number }>())!.n;
/** A count summed over the core and every listings database: "out of every D1 table" wherever the table is. */
const countEverywhere = async (sql: string, ...params: unknown[]) => {
  const dbs = [...new Set([env.DB, ...listingDbs(), ...accountsDbs()])];
  const counts = await Promise.all(dbs.map((db) => db.prepare(sql).bind(...params).first<{ n: number }>()));
  return counts.reduce((n, r) => n + r!.n, 0);
};

// ads built in beforeAll
let soldOld: { id: string; slug: string; title: string };
let soldRecent: { id: string };
let inactiveOld: { id: string };
let expiredOld: { id: string };
let liveOld: { id: string };
let photos: string[];
let chatId: string;

beforeAll(async () => {
  seller = await createUserWithToken({ firstName: 'Seller' });
  buyer = await createUserWithToken({ firstName: 'Buyer' });
  photos = [await photo(seller), await photo(seller)];
  soldOld = await createListing(seller, { title: 'Maruti Swift 2019 sold long ago', features: CAR, area: 'Koramangala', images: photos, views: 42 });
  // a buyer's trace on it: a conversation (started while it was live), a favourite, a view
  const chat = await call('/api/messages/chats', { method: 'POST', headers: { ...buyer.auth, 'content-type': 'application/json' }, body: JSON.stringify({ listingId: soldOld.id }) });
  expect(chat.body).toMatchObject({ success: true });
  expect(chat.status).toBe(201);
  chatId = chat.body.data.chat.id;
  const sent = await call('/api/messages/messages', { method: 'POST', headers: { ...buyer.auth, 'content-type': 'application/json' }, body: JSON.stringify({ chatId, content: 'Is it still available?' }) });
  expect(sent.body, JSON.stringify(sent.body)).toMatchObject({ success: true });
  expect(sent.status).toBe(201);
  // the favourite is the buyer's accounts database's; the view counters are kept beside the ad
  await addFavourite(buyer.id, soldOld.id);
  const adDb = listingDb(soldOld.id);
  await adDb.batch([
    adDb.prepare('INSERT INTO listing_views (listing_id, viewer_key, day) VALUES (?, ?, 1)').bind(soldOld.id, `u:${buyer.id}`),
    adDb.prepare('INSERT INTO listing_daily_stats (listing_id, day, views) VALUES (?, 1, 3)').bind(soldOld.id),
  ]);
  await setEnded(soldOld.id, 'SOLD', NOW - (ARCHIVABLE_STATES.SOLD.retentionDays + 1) * DAY);
  soldRecent = await createListing(seller, { title: 'Honda City sold last week', features: CAR });
  await setEnded(soldRecent.id, 'SOLD', NOW - 10 * DAY);
  inactiveOld = await createListing(seller, { title: 'Hyundai i20 deactivated long ago', features: CAR, images: [await photo(seller)] });
  await setEnded(inactiveOld.id, 'INACTIVE', NOW - (ARCHIVABLE_STATES.INACTIVE.retentionDays + 1) * DAY);
  // expired and not renewed (decision 019): one line of data made it archivable
  expiredOld = await createListing(seller, { title: 'Kia Seltos expired long ago', features: CAR });
  await setEnded(expiredOld.id, 'EXPIRED', NOW - (ARCHIVABLE_STATES.EXPIRED.retentionDays + 1) * DAY);
  // live ads never archive, however old
  liveOld = await createListing(seller, { title: 'Tata Nexon live for ages', features: CAR });
  await setEnded(liveOld.id, 'APPROVED', NOW - 1000 * DAY);
});

describe('the archive job', () => {
  it('moves ads ended longer than their retention to R2, and out of every D1 table; a second run moves nothing', async () => {
    expect(await archiveEndedAds(env, { now: NOW })).toBe(3);
    expect(await inD1(soldOld.id)).toBe(false);
    expect(await inD1(inactiveOld.id)).toBe(false);
    expect(await doc(expiredOld.id)).toMatchObject({ finalStatus: 'EXPIRED' });
    expect(await inD1(soldRecent.id)).toBe(true);
    expect(await inD1(liveOld.id)).toBe(true);
    for (const table of ['media', 'favorites', 'listing_views', 'listing_daily_stats']) {
      expect(await countEverywhere(`SELECT count(*) AS n FROM ${table} WHERE listing_id = ?`, soldOld.id), table).toBe(0);
    }
    const archived = await doc(soldOld.id);
    expect(archived).toMatchObject({
      id: soldOld.id,
      userId: seller.id,
      title: soldOld.title,
      finalStatus: 'SOLD',
      features: CAR,
      photosRemoved: 1,
      stats: { views: 42, favourites: 1, chats: 1 },
    });
    // the cover stays for the card and the repost; the other photo is gone from R2
    expect(archived!.photos.map((p) => p.key)).toEqual([photos[0]]);
    expect(await env.MEDIA.head(photos[0]!)).not.toBeNull();
    expect(await env.MEDIA.head(photos[1]!)).toBeNull();
    // the conversation leaves D1 with the ad; its room keeps the messages, the document names it, a marker answers old links
    // (where the conversation's row lived: its buyer's accounts database with the conversations' switch on)
    expect((await chatDb(chatId).prepare('SELECT count(*) AS n FROM chats WHERE listing_id = ?').bind(soldOld.id).first<{ n: number }>())!.n).toBe(0);
    expect(await d1MessageRows(chatId)).toBe(0);
    expect((await roomMessages(chatId)).map((m) => m.content)).toEqual(['Is it still available?']);
    expect(archived!.conversations).toEqual([{ id: chatId, buyerId: buyer.id, createdAt: expect.any(Number), lastMessageAt: expect.any(Number), messages: 1 }]);
    expect((await env.MEDIA.head(archivedChatKey(chatId)))?.customMetadata).toMatchObject({ listingId: soldOld.id, buyerId: buyer.id, sellerId: seller.id });
    expect(await archiveEndedAds(env, { now: NOW })).toBe(0);
    expect(await entriesFor(seller.id, soldOld.id)).toHaveLength(1);
  });

  it('a crash between the R2 write and the D1 delete leaves the ad in D1 with its copy; the next run finishes it, listed once', async () => {
    const ad = await createListing(seller, { title: 'Swift Dzire that crashed the job', features: CAR, images: [await photo(seller)] });
    await setEnded(ad.id, 'SOLD', NOW - 100 * DAY);
    await expect(
      archiveEndedAds(env, {
        now: NOW,
        hooks: {
          afterR2Write: (id) => {
            if (id === ad.id) throw new Error('worker killed');
          },
        },
      }),
    ).rejects.toThrow('worker killed');
    // never gone from both: still in D1, and its copy in R2
    expect(await inD1(ad.id)).toBe(true);
    expect(await doc(ad.id)).not.toBeNull();
    // the half-done copy is not shown in the Archived tab while the ad is still in D1
    const page = await call('/api/listings/user/archived?limit=50', { headers: seller.auth });
    expect(page.body.data.ads.map((a: { id: string }) => a.id)).not.toContain(ad.id);
    await archiveEndedAds(env, { now: NOW + DAY });
    expect(await inD1(ad.id)).toBe(false);
    expect(await entriesFor(seller.id, ad.id)).toHaveLength(1);
  });

  it('an ad put back on sale while being archived stays in D1 and leaves no copy behind', async () => {
    const ad = await createListing(seller, { title: 'Alto back on sale midway', features: CAR });
    await setEnded(ad.id, 'SOLD', NOW - 100 * DAY);
    const moved = await archiveEndedAds(env, {
      now: NOW,
      hooks: { afterR2Write: async (id) => void (id === ad.id && (await setEnded(ad.id, 'APPROVED', NOW))) },
    });
    expect(moved).toBe(0);
    expect(await inD1(ad.id)).toBe(true);
    expect(await doc(ad.id)).toBeNull();
    expect(await entriesFor(seller.id, ad.id)).toHaveLength(0);
  });
});

describe('the seller reads the archive in My Ads', () => {
  it('pages the Archived tab newest first with a cursor, and opens one ad', async () => {
    const first = await call('/api/listings/user/archived?limit=1', { headers: seller.auth });
    expect(first.status).toBe(200);
    expect(first.body.data.ads).toHaveLength(1);
    expect(first.body.data.nextCursor).toEqual(expect.any(String));
    const seen = [...first.body.data.ads];
    let cursor: string | null = first.body.data.nextCursor;
    for (let i = 0; cursor && i < 10; i++) {
      const next = await call(`/api/listings/user/archived?limit=1&cursor=${encodeURIComponent(cursor)}`, { headers: seller.auth });
      expect(next.status).toBe(200);
      seen.push(...next.body.data.ads);
      cursor = next.body.data.nextCursor;
    }
    expect(cursor).toBeNull();
    const ids = seen.map((a: { id: string }) => a.id);
    expect(ids).toEqual(expect.arrayContaining([soldOld.id, inactiveOld.id, expiredOld.id]));
    expect(new Set(ids).size).toBe(ids.length);
    const card = seen.find((a: { id: string }) => a.id === soldOld.id);
    expect(card).toMatchObject({ title: soldOld.title, price: 10_000, currency: 'INR', finalStatus: 'SOLD' });
    expect(card.image).toContain(photos[0]);
    const times = seen.map((a: { archivedAt: string }) => Date.parse(a.archivedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const opened = await call(`/api/listings/user/archived/${soldOld.id}`, { headers: seller.auth });
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ id: soldOld.id, condition: 'USED', photosRemoved: 1, stats: { views: 42, favourites: 1, chats: 1 } });
    expect(opened.body.data.description).toContain('well kept');
    expect(opened.body.data.images).toHaveLength(1);
  });

  it('nobody else can list or open it: 404 for another user, 401 for a guest; a broken cursor is a 400', async () => {
    const other = await call(`/api/listings/user/archived/${soldOld.id}`, { headers: buyer.auth });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('ARCHIVED_AD_NOT_FOUND');
    expect((await call(`/api/listings/user/archived/${soldOld.id}`)).status).toBe(401);
    const theirs = await call('/api/listings/user/archived', { headers: buyer.auth });
    expect(theirs.body.data).toEqual({ ads: [], nextCursor: null });
    const bad = await call('/api/listings/user/archived?cursor=not-a-cursor', { headers: seller.auth });
    expect(bad.status).toBe(400);
  });
});

describe('everyone else meets an archived ad as gone', () => {
  it('answers 410 on the API and the page; the conversation is gone from both chat lists and its link answers 410; favourites drop it', async () => {
    for (const auth of [buyer.auth, seller.auth, {}]) {
      const res = await call(`/api/listings/${soldOld.id}`, { headers: auth });
      expect(res.status).toBe(410);
      expect(res.body.code).toBe('LISTING_ARCHIVED');
    }
    expect((await call(`/api/listings/slug/${soldOld.slug}`)).status).toBe(410);
    const page = await call(`/item/${soldOld.slug}`);
    expect(page.status).toBe(410);
    expect((await call(`/api/listings/${ulid().toLowerCase()}`)).status).toBe(404);

    for (const member of [buyer, seller]) {
      const chats = await call('/api/messages/chats', { headers: member.auth });
      expect(chats.status).toBe(200);
      expect(chats.body.data.chats.map((c: { id: string }) => c.id)).not.toContain(chatId);
      for (const [method, path, body] of [
        ['GET', `/api/messages/chats/${chatId}`],
        ['GET', `/api/messages/chats/${chatId}/messages`],
        ['PUT', `/api/messages/chats/${chatId}/read`],
        ['POST', '/api/messages/messages', { chatId, content: 'Hello?' }],
      ] as const) {
        const res = await call(path, { method, headers: { ...member.auth, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
        expect(res.status, `${method} ${path}`).toBe(410);
        expect(res.body).toEqual({ success: false, code: 'CHAT_ARCHIVED', error: 'This conversation has ended: the ad it was about is no longer on SEL.' });
      }
    }
    // anyone else learns nothing: the same answer as for a conversation that never was
    const stranger = await createUserWithToken();
    const probe = await call(`/api/messages/chats/${chatId}`, { headers: stranger.auth });
    expect([probe.status, probe.body.code]).toEqual([404, 'CHAT_NOT_FOUND']);
    // nothing was stored by the refused send
    expect((await roomMessages(chatId)).map((m) => m.content)).toEqual(['Is it still available?']);
    const favourites = await call('/api/listings/user/favorites', { headers: buyer.auth });
    expect(favourites.body.data.listings).toEqual([]);
  });

  it('conversations of ads archived before they left with them go from the hourly job, history first into their rooms', async () => {
    const ad = await createListing(seller, { title: 'Wagon R archived long ago', features: CAR });
    const opened = await call('/api/messages/chats', { method: 'POST', headers: { ...buyer.auth, 'content-type': 'application/json' }, body: JSON.stringify({ listingId: ad.id }) });
    const earlier = opened.body.data.chat.id as string;
    // as an earlier archive left it: the ad gone, its title on the chat, and messages D1 held from before the rooms kept them.
    // With the conversations' rows in their buyers' databases such a row stayed in the core for this job
    // (worker/services/chat/chats-move.ts), the move's copy of it, title and all, in the buyer's database.
    const home = chatDb(earlier);
    if (chatsApart) {
      const row = await home.prepare(`SELECT ${CHAT_COLUMNS.join(', ')} FROM chats WHERE id = ?`).bind(earlier).first<ChatRecord>();
      await chatCopyStatement(env.DB, [row!], true).run();
    }
    const leftBehind = 'UPDATE chats SET listing_title = ?, last_seq = 1, last_message = ? WHERE id = ?';
    await Promise.all([
      env.DB.batch([
        env.DB.prepare('INSERT INTO messages (id, chat_id, seq, sender_id, content, message_type, created_at) VALUES (?, ?, 1, ?, ?, ?, ?)').bind(`msg_${ulid().toLowerCase()}`, earlier, buyer.id, 'Old question', 'TEXT', Date.now()),
        env.DB.prepare(leftBehind).bind(ad.title, 'Old question', earlier),
      ]),
      chatsApart ? home.prepare(leftBehind).bind(ad.title, 'Old question', earlier).run() : undefined,
    ]);
    await listingDb(ad.id).prepare('DELETE FROM listings WHERE id = ?').bind(ad.id).run();
    expect(await retireEarlierArchivedChats(env, 10)).toBe(1);
    expect(await countRows('SELECT count(*) AS n FROM chats WHERE id = ?', earlier)).toBe(0);
    expect((await home.prepare('SELECT count(*) AS n FROM chats WHERE id = ?').bind(earlier).first<{ n: number }>())!.n).toBe(0);
    expect(await d1MessageRows(earlier)).toBe(0);
    expect((await roomMessages(earlier)).map((m) => m.content)).toEqual(['Old question']);
    expect((await call(`/api/messages/chats/${earlier}`, { headers: buyer.auth })).status).toBe(410);
    expect(await retireEarlierArchivedChats(env, 10)).toBe(0);
    // the consistency checker finds nothing left behind
    const report = await runConsistencyChecks(env);
    expect(report.checks.filter((c) => c.rows > 0).map((c) => c.name)).toEqual([]);
  });
});

describe('deleting and reposting', () => {
  it('a deleted ad is archived at once and is a 410 to everyone', async () => {
    const key = await photo(seller);
    const ad = await createListing(seller, { title: 'Creta deleted by its seller', features: CAR, images: [key] });
    const deleted = await call(`/api/listings/${ad.id}`, { method: 'DELETE', headers: seller.auth });
    expect(deleted.status).toBe(200);
    expect(await inD1(ad.id)).toBe(false);
    expect(await doc(ad.id)).toMatchObject({ finalStatus: 'DELETED', photos: [{ key }] });
    expect((await call(`/api/listings/${ad.id}`, { headers: buyer.auth })).status).toBe(410);
  });

  it('reposts an archived ad in one call as a new ad through the posting rules; others get 404', async () => {
    expect((await call(`/api/listings/user/archived/${soldOld.id}/repost`, { method: 'POST', headers: buyer.auth })).status).toBe(404);
    const res = await call(`/api/listings/user/archived/${soldOld.id}/repost`, { method: 'POST', headers: seller.auth });
    expect(res.status).toBe(201);
    const fresh = res.body.data;
    expect(fresh.id).not.toBe(soldOld.id);
    expect(fresh).toMatchObject({ title: soldOld.title, status: 'APPROVED', price: 10_000, features: expect.objectContaining({ brand: 'Hyundai' }) });
    expect(fresh.neighbourhood ?? fresh.location).toContain('Koramangala');
    // its own copy of the photo: the archive's cover stays the archive's
    expect(fresh.images).toHaveLength(1);
    expect(fresh.images[0]).not.toContain(photos[0]);
    expect(await env.MEDIA.head(photos[0]!)).not.toBeNull();
    // counted like any new ad against the free-ad limit
    // (in the seller's accounts database, decision 034)
    expect((await Promise.all(accountsDbs().map((db) => db.prepare('SELECT count(*) AS n FROM ad_postings WHERE listing_id = ?').bind(fresh.id).first<{ n: number }>()))).reduce((n, r) => n + r!.n, 0)).toBe(1);
    expect((await call(`/api/listings/${fresh.id}`)).status).toBe(200);
    // the archived copy stays
    expect(await doc(soldOld.id)).not.toBeNull();
  });

  it('a deleted account takes its archive with it (the documents carry contact details)', async () => {
    const leaving = await createUserWithToken({ firstName: 'Leaving' });
    const key = await photo(leaving);
    const ad = await createListing(leaving, { title: 'Verna of a seller who leaves', features: CAR, images: [key] });
    expect((await call(`/api/listings/${ad.id}`, { method: 'DELETE', headers: leaving.auth })).status).toBe(200);
    expect(await doc(ad.id)).not.toBeNull();
    expect(await purgeArchiveOf(env, leaving.id)).toBe(1);
    expect(await doc(ad.id)).toBeNull();
    expect(await entriesFor(leaving.id, ad.id)).toHaveLength(0);
    expect(await env.MEDIA.head(key)).toBeNull();
    // someone else's archive is untouched
    expect(await doc(soldOld.id)).not.toBeNull();
  });
});
