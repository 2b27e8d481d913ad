/**
 * Hindi for strings several parts of the app show, and the app-wide ones of lib/ and routes/ (decision 010).
 * Keys are the English text passed to t() / tn() / msg(), values its Hindi.
 * A string used by one feature only lives in that feature’s hindi.ts instead; each group
 * below names the parts that use it.
 * Loaded only with the Hindi chunk (web/src/lib/i18n-hi.ts); keep every {placeholder}.
 * web/src/lib/i18n-hi.test.ts checks each key is here, in the right file, and nowhere else.
 */
export const HINDI_TEXTS: Record<string, string> = {
  // used by admin, auth
  Moderation: 'मॉडरेशन',
  // used by admin, business, chat, notifications, saved-searches, selling, trust
  'Loading...': 'लोड हो रहा है...',
  // used by admin, chat
  Live: 'लाइव',
  // used by admin, selling
  Rejected: 'अस्वीकृत',
  Sold: 'बिक गया',
  Inactive: 'निष्क्रिय',
  Active: 'सक्रिय',
  // used by app, chat
  'Too many requests. Please wait a moment.': 'बहुत सारे अनुरोध। कृपया थोड़ा रुकें।',
  // used by app, chat, listings
  'Server error. Please try again later.': 'सर्वर में गड़बड़ी। कृपया थोड़ी देर बाद कोशिश करें।',
  // used by auth, business
  'Buy Business Packages': 'बिज़नेस पैकेज खरीदें',
  // used by auth, business, chat, listings, premium, saved-searches, selling, trust
  Cancel: 'रद्द करें',
  // used by auth, business, listings, selling
  '{n} view': '{n} बार देखा गया',
  '{n} views': '{n} बार देखा गया',
  // used by auth, business, selling
  Change: 'बदलें',
  // used by auth, listings
  'Link copied to clipboard!': 'लिंक कॉपी हो गया!',
  'Member since {date}': '{date} से सदस्य',
  // used by auth, listings, selling
  'Deleting...': 'हटा रहे हैं...',
  // used by auth, notifications
  Notifications: 'सूचनाएँ',
  // used by auth, saved-searches
  'Saved searches': 'सहेजी गई खोजें',
  'Saving...': 'सहेज रहे हैं...',
  Save: 'सहेजें',
  // used by auth, selling
  'Go to My Ads': 'मेरे विज्ञापन पर जाएँ',
  'Post an ad': 'विज्ञापन डालें',
  'Post your first ad': 'अपना पहला विज्ञापन डालें',
  // used by auth, trust
  'Sending...': 'भेज रहे हैं...',
  // used by business, listings, selling
  Category: 'श्रेणी',
  Used: 'पुराना',
  // used by business, premium
  'Complete Payment': 'भुगतान पूरा करें',
  'Test mode: payment goes through SEL’s test checkout. No real money is charged.':
    'टेस्ट मोड: भुगतान SEL के टेस्ट चेकआउट से होता है। कोई असली पैसा नहीं लिया जाता।',
  'Confirming your payment...': 'आपके भुगतान की पुष्टि हो रही है...',
  'Test checkout': 'टेस्ट चेकआउट',
  'Test checkout — no real money is charged': 'टेस्ट चेकआउट — कोई असली पैसा नहीं लिया जाता',
  Amount: 'राशि',
  Order: 'ऑर्डर',
  'Processing...': 'प्रोसेस हो रहा है...',
  Date: 'तारीख',
  Paid: 'भुगतान हो गया',
  'Not completed': 'पूरा नहीं हुआ',
  // used by business, search
  Remove: 'हटाएँ',
  FEATURED: 'फ़ीचर्ड',
  // used by business, selling
  'Preparing...': 'तैयार हो रहा है...',
  'Sell faster': 'जल्दी बेचें',
  'Boost to top': 'सबसे ऊपर बूस्ट करें',
  // used by chat, selling
  All: 'सभी',
  Retry: 'फिर कोशिश करें',
  // used by components, admin
  Previous: 'पिछला',
  // used by components, admin, auth
  Next: 'अगला',
  // used by components, auth
  Wishlist: 'पसंदीदा',
  Login: 'लॉगिन',
  Logout: 'लॉगआउट',
  Help: 'सहायता',
  // used by components, auth, chat, listings, selling, wishlist
  'Try Again': 'फिर कोशिश करें',
  // used by components, help
  Language: 'भाषा',
  'About SEL': 'SEL के बारे में',
  'Contact us': 'संपर्क करें',
  'Legal & Privacy information': 'कानूनी और गोपनीयता जानकारी',
  // used by components, help, selling
  'SEL home': 'SEL होम',
  // used by components, listings
  'Browse Listings': 'विज्ञापन देखें',
  India: 'भारत',
  // used by components, locations
  'Choose location': 'स्थान चुनें',
  // used by components, notifications
  'Refresh Page': 'पेज रीफ़्रेश करें',
  // used by components, premium
  // used by listings, search
  'Popular searches': 'लोकप्रिय खोजें',
  // used by listings, selling
  'Listing not found': 'विज्ञापन नहीं मिला',
  "The listing you're looking for doesn't exist or has been removed.": 'आप जो विज्ञापन ढूँढ रहे हैं वह मौजूद नहीं है या हटा दिया गया है।',
  'Additional details': 'अतिरिक्त जानकारी',
  'Age of property': 'संपत्ति कितनी पुरानी',
  Amenities: 'सुविधाएँ',
  'Area (sq ft)': 'क्षेत्रफल (वर्ग फ़ुट)',
  Battery: 'बैटरी',
  BHK: 'BHK',
  'Boundary wall': 'चारदीवारी',
  Brand: 'ब्रांड',
  Colour: 'रंग',
  'Corner plot': 'कोने का प्लॉट',
  Facilities: 'सुविधाएँ',
  Facing: 'दिशा',
  Features: 'खूबियाँ',
  Floor: 'मंज़िल',
  Fuel: 'ईंधन',
  Furnishing: 'फ़र्निशिंग',
  'Length (ft)': 'लंबाई (फ़ुट)',
  'Maintenance (monthly)': 'मेंटेनेंस (मासिक)',
  'Meals included': 'खाना शामिल',
  Model: 'मॉडल',
  'No. of owners': 'मालिकों की संख्या',
  Parking: 'पार्किंग',
  'Power backup': 'पावर बैकअप',
  'Property type': 'संपत्ति का प्रकार',
  RAM: 'रैम',
  New: 'नया',
  'Rent type': 'किराये का प्रकार',
  'Road width (ft)': 'सड़क की चौड़ाई (फ़ुट)',
  Refurbished: 'रिफ़र्बिश्ड',
  'Room type': 'कमरे का प्रकार',
  'Screen size': 'स्क्रीन का आकार',
  'Security deposit': 'सिक्योरिटी डिपॉज़िट',
  Storage: 'स्टोरेज',
  'Tenants preferred': 'पसंदीदा किरायेदार',
  Transmission: 'ट्रांसमिशन',
  Warranty: 'वारंटी',
  Type: 'प्रकार',
  'Width (ft)': 'चौड़ाई (फ़ुट)',
  Year: 'वर्ष',
  Yes: 'हाँ',
  No: 'नहीं',
  'Listing deleted successfully': 'विज्ञापन हटा दिया गया',
  'Failed to delete listing. Please try again.': 'विज्ञापन नहीं हटाया जा सका। फिर कोशिश करें।',
  'Are you sure you want to delete this listing? This action cannot be undone.': 'क्या आप यह विज्ञापन हटाना चाहते हैं? इसे वापस नहीं लाया जा सकेगा।',
  Condition: 'हालत',
  SOLD: 'बिक गया',
  EXPIRED: 'समाप्त',
  'Edit Listing': 'विज्ञापन बदलें',
  Location: 'स्थान',
  Description: 'विवरण',
  'No description provided': 'कोई विवरण नहीं दिया गया',
  Subcategory: 'उप-श्रेणी',
  Posted: 'पोस्ट किया गया',
  // used by listings, trust
  'Report this ad': 'इस विज्ञापन की शिकायत करें',
  // used by listings, wishlist
  'Want to see your stuff here?': 'अपना सामान यहाँ देखना चाहते हैं?',
  "Make some extra cash by selling things in your community. Go on, it's quick and easy.":
    'अपने आस-पास सामान बेचकर कुछ अतिरिक्त पैसे कमाएँ। यह जल्दी और आसान है।',
  // used by notifications, saved-searches
  'Try again': 'फिर से कोशिश करें',
  // used by saved-searches, selling
  Delete: 'हटाएँ',
  // shown through t(value): texts from the server or from reference data, not written as t('…') here
  'Please try again.': 'कृपया फिर से कोशिश करें।',
  'Several people reported this ad. It is hidden while a moderator reviews it.':
    'कई लोगों ने इस विज्ञापन की शिकायत की है। मॉडरेटर की जाँच तक यह छिपा है।',
  'Its photos match another seller’s ad. It is hidden while a moderator reviews it.':
    'इसकी फ़ोटो किसी दूसरे विक्रेता के विज्ञापन से मिलती हैं। मॉडरेटर की जाँच तक यह छिपा है।',
  'The seller’s account is suspended.': 'विक्रेता का खाता निलंबित है।',
  'Skip to content': 'मुख्य सामग्री पर जाएँ',
  '{n} day ago': '{n} दिन पहले',
  '{n} days ago': '{n} दिन पहले',
  in: 'में',
  'View and edit profile': 'प्रोफ़ाइल देखें और बदलें',
  Chats: 'चैट',
  'Notifications ({n} unread)': 'सूचनाएँ ({n} अनपढ़ी)',
  'SEL Buyer plans': 'SEL बायर प्लान',
  '{n} ad': '{n} विज्ञापन',
  '{n} ads': '{n} विज्ञापन',
  'Loading cities...': 'शहर लोड हो रहे हैं...',
  'Loading states...': 'राज्य लोड हो रहे हैं...',
};
