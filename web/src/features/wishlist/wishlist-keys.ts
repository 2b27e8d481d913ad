/** The wishlist's query keys and the header badge's cap (part 1 §2 Wishlist): what every page's header needs. */
export const BADGE_CAP = 99;

export const wishlistKeys = {
  all: () => ['listings', 'favorites'] as const,
  list: () => [...wishlistKeys.all(), 'list'] as const,
  count: () => [...wishlistKeys.all(), 'count'] as const,
};

/** The header badge: nothing at 0, '99+' above 99. */
export function badgeText(count: number | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}
