/**
 * Hindi for seller packages, the cart, promoting an ad and seller reports (decision 010).
 * Keys are the English text passed to t() / tn() / msg(), values its Hindi.
 * Strings only this feature shows live here; strings several parts show, in
 * web/src/lib/hindi/shared.ts.
 * Loaded only with the Hindi chunk (web/src/lib/i18n-hi.ts); keep every {placeholder}.
 * web/src/lib/i18n-hi.test.ts checks each key is here, in the right file, and nowhere else.
 */
export const HINDI_TEXTS: Record<string, string> = {
  // MyOrdersPage: an unpaid order (decision 024)
  'This payment was not completed: pay now to get the packages, or remove the order.': 'यह भुगतान पूरा नहीं हुआ: पैकेज पाने के लिए अभी भुगतान करें, या ऑर्डर हटा दें।',
  'Pay {amount}': '{amount} का भुगतान करें',
  'Order removed': 'ऑर्डर हटा दिया गया',
  'Could not remove the order. Please try again.': 'ऑर्डर हटाया नहीं जा सका। कृपया फिर से कोशिश करें।',
  // AdLimitNotice.tsx
  'Buy an extra ad to save this change now; what you typed stays here.': 'यह बदलाव अभी सहेजने के लिए एक अतिरिक्त विज्ञापन खरीदें; आपने जो लिखा है वह यहीं रहेगा।',
  'Buy an extra ad to put this one back on sale now.': 'इसे अभी फिर से बिक्री पर लगाने के लिए एक अतिरिक्त विज्ञापन खरीदें।',
  'Free ads left in {group}: {left} / {free} (every {days} days)': '{group} में बचे मुफ़्त विज्ञापन: {left} / {free} (हर {days} दिन में)',
  'Your free ad in {group} is used. Posting uses one of your paid ad slots ({n} left).':
    '{group} में आपका मुफ़्त विज्ञापन इस्तेमाल हो चुका है। पोस्ट करने पर आपके खरीदे गए विज्ञापन स्लॉट में से एक लगेगा ({n} बचे)।',
  'Free ad limit reached': 'मुफ़्त विज्ञापनों की सीमा पूरी हो गई',
  'You have used your free ad in {group} (every {days} days).': 'आपने {group} में अपना मुफ़्त विज्ञापन इस्तेमाल कर लिया है (हर {days} दिन में)।',
  'You have used your {n} free ads in {group} (every {days} days).':
    'आपने {group} में अपने {n} मुफ़्त विज्ञापन इस्तेमाल कर लिए हैं (हर {days} दिन में)।',
  'Next free ad on {date}.': 'अगला मुफ़्त विज्ञापन {date} को।',
  'Buy an extra ad to post this one now; what you typed stays here.':
    'इसे अभी पोस्ट करने के लिए एक अतिरिक्त विज्ञापन खरीदें; आपने जो लिखा है वह यहीं रहेगा।',
  GST: 'जीएसटी',
  // BusinessAccountPage.tsx
  'My Account': 'मेरा खाता',
  'Business packages: post more ads, feature them, boost them to the top.':
    'बिज़नेस पैकेज: ज़्यादा विज्ञापन डालें, उन्हें फ़ीचर करें, उन्हें सबसे ऊपर लाएँ।',
  'Orders & billing': 'ऑर्डर और बिलिंग',
  Buy: 'खरीदें',
  'Prices include 18% GST.': 'कीमतों में 18% जीएसटी शामिल है।',
  'My packages': 'मेरे पैकेज',
  'No unused packages.': 'कोई बिना इस्तेमाल पैकेज नहीं।',
  '{remaining} of {quantity} left, use by {date}': '{quantity} में से {remaining} बचे, {date} तक इस्तेमाल करें',
  'Free ads': 'मुफ़्त विज्ञापन',
  Resets: 'फिर से शुरू',
  '{used} of {free} every {days} days': 'हर {days} दिन में {free} में से {used} इस्तेमाल',
  '+ {n} paid': '+ {n} सशुल्क',
  'My Orders': 'मेरे ऑर्डर',
  'You have not ordered any packages yet.': 'आपने अभी तक कोई पैकेज ऑर्डर नहीं किया है।',
  Subtotal: 'उप-योग',
  Total: 'कुल',
  Invoice: 'चालान',
  // CartPage.tsx
  Cart: 'कार्ट',
  'Oops... your cart is empty. Packages you choose for your ads will show up here.':
    'ओह... आपका कार्ट खाली है। अपने विज्ञापनों के लिए चुने गए पैकेज यहाँ दिखेंगे।',
  'View packages': 'पैकेज देखें',
  'Go back': 'वापस जाएँ',
  'each, before GST': 'प्रति पैकेज, जीएसटी से पहले',
  'One less': 'एक कम',
  Quantity: 'मात्रा',
  'One more': 'एक और',
  Checkout: 'भुगतान करें',
  'Add more packages': 'और पैकेज जोड़ें',
  'Loading your cart...': 'आपका कार्ट लोड हो रहा है...',
  'Could not load your cart. Please try again.': 'आपका कार्ट लोड नहीं हो सका। कृपया फिर से कोशिश करें।',
  'Could not change your cart. Please try again.': 'आपका कार्ट बदला नहीं जा सका। कृपया फिर से कोशिश करें।',
  // PackageCheckoutDialog.tsx
  Pay: 'भुगतान करें',
  // PromoteDialog.tsx
  'Your ad is featured until {date}.': 'आपका विज्ञापन {date} तक फ़ीचर्ड है।',
  'Your ad is back on top.': 'आपका विज्ञापन फिर से सबसे ऊपर है।',
  'Applying...': 'लागू कर रहे हैं...',
  'Feature this ad ({n} left)': 'इस विज्ञापन को फ़ीचर करें ({n} बाकी)',
  'Boost to top ({n} left)': 'सबसे ऊपर बूस्ट करें ({n} बाकी)',
  '{n} days': '{n} दिन',
  '1 boost': '1 बूस्ट',
  '{n} boosts': '{n} बूस्ट',
  'Added to cart': 'कार्ट में जोड़ा गया',
  'Add to cart': 'कार्ट में जोड़ें',
  'You have no live ads to promote. Post an ad, or reactivate one, first.':
    'प्रमोट करने के लिए आपका कोई लाइव विज्ञापन नहीं है। पहले विज्ञापन पोस्ट करें या किसी को फिर से चालू करें।',
  'Which ad do you want to sell faster?': 'आप कौन-सा विज्ञापन जल्दी बेचना चाहते हैं?',
  'Only a live ad can be promoted. Once your ad is live, come back here from My Ads.':
    'केवल लाइव विज्ञापन ही प्रमोट किया जा सकता है। विज्ञापन लाइव होने पर मेरे विज्ञापन से यहाँ लौटें।',
  'Loading packages...': 'पैकेज लोड हो रहे हैं...',
  'Feature this ad': 'इस विज्ञापन को फ़ीचर करें',
  'The FEATURED badge, and a place among the ads pinned on top of its category and the home page.':
    'फ़ीचर्ड बैज, और अपनी श्रेणी व होम पेज पर सबसे ऊपर पिन किए गए विज्ञापनों में जगह।',
  'Your ad goes back to the top of the newest ads, as if posted now.':
    'आपका विज्ञापन नवीनतम विज्ञापनों में फिर से सबसे ऊपर आ जाता है, जैसे अभी पोस्ट किया हो।',
  // SellerReports.tsx
  'Stats for the last 30 days: {views} views, {chats} chats': 'पिछले 30 दिनों के आँकड़े: {views} बार देखा गया, {chats} चैट',
  '{n} chat': '{n} चैट',
  '{n} chats': '{n} चैट',
  'Ad stats': 'विज्ञापन के आँकड़े',
  'Could not load the stats. Please try again.': 'आँकड़े लोड नहीं हो सके। कृपया फिर से कोशिश करें।',
  Views: 'व्यूज़',
  Favourites: 'पसंदीदा',
  'Last 30 days': 'पिछले 30 दिन',
  'All time': 'अब तक',
  'Views per day, last 30 days': 'हर दिन के व्यूज़, पिछले 30 दिन',
  'Views count each person once a day; your own visits are not counted.': 'हर व्यक्ति दिन में एक बार गिना जाता है; आपकी अपनी विज़िट नहीं गिनी जातीं।',
  'Could not download the file. Please try again.': 'फ़ाइल डाउनलोड नहीं हो सकी। कृपया फिर से कोशिश करें।',
  'Leads downloaded': 'लीड्स डाउनलोड हो गईं',
  'Downloading...': 'डाउनलोड हो रहा है...',
  'Download leads': 'लीड्स डाउनलोड करें',
  'Opening...': 'खुल रहा है...',
  'View tax invoice': 'टैक्स चालान देखें',
  // package-text.ts
  '{n} extra ad': '{n} अतिरिक्त विज्ञापन',
  '{n} extra ads': '{n} अतिरिक्त विज्ञापन',
  'Featured ad for {days} days': '{days} दिन के लिए फ़ीचर्ड विज्ञापन',
  '{n} boosts to top': 'सबसे ऊपर {n} बूस्ट',
  'Post one more ad in {group} beyond the free limit, within {days} days of buying.':
    'मुफ़्त सीमा के बाद {group} श्रेणी में एक और विज्ञापन डालें, ख़रीदने के {days} दिनों के भीतर।',
  'Post {n} more ads in {group} beyond the free limit, within {days} days of buying.':
    'मुफ़्त सीमा के बाद {group} श्रेणी में {n} और विज्ञापन डालें, ख़रीदने के {days} दिनों के भीतर।',
  'Your ad shows with the FEATURED badge above plain ads in {group} and on the home page for {days} days.':
    'आपका विज्ञापन {days} दिनों तक "फ़ीचर्ड" बैज के साथ {group} श्रेणी में साधारण विज्ञापनों से ऊपर और होम पेज पर दिखता है।',
  'Your ad goes back to the top of the newest ads in {group} once.':
    'आपका विज्ञापन एक बार {group} श्रेणी के नए विज्ञापनों में सबसे ऊपर वापस आ जाता है।',
  'Send an ad back to the top of the newest ads in {group} {n} times, whenever you choose.':
    'जब चाहें, किसी विज्ञापन को {group} श्रेणी के नए विज्ञापनों में {n} बार सबसे ऊपर भेजें।',
  'Extra ads': 'अतिरिक्त विज्ञापन',
  Featured: 'फ़ीचर्ड',
};
