/**
 * Hindi for a seller's page (decision 026). Keys are the English text passed to t() / tn() / msg(),
 * values its Hindi; keep every {placeholder}. Loaded only with the Hindi chunk (web/src/lib/i18n-hi.ts).
 */
export const HINDI_TEXTS: Record<string, string> = {
  // SellerPage.tsx
  'Phone verified': 'फ़ोन सत्यापित',
  'E-mail verified': 'ई-मेल सत्यापित',
  '{n} ad live': '{n} विज्ञापन चालू',
  '{n} ads live': '{n} विज्ञापन चालू',
  'Report or block': 'रिपोर्ट या ब्लॉक करें',
  'Report an ad of this seller': 'इस विक्रेता का कोई विज्ञापन रिपोर्ट करें',
  'Ads by {name}': '{name} के विज्ञापन',
  'Could not load the ads. Please try again.': 'विज्ञापन लोड नहीं हो सके। कृपया फिर से कोशिश करें।',
  'Showing page {page} of {pages}': 'पेज {page} / {pages}',
  'Pages of ads': 'विज्ञापनों के पेज',
  Report: 'रिपोर्ट करें',
  Sort: 'क्रम',
  'Loading…': 'लोड हो रहा है…',
  '‹ Previous': '‹ पिछला',
  'Next ›': 'अगला ›',
  'No live ads right now': 'अभी कोई चालू विज्ञापन नहीं',
  'Seller not found': 'विक्रेता नहीं मिला',
  'This seller is no longer on SEL.': 'यह विक्रेता अब SEL पर नहीं है।',
  'This seller does not exist.': 'यह विक्रेता मौजूद नहीं है।',
  // sort choices (SORTS in SellerPage.tsx, shown through t())
  'Newest first': 'सबसे नए पहले',
  'Price: low to high': 'कीमत: कम से ज़्यादा',
  'Price: high to low': 'कीमत: ज़्यादा से कम',
  // reply-time bands (worker/schemas/seller-page-data.ts, shown through t())
  'Usually replies within minutes': 'आमतौर पर कुछ ही मिनटों में जवाब देते हैं',
  'Usually replies within an hour': 'आमतौर पर एक घंटे में जवाब देते हैं',
  'Usually replies within a few hours': 'आमतौर पर कुछ घंटों में जवाब देते हैं',
  'Usually replies within a day': 'आमतौर पर एक दिन में जवाब देते हैं',
  'Usually replies in a few days': 'आमतौर पर कुछ दिनों में जवाब देते हैं',
};
