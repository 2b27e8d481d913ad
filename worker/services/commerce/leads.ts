import type { Env } from '../../env';
import { csvDocument } from '../../lib/csv';
import { isSharded, listingDbForId } from '../../db/shards';
import { readUsers, usersWithAccounts } from '../../db/users';
import { accountsDbForUser } from '../../db/accounts';
import { chatListWithAccounts } from '../chat/chat-members';

/**
 * Leads (decision 015): one row per conversation about my ads. D1's `chats` gives the ad, the buyer,
 * the last message time and the message count (`last_seq`: every message takes the next seq, none
 * is ever deleted); the first message's time and any phone number the buyer wrote are read from the
 * conversation's room, where its messages live (decision 031). A phone number shows only when the
 * buyer wrote one in the chat.
 */

/** The newest conversations a download covers: keeps one request's work bounded. */
export const LEADS_LIMIT = 500;

export interface Lead {
  chatId: string;
  listingId: string;
  adTitle: string;
  adLink: string;
  buyerName: string;
  firstMessageAt: string;
  lastMessageAt: string;
  messageCount: number;
  /** 10 digits, only when the buyer shared it in the chat */
  buyerPhone: string | null;
}

/**
 * An Indian mobile number written in a message, as 10 digits: "98765 43210", "+91-98765-43210",
 * "098765 43210", "(+91) 9876543210". Digit runs with spaces, dots, dashes or brackets between
 * them are joined first, so a number split for readability still counts; prices ("₹ 4,50,000")
 * and years do not look like mobiles (they fail the length or the 6–9 first digit).
 */
export const findPhoneNumber = (text: string): string | null => {
  for (const match of text.matchAll(/\+?\(?\d[\d\s().-]{8,18}\d/g)) {
    const digits = match[0].replace(/\D/g, '');
    const mobile =
      digits.length === 10 ? digits : digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits.length === 11 && digits.startsWith('0') ? digits.slice(1) : null;
    if (mobile && /^[6-9]\d{9}$/.test(mobile)) return mobile;
  }
  return null;
};

interface LeadRow {
  id: string;
  listing_id: string;
  title: string;
  slug: string;
  first_name: string;
  last_name: string;
  created_at: number;
  last_message_at: number | null;
  last_seq: number;
  buyer_id: string;
}

type BuyerName = { id: string; first_name: string; last_name: string };

/**
 * With `users` in the accounts databases (decision 034) the core cannot join the buyers' names: they
 * are read by the grouped reader, one statement per accounts database side by side, from the buyer
 * ids the conversations name. A conversation whose buyer has no row leaves the list, as the JOIN does.
 */
const readBuyerNames = (env: Env, rows: readonly { buyer_id: string }[]) =>
  readUsers<BuyerName>(
    env,
    rows.map((r) => r.buyer_id),
    ['first_name', 'last_name'],
  );
const withBuyerNames = <R extends { buyer_id: string }>(rows: readonly R[], names: Map<string, BuyerName>) =>
  rows.flatMap((r) => {
    const buyer = names.get(r.buyer_id);
    return buyer ? [{ ...r, first_name: buyer.first_name, last_name: buyer.last_name }] : [];
  });

/** Rooms asked at once: a download of 500 leads does not open 500 calls together. */
const ROOMS_AT_ONCE = 25;

/**
 * The seller's conversations from the core, then their ads' titles and links from the ads' own
 * databases side by side (decision 033); a conversation whose ad is gone leaves the list, as the
 * JOIN does with one database.
 */
const shardedLeadRows = async (env: Env, sellerId: string): Promise<{ results: LeadRow[] }> => {
  const apart = usersWithAccounts(env);
  const { results: chats } = apart
    ? await env.DB.prepare(
        `SELECT c.id, c.listing_id, c.created_at, c.last_message_at, c.last_seq, c.buyer_id
     FROM chats c
     WHERE c.seller_id = ? AND c.last_seq > 0
     ORDER BY c.last_message_at DESC, c.id DESC LIMIT ?`,
      )
        .bind(sellerId, LEADS_LIMIT + 1)
        .all<Omit<LeadRow, 'title' | 'slug'>>()
    : await env.DB.prepare(
        `SELECT c.id, c.listing_id, u.first_name, u.last_name, c.created_at, c.last_message_at, c.last_seq, c.buyer_id
     FROM chats c JOIN users u ON u.id = c.buyer_id
     WHERE c.seller_id = ? AND c.last_seq > 0
     ORDER BY c.last_message_at DESC, c.id DESC LIMIT ?`,
      )
        .bind(sellerId, LEADS_LIMIT + 1)
        .all<Omit<LeadRow, 'title' | 'slug'>>();
  // the buyers' names (when `users` is in the accounts databases) beside the ads' titles: no wait more
  const [names, ads] = await Promise.all([apart ? readBuyerNames(env, chats) : null, adsOf(env, chats)]);
  const named = names ? withBuyerNames(chats, names) : chats;
  return { results: withAds(named, ads) };
};

/** The ads' titles and links from the databases holding them (the core with one), each database's in one batch, side by side. */
const adsOf = async (env: Env, chats: readonly { listing_id: string }[]) => {
  const byDatabase = new Map<D1Database, string[]>();
  for (const id of new Set(chats.map((c) => c.listing_id))) {
    const target = listingDbForId(env, id);
    byDatabase.set(target, [...(byDatabase.get(target) ?? []), id]);
  }
  const ads = new Map<string, { title: string; slug: string }>();
  await Promise.all(
    [...byDatabase].map(async ([target, ids]) => {
      // ids per statement: D1 binds at most 100 parameters
      const statements: D1PreparedStatement[] = [];
      for (let i = 0; i < ids.length; i += 90) {
        const chunk = ids.slice(i, i + 90);
        statements.push(target.prepare(`SELECT id, title, slug FROM listings WHERE id IN (${chunk.map(() => '?').join(', ')})`).bind(...chunk));
      }
      for (const r of await target.batch<{ id: string; title: string; slug: string }>(statements)) for (const ad of r.results) ads.set(ad.id, { title: ad.title, slug: ad.slug });
    }),
  );
  return ads;
};

/** A conversation whose ad is gone leaves the list, as the JOIN does with one database. */
const withAds = <R extends { listing_id: string }>(rows: readonly R[], ads: Map<string, { title: string; slug: string }>) =>
  rows.flatMap((c) => (ads.has(c.listing_id) ? [{ ...c, ...ads.get(c.listing_id)! }] : []));

/**
 * One listings database with `users` in the accounts databases: the conversations with their ads
 * from the core, then the buyers' names by the grouped reader, asked while the rooms answer (below).
 */
const leadRowsWithoutNames = (env: Env, sellerId: string) =>
  env.DB.prepare(
    `SELECT c.id, c.listing_id, l.title, l.slug, c.created_at, c.last_message_at, c.last_seq, c.buyer_id
     FROM chats c JOIN listings l ON l.id = c.listing_id
     WHERE c.seller_id = ? AND c.last_seq > 0
     ORDER BY c.last_message_at DESC, c.id DESC LIMIT ?`,
  )
    .bind(sellerId, LEADS_LIMIT + 1)
    .all<Omit<LeadRow, 'first_name' | 'last_name'>>();

/** What the conversations' rooms say about each lead: the first message's time and the latest phone number the buyer wrote. */
const roomFacts = async (env: Env, page: readonly { id: string; buyer_id: string }[]) => {
  // buyers' messages with a run of digits in them, newest first: the latest number shared wins
  const phones = new Map<string, string>();
  const firstAt = new Map<string, number>();
  for (let i = 0; i < page.length; i += ROOMS_AT_ONCE) {
    const chunk = page.slice(i, i + ROOMS_AT_ONCE);
    const facts = await Promise.all(chunk.map((r) => env.ChatRoom.get(env.ChatRoom.idFromName(r.id)).leadFacts(r.buyer_id)));
    for (const [j, f] of facts.entries()) {
      const id = chunk[j]!.id;
      if (f.firstAt !== null) firstAt.set(id, f.firstAt);
      for (const content of f.numbered) {
        const phone = findPhoneNumber(content);
        if (phone) {
          phones.set(id, phone);
          break;
        }
      }
    }
  }
  return { phones, firstAt };
};

/**
 * With the chat list per member on (decision 034) the seller's conversations are their own
 * `chat_members` rows as seller, in their accounts database (the core's `chats` is not asked: it is
 * leaving the core). Then the ads' titles, the buyers' names and the rooms' facts, all side by side:
 * the rooms are asked for every row read (at most one more than the page), so nothing waits on the
 * ads before them.
 */
const memberLeadsPage = async (env: Env, sellerId: string) => {
  const { results } = await accountsDbForUser(env, sellerId)
    .prepare(
      `SELECT chat_id AS id, listing_id, created_at, last_message_at, last_seq, other_id AS buyer_id
       FROM chat_members
       WHERE user_id = ? AND role = 'SELLER' AND last_seq > 0
       ORDER BY last_message_at DESC, chat_id DESC LIMIT ?`,
    )
    .bind(sellerId, LEADS_LIMIT + 1)
    .all<Omit<LeadRow, 'title' | 'slug' | 'first_name' | 'last_name'>>();
  const [names, ads, facts] = await Promise.all([readBuyerNames(env, results), adsOf(env, results), roomFacts(env, results)]);
  const rows = withAds(withBuyerNames(results, names), ads);
  return { truncated: rows.length > LEADS_LIMIT, page: rows.slice(0, LEADS_LIMIT), ...facts };
};

/** The page of leads with the rooms' facts; with one listings database and `users` apart, the names are read while the rooms answer. */
const leadsPage = async (env: Env, sellerId: string) => {
  if (chatListWithAccounts(env)) return memberLeadsPage(env, sellerId);
  if (!isSharded(env) && usersWithAccounts(env)) {
    const { results } = await leadRowsWithoutNames(env, sellerId);
    const unnamed = results.slice(0, LEADS_LIMIT);
    const [names, facts] = await Promise.all([readBuyerNames(env, unnamed), roomFacts(env, unnamed)]);
    return { truncated: results.length > LEADS_LIMIT, page: withBuyerNames(unnamed, names), ...facts };
  }
  const { results: rows } = isSharded(env)
    ? await shardedLeadRows(env, sellerId)
    : await env.DB.prepare(
        `SELECT c.id, c.listing_id, l.title, l.slug, u.first_name, u.last_name, c.created_at, c.last_message_at, c.last_seq, c.buyer_id
     FROM chats c JOIN listings l ON l.id = c.listing_id JOIN users u ON u.id = c.buyer_id
     WHERE c.seller_id = ? AND c.last_seq > 0
     ORDER BY c.last_message_at DESC, c.id DESC LIMIT ?`,
      )
        .bind(sellerId, LEADS_LIMIT + 1)
        .all<LeadRow>();
  const page = rows.slice(0, LEADS_LIMIT);
  return { truncated: rows.length > LEADS_LIMIT, page, ...(await roomFacts(env, page)) };
};

export const listLeads = async (env: Env, sellerId: string, origin: string): Promise<{ leads: Lead[]; truncated: boolean }> => {
  const { truncated, page, phones, firstAt } = await leadsPage(env, sellerId);
  return {
    truncated,
    leads: page.map((r) => ({
      chatId: r.id,
      listingId: r.listing_id,
      adTitle: r.title,
      adLink: `${origin}/item/${r.slug}`,
      buyerName: `${r.first_name} ${r.last_name}`.trim(),
      firstMessageAt: new Date(firstAt.get(r.id) ?? r.created_at).toISOString(),
      lastMessageAt: new Date(r.last_message_at ?? r.created_at).toISOString(),
      messageCount: r.last_seq,
      buyerPhone: phones.get(r.id) ?? null,
    })),
  };
};

/** Times in India's clock, as a spreadsheet reads them: "2026-11-25 20:05". */
const istTime = (iso: string) => new Date(Date.parse(iso) + 5.5 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

export const LEADS_CSV_HEADER = ['Ad title', 'Ad link', 'Buyer', 'First message (IST)', 'Last message (IST)', 'Messages', 'Phone shared by buyer'];

export const leadsCsv = (leads: Lead[]) =>
  csvDocument([LEADS_CSV_HEADER, ...leads.map((l) => [l.adTitle, l.adLink, l.buyerName, istTime(l.firstMessageAt), istTime(l.lastMessageAt), l.messageCount, l.buyerPhone])]);
