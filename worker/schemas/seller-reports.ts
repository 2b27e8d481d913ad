import { z } from 'zod';

/** Seller reports (decision 015): leads from chats and per-ad stats (shared with the client; imports nothing server-side). */

export const leadSchema = z.object({
  chatId: z.string(),
  listingId: z.string(),
  adTitle: z.string(),
  adLink: z.string(),
  buyerName: z.string(),
  firstMessageAt: z.string(),
  lastMessageAt: z.string(),
  messageCount: z.number().int().min(1),
  /** 10 digits, only when the buyer wrote it in the chat */
  buyerPhone: z.string().regex(/^[6-9]\d{9}$/).nullable(),
});
export type Lead = z.infer<typeof leadSchema>;

export const leadsResult = z.object({
  leads: z.array(leadSchema),
  /** true when there were more conversations than one download covers (the newest are kept) */
  truncated: z.boolean(),
});

export const dailyStatsSchema = z.object({
  date: z.string(),
  views: z.number().int().min(0),
  favorites: z.number().int().min(0),
  chats: z.number().int().min(0),
});

export const listingStatsSchema = z.object({
  views: z.number().int().min(0),
  favorites: z.number().int().min(0),
  chats: z.number().int().min(0),
  /** the last 30 UTC days, oldest first, days without anything included as zeros */
  daily: z.array(dailyStatsSchema),
});
export type ListingStats = z.infer<typeof listingStatsSchema>;
