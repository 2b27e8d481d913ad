/**
 * Hindi for the API error messages a person actually meets (decision 010): sign-in, OTP,
 * validation of the sign-in forms, rate limits, blocked accounts, sessions. Reviewed data, no imports,
 * like taxonomy-hi.ts. Keys are the English message exactly as the worker sends it; `{n}` stands for
 * a number inside a message ("Please wait 23 seconds…"). A message not listed here stays English.
 */
export const ERRORS_HINDI: Record<string, string> = {
  // renewing an ad (decision 019)
  'This ad is not due for renewal yet: it can be renewed in its last {n} days before it expires, or after it has expired.':
    'इस विज्ञापन के नवीनीकरण का समय अभी नहीं आया: इसे समाप्त होने से पहले के आख़िरी {n} दिनों में, या समाप्त होने के बाद नवीनीकृत किया जा सकता है।',
  'Only a live or expired ad can be renewed.': 'केवल चालू या समाप्त हो चुके विज्ञापन का ही नवीनीकरण हो सकता है।',
  // saved-search alerts (decision 024)
  'Daily alerts come by e-mail, and there is no e-mail address on your account. Choose instant alerts (in the app and as push notifications), or add an e-mail address first.':
    'रोज़ के अलर्ट ईमेल से आते हैं, और आपके खाते में कोई ईमेल पता नहीं है। तुरंत अलर्ट चुनें (ऐप में और पुश सूचना से), या पहले ईमेल पता जोड़ें।',
  // unpaid seller-package orders (decision 024)
  'This order is already paid: its packages are in your account.': 'इस ऑर्डर का भुगतान हो चुका है: इसके पैकेज आपके खाते में हैं।',
  'A paid order cannot be removed: it has an invoice.': 'भुगतान हो चुके ऑर्डर को हटाया नहीं जा सकता: उसका इनवॉइस बन चुका है।',
  // the cart of seller packages (decision 014)
  'Your cart holds at most {n} different packages. Check out or remove one first.': 'आपके कार्ट में अधिक से अधिक {n} अलग-अलग पैकेज रह सकते हैं। पहले चेकआउट करें या कोई एक हटाएँ।',
  'quantity must be at most {n}': 'संख्या अधिक से अधिक {n} हो सकती है',
  'quantity must be at least 1': 'संख्या कम से कम 1 होनी चाहिए',
  'quantity must be a whole number from 1 to {n}': 'संख्या 1 से {n} तक की पूरी संख्या होनी चाहिए',
  // moderation (decision 024)
  'You cannot decide on your own ad. Another moderator will review it.': 'आप अपने ही विज्ञापन पर फ़ैसला नहीं कर सकते। कोई दूसरा मॉडरेटर इसकी समीक्षा करेगा।',
  // sign-in and accounts
  'Reason:': 'कारण:',
  'Your account has been suspended for breaking SEL’s rules. Please contact support if you think this is a mistake.':
    'SEL के नियम तोड़ने के कारण आपका खाता निलंबित कर दिया गया है। अगर आपको लगता है कि यह गलती है, तो कृपया सहायता टीम से संपर्क करें।',
  'Please log in to continue': 'जारी रखने के लिए कृपया लॉगिन करें',
  'Invalid email or password': 'ईमेल या पासवर्ड गलत है',
  'This Google account is already linked to another SEL account.': 'यह Google खाता पहले से किसी दूसरे SEL खाते से जुड़ा है।',
  'An account with this email already exists': 'इस ईमेल से पहले से एक खाता है',
  'User already exists with this phone number': 'इस फ़ोन नंबर से पहले से एक खाता है',
  'User already exists': 'यह उपयोगकर्ता पहले से मौजूद है',
  'No account found with this phone number': 'इस फ़ोन नंबर से कोई खाता नहीं मिला',
  'User not found': 'उपयोगकर्ता नहीं मिला',
  'This account no longer exists.': 'यह खाता अब मौजूद नहीं है।',
  'You were logged out. Please log in again.': 'आप लॉगआउट हो गए हैं। कृपया फिर से लॉगिन करें।',
  'Invalid authentication token. Please log in again.': 'पहचान टोकन सही नहीं है। कृपया फिर से लॉगिन करें।',
  'Your Google e-mail address is not verified.': 'आपका Google ईमेल पता सत्यापित नहीं है।',
  'Your account has been blocked. Please contact support for assistance.': 'आपका खाता ब्लॉक कर दिया गया है। मदद के लिए कृपया सहायता टीम से संपर्क करें।',
  'Your account has been deactivated. Please contact support.': 'आपका खाता निष्क्रिय कर दिया गया है। कृपया सहायता टीम से संपर्क करें।',
  'You do not have permission to perform this action': 'आपको यह करने की अनुमति नहीं है',
  // OTP
  'Please wait {n} seconds before requesting another OTP': 'दूसरा OTP माँगने से पहले कृपया {n} सेकंड रुकें',
  'Invalid or expired OTP. Please try again.': 'OTP गलत है या उसकी समय-सीमा खत्म हो गई है। कृपया फिर से कोशिश करें।',
  'Too many wrong attempts. Invalid or expired OTP: please request a new one.': 'बहुत बार गलत कोड डाला गया। OTP अब मान्य नहीं है: कृपया नया OTP माँगें।',
  'Too many OTP requests for this number. Please try again later.': 'इस नंबर के लिए बहुत सारे OTP माँगे गए। कृपया बाद में कोशिश करें।',
  'Too many OTP requests for this number. Please try again in {n} min.': 'इस नंबर के लिए बहुत सारे OTP माँगे गए। कृपया {n} मिनट बाद फिर कोशिश करें।',
  'Too many OTP requests from this network. Please try again in {n} min.': 'इस नेटवर्क से बहुत सारे OTP माँगे गए। कृपया {n} मिनट बाद फिर कोशिश करें।',
  'Too many attempts. Please try again in {n} min.': 'बहुत सारी कोशिशें हो गईं। कृपया {n} मिनट बाद फिर कोशिश करें।',
  'Too many OTP requests from this network. Please try again later.': 'इस नेटवर्क से बहुत सारे OTP माँगे गए। कृपया बाद में कोशिश करें।',
  // validation of the sign-in and profile forms
  'Please tell us your name: buyers and sellers see it in chats and on your ads': 'कृपया अपना नाम बताएँ: खरीदार और विक्रेता इसे चैट में और आपके विज्ञापनों पर देखते हैं',
  'Please enter your phone number': 'कृपया अपना फ़ोन नंबर डालें',
  'Please enter a valid 10-digit phone number': 'कृपया 10 अंकों का सही फ़ोन नंबर डालें',
  'Please enter a valid 6-digit OTP': 'कृपया 6 अंकों का सही OTP डालें',
  'Please enter a valid email address': 'कृपया सही ईमेल पता डालें',
  'Please enter both email and password': 'कृपया ईमेल और पासवर्ड दोनों डालें',
  'Password must be 8 to 128 characters and contain at least one letter and one number': 'पासवर्ड 8 से 128 अक्षरों का हो और उसमें कम से कम एक अक्षर और एक अंक हो',
  'Password is too long': 'पासवर्ड बहुत लंबा है',
  'Email is too long': 'ईमेल बहुत लंबा है',
  'First name is required': 'पहला नाम ज़रूरी है',
  'Username must be 3 to 30 characters: letters, numbers, dots and underscores': 'यूज़रनेम 3 से 30 अक्षरों का हो: अक्षर, अंक, बिंदु और अंडरस्कोर',
  'Business name must be at most 80 characters': 'व्यवसाय का नाम 80 अक्षरों से ज़्यादा न हो',
  'language must be en (English) or hi (Hindi)': 'भाषा en (अंग्रेज़ी) या hi (हिन्दी) होनी चाहिए',
  'Type DELETE to confirm that you want to delete your account': 'खाता हटाने की पुष्टि के लिए DELETE लिखें',
  'Invalid request': 'अनुरोध सही नहीं है',
  // limits
  'Too many attempts from this network. Please try again later.': 'इस नेटवर्क से बहुत सारी कोशिशें हुईं। कृपया बाद में कोशिश करें।',
  'Too many attempts from this network. Please wait a minute and try again.': 'इस नेटवर्क से बहुत सारी कोशिशें हुईं। कृपया एक मिनट रुककर फिर कोशिश करें।',
  'Too many attempts. Please try again later.': 'बहुत सारी कोशिशें हुईं। कृपया बाद में कोशिश करें।',
  'Too many login attempts. Please try again later.': 'लॉगिन की बहुत सारी कोशिशें हुईं। कृपया बाद में कोशिश करें।',
  'Too many sign-ups from this network. Please try again later.': 'इस नेटवर्क से बहुत सारे खाते बनाए गए। कृपया बाद में कोशिश करें।',
  'Too many wrong passwords for this account. Please wait a little and try again, or sign in with an OTP.':
    'इस खाते के लिए बहुत बार गलत पासवर्ड डाला गया। कृपया थोड़ा रुककर फिर कोशिश करें, या OTP से लॉगिन करें।',
  'Too many wrong passwords. Please wait a little and try again, or sign in with an OTP.': 'बहुत बार गलत पासवर्ड डाला गया। कृपया थोड़ा रुककर फिर कोशिश करें, या OTP से लॉगिन करें।',
  'Too many photo uploads. Please wait a while and try again.': 'बहुत सारी फ़ोटो अपलोड हुईं। कृपया कुछ देर रुककर फिर कोशिश करें।',
  'You are posting too fast. Please wait a while before posting another ad.': 'आप बहुत तेज़ी से विज्ञापन डाल रहे हैं। दूसरा विज्ञापन डालने से पहले कृपया कुछ देर रुकें।',
  'You are sending messages too fast. Please wait a moment.': 'आप बहुत तेज़ी से संदेश भेज रहे हैं। कृपया थोड़ा रुकें।',
  'Your message was not sent. Please try again.': 'आपका संदेश नहीं भेजा गया। कृपया फिर से कोशिश करें।',
  'You have reported many ads in a short time. Please wait a while and try again.': 'आपने कम समय में बहुत सारे विज्ञापनों की रिपोर्ट की है। कृपया कुछ देर रुककर फिर कोशिश करें।',
  // anything
  'Not found': 'नहीं मिला',
  'The request is too large': 'अनुरोध बहुत बड़ा है',
  'The service is temporarily unavailable. Please try again shortly.': 'सेवा अभी उपलब्ध नहीं है। कृपया थोड़ी देर में फिर कोशिश करें।',
  'Server error. Please try again later.': 'सर्वर में गड़बड़ी। कृपया थोड़ी देर बाद कोशिश करें।',
  // the archive of ended ads (decision 021)
  'This ad is no longer available: it was sold or removed.': 'यह विज्ञापन अब उपलब्ध नहीं है: यह बिक गया या हटा दिया गया।',
  "We couldn't find that ad in your archive.": 'यह विज्ञापन आपके संग्रह में नहीं मिला।',
  'This page of your archive has expired. Please start again from the first page.': 'आपके संग्रह का यह पेज पुराना हो गया। कृपया पहले पेज से फिर शुरू करें।',
};
