/**
 * Writes (and the favourites' read) of ads when listings live in several databases (decision 033). The core database keeps
 * what belongs to the account (the posting record that settles the free-ad limit, the uploaded
 * photos); the ad's own database gets the ad, copies of its photo rows (so the ad's read carries its
 * photos in one statement, as with one database) and the seller's card.
 *
 * The seller card is the listings database's own `users` row holding only what a listing shows of
 * its seller (names, avatar, verified, member since): every listings database carries the same
 * migrations, so the listing reads' JOIN users works unchanged and no read crosses databases. E-mail,
 * phone and password never leave the core database.
 *
 * With one listings database the core is that database, and its `users` row was the account itself.
 * Once `users` lives with the accounts (decision 034) the core's row is only the card: posting writes
 * it and the fan-out below keeps it, exactly as in a listings database of several.
 */

import type { Env } from '../../env';
import type { Db } from '../../db/client';
import { accountsDbForUser, accountsSplit } from '../../db/accounts';
import { usersDbFor, usersWithAccounts } from '../../db/users';
import { isSharded, listingDatabases, listingDbForId } from '../../db/shards';
import { COUNT_CAP } from '../../schemas/listings';
import { POSTING_RECORDED, sellerDb } from '../commerce/business';
import { LISTING_COLUMNS, LISTING_JOINS, hydrate, type ListingRow } from './listings';

export interface SellerCard {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  business_name: string | null;
  avatar: string | null;
  is_verified: number;
  created_at: number;
  updated_at: number;
  /**
   * The seller's language, read with the card (never copied into it) so that posting's notices to
   * the seller (held, not published) are written without a read of their own after the ad's batch.
   */
  language?: string | null;
}

/** A photo row as the ad's listings database keeps a copy of it (its position is the ad's order). */
export interface MediaCopy {
  id: string;
  owner_id: string;
  r2_key: string;
  content_type: string;
  bytes: number;
  width: number | null;
  height: number | null;
  created_at: number;
}

const CARD_COLUMNS = 'id, username, first_name, last_name, business_name, avatar, is_verified, created_at, updated_at';

/** The columns of a core photo row (alias m) that a listings database copies, besides id and key. */
export const MEDIA_COPY_READ = 'm.owner_id, m.content_type, m.bytes, m.width, m.height, m.created_at';

/**
 * Do the listings databases hold seller cards apart from the accounts' rows? With several, always;
 * with one (the core), once `users` lives with the accounts: then the core's row is the card.
 */
export const keepsSellerCards = (env: Env) => isSharded(env) || usersWithAccounts(env);

/** The seller's public card as the core has it, for copying into a listings database. */
export const sellerCard = async (env: Env, userId: string): Promise<SellerCard> => {
  const card = await usersDbFor(env, userId).prepare(`SELECT ${CARD_COLUMNS}, language FROM users WHERE id = ?`).bind(userId).first<SellerCard>();
  if (!card) throw new Error(`posting: the seller ${userId} has no account row`);
  return card;
};

/** The seller's card into a listings database: inserted, or brought up to date. */
export const sellerCardStatement = (target: D1Database, card: SellerCard) =>
  target
    .prepare(
      `INSERT INTO users (${CARD_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET username = excluded.username, first_name = excluded.first_name, last_name = excluded.last_name,
         business_name = excluded.business_name, avatar = excluded.avatar, is_verified = excluded.is_verified, updated_at = excluded.updated_at`,
    )
    .bind(card.id, card.username, card.first_name, card.last_name, card.business_name, card.avatar, card.is_verified, card.created_at, card.updated_at);

const MEDIA_COPY_COLUMNS = 'id, owner_id, listing_id, r2_key, content_type, bytes, width, height, position, state, created_at';
/** rows per INSERT: 10 bound values each, D1 binds at most 100 per statement */
const MEDIA_ROWS_PER_STATEMENT = 9;

/**
 * Posts a new ad into its listings database: ONE round trip, two batches side by side — the core's
 * (the posting record that settles the free-ad limit; the photos attached only if it was written)
 * and the ad database's (the seller card, the ad, copies of its photo rows — card and photos read
 * before, beside the limit — and the ad read back as the answer shows it). The two databases share
 * no transaction, so the ad's batch cannot depend on the posting record: when the record was not
 * written (a parallel post of the same seller took the last free ad) the ad and its photo copies are
 * deleted again and 'race-lost' returned, so the caller decides again (a paid slot, or the 402).
 * Until that delete the ad was stored for one round trip; only a search in that instant could list
 * it, and it then answers 404 like any ad removed since (decision 033).
 *
 * With several accounts databases (decision 034) the posting record lives in the seller's accounts
 * database, so a third batch runs beside the two: the posting alone there, and the core's photo
 * updates lose their guard (no statement can read the record); when the record is not written the
 * photos are let go again with the ad. Still one round trip.
 */
export const writeToShard = async (
  env: Env,
  ad: { id: string; posting: D1PreparedStatement; card: SellerCard; photos: MediaCopy[]; shard: D1Database; insert: D1PreparedStatement; event?: D1PreparedStatement },
): Promise<ListingRow | undefined | 'race-lost'> => {
  if (accountsSplit(env)) return writeApart(env, ad);
  const db = ad.shard;
  const copies = photoCopies(db, ad.id, ad.photos);
  const [coreOutcome, shardOutcome] = await Promise.allSettled([
    env.DB.batch<unknown>([
      ad.posting,
      ...ad.photos.map((photo, position) =>
        env.DB.prepare(`UPDATE media SET listing_id = ?, position = ? WHERE id = ? AND ${POSTING_RECORDED}`).bind(ad.id, position, photo.id, ad.id),
      ),
      // the posted photos' duplicate-lookup keys have served (decision 022)
      dropLookupKeys(env.DB, ad.photos.map((photo) => photo.id), ad.id),
    ]),
    db.batch<unknown>([
      sellerCardStatement(db, ad.card),
      ad.insert,
      // the saved-search outbox event, written only with the ad (its guard reads the row just inserted)
      ...(ad.event ? [ad.event] : []),
      ...copies,
      db.prepare(`SELECT ${LISTING_COLUMNS} FROM listings l ${LISTING_JOINS} WHERE l.id = ? LIMIT 1`).bind(ad.id),
    ]),
  ]);
  const removeAd = () => removeAdFrom(db, ad.id);
  if (coreOutcome.status === 'rejected') {
    // the core failed: an ad without its posting record must not stay
    if (shardOutcome.status === 'fulfilled') await removeAd();
    throw coreOutcome.reason;
  }
  if (shardOutcome.status === 'rejected') {
    // the ad failed: its posting record would count a free ad for nothing, its photos point at no ad
    await env.DB.batch([
      env.DB.prepare('UPDATE media SET listing_id = NULL, position = 0 WHERE listing_id = ?').bind(ad.id),
      env.DB.prepare('DELETE FROM ad_postings WHERE listing_id = ?').bind(ad.id),
    ]);
    throw shardOutcome.reason;
  }
  if (((coreOutcome.value[0] as D1Result | undefined)?.meta.changes ?? 0) === 0) {
    await removeAd();
    return 'race-lost';
  }
  return (shardOutcome.value.at(-1) as D1Result<ListingRow> | undefined)?.results[0];
};

/** The statements copying these photo rows into the ad's listings database, in their order. */
const photoCopies = (db: D1Database, listingId: string, photos: MediaCopy[]) => {
  const copies: D1PreparedStatement[] = [];
  for (let i = 0; i < photos.length; i += MEDIA_ROWS_PER_STATEMENT) {
    const chunk = photos.slice(i, i + MEDIA_ROWS_PER_STATEMENT);
    copies.push(
      db
        .prepare(`INSERT INTO media (${MEDIA_COPY_COLUMNS}) VALUES ${chunk.map(() => `(?, ?, ?, ?, ?, ?, ?, ?, ?, 'READY', ?)`).join(', ')}`)
        .bind(...chunk.flatMap((m, k) => [m.id, m.owner_id, listingId, m.r2_key, m.content_type, m.bytes, m.width, m.height, i + k, m.created_at])),
    );
  }
  return copies;
};

/** Takes an ad written in a batch whose posting record did not stay back out of its database. */
const removeAdFrom = (db: D1Database, listingId: string) =>
  db.batch([
    db.prepare('DELETE FROM listing_events WHERE listing_id = ?').bind(listingId),
    db.prepare('DELETE FROM media WHERE listing_id = ?').bind(listingId),
    db.prepare('DELETE FROM listings WHERE id = ?').bind(listingId),
  ]);

/** The core's photo rows of an ad whose posting record did not stay: waiting to be posted again. */
const releasePhotos = (env: Env, listingId: string) => env.DB.prepare('UPDATE media SET listing_id = NULL, position = 0 WHERE listing_id = ?').bind(listingId).run();

/**
 * `writeToShard` with the posting record in the seller's accounts database (decision 034): three
 * batches side by side — the posting alone in the seller's database, the photo rows in the core
 * (unguarded), the ad in its listings database. Whatever failed or was refused, the others are
 * undone: no posting record without its ad, no ad or attached photos without the record.
 */
const writeApart = async (
  env: Env,
  ad: { id: string; posting: D1PreparedStatement; card: SellerCard; photos: MediaCopy[]; shard: D1Database; insert: D1PreparedStatement; event?: D1PreparedStatement },
): Promise<ListingRow | undefined | 'race-lost'> => {
  const db = ad.shard;
  const seller = sellerDb(env, ad.card.id);
  const photoIds = ad.photos.map((photo) => photo.id);
  const [postingOutcome, coreOutcome, shardOutcome] = await Promise.allSettled([
    seller.batch([ad.posting]),
    ad.photos.length
      ? env.DB.batch<unknown>([
          ...ad.photos.map((photo, position) => env.DB.prepare('UPDATE media SET listing_id = ?, position = ? WHERE id = ?').bind(ad.id, position, photo.id)),
          dropLookupKeys(env.DB, photoIds, ad.id, 'attached'),
        ])
      : Promise.resolve([]),
    db.batch<unknown>([
      sellerCardStatement(db, ad.card),
      ad.insert,
      ...(ad.event ? [ad.event] : []),
      ...photoCopies(db, ad.id, ad.photos),
      db.prepare(`SELECT ${LISTING_COLUMNS} FROM listings l ${LISTING_JOINS} WHERE l.id = ? LIMIT 1`).bind(ad.id),
    ]),
  ]);
  const recorded = postingOutcome.status === 'fulfilled' && (postingOutcome.value[0]?.meta.changes ?? 0) > 0;
  const failed = [postingOutcome, coreOutcome, shardOutcome].find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failed || !recorded) {
    await Promise.all([
      shardOutcome.status === 'fulfilled' ? removeAdFrom(db, ad.id) : undefined,
      coreOutcome.status === 'fulfilled' && photoIds.length ? releasePhotos(env, ad.id) : undefined,
      recorded ? seller.prepare('DELETE FROM ad_postings WHERE listing_id = ?').bind(ad.id).run() : undefined,
    ]);
    if (failed) throw failed.reason;
    return 'race-lost';
  }
  return ((shardOutcome as PromiseFulfilledResult<D1Result[]>).value.at(-1) as D1Result<ListingRow> | undefined)?.results[0];
};

/**
 * Drops the duplicate-photo lookup keys (decision 022) of photos that joined ad `listingId` (in the posting batch, only if its
 * posting record was written): posting is the one reader of the keys, an edit looks photos up from
 * their rows, so keys are kept only while a photo waits to be posted (the orphan clean-up removes
 * the rest with their photos, by the foreign key).
 */
export const dropLookupKeys = (db: D1Database, mediaIds: string[], listingId: string, when: 'posted' | 'attached' = 'posted') =>
  when === 'posted'
    ? db.prepare('DELETE FROM media_lookups WHERE media_id IN (SELECT value FROM json_each(?)) AND EXISTS (SELECT 1 FROM ad_postings WHERE listing_id = ?)').bind(JSON.stringify(mediaIds), listingId)
    : // with the posting record in the seller's accounts database the photo rows attached in the same
      // batch stand for it; a record then refused lets the photos go again, without their keys (an
      // edit looks photos up from their rows; only a repost of the same photo misses the check)
      db
        .prepare('DELETE FROM media_lookups WHERE media_id IN (SELECT value FROM json_each(?)) AND EXISTS (SELECT 1 FROM media m WHERE m.id = media_lookups.media_id AND m.listing_id = ?)')
        .bind(JSON.stringify(mediaIds), listingId);

/** ids per statement: D1 binds at most 100 parameters */
const IDS_PER_STATEMENT = 90;

/**
 * A buyer's favourites when the ads or the accounts live in several databases: the favourites
 * (newest first, the newest COUNT_CAP of them) from the buyer's accounts database (the core with
 * one, decision 034), then the ads from their own databases side by side — two round trips, the
 * read budget. As with one database, ads hidden by their seller or a moderator leave the list and
 * the total.
 */
export const listShardedFavorites = async (env: Env, db: Db, origin: string, userId: string, q: { page: number; limit: number }) => {
  const { results: favourites } = await accountsDbForUser(env, userId).prepare(`SELECT listing_id FROM favorites WHERE user_id = ? ORDER BY created_at DESC LIMIT ${COUNT_CAP}`)
    .bind(userId)
    .all<{ listing_id: string }>();
  const byDatabase = new Map<D1Database, string[]>();
  for (const f of favourites) {
    const target = listingDbForId(env, f.listing_id);
    byDatabase.set(target, [...(byDatabase.get(target) ?? []), f.listing_id]);
  }
  const found = new Map<string, ListingRow>();
  await Promise.all(
    [...byDatabase].map(async ([target, ids]) => {
      const statements: D1PreparedStatement[] = [];
      for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
        const chunk = ids.slice(i, i + IDS_PER_STATEMENT);
        statements.push(
          target
            .prepare(`SELECT ${LISTING_COLUMNS} FROM listings l ${LISTING_JOINS} WHERE l.id IN (${chunk.map(() => '?').join(', ')}) AND l.status IN ('APPROVED', 'SOLD', 'EXPIRED')`)
            .bind(...chunk),
        );
      }
      for (const result of await target.batch<ListingRow>(statements)) for (const row of result.results) found.set(row.id, row);
    }),
  );
  const visible = favourites.flatMap((f) => found.get(f.listing_id) ?? []);
  const rows = visible.slice((q.page - 1) * q.limit, q.page * q.limit);
  const listings = await hydrate(db, env, origin, rows);
  return {
    listings: listings.map((l) => ({ ...l, isFavorite: true })),
    pagination: { page: q.page, limit: q.limit, total: visible.length, pages: Math.ceil(visible.length / q.limit) },
  };
};

/**
 * A posting record written on its own in the seller's database (the core's `DB` with one accounts
 * database, their accounts database with several: decision 034), for an ad whose row lives in another
 * database (an edit into another limit group, going live again): no statement can make it depend
 * on the ad's row, so it goes first and the caller withdraws it if the ad's own write then fails.
 * True when written (the limit or the paid slot still allowed it).
 */
export const recordPostingAlone = async (env: Env, userId: string, posting: D1PreparedStatement) => ((await sellerDb(env, userId).batch([posting]))[0]?.meta.changes ?? 0) > 0;

/** Takes back a posting record written by recordPostingAlone (the ad's write did not apply). */
export const withdrawPosting = (env: Env, userId: string, listingId: string, limitKey: string, createdAt: number) =>
  sellerDb(env, userId).prepare('DELETE FROM ad_postings WHERE listing_id = ? AND limit_key = ? AND created_at = ?').bind(listingId, limitKey, createdAt).run();

/**
 * The statements that replace an ad's photo copies in its listings database with these core photo
 * rows, in this order; every one conditional on `guard` (the ad's write in the same batch applied).
 * One read of the core rows first.
 */
export const photoCopyStatements = async (env: Env, shard: D1Database, listingId: string, photoIds: string[], guard: { sql: string; params: unknown[] }) => {
  const { results } = photoIds.length
    ? await env.DB.prepare(`SELECT id, owner_id, r2_key, content_type, bytes, width, height, created_at FROM media WHERE id IN (${photoIds.map(() => '?').join(', ')})`)
        .bind(...photoIds)
        .all<Omit<MediaCopy, 'position'>>()
    : { results: [] };
  const byId = new Map(results.map((m) => [m.id, m]));
  return [
    shard.prepare(`DELETE FROM media WHERE listing_id = ? AND ${guard.sql}`).bind(listingId, ...guard.params),
    ...photoIds.flatMap((id, position) => {
      const m = byId.get(id);
      return m
        ? [
            shard
              .prepare(`INSERT INTO media (${MEDIA_COPY_COLUMNS}) SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, 'READY', ? WHERE ${guard.sql}`)
              .bind(m.id, m.owner_id, listingId, m.r2_key, m.content_type, m.bytes, m.width, m.height, position, m.created_at, ...guard.params),
          ]
        : [];
    }),
  ];
};

/**
 * Seller-card fan-out (decision 033): after the core's `users` row changed (profile, avatar,
 * verification, a ban, a deleted account), every listings database that holds the seller's card
 * gets the core's public columns, side by side, one batch per database, with `also` (statements of
 * the same change for that database, e.g. holding a banned seller's ads) in the same batch. A
 * database without the card changes nothing (an UPDATE, not an upsert: the card arrives with the
 * seller's first ad there). A card never goes back in time: an older copy racing a newer one finds
 * the newer `updated_at` and writes nothing. Nothing at all with one database while `users` is there:
 * the card is the account's row.
 */
export const refreshSellerCards = async (env: Env, userId: string, also: (target: D1Database) => D1PreparedStatement[] = () => []) => {
  if (!keepsSellerCards(env)) return;
  const card = await usersDbFor(env, userId).prepare(`SELECT ${CARD_COLUMNS} FROM users WHERE id = ?`).bind(userId).first<SellerCard>();
  if (!card) return;
  await Promise.all(
    listingDatabases(env).map((target) =>
      target.batch([
        target
          .prepare(
            `UPDATE users SET username = ?, first_name = ?, last_name = ?, business_name = ?, avatar = ?, is_verified = ?, updated_at = ?
             WHERE id = ? AND updated_at <= ?`,
          )
          .bind(card.username, card.first_name, card.last_name, card.business_name, card.avatar, card.is_verified, card.updated_at, card.id, card.updated_at),
        ...also(target),
      ]),
    ),
  );
};
