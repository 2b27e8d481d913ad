import type { Env } from '../../env';
import { forbidden, notFound } from '../../lib/errors';
import { listingDbForId } from '../../db/shards';
import { accountsDatabases, accountsDbForUser, accountsSplit } from '../../db/accounts';
import { chatListWithAccounts } from '../chat/chat-members';
import { viewCounter, viewShardOfListing } from './view-counter';

/**
 * An ad's stats for its seller (decision 015): views (people other than the seller, once a day each, bots
 * left out; daily counters in `listing_daily_stats`), favourites and chats. Favourites and chats
 * per day come from their own tables (`favorites.created_at`, `chats.created_at` of conversations
 * with at least one message), read through their listing indexes: nothing extra to keep in step.
 * Views the view counter object holds and has not written yet (at most a few seconds' worth, or
 * longer while D1 is away) are added, so a seller never sees a view disappear (decision 020).
 */

export const STATS_DAYS = 30;
const DAY = 86_400_000;

export interface DailyStats {
  date: string;
  views: number;
  favorites: number;
  chats: number;
}

export const listingStats = async (env: Env, userId: string, listingId: string, now = Date.now()) => {
  // the ad and its day counters live in the ad's listings database; favourites and chats in the
  // core (the same database when there is one: one batch, as before)
  const home = listingDbForId(env, listingId);
  const listing = await home.prepare('SELECT id, user_id, views FROM listings WHERE id = ?')
    .bind(listingId.toLowerCase())
    .first<{ id: string; user_id: string; views: number }>();
  if (!listing) throw notFound("The listing you're looking for doesn't exist or has been removed.", 'LISTING_NOT_FOUND');
  if (listing.user_id !== userId) throw forbidden('Only the seller can see the stats of this ad');
  const today = Math.floor(now / DAY);
  const first = today - (STATS_DAYS - 1);
  const unwrittenViews = viewCounter(env, viewShardOfListing(env, listing.id)).unwritten([listing.id]);
  const viewStatement = home.prepare('SELECT day, views AS n FROM listing_daily_stats WHERE listing_id = ? AND day >= ?').bind(listing.id, first);
  const coreStatements = [
    env.DB.prepare('SELECT created_at / 86400000 AS day, count(*) AS n FROM favorites WHERE listing_id = ? AND created_at >= ? GROUP BY 1').bind(listing.id, first * DAY),
    env.DB.prepare('SELECT created_at / 86400000 AS day, count(*) AS n FROM chats WHERE listing_id = ? AND last_seq > 0 AND created_at >= ? GROUP BY 1').bind(
      listing.id,
      first * DAY,
    ),
    env.DB.prepare(
      `SELECT 0 AS day, (SELECT count(*) FROM favorites WHERE listing_id = ?1) AS n UNION ALL SELECT 1, (SELECT count(*) FROM chats WHERE listing_id = ?1 AND last_seq > 0)`,
    ).bind(listing.id),
  ];
  // two databases: side by side, still one round trip
  const [views, favorites, chats, totals] = accountsSplit(env)
    ? await statsWithAccountsApart(env, listing.id, first, viewStatement, chatListWithAccounts(env) ? sellerChatStatements(env, userId, listing.id, first) : coreChatStatements(env, listing.id, coreStatements[1]!))
    : home === env.DB
      ? await env.DB.batch<{ day: number; n: number }>([viewStatement, ...coreStatements])
      : await Promise.all([viewStatement.all<{ day: number; n: number }>(), env.DB.batch<{ day: number; n: number }>(coreStatements)]).then(([v, rest]) => [v, ...rest]);
  const unwritten = (await unwrittenViews)[listing.id] ?? { total: 0, byDay: {} };
  const byDay = (rows: { day: number; n: number }[] | undefined) => new Map((rows ?? []).map((r) => [r.day, r.n]));
  const v = byDay(views?.results);
  for (const [day, n] of Object.entries(unwritten.byDay)) v.set(Number(day), (v.get(Number(day)) ?? 0) + n);
  const f = byDay(favorites?.results);
  const c = byDay(chats?.results);
  const daily: DailyStats[] = Array.from({ length: STATS_DAYS }, (_, i) => {
    const day = first + i;
    return { date: new Date(day * DAY).toISOString().slice(0, 10), views: v.get(day) ?? 0, favorites: f.get(day) ?? 0, chats: c.get(day) ?? 0 };
  });
  const total = (d: number) => totals?.results.find((r) => r.day === d)?.n ?? 0;
  return { views: listing.views + unwritten.total, favorites: total(0), chats: total(1), daily };
};

type DayCount = { day: number; n: number };

/** The ad's conversations with a message, per day of creation and in total, from the core's `chats`. */
const coreChatStatements = (env: Env, listingId: string, chatsByDay: D1PreparedStatement) =>
  [env.DB, [chatsByDay, env.DB.prepare('SELECT 1 AS day, count(*) AS n FROM chats WHERE listing_id = ? AND last_seq > 0').bind(listingId)]] as const;

/**
 * The same from the seller's own chat list rows (decision 034, the chat list per member on): every
 * conversation about the ad has the seller as its seller, so their accounts database holds one row
 * for each (index chat_members_ad); the core's `chats` is not asked.
 */
const sellerChatStatements = (env: Env, sellerId: string, listingId: string, first: number) => {
  const db = accountsDbForUser(env, sellerId);
  const ofTheAd = `FROM chat_members WHERE user_id = ?1 AND listing_id = ?2 AND role = 'SELLER' AND last_seq > 0`;
  return [
    db,
    [
      db.prepare(`SELECT created_at / 86400000 AS day, count(*) AS n ${ofTheAd} AND created_at >= ?3 GROUP BY 1`).bind(sellerId, listingId, first * DAY),
      db.prepare(`SELECT 1 AS day, count(*) AS n ${ofTheAd}`).bind(sellerId, listingId),
    ],
  ] as const;
};

/**
 * With the favourites in their buyers' accounts databases (decision 034) an ad's favourites are
 * counted in every accounts database, beside the ad's views and its chats (the core's, or the seller's
 * own rows with the chat list per member on): all side by side,
 * still one round trip. Answers what the one-database batch answers: views, favourites per day,
 * chats per day, and the totals (day 0 favourites, day 1 chats).
 */
const statsWithAccountsApart = async (
  env: Env,
  listingId: string,
  first: number,
  viewStatement: D1PreparedStatement,
  [chatsDb, chatStatements]: readonly [D1Database, readonly D1PreparedStatement[]],
): Promise<D1Result<DayCount>[]> => {
  const [views, [chats, chatTotal], counted] = await Promise.all([
    viewStatement.all<DayCount>(),
    chatsDb.batch<DayCount>([...chatStatements]),
    Promise.all(
      accountsDatabases(env).map((db) =>
        db.batch<DayCount>([
          db.prepare('SELECT created_at / 86400000 AS day, count(*) AS n FROM favorites WHERE listing_id = ? AND created_at >= ? GROUP BY 1').bind(listingId, first * DAY),
          db.prepare('SELECT 0 AS day, count(*) AS n FROM favorites WHERE listing_id = ?').bind(listingId),
        ]),
      ),
    ),
  ]);
  const byDay = new Map<number, number>();
  for (const [perDay] of counted) for (const r of perDay!.results) byDay.set(r.day, (byDay.get(r.day) ?? 0) + r.n);
  const favouriteTotal = counted.reduce((n, [, total]) => n + (total!.results[0]?.n ?? 0), 0);
  const favourites = { ...views!, results: [...byDay].map(([day, n]) => ({ day, n })) };
  const totals = { ...views!, results: [{ day: 0, n: favouriteTotal }, chatTotal!.results[0] ?? { day: 1, n: 0 }] };
  return [views!, favourites, chats!, totals];
};
