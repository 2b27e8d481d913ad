/**
 * Hindi for the app frame (header, menus, footer, dialogs, toasts, error pages) (decision 010).
 * Keys are the English text passed to t() / tn() / msg(), values its Hindi.
 * Strings only these components show live here; strings several parts show, in
 * web/src/lib/hindi/shared.ts.
 * Loaded only with the Hindi chunk (web/src/lib/i18n-hi.ts); keep every {placeholder}.
 * web/src/lib/i18n-hi.test.ts checks each key is here, in the right file, and nowhere else.
 */
export const HINDI_TEXTS: Record<string, string> = {
  // DesktopHeader.tsx
  Chat: 'चैट',
  'Your account': 'आपका खाता',
  // Dialog.tsx
  Close: 'बंद करें',
  // ErrorPage.tsx
  'Something went wrong': 'कुछ गड़बड़ हो गई',
  'You are offline': 'आप ऑफ़लाइन हैं',
  'This page is not saved on this phone, so it needs the network. It opens by itself when you are back online.':
    'यह पेज इस फ़ोन पर सेव नहीं है, इसलिए इसे नेटवर्क चाहिए। ऑनलाइन होते ही यह अपने-आप खुल जाएगा।',
  'An unexpected error occurred. Try again, or refresh the page if it keeps happening.':
    'एक अनचाही गड़बड़ी हुई। फिर से कोशिश करें, और बार-बार हो तो पेज रीफ़्रेश करें।',
  // MobileMenu.tsx
  Menu: 'मेनू',
  'Hello, {name}': 'नमस्ते, {name}',
  'Welcome to SEL!': 'SEL में आपका स्वागत है!',
  'Log in to manage your ads, chats and wishlist.': 'अपने विज्ञापन, चैट और पसंदीदा देखने के लिए लॉगिन करें।',
  'Call sellers directly and buy faster.': 'विक्रेताओं को सीधे कॉल करें और तेज़ी से खरीदें।',
  // NotFoundPage.tsx
  'Page Not Found': 'पेज नहीं मिला',
  "The page you're looking for doesn't exist. Taking you to the home page in 3 seconds.":
    'आप जो पेज ढूँढ रहे हैं वह मौजूद नहीं है। 3 सेकंड में आपको होम पेज पर ले जा रहे हैं।',
  'Go Home': 'होम पर जाएँ',
  // Pagination.tsx
  Pagination: 'पेज',
  'Previous page': 'पिछला पेज',
  'Page {n}': 'पेज {n}',
  'Next page': 'अगला पेज',
  // SiteFooter.tsx
  'Free classifieds in India.': 'भारत में मुफ़्त क्लासिफ़ाइड।',
  'POPULAR LOCATIONS': 'लोकप्रिय स्थान',
  'TRENDING LOCATIONS': 'चर्चित स्थान',
  'ABOUT US': 'हमारे बारे में',
  'Browse listings': 'विज्ञापन देखें',
  'Sell on SEL': 'SEL पर बेचें',
  'FOLLOW US': 'हमें फ़ॉलो करें',
  'SEL on {network} (opens in a new tab)': '{network} पर SEL (नए टैब में खुलेगा)',
  'Free classifieds in India': 'भारत में मुफ़्त क्लासिफ़ाइड',
  // Toaster.tsx
  'Dismiss notification': 'सूचना हटाएँ',
  // header/HeaderLinks.tsx
  SELL: 'बेचें',
  'post an ad': 'विज्ञापन डालें',
  // shown through t(value): texts from the server or from reference data, not written as t('…') here
  'View all': 'सभी देखें',
  'Close menu': 'मेनू बंद करें',
};
