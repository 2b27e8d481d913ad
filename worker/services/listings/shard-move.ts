/**
 * Moving an ad into another group of states when listings live in several databases (decision 033).
 *
 * An ad's id ends in its group's digit, so an ad whose seller moves it into a state of another
 * group gets a new id: the same ULID with the new group's digit, in the new group's database (which
 * may be the same database, when one holds both groups). The old id keeps answering through a small
 * row in its old database (`listing_moves`, migration 0037) that reads consult only when an id is
 * not found. The core's rows that name the ad are re-pointed to the new id.
 *
 * The databases share no transaction, so the move is three writes in an order that leaves nothing
 * half-visible and that a retry finishes:
 *  1. the new database: the edited ad under its new id with the status MOVING (no list, search,
 *     count or page shows that status), its photo copies and its view counters;
 *  2. the old database, one batch guarded by the version the edit read (compare-and-set, as edits
 *     do): the old id's row becomes the `listing_moves` row and the old ad, its photo copies and
 *     counters go. This is the moment of the move: a concurrent edit makes it change nothing (409),
 *     and the copy of step 1 is removed again;
 *  3. side by side: the new row takes its real status (search, My Ads and the seller's page show it
 *     in the new state) and the core's rows are re-pointed.
 * Interrupted after 1: the ad is unchanged where it was; the hidden copy is rewritten by the next
 * attempt. Interrupted after 2: a read by the old id shows the ad (the `listing_moves` row carries
 * its status), and the seller's next write on it — by the old id, which is all their screen has —
 * finishes step 3 first.
 */

import type { Env } from '../../env';
import { accountsDatabases, accountsDbForUser, accountsSplit } from '../../db/accounts';
import { usersDbFor, usersWithAccounts } from '../../db/users';
import { isSharded, listingDatabases, listingDbForId } from '../../db/shards';
import { photoCopyStatements, sellerCard, sellerCardStatement } from './shard-writes';
import { dispatchEvents, eventStatement } from '../alerts/events';
import { MOVES_SWEPT_PER_RUN, MOVE_SWEEP_AFTER_MS } from '../../schemas/archive-data';
import { viewCounter, viewShardOfListing } from './view-counter';

/** The status of an ad's copy in its new database while the move is not finished (hidden everywhere). */
export const MOVING = 'MOVING';

/** A `listing_moves` row: where the ad of `old_id` went, and its status there. */
export interface MoveRecord {
  old_id: string;
  new_id: string;
  status: string;
}

/** More moves than this from one id to the ad's present one are not followed (each is a read). */
const MOST_HOPS = 4;

/** Where an ad that left this id went; null when it never moved (always null with one database). */
export const movedFrom = async (env: Env, id: string): Promise<MoveRecord | null> => {
  if (!isSharded(env)) return null;
  return listingDbForId(env, id).prepare('SELECT old_id, new_id, status FROM listing_moves WHERE old_id = ?').bind(id.toLowerCase()).first<MoveRecord>();
};

/**
 * The id an ad that left `id` has now, following its moves without reading the ad (null when it
 * never moved). For an id that answers nothing: the ad may have been deleted or archived since.
 */
export const lastMovedId = async (env: Env, id: string): Promise<string | null> => {
  let at: string | null = null;
  for (let hop = 0; hop < MOST_HOPS; hop++) {
    const move = await movedFrom(env, at ?? id);
    if (!move || move.new_id === (at ?? id)) break;
    at = move.new_id;
  }
  return at;
};

/**
 * Follows an id's moves to the ad's present id: `find` reads the ad at an id (undefined when not
 * there). Only for an id that was not found; an ad moved several times is followed hop by hop.
 */
export const followMoves = async <T>(env: Env, id: string, find: (id: string, move: MoveRecord) => Promise<T | undefined>): Promise<T | undefined> => {
  let at = id;
  for (let hop = 0; hop < MOST_HOPS; hop++) {
    const move = await movedFrom(env, at);
    if (!move || move.new_id === at) return undefined;
    const found = await find(move.new_id, move);
    if (found !== undefined) return found;
    at = move.new_id;
  }
  return undefined;
};

/**
 * The core's rows that name an ad, re-pointed to its new id. Each table follows the ad rather than
 * resolving through `listing_moves` because its readers look ads up by these ids in the ads'
 * databases (a favourite, a conversation, a promotion that must end, a posting record that holds
 * the free-ad limit, a report that counts toward a hold, a saved-search match, a phone access
 * already paid for). Notifications and the moderators' log keep the old id: they are history, and
 * the old id still answers.
 */
const REPOINTED_TABLES = ['favorites', 'chats', 'media', 'listing_reports', 'ad_postings', 'listing_promotions', 'saved_query_matches', 'phone_access_log'] as const;
/**
 * Those of them that live with their users when there are several accounts databases (decision 034):
 * a saved-search match lives beside its buyer's search, so the `moved` event's consumer finds the
 * queries that had the ad already under its new id, in each database.
 */
const ACCOUNTS_REPOINTED_TABLES = ['favorites', 'phone_access_log', 'saved_query_matches'] as const;
/** And those that live with the ad's seller: the posting record and the promotions, in the seller's accounts database. */
const SELLER_REPOINTED_TABLES = ['ad_postings', 'listing_promotions'] as const;

/**
 * Step 3: the core's rows follow, then the new row takes its status. Repeatable: a second run finds
 * nothing left to change. One after the other, so a row that is no longer MOVING always has its core
 * rows re-pointed (the photo rows its next edit checks, the posting record that holds its limit).
 * `alsoCore` joins the core's batch (the edit's photos).
 *
 * A ban of the seller landing during the move must not leave the ad live: the ban holds the
 * seller's live ads in every database, but the hidden copy is not live yet, and the old row may
 * already be gone. So the core's batch also reads the seller's account (a ban written before it is
 * seen), and a ban that reaches the new database later marks the hidden copy (`held_reason`
 * ACCOUNT_BANNED, see `holdMovingCopies`), which the status change reads in the same statement:
 * either way an ad that was to go live is held as the ban holds the others (PENDING, ACCOUNT_BANNED),
 * and a ban after the status change holds it like any live ad.
 *
 * The ad going live in its new place is news for the saved searches there (decision 009): a `moved`
 * event joins the status change's batch, guarded by that change, so it is written once whichever
 * run finishes the move. Returns the event's id for the caller to dispatch.
 */
export const finishMove = async (
  env: Env,
  move: MoveRecord,
  sellerId: string,
  alsoCore: D1PreparedStatement[] = [],
  /** the views the old database counted after the copy was made (`lateViewStatements`), written with the status change */
  alsoNew: (to: D1Database) => D1PreparedStatement[] = () => [],
): Promise<string> => {
  // the seller's account: in the core's batch while `users` is there; once it lives with the accounts
  // (worker/db/users.ts) read from its database beside that batch (a ban written before is seen either way)
  const apart = usersWithAccounts(env);
  const account = apart ? usersDbFor(env, sellerId).prepare('SELECT status FROM users WHERE id = ?').bind(sellerId).first<{ status: string }>() : undefined;
  const [core, accountRow] = await Promise.all([
    env.DB.batch<{ status: string }>([
      ...REPOINTED_TABLES.map((table) => env.DB.prepare(`UPDATE ${table} SET listing_id = ? WHERE listing_id = ?`).bind(move.new_id, move.old_id)),
      // the core's note of the move, in the same transaction as the re-pointing: a report read at the
      // old id before the move and written after this batch resolves its id through it (trust.ts),
      // and a note of an earlier move into the old id now names the ad's present id (one look, never a chain)
      env.DB.prepare('UPDATE listing_moves SET new_id = ? WHERE new_id = ?').bind(move.new_id, move.old_id),
      // (the ad lives at its new id: an ad moved back to an id it had is no longer moved from there)
      env.DB.prepare('DELETE FROM listing_moves WHERE old_id = ?').bind(move.new_id),
      env.DB.prepare('INSERT OR REPLACE INTO listing_moves (old_id, new_id, status, moved_at) VALUES (?, ?, ?, ?)').bind(move.old_id, move.new_id, move.status, Date.now()),
      ...alsoCore,
      ...(apart ? [] : [env.DB.prepare('SELECT status FROM users WHERE id = ?').bind(sellerId)]),
    ]),
    account,
    // with several accounts databases (decision 034) the favourites, the phone numbers seen and the
    // saved-search matches are in their users' own: each database re-pointed side by side with the
    // core (as repeatable as the core's batch), all before the `moved` event below is written
    ...(accountsSplit(env)
      ? accountsDatabases(env).map((db) =>
          db.batch(
            [...ACCOUNTS_REPOINTED_TABLES, ...(db === accountsDbForUser(env, sellerId) ? SELLER_REPOINTED_TABLES : [])].map((table) =>
              db.prepare(`UPDATE ${table} SET listing_id = ? WHERE listing_id = ?`).bind(move.new_id, move.old_id),
            ),
          ),
        )
      : []),
  ]);
  const sellerStatus = apart ? (accountRow as { status: string } | null | undefined)?.status : (core as D1Result<{ status: string }>[]).at(-1)?.results[0]?.status;
  const banned = sellerStatus === 'BANNED' ? 1 : 0;
  const to = listingDbForId(env, move.new_id);
  // (held_reason ACCOUNT_BANNED on a hidden copy is only ever the ban's mark: a banned seller cannot edit)
  const hold = `?2 = 'APPROVED' AND (?3 = 1 OR held_reason = 'ACCOUNT_BANNED')`;
  // reports that reached their weight while the copy was hidden marked it (trust.ts): the ad goes to
  // the moderators, held as reports hold a live ad (an ad going live by an edit never carries this
  // reason: a held or rejected-for-reports ad goes back to PENDING)
  const reported = `?2 = 'APPROVED' AND held_reason = 'REPORTED'`;
  const moved = eventStatement(env, move.new_id, 'moved', { sql: `SELECT 1 FROM listings WHERE id = ? AND status = 'APPROVED' AND changes() = 1`, params: [move.new_id] });
  // beside the status change: the old id's viewers and unwritten views go to the new database's counter
  // (a failure leaves them to the old counter's next batch, which sends the views on: durable-objects/view-counter.ts)
  const handOver = viewCounter(env, viewShardOfListing(env, move.old_id))
    .handOver(move.old_id, move.new_id)
    .catch((error: unknown) => console.warn('move: handing the views over failed; the old counter sends them on', move.old_id, error));
  const status = to.batch([
    // before the status change, whose own changes() the event reads
    ...alsoNew(to),
    to
      .prepare(
        `UPDATE listings SET status = CASE WHEN ${hold} OR ${reported} THEN 'PENDING' ELSE ?2 END,
           held_reason = CASE WHEN ${hold} THEN 'ACCOUNT_BANNED' WHEN held_reason = 'ACCOUNT_BANNED' THEN NULL ELSE held_reason END,
           held_at = CASE WHEN ${hold} THEN coalesce(held_at, ?4) WHEN held_reason = 'ACCOUNT_BANNED' THEN NULL ELSE held_at END
         WHERE id = ?1 AND status = '${MOVING}'`,
      )
      .bind(move.new_id, move.status, banned, Date.now()),
    moved.statement,
  ]);
  await Promise.all([handOver, status]);
  return moved.id;
};

/**
 * The ban's statement for a listings database beside the hold of the seller's live ads: the seller's
 * hidden copies of moves in progress are marked, so the move's last step holds the ad instead of
 * putting it live (`finishMove`). Their status stays MOVING (a copy whose move never commits must
 * stay invisible). Lifting the ban removes the mark (`releaseMovingCopies`).
 */
export const holdMovingCopies = (target: D1Database, sellerId: string, now: number) =>
  target.prepare(`UPDATE listings SET held_reason = 'ACCOUNT_BANNED', held_at = ? WHERE user_id = ? AND status = '${MOVING}' AND held_reason IS NULL`).bind(now, sellerId);
export const releaseMovingCopies = (target: D1Database, sellerId: string) =>
  target.prepare(`UPDATE listings SET held_reason = NULL, held_at = NULL WHERE user_id = ? AND status = '${MOVING}' AND held_reason = 'ACCOUNT_BANNED'`).bind(sellerId);

/**
 * The move that left an ad's hidden copy at `newId`, from every listings database side by side (the
 * old id's group is not in the new id); null for the copy of a move that never happened (an attempt
 * interrupted before its old row went), which is not the ad.
 */
export const moveInto = async (env: Env, newId: string): Promise<MoveRecord | null> => {
  const found = await Promise.all(
    listingDatabases(env).map((db) => db.prepare('SELECT old_id, new_id, status FROM listing_moves WHERE new_id = ? LIMIT 1').bind(newId).first<MoveRecord>()),
  );
  return found.find((m) => m !== null) ?? null;
};

/** The listings columns a move copies (not the row number, which is each database's own, nor generated columns). */
const COPIED = [
  'user_id', 'title', 'description', 'price_minor', 'currency', 'condition', 'category_id', 'subcategory_id', 'location', 'state_id', 'city_id',
  'area_id', 'latitude', 'longitude', 'features', 'brand', 'reject_reason', 'held_reason', 'held_at', 'reports_count_from', 'contact_name',
  'contact_phone', 'is_featured', 'featured_until', 'bumped_at', 'views', 'expires_at', 'renewed_at', 'renewals', 'expiry_reminded_for', 'created_at',
  'updated_at',
] as const;

type DayCount = { day: number; views: number };

/**
 * Moves an ad (steps 1–3 above). `edit` writes the edit onto the copy at the new id (the edit's own
 * UPDATE, compare-and-set on the version read, with the status MOVING); `status` is the status the
 * ad has after the edit. False when the ad changed meanwhile (nothing moved; the caller answers 409),
 * else the id of the `moved` outbox event (written only if the ad went live; the caller dispatches it).
 */
export const moveListing = async (
  env: Env,
  m: {
    row: Record<string, unknown> & { id: string; user_id: string; updated_at: number };
    newId: string;
    status: string;
    now: number;
    edit: (target: D1Database) => D1PreparedStatement;
    photoIds: string[];
    /** the core's photo statements of the edit, run with the re-pointing */
    corePhotos: D1PreparedStatement[];
  },
): Promise<string | false> => {
  const { row, newId, now } = m;
  const from = listingDbForId(env, row.id);
  const to = listingDbForId(env, newId);
  const sameDatabase = from === to;
  const copy = { sql: `EXISTS (SELECT 1 FROM listings WHERE id = ? AND updated_at = ? AND status = '${MOVING}')`, params: [newId, now] };
  // in one database the photo copies also wait for the old row to be the version read (below)
  const photoGuard = sameDatabase
    ? { sql: `${copy.sql} AND EXISTS (SELECT 1 FROM listings WHERE id = ? AND updated_at = ?)`, params: [...copy.params, row.id, row.updated_at] }
    : copy;
  // what the copy needs, read side by side: the seller's card, the photo rows, the view counters
  const [card, photos, [days, totals]] = await Promise.all([
    sellerCard(env, row.user_id),
    photoCopyStatements(env, to, newId, m.photoIds, photoGuard),
    from.batch<unknown>([
      from.prepare('SELECT day, views FROM listing_daily_stats WHERE listing_id = ?').bind(row.id),
      from.prepare('SELECT views, through_day FROM listing_view_totals WHERE listing_id = ?').bind(row.id),
    ]),
  ]);
  const dayRows = (days?.results ?? []) as DayCount[];
  const total = (totals?.results[0] ?? null) as { views: number; through_day: number } | null;
  // a leftover copy of an interrupted attempt (never a live ad: the new id is this ad's alone) is rewritten
  const noLiveAd = `NOT EXISTS (SELECT 1 FROM listings WHERE id = ? AND status != '${MOVING}')`;
  const writeCopy = [
    sellerCardStatement(to, card),
    to.prepare(`DELETE FROM listing_daily_stats WHERE listing_id = ? AND ${noLiveAd}`).bind(newId, newId),
    to.prepare(`DELETE FROM listing_view_totals WHERE listing_id = ? AND ${noLiveAd}`).bind(newId, newId),
    to.prepare(`DELETE FROM media WHERE listing_id = ? AND ${noLiveAd}`).bind(newId, newId),
    to.prepare('DELETE FROM listings WHERE id = ? AND status = ?').bind(newId, MOVING),
    // (a slug of its own until the edit gives it the new one: the old row, maybe in this same database, keeps its slug)
    to
      .prepare(`INSERT INTO listings (id, slug, status, ${COPIED.join(', ')}) VALUES (?, ?, '${MOVING}', ${COPIED.map(() => '?').join(', ')})`)
      .bind(newId, `moving-iid-${newId}`, ...COPIED.map((c) => row[c] ?? null)),
    m.edit(to),
    ...photos,
    // the ad's views move with it: each day's counter (at most the retention window's days) and the rolled-up total
    ...chunks(dayRows, 30).map((chunk) =>
      to.prepare(`INSERT INTO listing_daily_stats (listing_id, day, views) SELECT * FROM (VALUES ${chunk.map(() => '(?, ?, ?)').join(', ')}) WHERE ${copy.sql}`).bind(
        ...chunk.flatMap((d) => [newId, d.day, d.views]),
        ...copy.params,
      ),
    ),
    ...(total ? [to.prepare(`INSERT INTO listing_view_totals (listing_id, views, through_day) SELECT ?, ?, ? WHERE ${copy.sql}`).bind(newId, total.views, total.through_day, ...copy.params)] : []),
  ];
  // step 2, the moment of the move: every statement depends on the old row still being the version read
  const unchanged = { sql: 'EXISTS (SELECT 1 FROM listings WHERE id = ? AND updated_at = ?)', params: [row.id, row.updated_at] };
  const leaveOld = [
    // the view counters as they stand at the moment of the move: views the old database's counter
    // wrote after they were read for the copy would otherwise go with the old rows (below)
    from.prepare(`SELECT day, views FROM listing_daily_stats WHERE listing_id = ? AND ${unchanged.sql}`).bind(row.id, ...unchanged.params),
    from.prepare(`SELECT views, through_day FROM listing_view_totals WHERE listing_id = ? AND ${unchanged.sql}`).bind(row.id, ...unchanged.params),
    from.prepare('SELECT views FROM listings WHERE id = ? AND updated_at = ?').bind(row.id, row.updated_at),
    from.prepare(`INSERT OR REPLACE INTO listing_moves (old_id, new_id, status, moved_at) SELECT ?, ?, ?, ? WHERE ${unchanged.sql}`).bind(row.id, newId, m.status, now, ...unchanged.params),
    ...['media', 'listing_daily_stats', 'listing_view_totals', 'listing_views'].map((table) =>
      from.prepare(`DELETE FROM ${table} WHERE listing_id = ? AND ${unchanged.sql}`).bind(row.id, ...unchanged.params),
    ),
  ];
  const removeOld = from.prepare('DELETE FROM listings WHERE id = ? AND updated_at = ?').bind(row.id, row.updated_at);
  // Two groups in one database (a layout with fewer databases than groups): steps 1 and 2 are one
  // transaction there, the old photo rows leaving before their copies (photo ids are unique) and
  // the copy's photos written only if the old row was still the version read.
  const committed = sameDatabase
    ? await to.batch([...leaveOld, ...writeCopy, removeOld])
    : (await to.batch(writeCopy), await from.batch([...leaveOld, removeOld]));
  if ((committed.at(-1)?.meta.changes ?? 0) === 0) {
    // another edit got there first: the hidden copy goes again, nothing was moved
    await to.batch([
      to.prepare(`DELETE FROM media WHERE listing_id = ? AND ${copy.sql}`).bind(newId, ...copy.params),
      to.prepare(`DELETE FROM listing_daily_stats WHERE listing_id = ? AND ${copy.sql}`).bind(newId, ...copy.params),
      to.prepare(`DELETE FROM listing_view_totals WHERE listing_id = ? AND ${copy.sql}`).bind(newId, ...copy.params),
      to.prepare(`DELETE FROM listings WHERE id = ? AND updated_at = ? AND status = '${MOVING}'`).bind(newId, now),
    ]);
    return false;
  }
  // (the old database's batch, or the one batch of a single database, starts with leaveOld's reads)
  const [lateDays, lateTotal, lateRow] = committed;
  const late = lateViewStatements(newId, { days: dayRows, total, views: Number(row.views ?? 0) }, {
    days: (lateDays?.results ?? []) as DayCount[],
    total: (lateTotal?.results[0] ?? null) as { views: number; through_day: number } | null,
    views: Number((lateRow?.results[0] as { views?: number } | undefined)?.views ?? 0),
  });
  return finishMove(env, { old_id: row.id, new_id: newId, status: m.status }, row.user_id, m.corePhotos, late);
};

type ViewCounts = { days: DayCount[]; total: { views: number; through_day: number } | null; views: number };

/**
 * The views the old database's counter wrote between the reads the copy was made from and the
 * moment of the move (its batches land there as long as the old row is there), added to the new
 * database's counters: what the old rows held at the moment, less what the copy already has. Only
 * growth is added (views are only ever added; the nightly roll-up moving days into the total in
 * that moment of seconds is not followed). Each statement applies only while the copy is hidden, and
 * they run in the status change's transaction (`finishMove`), so they count once even if that step
 * is repeated; a move whose last step is finished by a later write or the sweep leaves them out.
 */
const lateViewStatements = (newId: string, copied: ViewCounts, atMove: ViewCounts) => (to: D1Database): D1PreparedStatement[] => {
  const hidden = `EXISTS (SELECT 1 FROM listings WHERE id = ? AND status = '${MOVING}')`;
  const copiedDay = new Map(copied.days.map((d) => [d.day, d.views]));
  const days = atMove.days.map((d) => ({ day: d.day, views: d.views - (copiedDay.get(d.day) ?? 0) })).filter((d) => d.views > 0);
  const totalGrew = atMove.total && (atMove.total.views - (copied.total?.views ?? 0) > 0) && atMove.total.through_day === (copied.total?.through_day ?? atMove.total.through_day);
  return [
    ...chunks(days, 30).map((chunk) =>
      to
        .prepare(
          `INSERT INTO listing_daily_stats (listing_id, day, views) SELECT * FROM (VALUES ${chunk.map(() => '(?, ?, ?)').join(', ')}) WHERE ${hidden}
           ON CONFLICT (listing_id, day) DO UPDATE SET views = views + excluded.views`,
        )
        .bind(...chunk.flatMap((d) => [newId, d.day, d.views]), newId),
    ),
    ...(totalGrew && atMove.total
      ? [
          to
            .prepare(
              `INSERT INTO listing_view_totals (listing_id, views, through_day) SELECT ?, ?, ? WHERE ${hidden}
               ON CONFLICT (listing_id) DO UPDATE SET views = views + excluded.views`,
            )
            .bind(newId, atMove.total.views - (copied.total?.views ?? 0), atMove.total.through_day, newId),
        ]
      : []),
    ...(atMove.views > copied.views ? [to.prepare(`UPDATE listings SET views = views + ? WHERE id = ? AND status = '${MOVING}'`).bind(atMove.views - copied.views, newId)] : []),
  ];
};

/**
 * The archive job's sweep of hidden copies that no retry finished (decision 033): copies still
 * MOVING an hour after their attempt (`MOVE_SWEEP_AFTER_MS`), at most `limit` a run in each
 * database, every database side by side. A copy whose move committed (a `listing_moves` row names
 * it, in any database: the old id's group is not in the new id) is the ad, hidden since its last
 * step was interrupted: the move is finished (status, core rows, its `moved` event). A copy with no
 * such row belongs to an attempt that never reached its commit: the ad is whole at its old id, and
 * the copy, its photo copies and view counters go — each delete guarded by the copy still being the
 * version seen and still no move naming it (a move inside one database writes its row there).
 * Two round trips when there is nothing to finish (the copies, then their moves).
 */
export const sweepInterruptedMoves = async (env: Env, now = Date.now(), limit = MOVES_SWEPT_PER_RUN) => {
  if (!isSharded(env)) return { finished: 0, removed: 0 };
  const databases = listingDatabases(env);
  const copies = (
    await Promise.all(
      databases.map((db) =>
        db.prepare(`SELECT id, user_id, updated_at FROM listings WHERE status = '${MOVING}' AND updated_at < ? ORDER BY updated_at LIMIT ?`)
          .bind(now - MOVE_SWEEP_AFTER_MS, limit)
          .all<{ id: string; user_id: string; updated_at: number }>(),
      ),
    )
  ).flatMap((r) => r.results);
  if (!copies.length) return { finished: 0, removed: 0 };
  const ids = JSON.stringify(copies.map((c) => c.id));
  const moves = new Map(
    (await Promise.all(databases.map((db) => db.prepare('SELECT old_id, new_id, status FROM listing_moves WHERE new_id IN (SELECT value FROM json_each(?))').bind(ids).all<MoveRecord>())))
      .flatMap((r) => r.results)
      .map((m) => [m.new_id, m]),
  );
  const orphans = copies.filter((c) => !moves.has(c.id));
  const finishing = copies.filter((c) => moves.has(c.id));
  const byDatabase = new Map<D1Database, typeof orphans>();
  for (const c of orphans) byDatabase.set(listingDbForId(env, c.id), [...(byDatabase.get(listingDbForId(env, c.id)) ?? []), c]);
  // the orphans of each database in batches of 30 (180 statements), the databases side by side
  await Promise.all(
    [...byDatabase].map(async ([db, all]) => {
      for (const some of chunks(all, 30)) {
        await db.batch(
          some.flatMap((c) => {
            const still = `EXISTS (SELECT 1 FROM listings WHERE id = ? AND status = '${MOVING}' AND updated_at = ?) AND NOT EXISTS (SELECT 1 FROM listing_moves WHERE new_id = ?)`;
            const params = [c.id, c.updated_at, c.id];
            return [
              ...['media', 'listing_daily_stats', 'listing_view_totals', 'listing_views', 'listing_events'].map((table) =>
                db.prepare(`DELETE FROM ${table} WHERE listing_id = ? AND ${still}`).bind(c.id, ...params),
              ),
              db.prepare(`DELETE FROM listings WHERE id = ? AND status = '${MOVING}' AND updated_at = ? AND NOT EXISTS (SELECT 1 FROM listing_moves WHERE new_id = ?)`).bind(...params),
            ];
          }),
        );
      }
    }),
  );
  // the moves to finish, one after another (each a core batch, then its status change)
  const events: string[] = [];
  for (const c of finishing) events.push(await finishMove(env, moves.get(c.id)!, c.user_id));
  await dispatchEvents(env, events);
  return { finished: finishing.length, removed: orphans.length };
};

const chunks = <T>(items: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};
