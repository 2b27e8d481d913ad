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
 */

import type { Env } from '../../env';
import type { Db } from '../../db/client';
import { listingDbForId } from '../../db/shards';
import { COUNT_CAP } from '../../schemas/listings';
import { POSTING_RECORDED } from '../commerce/business';
import { LISTING_COLUMNS, LISTING_JOINS, hydrate, type ListingRow } from './listings';

interface SellerCard {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  business_name: string | null;
  avatar: string | null;
  is_verified: number;
  created_at: number;
  updated_at: number;
}

interface MediaCopy {
  id: string;
  owner_id: string;
  r2_key: string;
  content_type: string;
  bytes: number;
  width: number | null;
  height: number | null;
  position: number;
  created_at: number;
}

const CARD_COLUMNS = 'id, username, first_name, last_name, business_name, avatar, is_verified, created_at, updated_at';

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
 * Posts a new ad into its listings database. Two round trips, one after the other: the core batch
 * (the posting record first; the photos are attached only if it was written; the seller card and the
 * attached photo rows read back in the same batch), then the ad's database batch (the card, the ad,
 * its photo rows, and the ad read back as the answer shows it). 'race-lost' when the posting record
 * was not written (a parallel post took the free ad): nothing was stored and the caller decides again.
 */
export const writeToShard = async (
  env: Env,
  ad: { id: string; userId: string; posting: D1PreparedStatement; photoIds: string[]; shard: D1Database; insert: D1PreparedStatement; event?: D1PreparedStatement },
): Promise<ListingRow | undefined | 'race-lost'> => {
  const core = await env.DB.batch<unknown>([
    ad.posting,
    ...ad.photoIds.map((mediaId, position) =>
      env.DB.prepare(`UPDATE media SET listing_id = ?, position = ? WHERE id = ? AND ${POSTING_RECORDED}`).bind(ad.id, position, mediaId, ad.id),
    ),
    env.DB.prepare(`SELECT ${CARD_COLUMNS} FROM users WHERE id = ?`).bind(ad.userId),
    env.DB.prepare(`SELECT id, owner_id, r2_key, content_type, bytes, width, height, position, created_at FROM media WHERE listing_id = ? ORDER BY position`).bind(ad.id),
  ]);
  if (((core[0] as D1Result | undefined)?.meta.changes ?? 0) === 0) return 'race-lost';
  const card = (core.at(-2) as D1Result<SellerCard> | undefined)?.results[0];
  const photos = ((core.at(-1) as D1Result<MediaCopy> | undefined)?.results ?? []) as MediaCopy[];
  if (!card) throw new Error(`posting: the seller ${ad.userId} has no account row`);
  const db = ad.shard;
  const copies: D1PreparedStatement[] = [];
  for (let i = 0; i < photos.length; i += MEDIA_ROWS_PER_STATEMENT) {
    const chunk = photos.slice(i, i + MEDIA_ROWS_PER_STATEMENT);
    copies.push(
      db
        .prepare(`INSERT INTO media (${MEDIA_COPY_COLUMNS}) VALUES ${chunk.map(() => `(?, ?, ?, ?, ?, ?, ?, ?, ?, 'READY', ?)`).join(', ')}`)
        .bind(...chunk.flatMap((m) => [m.id, m.owner_id, ad.id, m.r2_key, m.content_type, m.bytes, m.width, m.height, m.position, m.created_at])),
    );
  }
  const written = await db.batch<unknown>([
    sellerCardStatement(db, card),
    ad.insert,
    // the saved-search outbox event, written only with the ad (its guard reads the row just inserted)
    ...(ad.event ? [ad.event] : []),
    ...copies,
    db.prepare(`SELECT ${LISTING_COLUMNS} FROM listings l ${LISTING_JOINS} WHERE l.id = ? LIMIT 1`).bind(ad.id),
  ]);
  return (written.at(-1) as D1Result<ListingRow> | undefined)?.results[0];
};

/** ids per statement: D1 binds at most 100 parameters */
const IDS_PER_STATEMENT = 90;

/**
 * A buyer's favourites when the ads live in several databases: the favourites (newest first, the
 * newest COUNT_CAP of them) from the core, then the ads from their own databases side by side — two
 * round trips, the read budget. As with one database, ads hidden by their seller or a moderator
 * leave the list and the total.
 */
export const listShardedFavorites = async (env: Env, db: Db, origin: string, userId: string, q: { page: number; limit: number }) => {
  const { results: favourites } = await env.DB.prepare(`SELECT listing_id FROM favorites WHERE user_id = ? ORDER BY created_at DESC LIMIT ${COUNT_CAP}`)
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
