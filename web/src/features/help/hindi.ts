/**
 * Hindi for the help centre (decision 010).
 * Keys are the English text passed to t() / tn() / msg(), values its Hindi.
 * Strings only this feature shows live here; strings several parts show, in
 * web/src/lib/hindi/shared.ts.
 * Loaded only with the Hindi chunk (web/src/lib/i18n-hi.ts); keep every {placeholder}.
 * web/src/lib/i18n-hi.test.ts checks each key is here, in the right file, and nowhere else.
 */
export const HINDI_TEXTS: Record<string, string> = {
  // HelpCentrePage.tsx
  'How do I post an ad?': 'मैं विज्ञापन कैसे डालूँ?',
  'Tap SELL, choose a category, fill in the details and add up to 20 photos, then post. Most ads go live straight away; you can find them under My ADS.':
    'बेचें पर टैप करें, श्रेणी चुनें, जानकारी भरें और 20 तक फ़ोटो जोड़ें, फिर पोस्ट करें। ज़्यादातर विज्ञापन तुरंत लाइव हो जाते हैं; वे आपको मेरे विज्ञापन में मिलेंगे।',
  'How do I edit or delete my ad?': 'मैं अपना विज्ञापन कैसे बदलूँ या हटाऊँ?',
  'Open My ADS, pick the ad and choose Edit or Delete. On the ad page itself, Edit Listing and Delete Listing do the same.':
    'मेरे विज्ञापन खोलें, विज्ञापन चुनें और बदलें या हटाएँ चुनें। विज्ञापन के पेज पर भी यही किया जा सकता है।',
  'How do I contact a seller?': 'मैं विक्रेता से कैसे संपर्क करूँ?',
  'Open the ad and choose Chat with seller. You need to be logged in; your phone number is never shown unless you share it.':
    'विज्ञापन खोलें और विक्रेता से चैट करें चुनें। इसके लिए लॉगिन ज़रूरी है; आपका फ़ोन नंबर तब तक नहीं दिखता जब तक आप उसे खुद साझा न करें।',
  'How do I stay safe when buying?': 'खरीदते समय मैं सुरक्षित कैसे रहूँ?',
  'Meet in a safe public place, check the item before you buy, pay only after collecting the item and never pay anything in advance. Report anything suspicious from the chat.':
    'किसी सुरक्षित सार्वजनिक जगह पर मिलें, खरीदने से पहले सामान जाँचें, सामान लेने के बाद ही भुगतान करें और कभी भी पहले से पैसे न दें। कुछ भी संदिग्ध लगे तो चैट से रिपोर्ट करें।',
  'Premium buyers get a badge, priority in sellers’ inboxes and direct phone access. Plans run for 30 days and can be bought from the Premium page.':
    'प्रीमियम खरीदारों को एक बैज, विक्रेताओं के इनबॉक्स में प्राथमिकता और सीधे फ़ोन की सुविधा मिलती है। प्लान 30 दिन के होते हैं और प्रीमियम पेज से खरीदे जा सकते हैं।',
  'How do I change my location?': 'मैं अपना स्थान कैसे बदलूँ?',
  'Use the location box in the header (or the location line on mobile) to search for a state, city or area, or to use your current location.':
    'राज्य, शहर या इलाका खोजने, या अपना वर्तमान स्थान इस्तेमाल करने के लिए ऊपर दिए स्थान बॉक्स (मोबाइल पर स्थान वाली पंक्ति) का उपयोग करें।',
  'How do I save ads I like?': 'पसंद आए विज्ञापन कैसे सहेजूँ?',
  'Tap the heart on any ad. Your liked ads are collected in your Wishlist.':
    'किसी भी विज्ञापन पर दिल के निशान पर टैप करें। पसंद किए गए विज्ञापन आपकी पसंदीदा सूची में जमा होते हैं।',
  'I forgot my password or lost access to my account': 'मैं अपना पासवर्ड भूल गया या अपने खाते तक नहीं पहुँच पा रहा',
  'Log in with your phone number and a one-time code instead, then set a new password in Settings.':
    'इसके बजाय अपने फ़ोन नंबर और एक बार के कोड से लॉगिन करें, फिर सेटिंग्स में नया पासवर्ड बनाएँ।',
  'Help Center - SEL': 'सहायता केंद्र - SEL',
  'How can we help you?': 'हम आपकी क्या मदद कर सकते हैं?',
  'Search help articles': 'सहायता लेख खोजें',
  'Browse by category': 'श्रेणी के अनुसार देखें',
  'Results for "{query}"': '"{query}" के नतीजे',
  'Popular topics': 'लोकप्रिय विषय',
  'No articles match your search. Try other words, or contact us below.':
    'आपकी खोज से कोई लेख नहीं मिला। दूसरे शब्द आज़माएँ, या नीचे हमसे संपर्क करें।',
  'SEL is a free classifieds marketplace for India: buy and sell cars, bikes, phones, homes, furniture and more with people near you.':
    'SEL भारत का मुफ़्त क्लासिफ़ाइड बाज़ार है: अपने आस-पास के लोगों के साथ कारें, बाइक, फ़ोन, घर, फ़र्नीचर और बहुत कुछ खरीदें और बेचें।',
  'Write to {address}. We answer within two working days.': '{address} पर लिखें। हम दो कामकाजी दिनों में जवाब देते हैं।',
  'We only use your details to run your account and your ads. You can download or delete your account from Settings at any time.':
    'हम आपकी जानकारी का उपयोग केवल आपका खाता और आपके विज्ञापन चलाने के लिए करते हैं। आप सेटिंग्स से कभी भी अपना खाता डाउनलोड या हटा सकते हैं।',
  'Back to SEL': 'SEL पर वापस',
  'What is SEL Buyer?': 'SEL बायर क्या है?',
};
