/**
 * Hindi for the wishlist (decision 010).
 * Keys are the English text passed to t() / tn() / msg(), values its Hindi.
 * Strings only this feature shows live here; strings several parts show, in
 * web/src/lib/hindi/shared.ts.
 * Loaded only with the Hindi chunk (web/src/lib/i18n-hi.ts); keep every {placeholder}.
 * web/src/lib/i18n-hi.test.ts checks each key is here, in the right file, and nowhere else.
 */
export const HINDI_TEXTS: Record<string, string> = {
  // WishlistPage.tsx
  'Wishlist - SEL': 'पसंदीदा - SEL',
  WISHLIST: 'पसंदीदा',
  'Show as': 'ऐसे दिखाएँ',
  'Grid view': 'ग्रिड व्यू',
  'List view': 'सूची व्यू',
  'Search your wishlist': 'अपनी पसंदीदा सूची में खोजें',
  'Search your wishlist...': 'अपनी पसंदीदा सूची में खोजें...',
  'Loading your wishlist...': 'आपकी पसंदीदा सूची लोड हो रही है...',
  'Error loading wishlist': 'पसंदीदा सूची लोड करने में गड़बड़ी',
  'Failed to fetch wishlist items': 'पसंदीदा विज्ञापन नहीं मिल सके',
  "You haven't liked any ads yet": 'आपने अभी तक कोई विज्ञापन पसंद नहीं किया है',
  'Like ads and share them with the world': 'विज्ञापन पसंद करें और उन्हें दुनिया के साथ साझा करें',
  Discover: 'खोजें',
  'No items found': 'कुछ नहीं मिला',
  'Try adjusting your search terms': 'खोज के शब्द बदलकर देखें',
  'Your favourite ads': 'आपके पसंदीदा विज्ञापन',
  // wishlist.ts
  'Item removed from wishlist!': 'विज्ञापन पसंदीदा सूची से हटा दिया गया!',
  '{n} item': '{n} विज्ञापन',
  '{n} items in your wishlist': 'आपकी पसंदीदा सूची में {n} विज्ञापन',
};
