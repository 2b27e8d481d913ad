import type { Env } from '../../env';
import { csvDocument } from '../../lib/csv';

/**
 * Leads (decision 015): one row per conversation about my ads, read from D1, the record of every chat
 * (decision 002): `chats` gives the ad, the buyer, the last message time and the message count
 * (`last_seq`: every message takes the next seq, none is ever deleted); the first message is seq 1.
 * A phone number shows only when the buyer wrote one in the chat.
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
  first_at: number | null;
  last_message_at: number | null;
  last_seq: number;
}

const CHUNK = 90; // D1 binds at most 100 parameters per statement

export const listLeads = async (env: Env, sellerId: string, origin: string): Promise<{ leads: Lead[]; truncated: boolean }> => {
  const { results: rows } = await env.DB.prepare(
    `SELECT c.id, c.listing_id, l.title, l.slug, u.first_name, u.last_name, c.created_at, c.last_message_at, c.last_seq,
            (SELECT m.created_at FROM messages m WHERE m.chat_id = c.id AND m.seq = 1) AS first_at
     FROM chats c JOIN listings l ON l.id = c.listing_id JOIN users u ON u.id = c.buyer_id
     WHERE c.seller_id = ? AND c.last_seq > 0
     ORDER BY c.last_message_at DESC, c.id DESC LIMIT ?`,
  )
    .bind(sellerId, LEADS_LIMIT + 1)
    .all<LeadRow>();
  const truncated = rows.length > LEADS_LIMIT;
  const page = rows.slice(0, LEADS_LIMIT);
  // buyers' messages with a run of digits in them, newest first: the latest number shared wins
  const phones = new Map<string, string>();
  for (let i = 0; i < page.length; i += CHUNK) {
    const ids = page.slice(i, i + CHUNK).map((r) => r.id);
    const { results } = await env.DB.prepare(
      `SELECT m.chat_id, m.content FROM messages m JOIN chats c ON c.id = m.chat_id
       WHERE m.chat_id IN (${ids.map(() => '?').join(',')}) AND m.sender_id = c.buyer_id AND m.content GLOB '*[0-9][0-9][0-9]*'
       ORDER BY m.seq DESC`,
    )
      .bind(...ids)
      .all<{ chat_id: string; content: string }>();
    for (const m of results) {
      if (phones.has(m.chat_id)) continue;
      const phone = findPhoneNumber(m.content);
      if (phone) phones.set(m.chat_id, phone);
    }
  }
  return {
    truncated,
    leads: page.map((r) => ({
      chatId: r.id,
      listingId: r.listing_id,
      adTitle: r.title,
      adLink: `${origin}/item/${r.slug}`,
      buyerName: `${r.first_name} ${r.last_name}`.trim(),
      firstMessageAt: new Date(r.first_at ?? r.created_at).toISOString(),
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
