/**
 * A seller's public page (decision 026): reviewed data, free of zod so the web app reads it too.
 */
export const SELLER_PAGE_RULES = {
  /**
   * Answered conversations a seller needs before the page says how fast they reply. Below it one
   * quick or slow answer would be the whole "usually": five gives a median one chat cannot set.
   * *estimate*
   */
  minConversationsForReplyTime: 5,
  /**
   * Conversations the median is taken over: the seller's most recently active answered ones. Keeps
   * the read bounded (one index range) and lets a seller who got faster be seen as faster.
   */
  replySampleSize: 50,
  /** live ads per page of the seller page, and the most a client may ask for */
  pageSize: 12,
  maxPageSize: 48,
} as const;

/**
 * How a median first reply is said: the first band whose upper bound (minutes) it is within.
 * Rounded to words a buyer uses, not a clock: the median of fifty chats is not exact to the minute.
 */
export const REPLY_TIME_BANDS = [
  { withinMinutes: 15, label: 'Usually replies within minutes' },
  { withinMinutes: 60, label: 'Usually replies within an hour' },
  { withinMinutes: 6 * 60, label: 'Usually replies within a few hours' },
  { withinMinutes: 24 * 60, label: 'Usually replies within a day' },
  { withinMinutes: Number.POSITIVE_INFINITY, label: 'Usually replies in a few days' },
] as const;
export type ReplyTimeLabel = (typeof REPLY_TIME_BANDS)[number]['label'];

export const replyTimeLabel = (medianMinutes: number): ReplyTimeLabel =>
  (REPLY_TIME_BANDS.find((b) => medianMinutes <= b.withinMinutes) ?? REPLY_TIME_BANDS[REPLY_TIME_BANDS.length - 1]!).label;

/** The sorts a seller page offers (GET /sellers/{id}/listings `sort`). */
export const SELLER_SORTS = ['newest', 'price-low', 'price-high'] as const;
export type SellerSort = (typeof SELLER_SORTS)[number];

/** The name a seller's page shows: their business name, else their name as every ad's seller card shows it. */
export const sellerPublicName = (s: { businessName: string | null; firstName: string; lastName: string }): string =>
  s.businessName?.trim() || [s.firstName, s.lastName].map((p) => p.trim()).filter(Boolean).join(' ') || 'SEL seller';

/** ASCII slug of a name for the readable part of the URL; Hindi and other scripts drop out (the id finds the seller). */
const slugWords = (name: string) =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');

/** `<name>-<id>`: readable, and only the id after the last "-" finds the seller (ids have no "-"). */
export const sellerSlug = (s: { id: string; businessName: string | null; firstName: string; lastName: string }): string => {
  const words = slugWords(sellerPublicName(s));
  return `${words ? `${words}-` : ''}${s.id}`;
};

/** The seller page's address, `/sellers/<name>-<id>`. */
export const sellerPath = (s: { id: string; businessName: string | null; firstName: string; lastName: string }): string => `/sellers/${sellerSlug(s)}`;

/** The seller id inside a seller page's slug: what follows the last "-". */
export const sellerIdFromSlug = (slug: string): string => {
  const at = slug.lastIndexOf('-');
  return (at >= 0 ? slug.slice(at + 1) : slug).toLowerCase();
};
