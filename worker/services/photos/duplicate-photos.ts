import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { MATCH_DISTANCE, bandProbes, hammingDistance } from '../../lib/phash';

/**
 * Duplicate-photo rules (docs/decisions/012). A photo within Hamming distance 6 of a photo
 * in another account's live ad from the last 90 days holds the new ad for a moderator; the same
 * seller posting the same photo again in the same subcategory while that ad is up gets a 409.
 */

/** Only ads this recent count as the "original" of a copied photo. */
export const DUPLICATE_WINDOW_MS = 90 * 24 * 3600_000;

export interface PhotoMatch {
  mediaId: string;
  listingId: string;
  userId: string;
  slug: string;
  title: string;
  status: string;
  categoryId: string;
  subcategoryId: string | null;
  distance: number;
}

interface Row {
  media_id: string;
  phash: string;
  listing_id: string;
  user_id: string;
  slug: string;
  title: string;
  status: string;
  category_id: string;
  subcategory_id: string | null;
}

const probeSql = (band: number) => `m.phash_b${band} IN (${Array.from({ length: 17 }, () => '?').join(',')})`;

/**
 * Ads (other than `exceptListingId`) holding a photo within distance 6 of one of `hashes`: live or
 * held ads of `ownerId` whatever their age, and other accounts' live ads from the last 90 days.
 * The four band lookups use their indexes; the exact distance is checked here.
 */
export const findPhotoMatches = async (env: Env, hashes: string[], ownerId: string, exceptListingId: string, now = Date.now()): Promise<PhotoMatch[]> => {
  const wanted = [...new Set(hashes)];
  if (!wanted.length) return [];
  const statements = wanted.map((hash) =>
    env.DB.prepare(
      `SELECT m.id AS media_id, m.phash, l.id AS listing_id, l.user_id, l.slug, l.title, l.status, l.category_id, l.subcategory_id
       FROM media m JOIN listings l ON l.id = m.listing_id
       WHERE (${[0, 1, 2, 3].map(probeSql).join(' OR ')}) AND l.id <> ?
         AND ((l.user_id = ? AND l.status IN ('APPROVED', 'PENDING')) OR (l.user_id <> ? AND l.status = 'APPROVED' AND l.created_at >= ?))
       LIMIT 200`,
    ).bind(...bandProbes(hash).flat(), exceptListingId, ownerId, ownerId, now - DUPLICATE_WINDOW_MS),
  );
  const results = await env.DB.batch<Row>(statements);
  const matches = new Map<string, PhotoMatch>();
  results.forEach((result, i) => {
    for (const r of result.results ?? []) {
      const distance = hammingDistance(wanted[i]!, r.phash);
      if (distance > MATCH_DISTANCE) continue;
      const seen = matches.get(r.listing_id);
      if (seen && seen.distance <= distance) continue;
      matches.set(r.listing_id, {
        mediaId: r.media_id,
        listingId: r.listing_id,
        userId: r.user_id,
        slug: r.slug,
        title: r.title,
        status: r.status,
        categoryId: r.category_id,
        subcategoryId: r.subcategory_id,
        distance,
      });
    }
  });
  return [...matches.values()].sort((a, b) => a.distance - b.distance);
};

/** The stored hashes of these media rows (photos that could not be hashed have none). */
export const hashesOf = async (env: Env, mediaIds: string[]) => {
  const hashes: string[] = [];
  for (let i = 0; i < mediaIds.length; i += 90) {
    const chunk = mediaIds.slice(i, i + 90);
    const { results } = await env.DB.prepare(`SELECT phash FROM media WHERE phash IS NOT NULL AND id IN (${chunk.map(() => '?').join(',')})`)
      .bind(...chunk)
      .all<{ phash: string }>();
    hashes.push(...results.map((r) => r.phash));
  }
  return hashes;
};

/**
 * What the photos mean for an ad being posted or edited: a 409 DUPLICATE_AD when the seller already
 * has this photo up in the same subcategory, otherwise whether another seller's live ad holds it.
 */
export const duplicateCheck = async (
  env: Env,
  input: { ownerId: string; mediaIds: string[]; categoryId: string; subcategoryId: string | null; exceptListingId?: string },
  origin: string,
) => {
  const matches = await findPhotoMatches(env, await hashesOf(env, input.mediaIds), input.ownerId, input.exceptListingId ?? '');
  const own = matches.find((m) => m.userId === input.ownerId && m.categoryId === input.categoryId && m.subcategoryId === input.subcategoryId);
  if (own) {
    throw new AppError(
      409,
      'DUPLICATE_AD',
      `You already have an ad with this photo in the same category: "${own.title}". Edit that ad instead of posting it again.`,
      undefined,
      undefined,
      { existingListingId: own.listingId, existingListingUrl: `${origin}/item/${own.slug}` },
    );
  }
  return { holdForDuplicates: matches.some((m) => m.userId !== input.ownerId) };
};
