/**
 * The archive (decision 021): ads that ended (sold, deactivated, deleted) move from D1 to R2 — one
 * JSON document per ad and one entry in its seller's listing index — and out of every D1 table and
 * the search index. The seller still lists, opens and reposts them; everyone else gets 410.
 *
 * Order makes it safe to stop anywhere: the document and the index entry are written to R2 first,
 * then one D1 batch removes the ad and its rows, on condition that the ad has not changed since it
 * was read. A crash between the two leaves the ad in D1 and a copy in R2; the next run writes the
 * same keys again (the index key is fixed by the first run) and finishes. An ad that changed
 * meanwhile (put back on sale) stays in D1 and its copy is removed.
 */
import type { StoredListing } from './selling';
import type { Env } from '../../env';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { ulid } from '../../lib/ulid';
import { invalidateListingCaches } from '../../lib/cache';
import { sweepInterruptedMoves } from './shard-move';
import {
  ARCHIVABLE_STATES,
  ARCHIVE_BATCHES_PER_RUN,
  ARCHIVE_BATCH_SIZE,
  ARCHIVE_CLEANUPS_PER_RUN,
  ARCHIVE_CLEANUP_AFTER_MS,
  ARCHIVE_KEPT_PHOTOS,
  retentionMs,
  type ArchivableState,
} from '../../schemas/archive-data';
import type { ArchivedAd, ArchivedAdCard, ArchivedAdsPage } from '../../schemas/archive';
import type { CreateListingInput } from '../../schemas/selling';
import { mediaUrl } from '../photos/media';
import { deleteObjectsIfUnused } from '../photos/uploads';
import { loadLocations } from './locations';
import { CURSOR, DOC_PREFIX, archiveCard, archiveDocKey, archivedChatKey, indexKey, sellerPrefix, type ArchiveDocument } from './archive-keys';
import { roomOf } from '../chat/chat';
import { accountsDatabases, accountsDbForUser, accountsSplit } from '../../db/accounts';
import { onTheirDatabases } from '../chat/chat-members';
import { readUsers, usersWithAccounts } from '../../db/users';
import { isSharded, listingDatabases, listingDbForId } from '../../db/shards';
import { chatDbFor, chatsWithAccounts } from '../../db/chats';

export { archiveDocKey, type ArchiveDocument };

export const ARCHIVED_MESSAGE = 'This ad is no longer available: it was sold or removed.';
const ARCHIVED_NOT_FOUND = "We couldn't find that ad in your archive.";

/** The ad's row as the archive reads it: the selling services' row and the columns shown in My Ads. */
interface ListingRecord extends StoredListing {
  slug: string;
  brand: string | null;
  views: number;
  created_at: number;
}

/**
 * A test stands in for a crash between the R2 writes and the D1 batch, or (several listings
 * databases) between the ad leaving its database and the core's batch.
 */
export interface ArchiveHooks {
  afterR2Write?: (listingId: string) => void | Promise<void>;
  afterListingsDatabase?: (listingId: string) => void | Promise<void>;
}

/** The D1 condition under which the ad may go: it is still exactly as it was read. */
interface Guard {
  sql: string;
  params: unknown[];
}

const unchangedGuard = (row: ListingRecord): Guard => ({
  sql: 'EXISTS (SELECT 1 FROM listings WHERE id = ? AND updated_at = ? AND status = ?)',
  params: [row.id, row.updated_at, row.status],
});

/**
 * Moves one ad: R2 first, then D1. `finalStatus` is the state it ended in (its status, or DELETED).
 * Returns false when the ad changed meanwhile and stays in D1 (its copy removed again).
 * A seller whose account is deleted keeps no archive: their ad only leaves D1.
 */
const archiveOne = async (
  env: Env,
  row: ListingRecord,
  opts: { finalStatus: string; now: number; guard: Guard; keepCopy: boolean; hooks?: ArchiveHooks },
): Promise<boolean> => {
  const sharded = isSharded(env);
  // with several accounts databases (decision 034) the ad's favourites are in its buyers' databases:
  // counted there side by side with the core's reads (still one round trip), removed there after the ad
  const accountsApart = accountsSplit(env);
  const favouritesElsewhere = accountsApart ? countFavouritesEverywhere(env, row.id) : Promise.resolve(0);
  // with the conversations' rows in their buyers' databases (worker/db/chats.ts) the ad's conversations are
  // named by its seller's own chat list rows, read beside the core's batch (still one round trip)
  const chatsElsewhere = chatsWithAccounts(env) ? sellersChatsOf(env, row.user_id, row.id) : undefined;
  const [media, counts, names, chatRows] = await env.DB.batch<unknown>([
    env.DB.prepare(
      'SELECT id, r2_key, content_type, bytes, width, height, phash, phash_b0, phash_b1, phash_b2, phash_b3 FROM media WHERE listing_id = ? ORDER BY position, id',
    ).bind(row.id),
    env.DB.prepare(
      `SELECT (SELECT count(*) FROM favorites WHERE listing_id = ?1) AS favourites, (SELECT count(*) FROM chats WHERE listing_id = ?1) AS chats`,
    ).bind(row.id),
    env.DB.prepare('SELECT id, name FROM categories WHERE id IN (?, ?)').bind(row.category_id, row.subcategory_id ?? ''),
    env.DB.prepare('SELECT id, buyer_id, seller_id, last_seq, last_message_at, created_at FROM chats WHERE listing_id = ? ORDER BY id').bind(row.id),
    // several databases: the record that a clean-up of the core's rows may be left to finish, in the
    // same round trip as the reads (removed with those rows, or when the ad stays)
    ...(sharded ? [cleanupRecord(env, row.id, opts.now)] : []),
  ]);
  const chats = chatsElsewhere ? await chatsElsewhere : ((chatRows?.results ?? []) as LeavingChat[]);
  type MediaRow = { r2_key: string; content_type: string; bytes: number; width: number | null; height: number | null; phash: string | null; phash_b0: number | null; phash_b1: number | null; phash_b2: number | null; phash_b3: number | null };
  const photos = (media?.results ?? []) as MediaRow[];
  const count = { ...((counts?.results[0] ?? { favourites: 0, chats: 0 }) as { favourites: number; chats: number }) };
  if (accountsApart) count.favourites = await favouritesElsewhere;
  if (chatsElsewhere) count.chats = chats.length;
  const nameOf = new Map(((names?.results ?? []) as { id: string; name: string }[]).map((c) => [c.id, c.name]));
  const kept = opts.keepCopy ? photos.slice(0, ARCHIVE_KEPT_PHOTOS) : [];
  const dropped = photos.filter((p) => !kept.includes(p));

  let written: { doc: string; entry: string } | undefined;
  if (opts.keepCopy) {
    const docKey = archiveDocKey(row.id);
    // a run that stopped half-way fixed the index key and the archive time: reuse them, so the ad is listed once
    const earlier = await env.MEDIA.head(docKey);
    const archivedAt = Number(earlier?.customMetadata?.archivedAt) || opts.now;
    const entry = earlier?.customMetadata?.indexKey ?? indexKey(row.user_id, archivedAt, row.id);
    const doc: ArchiveDocument = {
      version: 1,
      id: row.id,
      userId: row.user_id,
      slug: row.slug,
      title: row.title,
      description: row.description,
      priceMinor: row.price_minor,
      currency: row.currency,
      condition: row.condition,
      category: { id: row.category_id, name: nameOf.get(row.category_id) ?? row.category_id },
      subcategory: row.subcategory_id ? { id: row.subcategory_id, name: nameOf.get(row.subcategory_id) ?? row.subcategory_id } : null,
      location: row.location,
      stateId: row.state_id,
      cityId: row.city_id,
      areaId: row.area_id,
      latitude: row.latitude,
      longitude: row.longitude,
      features: JSON.parse(row.features) as Record<string, unknown>,
      contactName: row.contact_name,
      contactPhone: row.contact_phone,
      finalStatus: opts.finalStatus,
      createdAt: row.created_at,
      endedAt: row.updated_at,
      archivedAt,
      photos: kept.map((p) => ({
        key: p.r2_key,
        contentType: p.content_type,
        bytes: p.bytes,
        width: p.width,
        height: p.height,
        phash: p.phash,
        bands: [p.phash_b0, p.phash_b1, p.phash_b2, p.phash_b3],
      })),
      photosRemoved: dropped.length,
      stats: { views: row.views, favourites: count.favourites, chats: count.chats },
      conversations: chats.map((c) => ({ id: c.id, buyerId: c.buyer_id, createdAt: c.created_at, lastMessageAt: c.last_message_at, messages: c.last_seq })),
    };
    await env.MEDIA.put(docKey, JSON.stringify(doc), {
      httpMetadata: { contentType: 'application/json' },
      customMetadata: { userId: row.user_id, indexKey: entry, archivedAt: String(archivedAt) },
    });
    // the card's fields ride on the index entry, so a page of the Archived tab is one list call
    await env.MEDIA.put(entry, '', { customMetadata: archiveCard(doc) });
    written = { doc: docKey, entry };
  }
  // the conversations leave D1 with the ad (decision 021, addendum): their rooms keep every message
  const chatMarkers = await retireChatsFirst(env, chats, row.id, opts.now);
  await opts.hooks?.afterR2Write?.(row.id);

  const g = opts.guard;
  const when = (sql: string, ...params: unknown[]) => env.DB.prepare(`${sql} AND ${g.sql}`).bind(...params, ...g.params);
  const ofMedia = 'media_id IN (SELECT id FROM media WHERE listing_id = ?)';
  const statements = () => [
    // the conversations go with the ad: their rooms hold every message (retireChatsFirst), and an old
    // chat link answers its members 410 from the R2 marker written above
    when('DELETE FROM messages WHERE chat_id IN (SELECT id FROM chats WHERE listing_id = ?)', row.id),
    when('DELETE FROM chats WHERE listing_id = ?', row.id),
    when(`DELETE FROM media_print_windows WHERE ${ofMedia}`, row.id),
    when(`DELETE FROM media_prints WHERE ${ofMedia}`, row.id),
    when('DELETE FROM media WHERE listing_id = ?', row.id),
    // a buyer's favourite of an ad nobody can open any more is only noise in their wishlist
    when('DELETE FROM favorites WHERE listing_id = ?', row.id),
    when('DELETE FROM listing_views WHERE listing_id = ?', row.id),
    when('DELETE FROM listing_daily_stats WHERE listing_id = ?', row.id),
    when('DELETE FROM listing_view_totals WHERE listing_id = ?', row.id),
    when('DELETE FROM saved_query_matches WHERE listing_id = ?', row.id),
    when('DELETE FROM listing_events WHERE listing_id = ?', row.id),
    // last: every statement above saw the ad still as it was read (its FTS row goes by trigger)
    when('DELETE FROM listings WHERE id = ?', row.id),
  ];
  const removed = sharded ? await removeFromShardFirst(env, row.id, g, opts.hooks) : (await env.DB.batch(statements())).at(-1)!.meta.changes > 0;
  if (!removed) {
    // the ad changed (put back on sale, edited) after it was read: it stays, and so must not be in the archive
    const copies = [...(written ? [written.doc, written.entry] : []), ...chatMarkers];
    if (copies.length) await env.MEDIA.delete(copies);
    if (sharded) await env.DB.prepare('DELETE FROM archive_cleanups WHERE listing_id = ?').bind(row.id).run();
    return false;
  }
  await chatsLeft(env, chats, row.id, opts.now);
  // after the ad: a crash in between leaves favourites and matches of an ad that no longer exists,
  // which the favourites list, newCount and the digest already skip
  if (accountsApart) await removeFavouritesEverywhere(env, row.id);
  await deleteObjectsIfUnused(env, dropped.map((p) => p.r2_key));
  return true;
};

/** An ad's conversations as its seller's chat list rows name them (the buyer is the other member). */
const sellersChatsOf = async (env: Env, sellerId: string, listingId: string): Promise<LeavingChat[]> =>
  (
    await accountsDbForUser(env, sellerId)
      .prepare(
        `SELECT chat_id AS id, other_id AS buyer_id, user_id AS seller_id, last_seq, last_message_at, created_at
         FROM chat_members WHERE user_id = ? AND listing_id = ? AND role = 'SELLER' ORDER BY chat_id`,
      )
      .bind(sellerId, listingId)
      .all<LeavingChat>()
  ).results;

/**
 * An ad's conversations when its seller is not known (an interrupted archive: the ad is gone): every
 * accounts database asked side by side through the (ad, buyer) unique index, one round trip.
 */
const chatsOfAdEverywhere = async (env: Env, listingId: string): Promise<LeavingChat[]> =>
  (
    await Promise.all(
      accountsDatabases(env).map((db) =>
        db.prepare('SELECT id, buyer_id, seller_id, last_seq, last_message_at, created_at FROM chats WHERE listing_id = ?').bind(listingId).all<LeavingChat>(),
      ),
    )
  )
    .flatMap((r) => r.results)
    .sort((a, b) => (a.id < b.id ? -1 : 1));

/** An ad's favourites in every accounts database (decision 034), counted side by side. */
const countFavouritesEverywhere = async (env: Env, listingId: string) =>
  (await Promise.all(accountsDatabases(env).map((db) => db.prepare('SELECT count(*) AS n FROM favorites WHERE listing_id = ?').bind(listingId).first<{ n: number }>()))).reduce(
    (n, r) => n + (r?.n ?? 0),
    0,
  );

/** An ad's favourites and saved-search matches leave every accounts database, side by side (one batch in each). */
export const removeFavouritesEverywhere = (env: Env, listingId: string) =>
  Promise.all(
    accountsDatabases(env).map((db) =>
      db.batch([db.prepare('DELETE FROM favorites WHERE listing_id = ?').bind(listingId), db.prepare('DELETE FROM saved_query_matches WHERE listing_id = ?').bind(listingId)]),
    ),
  );

/** Several databases: the core's note that the ad's core rows are about to be removed (see removeFromShardFirst). */
const cleanupRecord = (env: Env, listingId: string, now: number) =>
  env.DB.prepare('INSERT INTO archive_cleanups (listing_id, created_at) VALUES (?, ?) ON CONFLICT (listing_id) DO UPDATE SET created_at = excluded.created_at').bind(listingId, now);

/** What of an ad lives in its own listings database (decision 033): the ad is last, so every statement sees it as read. */
const LISTINGS_DATABASE_ROWS = [
  'DELETE FROM media WHERE listing_id = ?',
  'DELETE FROM listing_views WHERE listing_id = ?',
  'DELETE FROM listing_daily_stats WHERE listing_id = ?',
  'DELETE FROM listing_view_totals WHERE listing_id = ?',
  'DELETE FROM listing_events WHERE listing_id = ?',
  // its search-index entry goes by trigger
  'DELETE FROM listings WHERE id = ?',
];

/**
 * The core's rows of an ad that has left its listings database: its conversations (their rooms hold
 * the messages), its photos and their prints, favourites, saved-search matches, and the clean-up
 * record last. No guard: the ad no longer exists, so every statement is safe to run again.
 */
const coreCleanupStatements = (env: Env, listingId: string) => {
  const ofMedia = 'media_id IN (SELECT id FROM media WHERE listing_id = ?)';
  return [
    'DELETE FROM messages WHERE chat_id IN (SELECT id FROM chats WHERE listing_id = ?)',
    'DELETE FROM chats WHERE listing_id = ?',
    `DELETE FROM media_print_windows WHERE ${ofMedia}`,
    `DELETE FROM media_prints WHERE ${ofMedia}`,
    'DELETE FROM media WHERE listing_id = ?',
    'DELETE FROM favorites WHERE listing_id = ?',
    'DELETE FROM saved_query_matches WHERE listing_id = ?',
    'DELETE FROM archive_cleanups WHERE listing_id = ?',
  ].map((sql) => env.DB.prepare(sql).bind(listingId));
};

/**
 * The ad leaves its own listings database (decision 033): its row, photo copies, counters and outbox,
 * on the guard, in one batch there; only then the core's rows of it (chats, photos, favourites,
 * matches). The ad is gone for everyone at the first step; a crash before the second leaves core rows
 * of an ad that no longer exists, which every reader already skips (the favourites list drops missing
 * ads), and the clean-up record written before: the next run finishes them (finishInterruptedArchives).
 */
const removeFromShardFirst = async (env: Env, listingId: string, guard: Guard, hooks?: ArchiveHooks) => {
  const shard = listingDbForId(env, listingId);
  const done = await shard.batch(LISTINGS_DATABASE_ROWS.map((sql) => shard.prepare(`${sql} AND ${guard.sql}`).bind(listingId, ...guard.params)));
  if ((done.at(-1)?.meta.changes ?? 0) === 0) return false;
  await hooks?.afterListingsDatabase?.(listingId);
  await env.DB.batch(coreCleanupStatements(env, listingId));
  return true;
};

/**
 * Several databases: archived ads whose core clean-up a run left undone (stopped after the ad left
 * its database), oldest first, at most `limit`. Each one's ad is asked of its own database, side by
 * side: an ad still there was not archived (the run stopped before), so only its record goes and the
 * job picks the ad up again; for an ad gone, its conversations are retired into their rooms as the
 * archive does, the core's rows removed, and the photos the archive did not keep removed from R2.
 * Returns how many were finished.
 */
export const finishInterruptedArchives = async (env: Env, now = Date.now(), limit = ARCHIVE_CLEANUPS_PER_RUN): Promise<number> => {
  if (!isSharded(env)) return 0;
  const { results: pending } = await env.DB.prepare('SELECT listing_id FROM archive_cleanups INDEXED BY archive_cleanups_created WHERE created_at < ? ORDER BY created_at LIMIT ?')
    .bind(now - ARCHIVE_CLEANUP_AFTER_MS, limit)
    .all<{ listing_id: string }>();
  if (!pending.length) return 0;
  const stillThere = await presentIn(env, pending.map((p) => p.listing_id));
  const stayed = pending.filter((p) => stillThere.has(p.listing_id)).map((p) => p.listing_id);
  if (stayed.length) await env.DB.prepare('DELETE FROM archive_cleanups WHERE listing_id IN (SELECT value FROM json_each(?))').bind(JSON.stringify(stayed)).run();
  let finished = 0;
  for (const { listing_id: id } of pending.filter((p) => !stillThere.has(p.listing_id))) {
    const [chatRows, mediaRows] = await env.DB.batch<unknown>([
      env.DB.prepare('SELECT id, buyer_id, seller_id, last_seq, last_message_at, created_at FROM chats WHERE listing_id = ? ORDER BY id').bind(id),
      env.DB.prepare('SELECT r2_key FROM media WHERE listing_id = ?').bind(id),
    ]);
    const chats = chatsWithAccounts(env) ? await chatsOfAdEverywhere(env, id) : ((chatRows?.results ?? []) as LeavingChat[]);
    // the archive document says which photos it kept (none for a seller whose account is deleted)
    const object = await env.MEDIA.get(archiveDocKey(id));
    const doc = object ? ((await object.json()) as ArchiveDocument) : null;
    const kept = new Set(doc?.photos.map((p) => p.key) ?? []);
    const archivedAt = doc?.archivedAt ?? now;
    await retireChatsFirst(env, chats, id, archivedAt);
    // before the core's batch removes the record, so an interrupted run still comes back for them
    if (accountsSplit(env)) await removeFavouritesEverywhere(env, id);
    await env.DB.batch(coreCleanupStatements(env, id));
    await chatsLeft(env, chats, id, archivedAt);
    await deleteObjectsIfUnused(env, ((mediaRows?.results ?? []) as { r2_key: string }[]).map((m) => m.r2_key).filter((k) => !kept.has(k)));
    finished++;
  }
  return finished;
};

/** Which of these ad ids are in their listings databases: each database asked for its own, side by side. */
const presentIn = async (env: Env, ids: string[]) => {
  const byDatabase = new Map<D1Database, string[]>();
  for (const id of ids) {
    const home = listingDbForId(env, id);
    byDatabase.set(home, [...(byDatabase.get(home) ?? []), id]);
  }
  const found = await Promise.all(
    [...byDatabase].map(([home, some]) => home.prepare('SELECT id FROM listings WHERE id IN (SELECT value FROM json_each(?))').bind(JSON.stringify(some)).all<{ id: string }>()),
  );
  return new Set(found.flatMap((f) => f.results.map((r) => r.id)));
};

/** A conversation about an ad that is leaving D1. */
interface LeavingChat {
  id: string;
  buyer_id: string;
  seller_id: string;
  last_seq: number;
  last_message_at: number | null;
  created_at: number;
}

/**
 * Before D1 lets a conversation go: its room copies in any message D1 still holds from before
 * decision 031 (idempotent; nothing a member was told was sent is lost), and an R2 marker records
 * the ad and the two members. Returns the markers written.
 */
const retireChatsFirst = async (env: Env, chats: LeavingChat[], listingId: string, now: number): Promise<string[]> => {
  await Promise.all(chats.map((c) => roomOf(env, c.id).importHistory()));
  await Promise.all(
    chats.map((c) =>
      env.MEDIA.put(archivedChatKey(c.id), '', { customMetadata: { listingId, buyerId: c.buyer_id, sellerId: c.seller_id, archivedAt: String(now) } }),
    ),
  );
  return chats.map((c) => archivedChatKey(c.id));
};

/**
 * After D1 let them go: each room forgets its members (the next send finds none and is refused) and
 * arms its alarm for when the messages are due to go (decision 021, second addendum).
 */
const chatsLeft = async (env: Env, chats: Pick<LeavingChat, 'id' | 'buyer_id' | 'seller_id'>[], listingId: string, archivedAt: number) => {
  await Promise.all([
    ...chats.map((c) => roomOf(env, c.id).archived(listingId, archivedAt)),
    // and out of both members' chat lists (decision 034: their rows in their own accounts databases), and
    // with the conversations' rows in their buyers' databases the row itself, in the buyer's batch
    accountsSplit(env) && chats.length
      ? onTheirDatabases(
          chats.flatMap((c) => [
            ...[c.buyer_id, c.seller_id].map((u) => [accountsDbForUser(env, u), accountsDbForUser(env, u).prepare('DELETE FROM chat_members WHERE user_id = ? AND chat_id = ?').bind(u, c.id)] as const),
            ...(chatsWithAccounts(env) ? [[chatDbFor(env, c.id, c.buyer_id)!, chatDbFor(env, c.id, c.buyer_id)!.prepare('DELETE FROM chats WHERE id = ?').bind(c.id)] as const] : []),
          ]),
        )
      : undefined,
  ]);
};

/**
 * Conversations of ads archived before their conversations left with them (they kept the ad's title
 * in `listing_title`, and nothing else sets it): they leave now, a bounded number per run, through
 * the partial index of migration 0036.
 */
export const retireEarlierArchivedChats = async (env: Env, limit: number, now = Date.now()): Promise<number> => {
  const { results } = await env.DB.prepare(
    `SELECT id, listing_id, buyer_id, seller_id, last_seq, last_message_at, created_at FROM chats INDEXED BY chats_archived_ad
     WHERE listing_title IS NOT NULL ORDER BY id LIMIT ?`,
  )
    .bind(limit)
    .all<LeavingChat & { listing_id: string }>();
  // several databases: the core holds no ads, so the delete's own check finds none; an ad still in
  // its listings database (asked side by side) keeps its conversation, as the check keeps it with one
  const stillThere = isSharded(env) && results.length ? await presentIn(env, [...new Set(results.map((c) => c.listing_id))]) : new Set<string>();
  let retired = 0;
  for (const chat of results.filter((c) => !stillThere.has(c.listing_id))) {
    await retireChatsFirst(env, [chat], chat.listing_id, now);
    const [, removed] = await env.DB.batch([
      env.DB.prepare('DELETE FROM messages WHERE chat_id = ?1 AND EXISTS (SELECT 1 FROM chats WHERE id = ?1 AND listing_title IS NOT NULL)').bind(chat.id),
      env.DB.prepare('DELETE FROM chats WHERE id = ? AND listing_title IS NOT NULL AND NOT EXISTS (SELECT 1 FROM listings WHERE id = chats.listing_id)').bind(chat.id),
    ]);
    if ((removed?.meta.changes ?? 0) > 0) {
      await chatsLeft(env, [chat], chat.listing_id, now);
      retired++;
    } else await env.MEDIA.delete(archivedChatKey(chat.id));
  }
  return retired;
};

/** The ad of `userId`, archived now because its seller deleted it (decision 021: no wait for a deleted ad). */
export const archiveDeleted = async (env: Env, listingId: string, userId: string) => {
  const row = await listingDbForId(env, listingId).prepare('SELECT * FROM listings WHERE id = ? AND user_id = ?').bind(listingId, userId).first<ListingRecord>();
  if (!row) return false;
  const done = await archiveOne(env, row, {
    finalStatus: 'DELETED',
    now: Date.now(),
    guard: { sql: 'EXISTS (SELECT 1 FROM listings WHERE id = ? AND user_id = ? AND updated_at = ?)', params: [row.id, userId, row.updated_at] },
    keepCopy: true,
  });
  if (done) await invalidateListingCaches(env);
  return done;
};

/**
 * The cron's job: ads in an archivable state longer than its retention, oldest first, in bounded
 * batches. `now` is a parameter so tests run it with a controlled clock. Returns how many moved.
 */
export const archiveEndedAds = async (
  env: Env,
  opts: { now?: number; batchSize?: number; batches?: number; hooks?: ArchiveHooks } = {},
): Promise<number> => {
  const now = opts.now ?? Date.now();
  const bounds = { batchSize: opts.batchSize ?? ARCHIVE_BATCH_SIZE, batches: opts.batches ?? ARCHIVE_BATCHES_PER_RUN };
  // several databases: what an interrupted run left in the core is finished first, and beside it the
  // hidden copies of moves to another group that no retry finished (decision 033)
  await Promise.all([finishInterruptedArchives(env, now), sweepInterruptedMoves(env, now)]);
  // every listings database runs its own bounded batches, side by side (decision 033): the bounds
  // keep one database's writes short, and the databases do not share their write time
  const each = await Promise.all(listingDatabases(env).map((db) => archiveIn(env, db, now, bounds, opts.hooks)));
  const moved = each.reduce((n, m) => n + m, 0);
  if (moved) await invalidateListingCaches(env);
  return moved;
};

type EndedRow = ListingRecord & { seller_status: string };

/**
 * The ended ads of one listings database, oldest first, one batch's worth. With one database the
 * seller's status comes in the same statement; with several the database holds only the seller's
 * public card, so the status is read where `users` lives (worker/db/users.ts) for the batch's sellers.
 */
const endedIn = async (env: Env, db: D1Database, now: number, limit: number): Promise<EndedRow[]> => {
  // the sellers' rows apart from the ads (several listings databases, or `users` with the accounts): read after them
  const sharded = isSharded(env) || usersWithAccounts(env);
  const states = Object.keys(ARCHIVABLE_STATES) as ArchivableState[];
  const found = await db.batch(
    states.map((state) =>
      db.prepare(
        sharded
          ? `SELECT l.* FROM listings l WHERE l.status = ? AND l.updated_at < ? ORDER BY l.updated_at LIMIT ?`
          : `SELECT l.*, u.status AS seller_status FROM listings l JOIN users u ON u.id = l.user_id
           WHERE l.status = ? AND l.updated_at < ? ORDER BY l.updated_at LIMIT ?`,
      ).bind(state, now - retentionMs(state), limit),
    ),
  );
  const rows = found.flatMap((r) => r.results as EndedRow[]);
  if (!sharded || !rows.length) return rows;
  const sellers = await readUsers<{ id: string; status: string }>(env, rows.map((r) => r.user_id), ['status']);
  const statusOf = new Map([...sellers.values()].map((u) => [u.id, u.status]));
  // an ad whose seller has no core row is kept as a deleted account's would be: no copy
  return rows.map((r) => ({ ...r, seller_status: statusOf.get(r.user_id) ?? 'DELETED' }));
};

const archiveIn = async (env: Env, db: D1Database, now: number, bounds: { batchSize: number; batches: number }, hooks?: ArchiveHooks) => {
  const { batchSize } = bounds;
  let moved = 0;
  // ads that stayed (changed meanwhile) or failed are not picked again in this run
  const skip = new Set<string>();
  for (let batch = 0; batch < bounds.batches; batch++) {
    const rows = (await endedIn(env, db, now, batchSize + skip.size))
      .filter((r) => !skip.has(r.id))
      .sort((a, b) => a.updated_at - b.updated_at)
      .slice(0, batchSize);
    if (!rows.length) break;
    for (const row of rows) {
      try {
        const done = await archiveOne(env, row, { finalStatus: row.status, now, guard: unchangedGuard(row), keepCopy: row.seller_status !== 'DELETED', hooks });
        if (done) moved++;
        else skip.add(row.id);
      } catch (err) {
        // one ad that cannot be moved (R2 or D1 failing) must not stop the others; the next run retries it
        console.warn(`archiving ${row.id} failed`, err);
        skip.add(row.id);
        if (hooks) throw err;
      }
    }
  }
  return moved;
};

/** Is this id an archived ad? (Everyone but its seller then gets 410 instead of 404.) */
export const isArchived = async (env: Env, listingId: string) => Boolean(await env.MEDIA.head(archiveDocKey(listingId.toLowerCase())));

export const archivedGone = () => new AppError(410, 'LISTING_ARCHIVED', ARCHIVED_MESSAGE);

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A page of the seller's Archived tab, newest archived first: one R2 list call with the cards'
 * fields in the entries' metadata. An ad back in D1 (a run stopped between R2 and D1) is left out.
 */
export const listArchived = async (env: Env, userId: string, q: { cursor?: string; limit: number }, origin: string): Promise<ArchivedAdsPage> => {
  // the cursor is the last index key of the page before, without the seller's prefix: it can only
  // ever move within this seller's own entries
  if (q.cursor !== undefined && !CURSOR.test(q.cursor)) {
    throw new AppError(400, 'BAD_CURSOR', 'This page of your archive has expired. Please start again from the first page.');
  }
  const listed = await env.MEDIA.list({
    prefix: sellerPrefix(userId),
    limit: q.limit,
    ...(q.cursor ? { startAfter: `${sellerPrefix(userId)}${q.cursor}` } : {}),
    include: ['customMetadata'],
  });
  const entries = listed.objects.map((o) => o.customMetadata ?? {}).filter((m) => m.id);
  const live = new Set<string>();
  if (entries.length) {
    // each id asked of its own listings database, side by side (decision 033); one database: one statement, as before
    const byDatabase = new Map<D1Database, string[]>();
    for (const m of entries) {
      const home = listingDbForId(env, m.id!);
      byDatabase.set(home, [...(byDatabase.get(home) ?? []), m.id!]);
    }
    const found = await Promise.all(
      [...byDatabase].map(([home, ids]) => home.prepare(`SELECT id FROM listings WHERE id IN (${ids.map(() => '?').join(',')})`).bind(...ids).all<{ id: string }>()),
    );
    for (const r of found.flatMap((f) => f.results)) live.add(r.id);
  }
  const ads: ArchivedAdCard[] = entries
    .filter((m) => !live.has(m.id!))
    .map((m) => ({
      id: m.id!,
      title: m.title ?? '',
      price: Number(m.priceMinor ?? 0) / 100,
      currency: m.currency ?? 'INR',
      finalStatus: m.finalStatus ?? 'SOLD',
      image: m.cover ? mediaUrl(origin, m.cover) : null,
      createdAt: iso(Number(m.createdAt ?? 0)),
      archivedAt: iso(Number(m.archivedAt ?? 0)),
    }));
  const last = listed.objects.at(-1)?.key;
  return { ads, nextCursor: listed.truncated && last ? last.slice(sellerPrefix(userId).length) : null };
};

/** The seller's own archived document; anyone else (and any id not archived) gets the same 404. */
const ownDocument = async (env: Env, userId: string, listingId: string): Promise<ArchiveDocument> => {
  const object = await env.MEDIA.get(archiveDocKey(listingId.toLowerCase()));
  if (!object) throw notFound(ARCHIVED_NOT_FOUND, 'ARCHIVED_AD_NOT_FOUND');
  const doc = (await object.json()) as ArchiveDocument;
  if (doc.userId !== userId) throw notFound(ARCHIVED_NOT_FOUND, 'ARCHIVED_AD_NOT_FOUND');
  return doc;
};

export const getArchived = async (env: Env, userId: string, listingId: string, origin: string): Promise<ArchivedAd> => {
  const doc = await ownDocument(env, userId, listingId);
  const images = doc.photos.map((p) => mediaUrl(origin, p.key));
  return {
    id: doc.id,
    title: doc.title,
    description: doc.description,
    price: doc.priceMinor / 100,
    currency: doc.currency,
    condition: doc.condition,
    category: doc.category,
    subcategory: doc.subcategory,
    location: doc.location,
    features: doc.features,
    finalStatus: doc.finalStatus,
    image: images[0] ?? null,
    images,
    photosRemoved: doc.photosRemoved,
    stats: doc.stats,
    createdAt: iso(doc.createdAt),
    endedAt: iso(doc.endedAt),
    archivedAt: iso(doc.archivedAt),
  };
};

/**
 * A new ad from an archived one, in one call: the kept photos are copied to new uploads of the
 * seller (the archive keeps its own), and the ad is posted through the same path as any new ad —
 * free-ad limit, moderation, duplicate photos. The archived copy stays.
 */
export const repostArchived = async <T>(
  env: Env,
  db: Db,
  userId: string,
  listingId: string,
  origin: string,
  post: (input: CreateListingInput) => Promise<T>,
): Promise<T> => {
  const doc = await ownDocument(env, userId, listingId);
  const copies: string[] = [];
  const now = Date.now();
  for (const photo of doc.photos) {
    const object = await env.MEDIA.get(photo.key);
    if (!object) continue; // a photo lost from R2: repost with the others, the form asks for one if none is left
    const id = `med_${ulid().toLowerCase()}`;
    const ext = photo.key.slice(photo.key.lastIndexOf('.') + 1) || 'jpg';
    const key = `u/${userId}/${id.slice(4)}.${ext}`;
    await env.MEDIA.put(key, await object.arrayBuffer(), { httpMetadata: { contentType: photo.contentType, cacheControl: 'public, max-age=31536000, immutable' } });
    await env.DB.prepare(
      `INSERT INTO media (id, owner_id, listing_id, r2_key, content_type, bytes, width, height, position, state, phash, phash_b0, phash_b1, phash_b2, phash_b3, created_at)
       VALUES (?, ?, NULL, ?, ?, ?, ?, ?, 0, 'READY', ?, ?, ?, ?, ?, ?)`,
    )
      .bind(id, userId, key, photo.contentType, photo.bytes, photo.width, photo.height, photo.phash, ...photo.bands, now)
      .run();
    copies.push(key);
  }
  // the place as the post form names it, from the ids the ad had (the display text may carry a free-text area)
  const places = await loadLocations(db);
  const name = (id: number | null) => (id === null ? undefined : places.byId.get(id)?.name);
  const state = name(doc.stateId);
  const city = name(doc.cityId);
  // a free-text neighbourhood is the display text's first part when it is not the city itself
  const firstPart = doc.location.split(',')[0]?.trim();
  const neighbourhood = name(doc.areaId) ?? (city && firstPart !== city ? firstPart : undefined);
  const input: CreateListingInput = {
    title: doc.title,
    description: doc.description,
    price: doc.priceMinor / 100,
    currency: doc.currency as CreateListingInput['currency'],
    condition: doc.condition as CreateListingInput['condition'],
    categoryId: doc.category.id,
    ...(doc.subcategory ? { subcategoryId: doc.subcategory.id } : {}),
    // no neighbourhood: the city alone (or the state) as one place text, which needs none
    ...(state && city && neighbourhood ? { state, city, neighbourhood } : { location: city ?? state ?? doc.location }),
    ...(doc.latitude !== null ? { latitude: doc.latitude } : {}),
    ...(doc.longitude !== null ? { longitude: doc.longitude } : {}),
    images: copies,
    features: doc.features as CreateListingInput['features'],
    ...(doc.contactName ? { sellerName: doc.contactName } : {}),
    ...(doc.contactPhone ? { sellerPhone: doc.contactPhone } : {}),
  };
  return post(input);
};

/**
 * Account deletion: the seller's archive goes with their personal data, bounded per call (the
 * documents carry contact details). Returns how many archived ads were removed.
 */
export const purgeArchiveOf = async (env: Env, userId: string, maxPages = 10) => {
  let removed = 0;
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const listed = await env.MEDIA.list({ prefix: sellerPrefix(userId), limit: 100, ...(cursor ? { cursor } : {}), include: ['customMetadata'] });
    const keys = listed.objects.flatMap((o) => {
      const id = o.customMetadata?.id;
      const cover = o.customMetadata?.cover;
      // demo photos are shared by many ads and never removed
      return [o.key, ...(id ? [archiveDocKey(id)] : []), ...(cover && !cover.startsWith('seed/') ? [cover] : [])];
    });
    if (keys.length) await env.MEDIA.delete(keys);
    removed += listed.objects.length;
    if (!listed.truncated) break;
    cursor = listed.cursor;
  }
  return removed;
};
