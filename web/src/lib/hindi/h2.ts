/**
 * Hindi for the screens checked in the second Hindi pass (issue 19's leftovers): the premium payment
 * dialog, business pages, saved searches, the admin console and settings. Part of HINDI (i18n-hi.ts).
 */
export const HINDI_H2: Record<string, string> = {
  // premium payment dialog
  'Secure payment through Razorpay: cards, UPI and net banking. SEL never sees or stores your card details.':
    'Razorpay से सुरक्षित भुगतान: कार्ड, UPI और नेट बैंकिंग। SEL आपके कार्ड की जानकारी न देखता है, न रखता है।',
  'Instant activation as soon as the payment is confirmed.': 'भुगतान की पुष्टि होते ही तुरंत चालू।',
  'Valid for {days} days. It does not renew automatically.': '{days} दिन के लिए मान्य। यह अपने आप नवीनीकृत नहीं होता।',
  'Pay {price}': '{price} चुकाएँ',
  'By paying you agree to SEL’s Terms of Use and Privacy Policy. This is a one-time payment for {days} days of {plan}.':
    'भुगतान करके आप SEL की उपयोग की शर्तों और गोपनीयता नीति से सहमत होते हैं। यह {plan} के {days} दिनों के लिए एक बार का भुगतान है।',
  'Pay with (test)': 'इससे चुकाएँ (टेस्ट)',
  Card: 'कार्ड',
  'Test Visa •••• 1111, exp 12/30': 'टेस्ट वीज़ा •••• 1111, समाप्ति 12/30',
  // seller packages (business/package-text.ts): names and descriptions rebuilt from the stored form
  'Extra ads': 'अतिरिक्त विज्ञापन',
  Featured: 'फ़ीचर्ड',
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
  'Your ad goes back to the top of the newest ads in {group} once.': 'आपका विज्ञापन एक बार {group} श्रेणी के नए विज्ञापनों में सबसे ऊपर वापस आ जाता है।',
  'Send an ad back to the top of the newest ads in {group} {n} times, whenever you choose.':
    'जब चाहें, किसी विज्ञापन को {group} श्रेणी के नए विज्ञापनों में {n} बार सबसे ऊपर भेजें।',
  // saved searches: how often to hear about new ads
  Instantly: 'तुरंत',
  'Once a day': 'दिन में एक बार',
  Off: 'बंद',
  'A notification as soon as a matching ad is posted': 'मिलता-जुलता विज्ञापन आते ही एक सूचना',
  'One e-mail a day with the new ads': 'नए विज्ञापनों के साथ दिन में एक ई-मेल',
  'No alerts: just keep the search': 'कोई अलर्ट नहीं: खोज बस सहेजी रहे',
  // the location filter's counts follow the search
  'No place has ads for this search': 'इस खोज के विज्ञापन किसी जगह पर नहीं हैं',
  // the moderators' console: statuses, held reasons, roles and audit actions
  Pending: 'लंबित',
  Reported: 'रिपोर्ट किया गया',
  'Duplicate photos': 'दोहराई गई फ़ोटो',
  'Account banned': 'खाता प्रतिबंधित',
  Banned: 'प्रतिबंधित',
  Deactivated: 'निष्क्रिय किया गया',
  User: 'उपयोगकर्ता',
  Moderator: 'मॉडरेटर',
  Admin: 'एडमिन',
  Approved: 'मंज़ूर',
  'Ban lifted': 'प्रतिबंध हटाया',
  // "Report this ad" reasons (worker/schemas/trust-data.ts), shown in the report sheet and the console
  'Fraud or scam': 'धोखाधड़ी या ठगी',
  'Asks for advance payment, fake photos, too good to be true': 'पहले पैसे माँगता है, नकली फ़ोटो, इतना अच्छा कि सच न लगे',
  Spam: 'स्पैम',
  'Posted again and again, or an ad for something else': 'बार-बार डाला गया, या किसी और चीज़ का विज्ञापन',
  'Duplicate ad': 'दोहराया गया विज्ञापन',
  'The same item is already listed': 'यही सामान पहले से लिस्ट है',
  'Wrong category': 'गलत श्रेणी',
  'Listed where it does not belong': 'ऐसी जगह डाला गया जहाँ इसकी जगह नहीं',
  'Prohibited item': 'प्रतिबंधित सामान',
  'Drugs, weapons, documents, wildlife and other banned items': 'नशीले पदार्थ, हथियार, दस्तावेज़, वन्यजीव और दूसरी प्रतिबंधित चीज़ें',
  'Offensive content': 'आपत्तिजनक सामग्री',
  'Abusive, hateful or adult words or photos': 'गाली-गलौज, नफ़रत भरे या अश्लील शब्द या फ़ोटो',
  'Already sold': 'पहले ही बिक चुका',
  'The seller says it is no longer available': 'विक्रेता कहता है कि यह अब उपलब्ध नहीं है',
  'Something else': 'कुछ और',
  'Tell us what is wrong': 'बताइए क्या गलत है',
  '{n} ad to review': '{n} विज्ञापन जाँचना है',
  '{n} ads to review': '{n} विज्ञापन जाँचने हैं',
  '{n} ad decided': '{n} विज्ञापन पर निर्णय हुआ',
  '{n} ads decided': '{n} विज्ञापनों पर निर्णय हुआ',
  // the post form's free-ad limit, as whole sentences (Hindi puts the group and counts in its own order)
  'Free ads left in {group}: {left} / {free} (every {days} days)': '{group} में बचे मुफ़्त विज्ञापन: {left} / {free} (हर {days} दिन में)',
  'Your free ad in {group} is used. Posting uses one of your paid ad slots ({n} left).':
    '{group} में आपका मुफ़्त विज्ञापन इस्तेमाल हो चुका है। पोस्ट करने पर आपके खरीदे गए विज्ञापन स्लॉट में से एक लगेगा ({n} बचे)।',
  'You have used your free ad in {group} (every {days} days).': 'आपने {group} में अपना मुफ़्त विज्ञापन इस्तेमाल कर लिया है (हर {days} दिन में)।',
  'You have used your {n} free ads in {group} (every {days} days).': 'आपने {group} में अपने {n} मुफ़्त विज्ञापन इस्तेमाल कर लिए हैं (हर {days} दिन में)।',
  'Next free ad on {date}.': 'अगला मुफ़्त विज्ञापन {date} को।',
};
