/** Hindi for issue 20's duplicate-photo screens (post form 409, held-ad notice). Keys are the English text. */
export const HINDI_20: Record<string, string> = {
  'You already have this ad': 'यह विज्ञापन आपका पहले से है',
  'One of these photos is already in your ad in this category.': 'इनमें से एक फ़ोटो इसी श्रेणी के आपके एक विज्ञापन में पहले से है।',
  'Nothing was posted. Edit your existing ad instead, or use different photos.': 'कुछ भी पोस्ट नहीं हुआ। इसके बजाय अपना मौजूदा विज्ञापन बदलें, या दूसरी फ़ोटो लगाएँ।',
  'Open my existing ad': 'मेरा मौजूदा विज्ञापन खोलें',
  'Change photos': 'फ़ोटो बदलें',
  'Your ad is waiting for a review': 'आपका विज्ञापन जाँच की प्रतीक्षा में है',
  'Its photos match another seller’s ad.': 'इसकी फ़ोटो किसी दूसरे विक्रेता के विज्ञापन से मिलती हैं।',
  'A moderator will check it soon. Buyers will see it once it is approved; we will notify you.':
    'एक मॉडरेटर जल्द ही इसे जाँचेगा। मंज़ूरी मिलते ही खरीदार इसे देख पाएँगे; हम आपको सूचित करेंगे।',
  // the moderation queue: who reported and what their report weighs (decision 008)
  'Weight toward the automatic hold: {weight} of {needed}': 'अपने-आप रोकने की ओर वज़न: {needed} में से {weight}',
  'Paused until {date}: a moderator kept this ad': '{date} तक रुका हुआ: एक मॉडरेटर ने यह विज्ञापन बनाए रखा',
  'weight {n}': 'वज़न {n}',
  'network {n}': 'नेटवर्क {n}',
  'No verified phone': 'फ़ोन सत्यापित नहीं',
  'New account': 'नया खाता',
  'Past reports mostly dismissed': 'पिछली शिकायतें ज़्यादातर खारिज',
  'Verified reporter': 'सत्यापित शिकायतकर्ता',
  'Trusted reporter': 'भरोसेमंद शिकायतकर्ता',
};
