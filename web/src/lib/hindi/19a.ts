/**
 * Hindi for sign-in, the user menu, notifications, wishlist, premium, help, footer, 404/error pages
 * and toasts (issue 19, part A). Keys are the English text; `{placeholders}` stay as they are.
 */
export const HINDI_19A: Record<string, string> = {
  // sign-in
  "Welcome to SEL": "SEL में आपका स्वागत है",
  "Login with Email": "ईमेल से लॉगिन करें",
  "Register with Email": "ईमेल से रजिस्टर करें",
  "Enter your phone number": "अपना फ़ोन नंबर डालें",
  "Enter verification code": "सत्यापन कोड डालें",
  Back: "वापस",
  "Buy and sell anything near you. Log in or create an account to post ads, chat and save favourites.":
    "अपने आस-पास कुछ भी खरीदें और बेचें। विज्ञापन डालने, चैट करने और पसंदीदा सहेजने के लिए लॉगिन करें या खाता बनाएँ।",
  "Continue with phone": "फ़ोन से जारी रखें",
  "Continue with Google": "Google से जारी रखें",
  OR: "या",
  "All your personal details are safe with us. If you continue, you are accepting SEL's {terms} and {privacy}.":
    "आपकी सभी निजी जानकारी हमारे पास सुरक्षित है। जारी रखने पर आप SEL की {terms} और {privacy} स्वीकार करते हैं।",
  "Terms and Conditions": "नियम और शर्तें",
  "Privacy Policy": "गोपनीयता नीति",
  Email: "ईमेल",
  Password: "पासवर्ड",
  Show: "दिखाएँ",
  Hide: "छिपाएँ",
  "Logging in...": "लॉगिन हो रहा है...",
  "New to SEL?": "SEL पर नए हैं?",
  "At least 8 characters, with a letter and a number.":
    "कम से कम 8 अक्षर, जिनमें एक अक्षर और एक अंक हो।",
  "First name": "पहला नाम",
  "Last name": "उपनाम",
  "First name is required": "पहला नाम ज़रूरी है",
  "Last name is required": "उपनाम ज़रूरी है",
  "Login with Email instead": "इसके बजाय ईमेल से लॉगिन करें",
  "Creating account...": "खाता बन रहा है...",
  "Create account": "खाता बनाएँ",
  "Already have an account?": "पहले से खाता है?",
  "We'll send a 6-digit code to this number to log you in, or to create your account.":
    "लॉगिन करने या आपका खाता बनाने के लिए हम इस नंबर पर 6 अंकों का कोड भेजेंगे।",
  "Phone number": "फ़ोन नंबर",
  "Sending OTP...": "OTP भेजा जा रहा है...",
  "We sent a {length}-digit code to {phone}.":
    "हमने {phone} पर {length} अंकों का कोड भेजा है।",
  Change: "बदलें",
  "Verification code": "सत्यापन कोड",
  "New to SEL? Tell us your name (optional)":
    "SEL पर नए हैं? अपना नाम बताएँ (वैकल्पिक)",
  "Verifying...": "सत्यापित हो रहा है...",
  "Verify and create account": "सत्यापित करें और खाता बनाएँ",
  "Verify and log in": "सत्यापित करें और लॉगिन करें",
  "Resend OTP in {time}": "{time} में OTP दोबारा भेजें",
  "Sending...": "भेजा जा रहा है...",
  "Resend OTP": "OTP दोबारा भेजें",
  "Dev mode: read your code in the {outbox}.":
    "डेवलपर मोड: अपना कोड {outbox} में पढ़ें।",
  "dev outbox": "डेवलपर आउटबॉक्स",
  "Registration successful! Welcome to SEL!":
    "रजिस्ट्रेशन सफल! SEL में आपका स्वागत है!",
  "Login successful!": "लॉगिन सफल!",
  "OTP sent to your phone number": "आपके फ़ोन नंबर पर OTP भेज दिया गया",
  "OTP resent successfully": "OTP दोबारा भेज दिया गया",
  "Please enter a valid email address": "कृपया सही ईमेल पता डालें",
  "Login failed. Please try again.": "लॉगिन नहीं हो सका। कृपया फिर से कोशिश करें।",
  "Registration failed. Please try again.":
    "रजिस्ट्रेशन नहीं हो सका। कृपया फिर से कोशिश करें।",
  "Please enter your phone number": "कृपया अपना फ़ोन नंबर डालें",
  "Please enter a valid 10-digit phone number":
    "कृपया 10 अंकों का सही फ़ोन नंबर डालें",
  "Please enter a valid 6-digit OTP": "कृपया 6 अंकों का सही OTP डालें",
  "Please enter both email and password": "कृपया ईमेल और पासवर्ड दोनों डालें",
  "Password must be 8 to 128 characters and contain at least one letter and one number":
    "पासवर्ड 8 से 128 अक्षरों का हो और उसमें कम से कम एक अक्षर और एक अंक हो",
  "Failed to send OTP": "OTP नहीं भेजा जा सका",
  "Request timed out. Please check your connection and try again.":
    "अनुरोध में बहुत समय लगा। कृपया अपना कनेक्शन जाँचें और फिर से कोशिश करें।",
  "Network error. Please check your connection.":
    "नेटवर्क में गड़बड़ी। कृपया अपना कनेक्शन जाँचें।",
  "Please wait before requesting another OTP":
    "दूसरा OTP माँगने से पहले कृपया थोड़ा रुकें",
  "Service temporarily unavailable. Please try again later.":
    "सेवा अभी उपलब्ध नहीं है। कृपया थोड़ी देर बाद कोशिश करें।",
  "Your account has been deactivated. Please contact support.":
    "आपका खाता निष्क्रिय कर दिया गया है। कृपया सहायता टीम से संपर्क करें।",
  "Your account has been blocked. Please contact support for assistance.":
    "आपका खाता ब्लॉक कर दिया गया है। मदद के लिए कृपया सहायता टीम से संपर्क करें।",
  "Failed to verify OTP": "OTP सत्यापित नहीं हो सका",
  "An account with this phone number already exists. Please try logging in instead.":
    "इस फ़ोन नंबर से पहले से एक खाता है। कृपया लॉगिन करके देखें।",
  "Too many incorrect attempts. Please request a new OTP.":
    "बहुत बार गलत कोड डाला गया। कृपया नया OTP माँगें।",
  "Invalid or expired OTP. Please try again.":
    "OTP गलत है या उसकी समय-सीमा खत्म हो गई है। कृपया फिर से कोशिश करें।",
  "User not found. Please try registering again.":
    "उपयोगकर्ता नहीं मिला। कृपया फिर से रजिस्टर करें।",
  Authenticating: "पहचान की जा रही है",
  "Authentication Complete": "पहचान पूरी हुई",
  "Authentication failed": "पहचान नहीं हो सकी",
  "OAuth authentication failed": "Google से पहचान नहीं हो सकी",
  "No authentication token received": "पहचान टोकन नहीं मिला",
  "Completing your sign-in, one moment.": "आपका लॉगिन पूरा हो रहा है, एक पल रुकें।",
  "Taking you back to SEL…": "आपको SEL पर वापस ले जा रहे हैं…",
  "Would you like to receive Push Notifications?": "क्या आप पुश सूचनाएँ पाना चाहेंगे?",
  "Get notified about new messages from buyers and sellers, and updates on your ads. You can change this any time in Settings.":
    "खरीदारों और विक्रेताओं के नए संदेशों और अपने विज्ञापनों की खबर पाएँ। आप इसे कभी भी सेटिंग्स में बदल सकते हैं।",
  "No thanks": "नहीं, धन्यवाद",
  "Please wait...": "कृपया रुकें...",
  "Sign me up!": "हाँ, चालू करें!",
  "Push notifications are on": "पुश सूचनाएँ चालू हैं",
  "Notifications are blocked in your browser. You can allow them in your browser settings.":
    "आपके ब्राउज़र में सूचनाएँ बंद हैं। आप उन्हें ब्राउज़र की सेटिंग्स में चालू कर सकते हैं।",
  "Your Wishlist has a new place!": "आपकी पसंदीदा सूची अब नई जगह पर है!",
  "View Wishlist": "पसंदीदा देखें",
  Dismiss: "हटाएँ",

  // user menu and header
  "View Cart": "कार्ट देखें",
  "Bought Packages & Billing": "खरीदे गए पैकेज और बिलिंग",
  "Get SEL Buyer Pro": "SEL Buyer Pro लें",
  Settings: "सेटिंग्स",
  "Account menu for {name}": "{name} का खाता मेनू",
  "Account menu": "खाता मेनू",
  Account: "खाता",
  "Hello,": "नमस्ते,",
  "Hello, {name}": "नमस्ते, {name}",
  "SEL user": "SEL उपयोगकर्ता",
  "View and edit profile": "प्रोफ़ाइल देखें और बदलें",
  "Profile completion": "प्रोफ़ाइल कितनी पूरी है",
  "{n} step left": "{n} चरण बाकी",
  "{n} steps left": "{n} चरण बाकी",
  "Your account": "आपका खाता",
  "post an ad": "विज्ञापन डालें",
  "SEL home": "SEL होम",
  Close: "बंद करें",
  "Dismiss notification": "सूचना हटाएँ",

  // notifications
  "Mark all read": "सभी पढ़ी हुई मानें",
  "No notifications": "कोई सूचना नहीं",
  "(unread)": "(अनपढ़ी)",
  "Notifications ({n} unread)": "सूचनाएँ ({n} अनपढ़ी)",
  "Failed to load notifications": "सूचनाएँ लोड नहीं हो सकीं",
  "Failed to mark notifications read": "सूचनाओं को पढ़ा हुआ नहीं माना जा सका",
  "Refresh Page": "पेज रीफ़्रेश करें",
  "Request timed out. Please check your connection.":
    "अनुरोध में बहुत समय लगा। कृपया अपना कनेक्शन जाँचें।",
  "Too many requests. Please wait a moment.": "बहुत सारे अनुरोध। कृपया थोड़ा रुकें।",
  "Server error. Please try again later.":
    "सर्वर में गड़बड़ी। कृपया थोड़ी देर बाद कोशिश करें।",

  // wishlist
  "Wishlist - SEL": "पसंदीदा - SEL",
  WISHLIST: "पसंदीदा",
  "Show as": "ऐसे दिखाएँ",
  "Grid view": "ग्रिड व्यू",
  "List view": "सूची व्यू",
  "Search your wishlist": "अपनी पसंदीदा सूची में खोजें",
  "Search your wishlist...": "अपनी पसंदीदा सूची में खोजें...",
  "Loading your wishlist...": "आपकी पसंदीदा सूची लोड हो रही है...",
  "Error loading wishlist": "पसंदीदा सूची लोड करने में गड़बड़ी",
  "Failed to fetch wishlist items": "पसंदीदा विज्ञापन नहीं मिल सके",
  "You haven't liked any ads yet": "आपने अभी तक कोई विज्ञापन पसंद नहीं किया है",
  "Like ads and share them with the world":
    "विज्ञापन पसंद करें और उन्हें दुनिया के साथ साझा करें",
  Discover: "खोजें",
  "No items found": "कुछ नहीं मिला",
  "Try adjusting your search terms": "खोज के शब्द बदलकर देखें",
  "Your favourite ads": "आपके पसंदीदा विज्ञापन",
  "Want to see your stuff here?": "अपना सामान यहाँ देखना चाहते हैं?",
  "Make some extra cash by selling things in your community. Go on, it's quick and easy.":
    "अपने आस-पास चीज़ें बेचकर कुछ अतिरिक्त कमाई करें। आगे बढ़ें, यह जल्दी और आसान है।",
  "Item removed from wishlist!": "विज्ञापन पसंदीदा सूची से हटा दिया गया!",
  "{n} item": "{n} विज्ञापन",
  "{n} items in your wishlist": "आपकी पसंदीदा सूची में {n} विज्ञापन",

  // footer, 404, error page
  "Free classifieds in India": "भारत में मुफ़्त क्लासिफ़ाइड",
  "Free classifieds in India.": "भारत में मुफ़्त क्लासिफ़ाइड।",
  "POPULAR LOCATIONS": "लोकप्रिय स्थान",
  "TRENDING LOCATIONS": "चर्चित स्थान",
  "ABOUT US": "हमारे बारे में",
  "About SEL": "SEL के बारे में",
  "Contact us": "संपर्क करें",
  "Browse listings": "विज्ञापन देखें",
  "Sell on SEL": "SEL पर बेचें",
  "Legal & Privacy information": "कानूनी और गोपनीयता जानकारी",
  "FOLLOW US": "हमें फ़ॉलो करें",
  "SEL on {network} (opens in a new tab)": "{network} पर SEL (नए टैब में खुलेगा)",
  "Page Not Found": "पेज नहीं मिला",
  "The page you're looking for doesn't exist. Taking you to the home page in 3 seconds.":
    "आप जो पेज ढूँढ रहे हैं वह मौजूद नहीं है। 3 सेकंड में आपको होम पेज पर ले जा रहे हैं।",
  "Go Home": "होम पर जाएँ",
  "Something went wrong": "कुछ गड़बड़ हो गई",
  "An unexpected error occurred. Try again, or refresh the page if it keeps happening.":
    "एक अनचाही गड़बड़ी हुई। फिर से कोशिश करें, और बार-बार हो तो पेज रीफ़्रेश करें।",
  "{what} in {where}": "{where} में {what}",

  // help centre
  "Help Center - SEL": "सहायता केंद्र - SEL",
  "How can we help you?": "हम आपकी क्या मदद कर सकते हैं?",
  "Search help articles": "सहायता लेख खोजें",
  "Browse by category": "श्रेणी के अनुसार देखें",
  'Results for "{query}"': '"{query}" के नतीजे',
  "Popular topics": "लोकप्रिय विषय",
  "No articles match your search. Try other words, or contact us below.":
    "आपकी खोज से कोई लेख नहीं मिला। दूसरे शब्द आज़माएँ, या नीचे हमसे संपर्क करें।",
  "SEL is a free classifieds marketplace for India: buy and sell cars, bikes, phones, homes, furniture and more with people near you.":
    "SEL भारत का मुफ़्त क्लासिफ़ाइड बाज़ार है: अपने आस-पास के लोगों के साथ कारें, बाइक, फ़ोन, घर, फ़र्नीचर और बहुत कुछ खरीदें और बेचें।",
  "Write to {address}. We answer within two working days.":
    "{address} पर लिखें। हम दो कामकाजी दिनों में जवाब देते हैं।",
  "We only use your details to run your account and your ads. You can download or delete your account from Settings at any time.":
    "हम आपकी जानकारी का उपयोग केवल आपका खाता और आपके विज्ञापन चलाने के लिए करते हैं। आप सेटिंग्स से कभी भी अपना खाता डाउनलोड या हटा सकते हैं।",
  "Back to SEL": "SEL पर वापस",
  "How do I post an ad?": "मैं विज्ञापन कैसे डालूँ?",
  "Tap SELL, choose a category, fill in the details and add up to 20 photos, then post. Most ads go live straight away; you can find them under My ADS.":
    "बेचें पर टैप करें, श्रेणी चुनें, जानकारी भरें और 20 तक फ़ोटो जोड़ें, फिर पोस्ट करें। ज़्यादातर विज्ञापन तुरंत लाइव हो जाते हैं; वे आपको मेरे विज्ञापन में मिलेंगे।",
  "How do I edit or delete my ad?": "मैं अपना विज्ञापन कैसे बदलूँ या हटाऊँ?",
  "Open My ADS, pick the ad and choose Edit or Delete. On the ad page itself, Edit Listing and Delete Listing do the same.":
    "मेरे विज्ञापन खोलें, विज्ञापन चुनें और बदलें या हटाएँ चुनें। विज्ञापन के पेज पर भी यही किया जा सकता है।",
  "How do I contact a seller?": "मैं विक्रेता से कैसे संपर्क करूँ?",
  "Open the ad and choose Chat with seller. You need to be logged in; your phone number is never shown unless you share it.":
    "विज्ञापन खोलें और विक्रेता से चैट करें चुनें। इसके लिए लॉगिन ज़रूरी है; आपका फ़ोन नंबर तब तक नहीं दिखता जब तक आप उसे खुद साझा न करें।",
  "How do I stay safe when buying?": "खरीदते समय मैं सुरक्षित कैसे रहूँ?",
  "Meet in a safe public place, check the item before you buy, pay only after collecting the item and never pay anything in advance. Report anything suspicious from the chat.":
    "किसी सुरक्षित सार्वजनिक जगह पर मिलें, खरीदने से पहले सामान जाँचें, सामान लेने के बाद ही भुगतान करें और कभी भी पहले से पैसे न दें। कुछ भी संदिग्ध लगे तो चैट से रिपोर्ट करें।",
  "What is the Premium Buyer Program?": "प्रीमियम खरीदार प्रोग्राम क्या है?",
  "Premium buyers get a badge, priority in sellers’ inboxes and direct phone access. Plans run for 30 days and can be bought from the Premium page.":
    "प्रीमियम खरीदारों को एक बैज, विक्रेताओं के इनबॉक्स में प्राथमिकता और सीधे फ़ोन की सुविधा मिलती है। प्लान 30 दिन के होते हैं और प्रीमियम पेज से खरीदे जा सकते हैं।",
  "How do I change my location?": "मैं अपना स्थान कैसे बदलूँ?",
  "Use the location box in the header (or the location line on mobile) to search for a state, city or area, or to use your current location.":
    "राज्य, शहर या इलाका खोजने, या अपना वर्तमान स्थान इस्तेमाल करने के लिए ऊपर दिए स्थान बॉक्स (मोबाइल पर स्थान वाली पंक्ति) का उपयोग करें।",
  "How do I save ads I like?": "पसंद आए विज्ञापन कैसे सहेजूँ?",
  "Tap the heart on any ad. Your liked ads are collected in your Wishlist.":
    "किसी भी विज्ञापन पर दिल के निशान पर टैप करें। पसंद किए गए विज्ञापन आपकी पसंदीदा सूची में जमा होते हैं।",
  "I forgot my password or lost access to my account":
    "मैं अपना पासवर्ड भूल गया या अपने खाते तक नहीं पहुँच पा रहा",
  "Log in with your phone number and a one-time code instead, then set a new password in Settings.":
    "इसके बजाय अपने फ़ोन नंबर और एक बार के कोड से लॉगिन करें, फिर सेटिंग्स में नया पासवर्ड बनाएँ।",

  // premium
  "SEL Buyer Premium": "SEL खरीदार प्रीमियम",
  "Get noticed by sellers, reach them first and, with Pro, call them directly. Pick a plan for 30 days: no auto-renewal, no surprises.":
    "विक्रेताओं की नज़र में आएँ, उन तक सबसे पहले पहुँचें और Pro के साथ उन्हें सीधे फ़ोन करें। 30 दिन का प्लान चुनें: न अपने-आप नवीनीकरण, न कोई छिपी बात।",
  "Checking your plan...": "आपका प्लान देखा जा रहा है...",
  "Your plan": "आपका प्लान",
  "Your current plan": "आपका मौजूदा प्लान",
  "Ends today": "आज खत्म होगा",
  "{n} day remaining": "{n} दिन बाकी",
  "{n} days remaining": "{n} दिन बाकी",
  "Valid until {date}": "{date} तक मान्य",
  "{used} of {limit} phone numbers used":
    "{limit} में से {used} फ़ोन नंबर इस्तेमाल हुए",
  "No plans are on sale right now. Please check back soon.":
    "अभी कोई प्लान उपलब्ध नहीं है। कृपया जल्द फिर देखें।",
  "Choose your plan": "अपना प्लान चुनें",
  "Most Popular": "सबसे लोकप्रिय",
  "/ month": "/ महीना",
  "{days}-day validity": "{days} दिन की वैधता",
  "Already Subscribed": "पहले से सदस्य हैं",
  "Processing...": "प्रोसेस हो रहा है...",
  "Choose Plan": "प्लान चुनें",
  "Finding leads for you...": "आपके लिए लीड ढूँढ रहे हैं...",
  "No new leads right now. Favourite a few ads and we’ll bring you fresh ones from verified sellers in those categories.":
    "अभी कोई नई लीड नहीं है। कुछ विज्ञापन पसंद करें, हम उन श्रेणियों में सत्यापित विक्रेताओं के नए विज्ञापन लाएँगे।",
  "Curated leads for you": "आपके लिए चुनी गई लीड",
  "Fresh ads from verified sellers, picked for Pro members.":
    "सत्यापित विक्रेताओं के नए विज्ञापन, Pro सदस्यों के लिए चुने हुए।",
  "Bought packages & billing": "खरीदे गए पैकेज और बिलिंग",
  Date: "तारीख",
  Plan: "प्लान",
  Amount: "राशि",
  Status: "स्थिति",
  "Payment ID": "भुगतान ID",
  Newer: "नए",
  Older: "पुराने",
  "Page {page} of {pages}": "{pages} में से पेज {page}",
  Paid: "भुगतान हुआ",
  "Not completed": "पूरा नहीं हुआ",
  Failed: "विफल",
  Refunded: "रिफ़ंड हुआ",
  "Why choose the Premium Buyer Program?": "प्रीमियम खरीदार प्रोग्राम क्यों चुनें?",
  "Premium Badge": "प्रीमियम बैज",
  "A badge on your messages shows sellers you are a serious buyer, so they answer you first.":
    "आपके संदेशों पर बैज विक्रेताओं को बताता है कि आप गंभीर खरीदार हैं, इसलिए वे पहले आपको जवाब देते हैं।",
  "Priority Positioning": "प्राथमिकता वाली जगह",
  "Your chats sit at the top of the seller’s inbox, above regular enquiries.":
    "आपकी चैट विक्रेता के इनबॉक्स में सबसे ऊपर, आम पूछताछ से पहले दिखती हैं।",
  "Direct Phone Access": "सीधे फ़ोन की सुविधा",
  "With Pro, see sellers’ phone numbers (50 a month) and call them to close the deal fast.":
    "Pro के साथ विक्रेताओं के फ़ोन नंबर देखें (महीने में 50) और सौदा जल्दी पक्का करने के लिए उन्हें फ़ोन करें।",
  "Frequently asked questions": "अक्सर पूछे जाने वाले सवाल",
  "How does the Premium Buyer Program work?":
    "प्रीमियम खरीदार प्रोग्राम कैसे काम करता है?",
  "Choose Basic or Pro and pay once. Your plan starts as soon as the payment is confirmed and lasts 30 days. Sellers see your premium badge in their chats straight away.":
    "Basic या Pro चुनें और एक बार भुगतान करें। भुगतान पक्का होते ही आपका प्लान शुरू होता है और 30 दिन चलता है। विक्रेता तुरंत अपनी चैट में आपका प्रीमियम बैज देखते हैं।",
  "What is the difference between Basic and Pro?": "Basic और Pro में क्या अंतर है?",
  "Basic (₹99 a month) gives you the premium badge, a priority position in sellers’ chat lists and faster responses. Pro (₹299 a month) adds direct access to sellers’ phone numbers, up to 50 a month, and curated leads from verified sellers.":
    "Basic (₹99 महीना) में प्रीमियम बैज, विक्रेताओं की चैट सूची में प्राथमिकता और जल्दी जवाब मिलते हैं। Pro (₹299 महीना) में इसके साथ विक्रेताओं के फ़ोन नंबर (महीने में 50 तक) और सत्यापित विक्रेताओं की चुनी हुई लीड भी मिलती हैं।",
  "Can I cancel anytime?": "क्या मैं कभी भी रद्द कर सकता हूँ?",
  "Yes. Plans never renew automatically, so there is nothing to cancel: simply don’t buy again. Your access continues until the end of the 30-day validity.":
    "हाँ। प्लान अपने-आप नवीनीकृत नहीं होते, इसलिए रद्द करने को कुछ नहीं है: बस दोबारा न खरीदें। 30 दिन की वैधता खत्म होने तक आपकी सुविधा चलती रहती है।",
  "Is my payment secure?": "क्या मेरा भुगतान सुरक्षित है?",
  "Payments are handled by Razorpay, a PCI DSS compliant payment provider, over an encrypted connection. SEL does not store your card, UPI or bank details.":
    "भुगतान Razorpay संभालता है, जो PCI DSS मानकों वाला भुगतान प्रदाता है, और कनेक्शन एन्क्रिप्टेड होता है। SEL आपके कार्ड, UPI या बैंक की जानकारी नहीं रखता।",
  "Failed to load packages": "पैकेज लोड नहीं हो सके",
  "Failed to load premium status": "प्रीमियम स्थिति लोड नहीं हो सकी",
  "Failed to create order": "ऑर्डर नहीं बन सका",
  "Payment system not ready": "भुगतान प्रणाली अभी तैयार नहीं है",
  "Payment verification failed": "भुगतान सत्यापित नहीं हो सका",
  "Failed to load your payments": "आपके भुगतान लोड नहीं हो सके",
  "Failed to load curated leads": "चुनी गई लीड लोड नहीं हो सकीं",
  "Could not get the phone number. Please try again.":
    "फ़ोन नंबर नहीं मिल सका। कृपया फिर से कोशिश करें।",
  // page chrome
  "Skip to content": "मुख्य सामग्री पर जाएँ",
  // the premium plans' texts (reference data: worker/schemas/premium-plans.ts)
  "Stand out to sellers: a premium badge and priority in their chat lists.":
    "विक्रेताओं की नज़र में आएँ: प्रीमियम बैज और उनकी चैट सूची में प्राथमिकता।",
  "Premium badge on your messages": "आपके संदेशों पर प्रीमियम बैज",
  "Priority position in sellers’ chat lists": "विक्रेताओं की चैट सूची में ऊपर जगह",
  "Faster responses from sellers": "विक्रेताओं से जल्दी जवाब",
  "Call owners directly and buy fast: seller phone numbers and curated leads.":
    "मालिकों को सीधे कॉल करें और जल्दी खरीदें: विक्रेताओं के फ़ोन नंबर और चुनी हुई लीड।",
  "Everything in Basic": "बेसिक की सभी सुविधाएँ",
  "Direct access to seller phone numbers (50 per month)": "विक्रेताओं के फ़ोन नंबर सीधे (हर महीने 50)",
  "Curated seller leads in your categories": "आपकी श्रेणियों में चुनी हुई विक्रेता लीड",
};
