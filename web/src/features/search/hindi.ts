/**
 * Hindi for the search box, suggestions and search notices (decision 010).
 * Keys are the English text passed to t() / tn() / msg(), values its Hindi.
 * Strings only this feature shows live here; strings several parts show, in
 * web/src/lib/hindi/shared.ts.
 * Loaded only with the Hindi chunk (web/src/lib/i18n-hi.ts); keep every {placeholder}.
 * web/src/lib/i18n-hi.test.ts checks each key is here, in the right file, and nowhere else.
 */
export const HINDI_TEXTS: Record<string, string> = {
  // SearchBox.tsx
  'Search listings': 'विज्ञापन खोजें',
  'Search "Mobiles"': 'खोजें "मोबाइल"',
  Search: 'खोजें',
  Suggestions: 'सुझाव',
  'Recent searches': 'हाल की खोजें',
  // SearchNotice.tsx
  'Showing results for {query}.': '{query} के नतीजे दिखा रहे हैं।',
  'Search instead for “{query}”': 'इसके बजाय “{query}” खोजें',
  'No ads match all of “{query}”: showing ads that match some of the words.':
    '“{query}” के सभी शब्दों वाला कोई विज्ञापन नहीं: कुछ शब्दों वाले विज्ञापन दिखा रहे हैं।',
  'Searching in {place}, the place in your search.': '{place} में खोज रहे हैं, जो आपकी खोज में लिखी जगह है।',
  'Search all of India': 'पूरे भारत में खोजें',
  'Nothing in {place} yet: showing ads from {wider}.': '{place} में अभी कुछ नहीं: {wider} के विज्ञापन दिखा रहे हैं।',
  'that place': 'उस जगह',
  'all of India': 'पूरे भारत',
  'Showing all {category} for “{query}”.': '“{query}” के लिए सभी {category} दिखा रहे हैं।',
  'No ads for “{query}” yet: showing all {category}.': '“{query}” का अभी कोई विज्ञापन नहीं: सभी {category} दिखा रहे हैं।',
  'From {wider}.': '{wider} से।',
  // SearchSuggestions.tsx
  'in {where}': '{where} में',
};
