/**
 * A seller's public page (decision 026): who they are, what they proved, how fast they answer, and
 * their live ads. Only ACTIVE accounts have a page; a banned or deleted one is gone (410), so the
 * page and its ads leave search engines. Nothing private is read: no phone, e-mail or role column is
 * selected, so none can reach an answer by mistake.
 */
import type { Env } from '../../env';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { ListingsPage } from '../../schemas/listings';
import { SELLER_PAGE_RULES, sellerPath, sellerPublicName, type SellerSort } from '../../schemas/seller-page-data';
import type { SellerListingsQuery, SellerProfile } from '../../schemas/sellers';
import { LISTING_COLUMNS, LISTING_JOINS, hydrate, type ListingRow } from '../listings/listings';
import { isSharded, listingDatabases } from '../../db/shards';
import { usersDbFor, usersWithAccounts } from '../../db/users';
import { accountsDbForUser } from '../../db/accounts';
import { chatListWithAccounts } from '../chat/chat-members';

/**
 * With the ads over several databases (decision 033) the core's live-ad count stays at zero: each
 * listings database counts the seller's live ads there on its copy of the seller card, so the
 * page's count is their sum, read beside the core's row (0 where the seller has no card).
 */
const shardedLiveAds = async (env: Env, id: string): Promise<number | undefined> => {
  // once `users` lives with the accounts (worker/db/users.ts) its row no longer sits beside the ads:
  // the listings databases' cards count them, the core's included when it holds the ads
  if (!isSharded(env) && !usersWithAccounts(env)) return undefined;
  const cards = await Promise.all(listingDatabases(env).map((db) => db.prepare('SELECT live_ads FROM users WHERE id = ?').bind(id).first<{ live_ads: number }>()));
  return cards.reduce((sum, card) => sum + (card?.live_ads ?? 0), 0);
};

const SELLER_NOT_FOUND = 'This seller does not exist.';
const SELLER_GONE = 'This seller is no longer on SEL.';

interface SellerRow {
  id: string;
  first_name: string;
  last_name: string;
  business_name: string | null;
  avatar: string | null;
  phone_verified: number;
  email_verified: number;
  status: string;
  live_ads: number;
  created_at: number;
}

/** Public columns only (see the file comment). */
const SELLER_SQL = `SELECT id, first_name, last_name, business_name, avatar, phone_verified, email_verified, status, live_ads, created_at FROM users WHERE id = ?`;

const assertVisible = (row: SellerRow | null): SellerRow => {
  if (!row) throw notFound(SELLER_NOT_FOUND, 'SELLER_NOT_FOUND');
  if (row.status === 'BANNED' || row.status === 'DELETED') throw new AppError(410, 'SELLER_GONE', SELLER_GONE);
  if (row.status !== 'ACTIVE') throw notFound(SELLER_NOT_FOUND, 'SELLER_NOT_FOUND');
  return row;
};

/** The median of the newest answered conversations' first-reply times, in whole minutes. */
export const medianReplyMinutes = (replyMs: readonly number[]): number | undefined => {
  if (!replyMs.length) return undefined;
  const sorted = [...replyMs].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.max(0, Math.round(median / 60_000));
};

export const getSellerProfile = async (env: Env, rawId: string): Promise<SellerProfile> => {
  const id = rawId.trim().toLowerCase();
  // the seller and their newest answered conversations in one round trip (index chats_seller_replied);
  // with the chat list per member on (decision 034), from the seller's own rows in their accounts
  // database (index chat_members_replied: only a seller's row carries a reply time), beside the seller
  const replyRead = chatListWithAccounts(env)
    ? accountsDbForUser(env, id)
        .prepare(`SELECT first_reply_ms FROM chat_members WHERE user_id = ? AND first_reply_ms IS NOT NULL AND role = 'SELLER' ORDER BY last_message_at DESC LIMIT ?`)
        .bind(id, SELLER_PAGE_RULES.replySampleSize)
    : env.DB.prepare(`SELECT first_reply_ms FROM chats WHERE seller_id = ? AND first_reply_ms IS NOT NULL ORDER BY last_message_at DESC LIMIT ?`).bind(
        id,
        SELLER_PAGE_RULES.replySampleSize,
      );
  const [[sellerResult, repliesResult], liveAds] = await Promise.all([
    usersWithAccounts(env) || chatListWithAccounts(env)
      ? Promise.all([usersDbFor(env, id).prepare(SELLER_SQL).bind(id).all(), replyRead.all()])
      : env.DB.batch([env.DB.prepare(SELLER_SQL).bind(id), replyRead]),
    shardedLiveAds(env, id),
  ]);
  const row = assertVisible((sellerResult?.results[0] as SellerRow | undefined) ?? null);
  const replies = ((repliesResult?.results ?? []) as { first_reply_ms: number }[]).map((r) => r.first_reply_ms);
  const median = replies.length >= SELLER_PAGE_RULES.minConversationsForReplyTime ? medianReplyMinutes(replies) : undefined;
  const names = { id: row.id, businessName: row.business_name, firstName: row.first_name, lastName: row.last_name };
  return {
    id: row.id,
    path: sellerPath(names),
    name: sellerPublicName(names),
    firstName: row.first_name,
    lastName: row.last_name,
    businessName: row.business_name,
    avatar: row.avatar,
    memberSince: new Date(row.created_at).toISOString(),
    phoneVerified: row.phone_verified === 1,
    emailVerified: row.email_verified === 1,
    liveAds: liveAds ?? row.live_ads,
    replyTime: median === undefined ? null : { medianMinutes: median, conversations: replies.length },
  };
};

const ORDER: Record<SellerSort, string> = {
  // listings_user (user_id, status, created_at) and listings_user_price (user_id, status, price_minor)
  newest: 'l.created_at DESC, l.num DESC',
  'price-low': 'l.price_minor ASC, l.num ASC',
  'price-high': 'l.price_minor DESC, l.num DESC',
};

/** The seller's live ads, one page; the total is the seller's live-ad count (kept by triggers), not a count query. */
export const sellerListings = async (env: Env, db: Db, origin: string, rawId: string, q: SellerListingsQuery): Promise<ListingsPage> => {
  const id = rawId.trim().toLowerCase();
  // the seller's row apart from the ads (several listings databases, or `users` with the accounts): read side by side
  if (isSharded(env) || usersWithAccounts(env)) return shardedSellerListings(env, db, origin, id, q);
  const [sellerResult, rowsResult] = await env.DB.batch([
    env.DB.prepare(SELLER_SQL).bind(id),
    env.DB.prepare(
      `SELECT ${LISTING_COLUMNS} FROM listings l ${LISTING_JOINS} WHERE l.user_id = ? AND l.status = 'APPROVED' AND u.status = 'ACTIVE' ORDER BY ${ORDER[q.sort]} LIMIT ? OFFSET ?`,
    ).bind(id, q.limit, (q.page - 1) * q.limit),
  ]);
  const seller = assertVisible((sellerResult?.results[0] as SellerRow | undefined) ?? null);
  const listings = await hydrate(db, env, origin, (rowsResult?.results ?? []) as ListingRow[]);
  const total = seller.live_ads;
  return { listings, pagination: { page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit) } };
};

/** The order of ORDER, in code, for rows from several databases (ties by id: time-ordered in every database). */
const compare: Record<SellerSort, (a: ListingRow, b: ListingRow) => number> = {
  newest: (a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  'price-low': (a, b) => a.price_minor - b.price_minor || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  'price-high': (a, b) => b.price_minor - a.price_minor || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
};

/**
 * A seller sells in several groups of states: every listings database is asked for its first
 * page × limit of the seller's live ads with its card's live-ad count, beside the core's row, all in
 * one round trip; the pages are merged in the page's order and the counts summed.
 */
const shardedSellerListings = async (env: Env, db: Db, origin: string, id: string, q: SellerListingsQuery): Promise<ListingsPage> => {
  const depth = q.page * q.limit;
  const [seller, answers] = await Promise.all([
    usersDbFor(env, id).prepare(SELLER_SQL).bind(id).first<SellerRow>(),
    Promise.all(
      listingDatabases(env).map((target) =>
        target.batch<unknown>([
          target.prepare(`SELECT ${LISTING_COLUMNS} FROM listings l ${LISTING_JOINS} WHERE l.user_id = ? AND l.status = 'APPROVED' ORDER BY ${ORDER[q.sort]} LIMIT ?`).bind(id, depth),
          target.prepare('SELECT live_ads FROM users WHERE id = ?').bind(id),
        ]),
      ),
    ),
  ]);
  assertVisible(seller);
  const rows = answers.flatMap(([page]) => (page?.results ?? []) as ListingRow[]).sort(compare[q.sort]);
  const total = answers.reduce((sum, [, card]) => sum + ((card?.results[0] as { live_ads: number } | undefined)?.live_ads ?? 0), 0);
  const listings = await hydrate(db, env, origin, rows.slice((q.page - 1) * q.limit, depth));
  return { listings, pagination: { page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit) } };
};
