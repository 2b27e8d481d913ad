/**
 * Hindi for the premium buyer plans, payment and the seller’s phone number (decision 010).
 * Keys are the English text passed to t() / tn() / msg(), values its Hindi.
 * Strings only this feature shows live here; strings several parts show, in
 * web/src/lib/hindi/shared.ts.
 * Loaded only with the Hindi chunk (web/src/lib/i18n-hi.ts); keep every {placeholder}.
 * web/src/lib/i18n-hi.test.ts checks each key is here, in the right file, and nowhere else.
 */
export const HINDI_TEXTS: Record<string, string> = {
  // PaymentDialog.tsx
  '/ month': '/ महीना',
  'Secure payment through Razorpay: cards, UPI and net banking. SEL never sees or stores your card details.':
    'Razorpay से सुरक्षित भुगतान: कार्ड, UPI और नेट बैंकिंग। SEL आपके कार्ड की जानकारी न देखता है, न रखता है।',
  'Instant activation as soon as the payment is confirmed.': 'भुगतान की पुष्टि होते ही तुरंत चालू।',
  'Valid for {days} days. It does not renew automatically.': '{days} दिन के लिए मान्य। यह अपने आप नवीनीकृत नहीं होता।',
  'By paying you agree to SEL’s Terms of Use and Privacy Policy. This is a one-time payment for {days} days of {plan}.':
    'भुगतान करके आप SEL की उपयोग की शर्तों और गोपनीयता नीति से सहमत होते हैं। यह {plan} के {days} दिनों के लिए एक बार का भुगतान है।',
  Plan: 'प्लान',
  'Pay with (test)': 'इससे चुकाएँ (टेस्ट)',
  Card: 'कार्ड',
  'Test Visa •••• 1111, exp 12/30': 'टेस्ट वीज़ा •••• 1111, समाप्ति 12/30',
  // PremiumPage.tsx
  'SEL Buyer Premium': 'SEL खरीदार प्रीमियम',
  'Get noticed by sellers, reach them first and, with Pro, call them directly. Pick a plan for 30 days: no auto-renewal, no surprises.':
    'विक्रेताओं की नज़र में आएँ, उन तक सबसे पहले पहुँचें और Pro के साथ उन्हें सीधे फ़ोन करें। 30 दिन का प्लान चुनें: न अपने-आप नवीनीकरण, न कोई छिपी बात।',
  'Checking your plan...': 'आपका प्लान देखा जा रहा है...',
  'Your plan': 'आपका प्लान',
  'Your current plan': 'आपका मौजूदा प्लान',
  'Ends today': 'आज खत्म होगा',
  '{n} day remaining': '{n} दिन बाकी',
  '{n} days remaining': '{n} दिन बाकी',
  'Valid until {date}': '{date} तक मान्य',
  '{used} of {limit} phone numbers used': '{limit} में से {used} फ़ोन नंबर इस्तेमाल हुए',
  'No plans are on sale right now. Please check back soon.': 'अभी कोई प्लान उपलब्ध नहीं है। कृपया जल्द फिर देखें।',
  'Choose your plan': 'अपना प्लान चुनें',
  'Most Popular': 'सबसे लोकप्रिय',
  '{days}-day validity': '{days} दिन की वैधता',
  'Finding leads for you...': 'आपके लिए लीड ढूँढ रहे हैं...',
  'No new leads right now. Favourite a few ads and we’ll bring you fresh ones from verified sellers in those categories.':
    'अभी कोई नई लीड नहीं है। कुछ विज्ञापन पसंद करें, हम उन श्रेणियों में सत्यापित विक्रेताओं के नए विज्ञापन लाएँगे।',
  'Curated leads for you': 'आपके लिए चुनी गई लीड',
  'Fresh ads from verified sellers, picked for Pro members.': 'सत्यापित विक्रेताओं के नए विज्ञापन, Pro सदस्यों के लिए चुने हुए।',
  'Bought packages & billing': 'खरीदे गए पैकेज और बिलिंग',
  Status: 'स्थिति',
  'Payment ID': 'भुगतान ID',
  Newer: 'नए',
  'Page {page} of {pages}': '{pages} में से पेज {page}',
  Older: 'पुराने',
  'Premium Badge': 'प्रीमियम बैज',
  'A badge on your messages shows sellers you are a serious buyer, so they answer you first.':
    'आपके संदेशों पर बैज विक्रेताओं को बताता है कि आप गंभीर खरीदार हैं, इसलिए वे पहले आपको जवाब देते हैं।',
  'Priority Positioning': 'प्राथमिकता वाली जगह',
  'Your chats sit at the top of the seller’s inbox, above regular enquiries.':
    'आपकी चैट विक्रेता के इनबॉक्स में सबसे ऊपर, आम पूछताछ से पहले दिखती हैं।',
  'Direct Phone Access': 'सीधे फ़ोन की सुविधा',
  'With Pro, see sellers’ phone numbers (50 a month) and call them to close the deal fast.':
    'Pro के साथ विक्रेताओं के फ़ोन नंबर देखें (महीने में 50) और सौदा जल्दी पक्का करने के लिए उन्हें फ़ोन करें।',
  'Choose Basic or Pro and pay once. Your plan starts as soon as the payment is confirmed and lasts 30 days. Sellers see your premium badge in their chats straight away.':
    'Basic या Pro चुनें और एक बार भुगतान करें। भुगतान पक्का होते ही आपका प्लान शुरू होता है और 30 दिन चलता है। विक्रेता तुरंत अपनी चैट में आपका प्रीमियम बैज देखते हैं।',
  'What is the difference between Basic and Pro?': 'Basic और Pro में क्या अंतर है?',
  'Basic (₹99 a month) gives you the premium badge, a priority position in sellers’ chat lists and faster responses. Pro (₹299 a month) adds direct access to sellers’ phone numbers, up to 50 a month, and curated leads from verified sellers.':
    'Basic (₹99 महीना) में प्रीमियम बैज, विक्रेताओं की चैट सूची में प्राथमिकता और जल्दी जवाब मिलते हैं। Pro (₹299 महीना) में इसके साथ विक्रेताओं के फ़ोन नंबर (महीने में 50 तक) और सत्यापित विक्रेताओं की चुनी हुई लीड भी मिलती हैं।',
  'Can I cancel anytime?': 'क्या मैं कभी भी रद्द कर सकता हूँ?',
  'Yes. Plans never renew automatically, so there is nothing to cancel: simply don’t buy again. Your access continues until the end of the 30-day validity.':
    'हाँ। प्लान अपने-आप नवीनीकृत नहीं होते, इसलिए रद्द करने को कुछ नहीं है: बस दोबारा न खरीदें। 30 दिन की वैधता खत्म होने तक आपकी सुविधा चलती रहती है।',
  'Is my payment secure?': 'क्या मेरा भुगतान सुरक्षित है?',
  'Payments are handled by Razorpay, a PCI DSS compliant payment provider, over an encrypted connection. SEL does not store your card, UPI or bank details.':
    'भुगतान Razorpay संभालता है, जो PCI DSS मानकों वाला भुगतान प्रदाता है, और कनेक्शन एन्क्रिप्टेड होता है। SEL आपके कार्ड, UPI या बैंक की जानकारी नहीं रखता।',
  'Frequently asked questions': 'अक्सर पूछे जाने वाले सवाल',
  // ShowPhoneButton.tsx
  'Getting number...': 'नंबर ला रहे हैं...',
  'Show phone number': 'फ़ोन नंबर दिखाएँ',
  'With SEL Buyer Pro you can call up to 50 sellers a month directly and get curated leads, for ₹299 a month.':
    'SEL Buyer Pro के साथ आप हर महीने 50 विक्रेताओं को सीधे कॉल कर सकते हैं और चुनी हुई लीड पा सकते हैं, ₹299 प्रति माह में।',
  'See Pro plans': 'Pro प्लान देखें',
  // premium-rules.ts
  'Already Subscribed': 'पहले से सदस्य हैं',
  'Choose Plan': 'प्लान चुनें',
  'Pay {price}': '{price} चुकाएँ',
  'Failed to load packages': 'पैकेज लोड नहीं हो सके',
  'Failed to load premium status': 'प्रीमियम स्थिति लोड नहीं हो सकी',
  'Failed to create order': 'ऑर्डर नहीं बन सका',
  'Payment system not ready': 'भुगतान प्रणाली अभी तैयार नहीं है',
  'Payment verification failed': 'भुगतान सत्यापित नहीं हो सका',
  'Failed to load your payments': 'आपके भुगतान लोड नहीं हो सके',
  'Failed to load curated leads': 'चुनी गई लीड लोड नहीं हो सकीं',
  'Could not get the phone number. Please try again.': 'फ़ोन नंबर नहीं मिल सका। कृपया फिर से कोशिश करें।',
  Failed: 'विफल',
  Refunded: 'रिफ़ंड हुआ',
  // shown through t(value): texts from the server or from reference data, not written as t('…') here
  'Stand out to sellers: a premium badge and priority in their chat lists.':
    'विक्रेताओं की नज़र में आएँ: प्रीमियम बैज और उनकी चैट सूची में प्राथमिकता।',
  'Premium badge on your messages': 'आपके संदेशों पर प्रीमियम बैज',
  'Priority position in sellers’ chat lists': 'विक्रेताओं की चैट सूची में ऊपर जगह',
  'Faster responses from sellers': 'विक्रेताओं से जल्दी जवाब',
  'Call owners directly and buy fast: seller phone numbers and curated leads.':
    'मालिकों को सीधे कॉल करें और जल्दी खरीदें: विक्रेताओं के फ़ोन नंबर और चुनी हुई लीड।',
  'Everything in Basic': 'बेसिक की सभी सुविधाएँ',
  'Direct access to seller phone numbers (50 per month)': 'विक्रेताओं के फ़ोन नंबर सीधे (हर महीने 50)',
  'Curated seller leads in your categories': 'आपकी श्रेणियों में चुनी हुई विक्रेता लीड',
  'Why choose SEL Buyer?': 'SEL बायर क्यों चुनें?',
  'How does SEL Buyer work?': 'SEL बायर कैसे काम करता है?',
};
