import { useCallback } from 'react';
import { storedValue, useStoredValue } from './local-store';

/**
 * English/Hindi for the header, menus and category bar only (the rest of the site is English).
 * Keys are the English text, so a missing translation falls back to English rather than a key.
 */
export type Language = 'en' | 'hi';

export const LANGUAGES: { code: Language; label: string }[] = [
  { code: 'en', label: 'English' },
  { code: 'hi', label: 'हिन्दी' },
];

const HINDI: Record<string, string> = {
  'Search "Mobiles"': 'खोजें "मोबाइल"',
  'Search listings': 'विज्ञापन खोजें',
  Search: 'खोजें',
  SELL: 'बेचें',
  Wishlist: 'पसंदीदा',
  'Premium Buyer Program': 'प्रीमियम खरीदार प्रोग्राम',
  Chat: 'चैट',
  Notifications: 'सूचनाएँ',
  Login: 'लॉगिन',
  Language: 'भाषा',
  'Choose location': 'स्थान चुनें',
  'Search city, area or locality': 'शहर, क्षेत्र या इलाका खोजें',
  'Popular locations': 'लोकप्रिय स्थान',
  'Use current location': 'वर्तमान स्थान का उपयोग करें',
  'No locations found': 'कोई स्थान नहीं मिला',
  'Try a different search term': 'कोई दूसरा शब्द खोजें',
  Searching: 'खोज रहे हैं',
  'ALL CATEGORIES': 'सभी श्रेणियाँ',
  'View all': 'सभी देखें',
  Cars: 'कारें',
  Motorcycles: 'मोटरसाइकिलें',
  'Mobile Phones': 'मोबाइल फ़ोन',
  'For Sale: Houses & Apartments': 'बिक्री: मकान और अपार्टमेंट',
  'For Rent: Houses & Apartments': 'किराया: मकान और अपार्टमेंट',
  Scooters: 'स्कूटर',
  'Commercial vehicles': 'व्यावसायिक वाहन',
  'Commercial Vehicles': 'व्यावसायिक वाहन',
  Properties: 'संपत्ति',
  'Electronics & Appliances': 'इलेक्ट्रॉनिक्स और उपकरण',
  Mobiles: 'मोबाइल',
  'Commercial Vehicles & Spares': 'व्यावसायिक वाहन और पुर्ज़े',
  Jobs: 'नौकरियाँ',
  Furniture: 'फ़र्नीचर',
  Fashion: 'फ़ैशन',
  Pets: 'पालतू जानवर',
  'Books Sports & Hobbies': 'किताबें, खेल और शौक',
  Services: 'सेवाएँ',
  Service: 'सेवाएँ',
  Bikes: 'बाइक',
  Bicycles: 'साइकिलें',
  'Spare Parts': 'पुर्ज़े',
  Houses: 'मकान',
  'Lands & Plots': 'ज़मीन और प्लॉट',
  'Shops & Offices': 'दुकानें और दफ़्तर',
  Tablets: 'टैबलेट',
  Headphones: 'हेडफ़ोन',
  'Computers & Laptops': 'कंप्यूटर और लैपटॉप',
  'Cameras & Lenses': 'कैमरे और लेंस',
  'Games & Consoles': 'गेम और कंसोल',
  'Kitchen & Other Appliances': 'रसोई और अन्य उपकरण',
  'Full-time': 'पूर्णकालिक',
  'Part-time': 'अंशकालिक',
  Freelance: 'फ़्रीलांस',
  Remote: 'रिमोट',
  Internships: 'इंटर्नशिप',
  'Home Decor': 'घर की सजावट',
  'Garden Tools': 'बागवानी के औज़ार',
  'Kitchen Items': 'रसोई का सामान',
  Clothing: 'कपड़े',
  Shoes: 'जूते',
  Accessories: 'एक्सेसरीज़',
  Jewelry: 'गहने',
  Watches: 'घड़ियाँ',
  'Pet Supplies': 'पालतू सामग्री',
  'Pet Food': 'पालतू भोजन',
  'Pet Accessories': 'पालतू एक्सेसरीज़',
  'Pet Services': 'पालतू सेवाएँ',
  Books: 'किताबें',
  Music: 'संगीत',
  'Sports Gear': 'खेल का सामान',
  'Fitness Equipment': 'फ़िटनेस उपकरण',
  Professional: 'पेशेवर',
  Personal: 'व्यक्तिगत',
  Repair: 'मरम्मत',
  Consulting: 'परामर्श',
  Menu: 'मेनू',
  'Close menu': 'मेनू बंद करें',
  'Welcome to SEL!': 'SEL में आपका स्वागत है!',
  'Log in to manage your ads, chats and wishlist.': 'अपने विज्ञापन, चैट और पसंदीदा देखने के लिए लॉगिन करें।',
  'Start selling': 'बेचना शुरू करें',
  'My ADS': 'मेरे विज्ञापन',
  'Become an Elite Buyer': 'एलीट खरीदार बनें',
  Help: 'सहायता',
  Logout: 'लॉगआउट',
  Upgrade: 'अपग्रेड',
  'Call sellers directly and buy faster.': 'विक्रेताओं को सीधे कॉल करें और तेज़ी से खरीदें।',
  'Popular searches': 'लोकप्रिय खोजें',
  Laptops: 'लैपटॉप',
  'Real Estate': 'रियल एस्टेट',
  'Fresh recommendations': 'ताज़ा सुझाव',
  'Load More': 'और देखें',
};

const languageStore = storedValue<Language>(
  'language',
  (raw) => (raw === 'hi' ? 'hi' : 'en'),
  (value) => value,
);

export function setLanguage(language: Language): void {
  languageStore.set(language);
  document.documentElement.lang = language === 'hi' ? 'hi' : 'en-IN';
}

export function useLanguage(): Language {
  return useStoredValue(languageStore);
}

export function translate(language: Language, text: string): string {
  return language === 'hi' ? (HINDI[text] ?? text) : text;
}

/** `const t = useT(); t('Cars')`. */
export function useT(): (text: string) => string {
  const language = useLanguage();
  return useCallback((text: string) => translate(language, text), [language]);
}
