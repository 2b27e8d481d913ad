import type { Env } from '../../env';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { LIMITS, enforce } from '../../lib/rate-limit';
import type { Chat, ChatMessage } from '../../schemas/chat';
import { mediaUrl } from '../photos/media';
import { BLOCKED_BY_RECIPIENT, BLOCKED_BY_SENDER, assertNotBlocked, blockersBetween } from '../trust/trust';
import { archivedChatOf } from '../listings/archive-keys';
import { isSharded, listingDbForId } from '../../db/shards';
import { accountsDbForUser, accountsSplit } from '../../db/accounts';
import { readUsers, usersDbFor, usersWithAccounts } from '../../db/users';
import { CHAT_LIST_PREMIUM_FIRST } from '../../schemas/chat-list-data';
import { listingRowsByIds } from '../listings/shard-reads';
import { chatListWithAccounts, memberRowsOf, starStatement, writeMemberRows, type ChatMemberRow } from './chat-members';
import { chatDbFor, chatsWithAccounts, newChatId } from '../../db/chats';

export const CHAT_ARCHIVED_MESSAGE = 'This conversation has ended: the ad it was about is no longer on SEL.';

interface ChatRow {
  id: string;
  listing_id: string;
  buyer_id: string;
  seller_id: string;
  last_message: string | null;
  last_message_at: number | null;
  last_seq: number;
  buyer_last_read_seq: number;
  seller_last_read_seq: number;
  buyer_starred: number;
  seller_starred: number;
  created_at: number;
  b_first: string;
  b_last: string;
  b_avatar: string | null;
  s_first: string;
  s_last: string;
  s_avatar: string | null;
  l_title: string | null;
  l_price: number | null;
  l_currency: string | null;
  l_slug: string | null;
  l_status: string | null;
  l_image: string | null;
  b_premium: number;
  s_premium: number;
}

const premiumSql = (col: string) =>
  `EXISTS (SELECT 1 FROM subscriptions sub WHERE sub.user_id = ${col} AND sub.status = 'ACTIVE' AND sub.end_date > ?1)`;

const PREMIUM_COLUMNS = `${premiumSql('c.buyer_id')} AS b_premium, ${premiumSql('c.seller_id')} AS s_premium`;
/** With the plans in their payers' accounts databases the core cannot tell: `withPlans` fills the flags. */
const PLANS_APART_COLUMNS = '0 AS b_premium, 0 AS s_premium';

const chatSelectSql = (premium: string) => `
  SELECT c.*, b.first_name AS b_first, b.last_name AS b_last, b.avatar AS b_avatar,
    s.first_name AS s_first, s.last_name AS s_last, s.avatar AS s_avatar,
    coalesce(l.title, c.listing_title) AS l_title, l.price_minor AS l_price, l.currency AS l_currency, l.slug AS l_slug,
    coalesce(l.status, CASE WHEN c.listing_title IS NOT NULL THEN 'ARCHIVED' END) AS l_status,
    (SELECT r2_key FROM media m WHERE m.listing_id = c.listing_id ORDER BY m.position LIMIT 1) AS l_image,
    ${premium}
  FROM chats c
  JOIN users b ON b.id = c.buyer_id
  JOIN users s ON s.id = c.seller_id
  LEFT JOIN listings l ON l.id = c.listing_id`;

/**
 * With the ads in listings databases of their own (decision 033) the core has no ad to join: the
 * conversation and its members come from the core with the ad block as an archived conversation
 * has it (the title kept on the chat, or nothing), and `withAdBlocks` fills it from the ads' own
 * databases afterwards.
 */
const coreChatSelectSql = (premium: string) => `
  SELECT c.*, b.first_name AS b_first, b.last_name AS b_last, b.avatar AS b_avatar,
    s.first_name AS s_first, s.last_name AS s_last, s.avatar AS s_avatar,
    c.listing_title AS l_title, NULL AS l_price, NULL AS l_currency, NULL AS l_slug,
    CASE WHEN c.listing_title IS NOT NULL THEN 'ARCHIVED' END AS l_status, NULL AS l_image,
    ${premium}
  FROM chats c
  JOIN users b ON b.id = c.buyer_id
  JOIN users s ON s.id = c.seller_id`;


/**
 * Which of these users hold a plan in force now, when the plans live in their payers' accounts
 * databases (decision 034): each database asked for its own users, side by side (one round trip).
 * The same test as the one-database SQL (`premiumSql`): an ACTIVE subscription not yet ended.
 */
const usersWithPlans = async (env: Env, userIds: string[], now: number): Promise<Set<string>> => {
  const byDb = new Map<D1Database, string[]>();
  for (const id of new Set(userIds)) {
    const db = accountsDbForUser(env, id);
    byDb.set(db, [...(byDb.get(db) ?? []), id]);
  }
  const found = await Promise.all(
    [...byDb].map(([db, ids]) =>
      db
        .prepare(`SELECT DISTINCT user_id FROM subscriptions WHERE user_id IN (SELECT value FROM json_each(?1)) AND status = 'ACTIVE' AND end_date > ?2`)
        .bind(JSON.stringify(ids), now)
        .all<{ user_id: string }>(),
    ),
  );
  return new Set(found.flatMap((r) => r.results.map((x) => x.user_id)));
};

const withPlans = (rows: ChatRow[], premium: Set<string>): ChatRow[] =>
  rows.map((r) => ({ ...r, b_premium: premium.has(r.buyer_id) ? 1 : 0, s_premium: premium.has(r.seller_id) ? 1 : 0 }));

/**
 * Once `users` lives with the accounts (worker/db/users.ts) the core has no member names to join:
 * the conversation comes alone and `withMembers` fills the names from the members' own databases,
 * beside the ad blocks (no wait of its own on a list or an opened conversation).
 */
const apartChatSelectSql = (premium: string) => `
  SELECT c.*, NULL AS b_first, NULL AS b_last, NULL AS b_avatar, NULL AS s_first, NULL AS s_last, NULL AS s_avatar,
    c.listing_title AS l_title, NULL AS l_price, NULL AS l_currency, NULL AS l_slug,
    CASE WHEN c.listing_title IS NOT NULL THEN 'ARCHIVED' END AS l_status, NULL AS l_image,
    ${premium}
  FROM chats c`;

/**
 * Is the conversation's row read alone (names filled by `withMembers`)? When `users` lives with the
 * accounts, and when the row itself does (worker/db/chats.ts): in a buyer's accounts database there is
 * no `users` or `listings` table to join, whatever the two switches of those tables say.
 */
const rowApart = (env: Env) => usersWithAccounts(env) || chatsWithAccounts(env);

const chatSelect = (env: Env) => {
  const premium = accountsSplit(env) ? PLANS_APART_COLUMNS : PREMIUM_COLUMNS;
  return rowApart(env) ? apartChatSelectSql(premium) : isSharded(env) ? coreChatSelectSql(premium) : chatSelectSql(premium);
};

/** The members' names and pictures from where `users` lives, when the core's read could not join them. */
const withMembers = async (env: Env, rows: ChatRow[]): Promise<ChatRow[]> => {
  if (!rowApart(env) || !rows.length) return rows;
  type Member = { id: string; first_name: string; last_name: string; avatar: string | null };
  const members = await readUsers<Member>(env, rows.flatMap((r) => [r.buyer_id, r.seller_id]), ['first_name', 'last_name', 'avatar']);
  return rows.map((r) => {
    const b = members.get(r.buyer_id);
    const s = members.get(r.seller_id);
    return { ...r, b_first: b?.first_name ?? '', b_last: b?.last_name ?? '', b_avatar: b?.avatar ?? null, s_first: s?.first_name ?? '', s_last: s?.last_name ?? '', s_avatar: s?.avatar ?? null };
  });
};

/** Ad blocks and members side by side (each a no-op where the core's read joined them). */
const completed = async (env: Env, rows: ChatRow[], known: AdBlockRow[] = []): Promise<ChatRow[]> => {
  if (!rowApart(env)) return withAdBlocks(env, rows, known);
  const [withAds, withNames] = await Promise.all([withAdBlocks(env, rows, known), withMembers(env, rows)]);
  return withAds.map((r, i) => ({ ...r, ...pickMembers(withNames[i]!) }));
};
const pickMembers = (r: ChatRow) => ({ b_first: r.b_first, b_last: r.b_last, b_avatar: r.b_avatar, s_first: r.s_first, s_last: r.s_last, s_avatar: r.s_avatar });

/** The ad block of a conversation as read from the ad's own database (its cover from the photo copies kept there). */
interface AdBlockRow {
  id: string;
  title: string;
  price_minor: number;
  currency: string;
  slug: string;
  status: string;
  image: string | null;
}

const AD_BLOCK_COLUMNS = `l.id, l.title, l.price_minor, l.currency, l.slug, l.status,
  (SELECT r2_key FROM media m WHERE m.listing_id = l.id ORDER BY m.position LIMIT 1) AS image`;

const withAdBlock = (r: ChatRow, ad: AdBlockRow | undefined): ChatRow =>
  ad ? { ...r, l_title: ad.title, l_price: ad.price_minor, l_currency: ad.currency, l_slug: ad.slug, l_status: ad.status, l_image: ad.image } : r;

/**
 * The conversations' ad blocks, when the ads live in several databases: every ad asked in its own
 * database, the databases side by side (one round trip after the core's read). An ad no longer in
 * any database keeps what the core knows (an archived conversation's title). With one database the
 * core's read joined them already.
 */
const withAdBlocks = async (env: Env, rows: ChatRow[], known: AdBlockRow[] = []): Promise<ChatRow[]> => {
  // a row read from a buyer's accounts database joined no ad either, even with one listings database
  if ((!isSharded(env) && !chatsWithAccounts(env)) || !rows.length) return rows;
  const byId = new Map(known.map((a) => [a.id, a]));
  const missing = [...new Set(rows.map((r) => r.listing_id))].filter((id) => !byId.has(id));
  if (missing.length) for (const ad of await listingRowsByIds<AdBlockRow>(env, missing, AD_BLOCK_COLUMNS)) byId.set(ad.id, ad);
  return rows.map((r) => withAdBlock(r, byId.get(r.listing_id)));
};

const toChat = (r: ChatRow, viewerId: string, origin: string): Chat => {
  const isBuyer = viewerId === r.buyer_id;
  return {
    id: r.id,
    buyerId: r.buyer_id,
    sellerId: r.seller_id,
    buyer: { id: r.buyer_id, firstName: r.b_first, lastName: r.b_last, avatar: r.b_avatar, isPremium: r.b_premium === 1 },
    seller: { id: r.seller_id, firstName: r.s_first, lastName: r.s_last, avatar: r.s_avatar, isPremium: r.s_premium === 1 },
    listing:
      r.l_title !== null
        ? {
            id: r.listing_id,
            title: r.l_title,
            price: (r.l_price ?? 0) / 100,
            currency: r.l_currency ?? 'INR',
            slug: r.l_slug ?? '',
            image: r.l_image ? mediaUrl(origin, r.l_image) : null,
            status: r.l_status ?? 'APPROVED',
          }
        : null,
    lastMessage: r.last_message,
    lastMessageAt: r.last_message_at ? new Date(r.last_message_at).toISOString() : null,
    lastSeq: r.last_seq,
    unreadCount: r.last_seq - (isBuyer ? r.buyer_last_read_seq : r.seller_last_read_seq),
    otherLastReadSeq: isBuyer ? r.seller_last_read_seq : r.buyer_last_read_seq,
    isStarred: (isBuyer ? r.buyer_starred : r.seller_starred) === 1,
    createdAt: new Date(r.created_at).toISOString(),
  };
};

export const roomOf = (env: Env, chatId: string) => env.ChatRoom.get(env.ChatRoom.idFromName(chatId));

/**
 * A conversation's row as `userId` asks for it, from where it lives (worker/db/chats.ts): the core, or
 * with the switch on the database its id names. An older conversation's id names none: the asker's own
 * database is asked in one batch for the row (there when the asker is its buyer, or shares the buyer's
 * database) and for the asker's own `chat_members` row, whose role and other member name the buyer; a
 * seller elsewhere then reads the buyer's database (a second wait, only for conversations from before
 * the tag). Someone with no row of an older conversation finds nothing (404, not 403: telling the two
 * apart would mean asking every database).
 */
const readChatRow = async <T>(env: Env, userId: string, chatId: string, select: string, params: unknown[]): Promise<T | null> => {
  const known = chatDbFor(env, chatId);
  if (known) return known.prepare(select).bind(...params).first<T>();
  const own = accountsDbForUser(env, userId);
  const [here, mine] = await own.batch<unknown>([
    own.prepare(select).bind(...params),
    own.prepare('SELECT role, other_id FROM chat_members WHERE user_id = ? AND chat_id = ?').bind(userId, chatId),
  ]);
  const row = here?.results[0] as T | undefined;
  if (row) return row;
  const member = mine?.results[0] as { role: string; other_id: string } | undefined;
  if (!member || member.role === 'BUYER') return null;
  return accountsDbForUser(env, member.other_id).prepare(select).bind(...params).first<T>();
};

/** The database holding a conversation's row, from the row itself (its buyer names it when its id does not). */
export const chatDbOf = (env: Env, chat: { id: string; buyer_id: string }): D1Database => chatDbFor(env, chat.id, chat.buyer_id)!;

/** The chat if `userId` is one of its two members: 404 when missing, 403 for anyone else. */
export const memberChat = async (env: Env, userId: string, chatId: string) => {
  const row = await readChatRow<ChatRow>(env, userId, chatId, `${chatSelect(env)} WHERE c.id = ?2`, [Date.now(), chatId]);
  if (!row) {
    // a conversation that left D1 with its archived ad (decision 021): its members are told it ended; anyone else learns nothing
    if (await archivedChatOf(env, chatId, userId)) throw new AppError(410, 'CHAT_ARCHIVED', CHAT_ARCHIVED_MESSAGE);
    throw notFound('Conversation not found', 'CHAT_NOT_FOUND');
  }
  if (row.buyer_id !== userId && row.seller_id !== userId) throw forbidden('You do not have permission to perform this action', 'NOT_A_MEMBER');
  return row;
};

/** A conversation with its ad block (read from the ad's own database when the ads are sharded). */
export const getChat = async (env: Env, userId: string, chatId: string, origin: string, knownAd?: AdBlockRow) => {
  const member = await memberChat(env, userId, chatId);
  // with the plans apart, the two members' plans are read beside the ad block and the names (still one wait after the core's)
  const [[row], premium] = await Promise.all([
    completed(env, [member], knownAd ? [knownAd] : []),
    accountsSplit(env) ? usersWithPlans(env, [member.buyer_id, member.seller_id], Date.now()) : undefined,
  ]);
  return toChat(premium ? withPlans([row!], premium)[0]! : row!, userId, origin);
};

/**
 * What a conversation's answer needs beyond its row, read from its two members alone (so beside the
 * row's own read, not after it): the names where the row could not join them, the plans where they
 * live apart. Answers the function that completes a row with them and with its ad block.
 */
const answerExtras = async (env: Env, buyerId: string, sellerId: string, now: number) => {
  type Member = { id: string; first_name: string; last_name: string; avatar: string | null };
  const [members, premium] = await Promise.all([
    rowApart(env) ? readUsers<Member>(env, [buyerId, sellerId], ['first_name', 'last_name', 'avatar']) : undefined,
    accountsSplit(env) ? usersWithPlans(env, [buyerId, sellerId], now) : undefined,
  ]);
  return (r: ChatRow, ad: AdBlockRow | undefined): ChatRow => {
    let row = ad ? withAdBlock(r, ad) : r;
    if (members) {
      const b = members.get(r.buyer_id);
      const s = members.get(r.seller_id);
      row = { ...row, b_first: b?.first_name ?? '', b_last: b?.last_name ?? '', b_avatar: b?.avatar ?? null, s_first: s?.first_name ?? '', s_last: s?.last_name ?? '', s_avatar: s?.avatar ?? null };
    }
    return premium ? withPlans([row], premium)[0]! : row;
  };
};

/**
 * One conversation per listing and buyer. Opening it twice returns the same chat. A seller cannot
 * open a chat on their own ad; hidden ads cannot start new chats.
 *
 * Three waits to reopen, the session's read included (decision 022's budget for a write): the ad beside
 * the buyer's existing conversation (the buyer and the ad are known from the request); then, once the
 * ad names the seller, everything else side by side — the blocks, the seller's status, the names and
 * plans of the answer, and the insert with its re-read as one batch in the conversation's database.
 * The insert cannot wait for the checks (they live in other databases), so it is undone when a check
 * fails: a refused open waits once more, and leaves nothing behind. A new conversation waits once more
 * for its members' chat list rows (several accounts databases), written before the answer because the
 * readers of a member's conversations find it through them; one lost there is written by the room's
 * next commit or the checker.
 */
export const getOrCreateChat = async (env: Env, userId: string, listingId: string, origin: string) => {
  // the ad from its own database (decision 033; DB itself with one); wherever the conversation's row
  // joins no ad (several listings databases, or the row in its buyer's database) the same read
  // carries the answer's ad block
  const withBlock = isSharded(env) || chatsWithAccounts(env);
  // the buyer's conversations are in the buyer's database with the switch on (worker/db/chats.ts): the
  // (ad, buyer) unique index that keeps one of them is there
  const db = chatsWithAccounts(env) ? accountsDbForUser(env, userId) : env.DB;
  const now = Date.now();
  const byAdAndBuyer = db.prepare(`${chatSelect(env)} WHERE c.listing_id = ?2 AND c.buyer_id = ?3`);
  const [listing, existing] = await Promise.all([
    listingDbForId(env, listingId)
      .prepare(`SELECT ${withBlock ? `${AD_BLOCK_COLUMNS}, l.user_id` : 'id, user_id, status'} FROM listings${withBlock ? ' l' : ''} WHERE id = ?`)
      .bind(listingId.toLowerCase())
      .first<{ id: string; user_id: string; status: string } & Partial<AdBlockRow>>(),
    byAdAndBuyer.bind(now, listingId.toLowerCase(), userId).first<ChatRow>(),
  ]);
  if (!listing) throw notFound("The listing you're looking for doesn't exist or has been removed.", 'LISTING_NOT_FOUND');
  if (listing.user_id === userId) throw badRequest('You cannot start a chat on your own ad', 'OWN_LISTING');
  const adBlock = withBlock ? (listing as AdBlockRow) : undefined;
  if (existing) {
    const complete = await answerExtras(env, existing.buyer_id, existing.seller_id, now);
    return { chat: toChat(complete(existing, adBlock), userId, origin), created: false };
  }
  if (listing.status !== 'APPROVED') throw notFound("The listing you're looking for doesn't exist or has been removed.", 'LISTING_NOT_FOUND');
  const sellerId = listing.user_id;
  const id = newChatId(userId);
  // settled one by one: whatever fails once the insert may have landed, the insert is undone (nothing half-written)
  const [blocked, seller, written, extras] = await Promise.allSettled([
    // a seller who blocked this buyer (or a buyer who blocked this seller): no new conversation
    assertNotBlocked(env, userId, sellerId),
    usersDbFor(env, sellerId).prepare(`SELECT status FROM users WHERE id = ?`).bind(sellerId).first<{ status: string }>(),
    // two clicks racing: the unique (listing, buyer) index keeps one; both get it back
    db.batch<ChatRow>([
      db
        .prepare(
          `INSERT OR IGNORE INTO chats (id, listing_id, buyer_id, seller_id, last_seq, buyer_last_read_seq, seller_last_read_seq, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0, 0, ?, ?)`,
        )
        .bind(id, listing.id, userId, sellerId, now, now),
      byAdAndBuyer.bind(now, listing.id, userId),
    ]),
    answerExtras(env, userId, sellerId, now),
  ]);
  const failure =
    [blocked, seller, extras].find((r): r is PromiseRejectedResult => r.status === 'rejected')?.reason ??
    (seller.status === 'fulfilled' && seller.value?.status !== 'ACTIVE' ? new AppError(409, 'SELLER_UNAVAILABLE', 'This seller is no longer available.') : undefined);
  if (written.status === 'rejected') throw failure ?? written.reason;
  if (failure !== undefined || extras.status !== 'fulfilled') {
    // only the row this request wrote (its new id): one a racing open made stays, its own checks answered it
    await db.prepare('DELETE FROM chats WHERE id = ?').bind(id).run();
    throw failure;
  }
  const row = written.value[1]!.results[0]!;
  const created = row.id === id;
  // with several accounts databases both members' chat list rows begin with the conversation (decision 034)
  if (created && accountsSplit(env)) {
    // written before the answer: the readers of a member's conversations (the blocks' notice to the rooms,
    // the sockets closed at logout-all, the unread count, the chat list) read these rows, and a member
    // may block or sign out everywhere the moment the conversation opens. One wait more for a new
    // conversation (4; a reopening 3), both members' databases side by side.
    await writeMemberRows(
            env,
            memberRowsOf({
              id,
              listing_id: listing.id,
              buyer_id: userId,
              seller_id: sellerId,
              last_seq: 0,
              last_message: null,
              last_message_at: null,
              last_sender_id: null,
              buyer_last_read_seq: 0,
              seller_last_read_seq: 0,
              buyer_starred: 0,
              seller_starred: 0,
              created_at: now,
              updated_at: now,
            }),
          );
  }
  const complete = extras.value;
  return { chat: toChat(complete(row, adBlock), userId, origin), created };
};

/**
 * The user's conversations, latest activity first. Sellers see premium buyers' chats first
 * (the Basic plan's "priority position in sellers' chat lists").
 */
export const listChats = async (env: Env, userId: string, q: { page: number; limit: number }, origin: string) => {
  if (chatListWithAccounts(env)) return listChatsOfMember(env, userId, q, origin);
  if (accountsSplit(env)) return listChatsPlansApart(env, userId, q, origin);
  const now = Date.now();
  const [rows, total] = await env.DB.batch<unknown>([
    env.DB.prepare(
      `${chatSelect(env)} WHERE c.buyer_id = ?2 OR c.seller_id = ?2
       ORDER BY (c.seller_id = ?2 AND ${premiumSql('c.buyer_id')} AND c.last_seq > c.seller_last_read_seq) DESC,
                coalesce(c.last_message_at, c.created_at) DESC, c.id DESC
       LIMIT ?3 OFFSET ?4`,
    ).bind(now, userId, q.limit, (q.page - 1) * q.limit),
    env.DB.prepare('SELECT count(*) AS total FROM chats WHERE buyer_id = ?1 OR seller_id = ?1').bind(userId),
  ]);
  const t = (total?.results[0] as { total: number } | undefined)?.total ?? 0;
  return {
    chats: (await completed(env, (rows?.results ?? []) as ChatRow[])).map((r) => toChat(r, userId, origin)),
    pagination: { page: q.page, limit: q.limit, total: t, pages: Math.ceil(t / q.limit) },
  };
};

/**
 * Page 1 is the newest `limit` messages; every page is returned oldest-first for display. With
 * `after`, everything after that sequence number (oldest first, up to `limit`) for resync. Read
 * from the conversation's room, where its messages live (decision 031); the senders' names come
 * from the conversation's row (a message's sender is one of its two members).
 */
export const listMessages = async (env: Env, userId: string, chatId: string, q: { page: number; limit: number; after?: number }) => {
  const found = await memberChat(env, userId, chatId);
  const [page, named] = await Promise.all([roomOf(env, found.id).history(q), withMembers(env, [found])]);
  const chat = named[0]!;
  const lastSeq = Math.max(chat.last_seq, page.lastSeq);
  const names: Record<string, { firstName: string; lastName: string }> = {
    [chat.buyer_id]: { firstName: chat.b_first, lastName: chat.b_last },
    [chat.seller_id]: { firstName: chat.s_first, lastName: chat.s_last },
  };
  return {
    messages: page.messages.map((m) => ({ ...m, sender: names[m.senderId] ?? { firstName: '', lastName: '' } })),
    pagination: { page: q.after !== undefined ? 1 : q.page, limit: q.limit, total: lastSeq, pages: Math.ceil(lastSeq / q.limit) },
    lastSeq,
  };
};

export const sendMessage = async (env: Env, userId: string, input: { chatId: string; content: string; messageType: string; clientId?: string }) => {
  const chat = await memberChat(env, userId, input.chatId);
  const otherId = chat.buyer_id === userId ? chat.seller_id : chat.buyer_id;
  // the recipient's state and any block between the two, in the one read the send already made;
  // with several accounts databases the blocks are in their blockers' own (decision 034), asked
  // beside the read of the recipient's row (still one wait)
  const other = accountsSplit(env)
    ? await Promise.all([
        usersDbFor(env, otherId).prepare('SELECT status FROM users WHERE id = ?').bind(otherId).first<{ status: string }>(),
        blockersBetween(env, otherId, userId),
      ]).then(([row, blockers]) => row && { status: row.status, blocker: blockers.includes(otherId) ? otherId : blockers[0] ?? null })
    : await env.DB.prepare(
        `SELECT status, (SELECT blocker_id FROM user_blocks WHERE (blocker_id = ?1 AND blocked_id = ?2) OR (blocker_id = ?2 AND blocked_id = ?1) ORDER BY blocker_id = ?1 DESC LIMIT 1) AS blocker
     FROM users WHERE id = ?1`,
      )
        .bind(otherId, userId)
        .first<{ status: string; blocker: string | null }>();
  if (other?.status === 'DELETED') throw new AppError(409, 'RECIPIENT_GONE', 'This user has deleted their account.');
  if (other?.blocker) throw new AppError(403, 'BLOCKED', other.blocker === otherId ? BLOCKED_BY_RECIPIENT : BLOCKED_BY_SENDER);
  await enforce(env, LIMITS.messagesPerUser, userId);
  return roomOf(env, chat.id)
    .send({ senderId: userId, content: input.content, messageType: input.messageType, clientId: input.clientId ?? null })
    .catch((err: unknown) => {
      throw roomRefusal(err);
    });
};

/**
 * The room may still refuse a send the checks above let through (a block that landed in between, or
 * one it has not been told is lifted yet). Its AppError crosses the Durable Object's RPC as a plain
 * error that keeps its status and code: the sender gets that answer (403 BLOCKED), not a 500.
 */
const roomRefusal = (err: unknown): unknown => {
  const { status, code, remote } = (err ?? {}) as { status?: unknown; code?: unknown; remote?: unknown };
  if (!(err instanceof Error) || err instanceof AppError || remote !== true) return err;
  return typeof status === 'number' && status >= 400 && status < 500 && typeof code === 'string' ? new AppError(status as 403, code, err.message) : err;
};

export const markChatRead = async (env: Env, userId: string, chatId: string) => {
  const chat = await memberChat(env, userId, chatId);
  return roomOf(env, chat.id).markRead(userId);
};

export const starChat = async (env: Env, userId: string, chatId: string, starred: boolean) => {
  const chat = await memberChat(env, userId, chatId);
  const column = chat.buyer_id === userId ? 'buyer_starred' : 'seller_starred';
  await Promise.all([
    chatDbOf(env, chat).prepare(`UPDATE chats SET ${column} = ? WHERE id = ?`).bind(starred ? 1 : 0, chat.id).run(),
    // and on the member's own chat list row, in the same wait (decision 034)
    accountsSplit(env) ? starStatement(env, chat.id, userId, starred).run() : undefined,
  ]);
  return { isStarred: starred };
};

/** For the WebSocket upgrade: is this user allowed into this room? */
export const isMember = async (env: Env, userId: string, chatId: string) => {
  const row = await readChatRow(env, userId, chatId, 'SELECT 1 FROM chats WHERE id = ? AND (buyer_id = ? OR seller_id = ?)', [chatId, userId, userId]);
  return Boolean(row);
};

/**
 * The conversations two users share, whichever side each is on (a block or unblock tells their rooms);
 * with the chat list per member on (decision 034), from `a`'s own rows in their accounts database.
 */
export const chatsBetween = async (env: Env, a: string, b: string) =>
  (
    await (chatListWithAccounts(env)
      ? accountsDbForUser(env, a).prepare('SELECT chat_id AS id FROM chat_members WHERE user_id = ?1 AND other_id = ?2')
      : env.DB.prepare('SELECT id FROM chats WHERE (buyer_id = ?1 AND seller_id = ?2) OR (buyer_id = ?2 AND seller_id = ?1)')
    )
      .bind(a, b)
      .all<{ id: string }>()
  ).results.map((r) => r.id);

/** Each room re-reads its members (and their blocks) before its next send. */
export const roomsChanged = async (env: Env, chatIds: string[]) => {
  await Promise.all(chatIds.map((id) => roomOf(env, id).membersChanged()));
};

/**
 * Ends the live sockets of a user whose sessions were revoked (logout-all, account deletion): their
 * inbox and their side of every chat room. The tabs reconnect with a token that is now refused.
 */
export const endRealtimeSessions = async (env: Env, userId: string) => {
  // with the chat list per member on (decision 034): the user's own rows in their accounts database
  const { results } = await (chatListWithAccounts(env)
    ? accountsDbForUser(env, userId).prepare('SELECT chat_id AS id FROM chat_members WHERE user_id = ?1')
    : env.DB.prepare('SELECT id FROM chats WHERE buyer_id = ?1 UNION SELECT id FROM chats WHERE seller_id = ?1')
  )
    .bind(userId)
    .all<{ id: string }>();
  const outcomes = await Promise.allSettled([
    env.UserInbox.get(env.UserInbox.idFromName(userId)).endSessions(),
    ...results.map((r) => roomOf(env, r.id).endSessionsOf(userId)),
  ]);
  for (const o of outcomes) if (o.status === 'rejected') console.warn('ending a live session failed', o.reason);
};

/** Newest activity first, ties by id: the list's order after the premium buyers' unread chats. */
const byActivity = (a: ChatRow, b: ChatRow) =>
  (b.last_message_at ?? b.created_at) - (a.last_message_at ?? a.created_at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The chat list with the plans in their payers' accounts databases (decision 034), in the same order
 * as the one-database SQL: a seller's unread chats with premium buyers first, then everything by
 * latest activity. The core cannot sort by a plan it does not hold, so one core batch reads the
 * candidates — the seller's newest unread chats (at most `CHAT_LIST_PREMIUM_FIRST.unreadScanned`),
 * and the chats by activity from `unreadScanned` before the page's offset to its end (whichever of
 * the unread ones are lifted, the page's other rows are among them) — then the members' plans come
 * from their accounts databases side by side, with the ad blocks beside them, and the page is cut
 * from the merged order. Two round trips, as with the listings apart. Only a premium buyer's unread
 * chat behind more than `unreadScanned` newer unread chats keeps its place by activity.
 */
const listChatsPlansApart = async (env: Env, userId: string, q: { page: number; limit: number }, origin: string) => {
  const now = Date.now();
  const scanned = CHAT_LIST_PREMIUM_FIRST.unreadScanned;
  const offset = (q.page - 1) * q.limit;
  const from = Math.max(0, offset - scanned);
  const select = chatSelect(env);
  const activity = 'ORDER BY coalesce(c.last_message_at, c.created_at) DESC, c.id DESC LIMIT ?3 OFFSET ?4';
  const [unreadRows, recentRows, total] = await env.DB.batch<unknown>([
    env.DB.prepare(`${select} WHERE c.seller_id = ?2 AND c.last_seq > c.seller_last_read_seq ${activity}`).bind(now, userId, scanned, 0),
    env.DB.prepare(`${select} WHERE c.buyer_id = ?2 OR c.seller_id = ?2 ${activity}`).bind(now, userId, offset + q.limit - from, from),
    env.DB.prepare('SELECT count(*) AS total FROM chats WHERE buyer_id = ?1 OR seller_id = ?1').bind(userId),
  ]);
  const unread = (unreadRows?.results ?? []) as ChatRow[];
  const recent = (recentRows?.results ?? []) as ChatRow[];
  const candidates = [...new Map([...unread, ...recent].map((r) => [r.id, r])).values()];
  const [premium, withAds] = await Promise.all([usersWithPlans(env, candidates.flatMap((r) => [r.buyer_id, r.seller_id]), now), completed(env, candidates)]);
  const t = (total?.results[0] as { total: number } | undefined)?.total ?? 0;
  return premiumFirstPage(withPlans(withAds, premium), unread, recent, premium, { from, offset, limit: q.limit, page: q.page, total: t }, userId, origin);
};

/**
 * The page cut from the candidates in the one-database list's order: the seller's unread chats with
 * premium buyers first (newest first), then everything by activity. `recent` starts at `from` in the
 * list by activity; `complete` holds every candidate with its ad block, names and plans.
 */
const premiumFirstPage = (
  complete: ChatRow[],
  unread: ChatRow[],
  recent: ChatRow[],
  premium: Set<string>,
  at: { from: number; offset: number; limit: number; page: number; total: number },
  userId: string,
  origin: string,
) => {
  const rowOf = new Map(complete.map((r) => [r.id, r]));
  // the unread chats of premium buyers, newest first: the list's first rows
  const lifted = unread.filter((r) => premium.has(r.buyer_id));
  const liftedIds = new Set(lifted.map((r) => r.id));
  const page = lifted.slice(at.offset, at.offset + at.limit);
  recent.forEach((r, i) => {
    if (liftedIds.has(r.id)) return;
    // its place in the list: after every lifted chat, less the lifted ones that were ahead of it by activity
    const place = lifted.length + at.from + i - lifted.filter((l) => byActivity(l, r) < 0).length;
    if (place >= at.offset && place < at.offset + at.limit) page.push(r);
  });
  return {
    chats: page.map((r) => toChat(rowOf.get(r.id)!, userId, origin)),
    pagination: { page: at.page, limit: at.limit, total: at.total, pages: Math.ceil(at.total / at.limit) },
  };
};

/** A member's chat list row in the shape the core's read gives (names, ad block and plans still to fill). */
const fromMemberRow = (m: ChatMemberRow): ChatRow => {
  const buyer = m.role === 'BUYER';
  return {
    id: m.chat_id,
    listing_id: m.listing_id,
    buyer_id: buyer ? m.user_id : m.other_id,
    seller_id: buyer ? m.other_id : m.user_id,
    last_message: m.last_message,
    last_message_at: m.last_message_at,
    last_seq: m.last_seq,
    buyer_last_read_seq: buyer ? m.last_read_seq : m.other_last_read_seq,
    seller_last_read_seq: buyer ? m.other_last_read_seq : m.last_read_seq,
    // the other member's star is theirs alone: not on this row, and not shown to this member
    buyer_starred: buyer ? m.starred : 0,
    seller_starred: buyer ? 0 : m.starred,
    created_at: m.created_at,
    b_first: '',
    b_last: '',
    b_avatar: null,
    s_first: '',
    s_last: '',
    s_avatar: null,
    l_title: null,
    l_price: null,
    l_currency: null,
    l_slug: null,
    l_status: null,
    l_image: null,
    b_premium: 0,
    s_premium: 0,
  };
};

/**
 * The chat list from the member's own accounts database alone (decision 034, migration 0053), in the
 * same order as the core's: one batch there reads the seller's newest unread chats (at most
 * `CHAT_LIST_PREMIUM_FIRST.unreadScanned`), the page's window by activity and the count; then the
 * members' plans, the ads' blocks and both members' names come side by side (wherever `users`, the plans
 * and the ads live). Two round trips. The core is not asked at all.
 */
const listChatsOfMember = async (env: Env, userId: string, q: { page: number; limit: number }, origin: string) => {
  const now = Date.now();
  const scanned = CHAT_LIST_PREMIUM_FIRST.unreadScanned;
  const offset = (q.page - 1) * q.limit;
  const from = Math.max(0, offset - scanned);
  const db = accountsDbForUser(env, userId);
  const activity = 'ORDER BY activity_at DESC, chat_id DESC LIMIT ?2 OFFSET ?3';
  const [unreadRows, recentRows, total] = await db.batch<unknown>([
    db.prepare(`SELECT * FROM chat_members WHERE user_id = ?1 AND role = 'SELLER' AND last_seq > last_read_seq ${activity}`).bind(userId, scanned, 0),
    db.prepare(`SELECT * FROM chat_members WHERE user_id = ?1 ${activity}`).bind(userId, offset + q.limit - from, from),
    db.prepare('SELECT count(*) AS total FROM chat_members WHERE user_id = ?1').bind(userId),
  ]);
  const unread = ((unreadRows?.results ?? []) as ChatMemberRow[]).map(fromMemberRow);
  const recent = ((recentRows?.results ?? []) as ChatMemberRow[]).map(fromMemberRow);
  const candidates = [...new Map([...unread, ...recent].map((r) => [r.id, r])).values()];
  const people = candidates.flatMap((r) => [r.buyer_id, r.seller_id]);
  type Member = { id: string; first_name: string; last_name: string; avatar: string | null };
  const [premium, ads, names] = await Promise.all([
    usersWithPlans(env, people, now),
    candidates.length ? listingRowsByIds<AdBlockRow>(env, [...new Set(candidates.map((r) => r.listing_id))], AD_BLOCK_COLUMNS) : [],
    readUsers<Member>(env, people, ['first_name', 'last_name', 'avatar']),
  ]);
  const adOf = new Map(ads.map((a) => [a.id, a]));
  const complete = withPlans(candidates, premium).map((r) => {
    const b = names.get(r.buyer_id);
    const s = names.get(r.seller_id);
    return withAdBlock(
      { ...r, b_first: b?.first_name ?? '', b_last: b?.last_name ?? '', b_avatar: b?.avatar ?? null, s_first: s?.first_name ?? '', s_last: s?.last_name ?? '', s_avatar: s?.avatar ?? null },
      adOf.get(r.listing_id),
    );
  });
  const t = (total?.results[0] as { total: number } | undefined)?.total ?? 0;
  return premiumFirstPage(complete, unread, recent, premium, { from, offset, limit: q.limit, page: q.page, total: t }, userId, origin);
};
