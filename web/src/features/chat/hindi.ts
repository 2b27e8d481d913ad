/**
 * Hindi for chat: the inbox, a conversation, quick replies and offers (decision 010).
 * Keys are the English text passed to t() / tn() / msg(), values its Hindi.
 * Strings only this feature shows live here; strings several parts show, in
 * web/src/lib/hindi/shared.ts.
 * Loaded only with the Hindi chunk (web/src/lib/i18n-hi.ts); keep every {placeholder}.
 * web/src/lib/i18n-hi.test.ts checks each key is here, in the right file, and nowhere else.
 */
export const HINDI_TEXTS: Record<string, string> = {
  // errors.ts: a message a block refused (decision 024)
  'This person does not accept messages from you. It was not sent.': 'यह व्यक्ति आपसे संदेश स्वीकार नहीं करता। संदेश नहीं भेजा गया।',
  'You blocked this person. Unblock them in Settings to send messages.': 'आपने इस व्यक्ति को ब्लॉक किया है। संदेश भेजने के लिए सेटिंग्स में उन्हें अनब्लॉक करें।',
  // ChatConversation.tsx
  'Waiting for the network: it will be sent when you are back online': 'नेटवर्क का इंतज़ार: ऑनलाइन होते ही यह भेज दिया जाएगा',
  Sending: 'भेजा जा रहा है',
  'Not sent': 'नहीं भेजा गया',
  Sent: 'भेजा गया',
  Read: 'पढ़ लिया',
  Offer: 'ऑफ़र',
  'Back to conversations': 'बातचीत पर वापस',
  'Listing no longer available': 'विज्ञापन अब उपलब्ध नहीं है',
  'Call owners directly and buy fast': 'मालिकों को सीधे कॉल करें और जल्दी खरीदें',
  'Failed to connect to real-time service. Messages are still sent and checked every few seconds.':
    'रियल-टाइम सेवा से नहीं जुड़ सके। संदेश फिर भी भेजे जाते हैं और हर कुछ सेकंड में देखे जाते हैं।',
  'Messages with {name}': '{name} के साथ संदेश',
  'Loading messages...': 'संदेश लोड हो रहे हैं...',
  'No messages yet. Start the conversation!': 'अभी कोई संदेश नहीं। बातचीत शुरू करें!',
  'Load earlier messages': 'पहले के संदेश देखें',
  'Someone is typing...': 'कोई लिख रहा है...',
  // ChatInbox.tsx
  'Remove from Important': 'ज़रूरी से हटाएँ',
  'Mark as Important': 'ज़रूरी चिह्नित करें',
  Buying: 'खरीद',
  Selling: 'बिक्री',
  '{n} unread': '{n} बिना पढ़े',
  'No messages yet': 'अभी कोई संदेश नहीं',
  Conversations: 'बातचीत',
  INBOX: 'इनबॉक्स',
  'Connected: new messages arrive instantly': 'जुड़े हुए: नए संदेश तुरंत आते हैं',
  'Connecting...': 'जुड़ रहे हैं...',
  Offline: 'ऑफ़लाइन',
  'Failed to connect to real-time service. Checking for new messages every 30 seconds.':
    'रियल-टाइम सेवा से नहीं जुड़ सके। हर 30 सेकंड में नए संदेश देखे जा रहे हैं।',
  'Search conversations...': 'बातचीत खोजें...',
  'Search conversations': 'बातचीत खोजें',
  'Buying or selling': 'खरीद या बिक्री',
  'Filter conversations': 'बातचीत छाँटें',
  'Loading chats...': 'चैट लोड हो रही हैं...',
  'No conversations found': 'कोई बातचीत नहीं मिली',
  'Load more conversations': 'और बातचीत देखें',
  // ChatPage.tsx
  'Chat | SEL': 'चैट | SEL',
  'Back to the ad': 'विज्ञापन पर वापस',
  'Go to inbox': 'इनबॉक्स पर जाएँ',
  'Starting chat...': 'चैट शुरू हो रही है...',
  'Select a conversation': 'कोई बातचीत चुनें',
  'Pick a chat on the left, or open an ad and tap Chat with seller.': 'बाईं ओर से कोई चैट चुनें, या कोई विज्ञापन खोलकर "विक्रेता से चैट करें" दबाएँ।',
  // Composer.tsx
  'Enter an amount in rupees, like 25000': 'रुपयों में राशि लिखें, जैसे 25000',
  'Quick replies': 'झटपट जवाब',
  'Your offer': 'आपका ऑफ़र',
  'Send offer': 'ऑफ़र भेजें',
  'Asking price {price}': 'माँगी गई कीमत {price}',
  'Type a message': 'संदेश लिखें',
  Send: 'भेजें',
  '{over} characters too long: a message can have up to {limit}. Shorten it to send.':
    '{over} अक्षर ज़्यादा: एक संदेश में अधिकतम {limit} अक्षर हो सकते हैं। भेजने के लिए इसे छोटा करें।',
  // chat-list.ts
  'All conversations': 'सभी बातचीत',
  Meeting: 'मुलाक़ात',
  'Conversations whose last message talks about meeting up: meet, visit, come, see it, pick up, address or location':
    'वे बातचीत जिनके आख़िरी संदेश में मिलने की बात है: मिलना, आना, देखना, पता या जगह',
  Unread: 'बिना पढ़े',
  'Conversations with messages you have not read': 'वे बातचीत जिनके संदेश आपने नहीं पढ़े',
  Important: 'ज़रूरी',
  'Conversations you starred': 'वे बातचीत जिन पर आपने तारा लगाया',
  // errors.ts
  'Failed to load chats': 'चैट लोड नहीं हो सकीं',
  'Failed to load messages': 'संदेश लोड नहीं हो सके',
  'This conversation has ended: the ad it was about is no longer on SEL.': 'यह बातचीत समाप्त हो गई है: जिस विज्ञापन के बारे में थी, वह अब SEL पर नहीं है।',
  'Failed to send message': 'संदेश नहीं भेजा जा सका',
  'Failed to get/create chat': 'चैट खोली नहीं जा सकी',
  'Failed to connect to real-time service': 'रियल-टाइम सेवा से नहीं जुड़ सके',
  'Request timed out. Please check your connection.': 'अनुरोध में बहुत समय लगा। कृपया अपना कनेक्शन जाँचें।',
  // format.ts
  'My offer: {amount}': 'मेरा ऑफ़र: {amount}',
  // quick-replies.ts
  'Is it available?': 'क्या उपलब्ध है?',
  'Is it still available?': 'क्या यह अभी भी उपलब्ध है?',
  'Last price?': 'आख़िरी कीमत?',
  'What is your last price?': 'आपकी आख़िरी कीमत क्या है?',
  'Can I see it?': 'देख सकता हूँ?',
  'Can I come and see it?': 'क्या मैं आकर इसे देख सकता हूँ?',
  'Where is it?': 'कहाँ है?',
  'Where can I pick it up?': 'मैं इसे कहाँ से ले सकता हूँ?',
  'Make an offer': 'ऑफ़र दें',
  'Yes, available': 'हाँ, उपलब्ध है',
  'Yes, it is available.': 'हाँ, यह उपलब्ध है।',
  'Price is fixed': 'कीमत तय है',
  'Sorry, the price is fixed.': 'माफ़ कीजिए, कीमत तय है।',
  'Come and see it': 'आकर देखें',
  'You can come and see it. When suits you?': 'आप आकर देख सकते हैं। आपको कब ठीक रहेगा?',
  'Already sold': 'पहले ही बिक चुका',
  'Sorry, it is already sold.': 'माफ़ कीजिए, यह बिक चुका है।',
  'Please reply': 'कृपया जवाब दें',
  'SEL Buyer member': 'SEL बायर सदस्य',
  'SEL Buyer': 'SEL बायर',
  'Conversations with SEL Buyer members': 'SEL बायर सदस्यों से बातचीत',
  'Never share or enter your UPI PIN to receive money. A PIN is only needed to pay.': 'पैसे पाने के लिए अपना UPI PIN कभी न बताएँ और न डालें। PIN सिर्फ़ पैसे भेजने के लिए चाहिए होता है।',
  'Scanning a QR code sends money, it never receives it. Do not scan a QR code to "receive" payment.': 'QR कोड स्कैन करने से पैसे जाते हैं, आते नहीं। पैसे "पाने" के लिए कोई QR कोड स्कैन न करें।',
  'Be careful with requests for advance payment. Pay only after you have seen and collected the item.': 'एडवांस पेमेंट माँगने वालों से सावधान रहें। सामान देखकर और हाथ में लेकर ही पैसे दें।',
  'Keep the conversation on SEL. Scammers move chats to other apps to avoid our safety checks.': 'बातचीत SEL पर ही रखें। धोखेबाज़ हमारी सुरक्षा जाँच से बचने के लिए चैट दूसरे ऐप पर ले जाते हैं।',
  'Never share an OTP or verification code with anyone, not even someone claiming to be from SEL.': 'OTP या वेरिफ़िकेशन कोड किसी को न बताएँ, SEL की ओर से होने का दावा करने वाले को भी नहीं।',
};
