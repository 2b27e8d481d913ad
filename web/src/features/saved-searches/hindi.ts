/**
 * Hindi for saved searches and their alerts (decision 010).
 * Keys are the English text passed to t() / tn() / msg(), values its Hindi.
 * Strings only this feature shows live here; strings several parts show, in
 * web/src/lib/hindi/shared.ts.
 * Loaded only with the Hindi chunk (web/src/lib/i18n-hi.ts); keep every {placeholder}.
 * web/src/lib/i18n-hi.test.ts checks each key is here, in the right file, and nowhere else.
 */
export const HINDI_TEXTS: Record<string, string> = {
  // SaveSearchButton.tsx
  'Search saved': 'खोज सहेज ली गई',
  'Could not save the search. Please try again.': 'खोज सहेजी नहीं जा सकी। कृपया फिर से कोशिश करें।',
  'Save this search': 'यह खोज सहेजें',
  'See saved searches': 'सहेजी गई खोजें देखें',
  Done: 'हो गया',
  'We kept this search for you.': 'हमने यह खोज आपके लिए सहेज ली है।',
  "We'll tell you when new ads match.": 'मेल खाते नए विज्ञापन आने पर हम आपको बताएँगे।',
  'Name (optional)': 'नाम (वैकल्पिक)',
  'Alert me': 'मुझे सूचित करें',
  'Alerts reach you in the app and as push notifications. Daily e-mails need an e-mail address: add one on your profile.':
    'अलर्ट आपको ऐप में और पुश सूचना से मिलते हैं। रोज़ के ईमेल के लिए ईमेल पता चाहिए: उसे अपनी प्रोफ़ाइल में जोड़ें।',
  // SavedSearchesPage.tsx
  'Something went wrong. Please try again.': 'कुछ गलत हो गया। कृपया फिर से कोशिश करें।',
  'Alert updated': 'अलर्ट बदल दिया गया',
  'Saved search deleted': 'सहेजी गई खोज हटा दी गई',
  'Could not load your saved searches.': 'आपकी सहेजी गई खोजें लोड नहीं हो सकीं।',
  'No saved searches yet.': 'अभी तक कोई सहेजी गई खोज नहीं।',
  'Search for something, then tap "Save this search" to hear about new ads.':
    'कुछ खोजें, फिर नए विज्ञापनों की जानकारी पाने के लिए "यह खोज सहेजें" पर टैप करें।',
  'new ad': 'नया विज्ञापन',
  'new ads': 'नए विज्ञापन',
  'No new ads': 'कोई नया विज्ञापन नहीं',
  'You can keep up to 50 saved searches.': 'आप अधिकतम 50 खोजें सहेज सकते हैं।',
  // saved-searches.ts
  Instantly: 'तुरंत',
  'A notification as soon as a matching ad is posted': 'मिलता-जुलता विज्ञापन आते ही एक सूचना',
  'Once a day': 'दिन में एक बार',
  'One e-mail a day with the new ads': 'नए विज्ञापनों के साथ दिन में एक ई-मेल',
  Off: 'बंद',
  'No alerts: just keep the search': 'कोई अलर्ट नहीं: खोज बस सहेजी रहे',
  'in {place}': '{place} में',
  'within {km} km of you': 'आपसे {km} किमी के भीतर',
  'under {price}': '{price} से कम',
  'over {price}': '{price} से ज़्यादा',
  or: 'या',
  'All ads': 'सभी विज्ञापन',
};
