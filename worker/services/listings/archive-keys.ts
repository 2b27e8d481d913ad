/**
 * Where the ad archive (decision 021) keeps things in R2, and the card an index entry carries. Kept
 * apart from archive.ts so the consistency checker (which also runs in Node, from the CLI) can read
 * the archive without loading the photo pipeline.
 */
export const DOC_PREFIX = 'archive/ads/';
export const INDEX_PREFIX = 'archive/sellers/';
/** index keys sort newest first: R2 lists keys in ascending order */
const NEWEST_FIRST = 9_999_999_999_999;

export const archiveDocKey = (listingId: string) => `${DOC_PREFIX}${listingId}.json`;
/**
 * One empty object per conversation that left D1 with its archived ad; its custom metadata names the
 * ad and the two members, so an old chat link answers them 410 (and anyone else 404).
 */
export const CHAT_PREFIX = 'archive/chats/';
export const archivedChatKey = (chatId: string) => `${CHAT_PREFIX}${chatId}`;

/** Is this conversation one that left with its archived ad, and is `userId` one of its members? */
export const archivedChatOf = async (env: { MEDIA: R2Bucket }, chatId: string, userId: string) => {
  const marker = await env.MEDIA.head(archivedChatKey(chatId));
  if (!marker) return null;
  const { buyerId, sellerId, listingId } = marker.customMetadata ?? {};
  return buyerId === userId || sellerId === userId ? { listingId: listingId ?? '' } : null;
};
export const sellerPrefix = (userId: string) => `${INDEX_PREFIX}${userId}/`;
export const CURSOR = /^\d{13}-[0-9a-z_]{1,64}$/;
export const indexKey = (userId: string, archivedAt: number, listingId: string) =>
  `${sellerPrefix(userId)}${String(NEWEST_FIRST - archivedAt).padStart(13, '0')}-${listingId}`;

export interface PhotoRecord {
  key: string;
  contentType: string;
  bytes: number;
  width: number | null;
  height: number | null;
  phash: string | null;
  bands: [number | null, number | null, number | null, number | null];
}

/** The document stored per ad. `version` lets a later reader tell old documents apart. */
export interface ArchiveDocument {
  version: 1;
  id: string;
  userId: string;
  slug: string;
  title: string;
  description: string;
  priceMinor: number;
  currency: string;
  condition: string;
  category: { id: string; name: string };
  subcategory: { id: string; name: string } | null;
  location: string;
  stateId: number | null;
  cityId: number | null;
  areaId: number | null;
  latitude: number | null;
  longitude: number | null;
  features: Record<string, unknown>;
  contactName: string | null;
  contactPhone: string | null;
  finalStatus: string;
  createdAt: number;
  endedAt: number;
  archivedAt: number;
  photos: PhotoRecord[];
  photosRemoved: number;
  stats: { views: number; favourites: number; chats: number };
  /** the conversations about the ad when it was archived (their messages stay in their rooms); absent in documents written before */
  conversations?: { id: string; buyerId: string; createdAt: number; lastMessageAt: number | null; messages: number }[];
}

/** The Archived tab's card, carried by the seller's index entry: every field from the document. */
export const archiveCard = (doc: ArchiveDocument): Record<string, string> => ({
  id: doc.id,
  title: doc.title,
  priceMinor: String(doc.priceMinor),
  currency: doc.currency,
  finalStatus: doc.finalStatus,
  cover: doc.photos[0]?.key ?? '',
  createdAt: String(doc.createdAt),
  archivedAt: String(doc.archivedAt),
});

