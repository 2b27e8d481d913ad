/**
 * Hindi for choosing a place (decision 010).
 * Keys are the English text passed to t() / tn() / msg(), values its Hindi.
 * Strings only this feature shows live here; strings several parts show, in
 * web/src/lib/hindi/shared.ts.
 * Loaded only with the Hindi chunk (web/src/lib/i18n-hi.ts); keep every {placeholder}.
 * web/src/lib/i18n-hi.test.ts checks each key is here, in the right file, and nowhere else.
 */
export const HINDI_TEXTS: Record<string, string> = {
  // LocationSearch.tsx
  'Use current location': 'वर्तमान स्थान का उपयोग करें',
  'Search city, area or locality': 'शहर, क्षेत्र या इलाका खोजें',
  Searching: 'खोज रहे हैं',
  'No locations found': 'कोई स्थान नहीं मिला',
  'Try a different search term': 'कोई दूसरा शब्द खोजें',
  'Popular locations': 'लोकप्रिय स्थान',
  'Hide places in {place}': '{place} की जगहें छिपाएँ',
  'Show places in {place}': '{place} की जगहें दिखाएँ',
  'Loading areas...': 'इलाके लोड हो रहे हैं...',
  'No specific areas found': 'कोई ख़ास इलाका नहीं मिला',
  'All in {place}': 'पूरे {place} में',
  'No cities found for {place}': '{place} में कोई शहर नहीं मिला',
  'Recently used': 'हाल में चुने गए',
  'Choose state': 'राज्य चुनें',
  'All in India': 'पूरे भारत में',
  'No location data available': 'जगहों की जानकारी उपलब्ध नहीं है',
  'Please try again later': 'कृपया थोड़ी देर बाद फिर कोशिश करें',
};
