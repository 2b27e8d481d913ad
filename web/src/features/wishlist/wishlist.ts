/**
 * Wishlist rules (part 1 §2 Wishlist): the count line and the client-side search here, the header
 * badge's cap in ./wishlist-keys. Plain functions, tested beside.
 */
import type { Listing } from '../../../../worker/schemas/listings';
import { ENGLISH, msg, type TranslatePlural } from '../../lib/i18n';

// the header's part, which every page loads (decision 011); the wishlist page's rules stay with the page
export { BADGE_CAP, badgeText, wishlistKeys } from './wishlist-keys';

/** Part 1 §7/§9: the wishlist shows page 1, 50 items. */
export const WISHLIST_LIMIT = 50;
export const WISHLIST_REMOVED = msg('Item removed from wishlist!');
export const WISHLIST_TOAST_MS = 3000;


/** '1 item' or 'n items in your wishlist' (the spec's two wordings). */
export function wishlistCountText(count: number, tn: TranslatePlural = ENGLISH.tn): string {
  return tn(count, '{n} item', '{n} items in your wishlist');
}

type Searchable = Pick<Listing, 'title' | 'description' | 'location'> & { category: { name: string } | null };

const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');

/** Every word of the search must appear in the title, description, location or category name. */
export function filterWishlist<T extends Searchable>(items: readonly T[], search: string): T[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const haystack = fold([item.title, item.description, item.location, item.category?.name ?? ''].join(' \n '));
    return words.every((word) => haystack.includes(word));
  });
}
