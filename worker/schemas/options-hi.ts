/**
 * Hindi for the post form's option values (options.ts) that are words, not brands or sizes: reviewed
 * reference data. Ads keep the English value; only the screen shows the Hindi word.
 */
export const OPTIONS_HINDI: Record<string, string> = {
  Petrol: 'पेट्रोल',
  Diesel: 'डीज़ल',
  Electric: 'इलेक्ट्रिक',
  'CNG & Hybrids': 'सीएनजी और हाइब्रिड',
  Manual: 'मैनुअल',
  Automatic: 'ऑटोमैटिक',
  'Semi-Automatic': 'सेमी-ऑटोमैटिक',
  Apartment: 'अपार्टमेंट',
  House: 'मकान',
  Villa: 'विला',
  'Builder Floor': 'बिल्डर फ़्लोर',
  Furnished: 'फ़र्निश्ड',
  'Semi-Furnished': 'सेमी-फ़र्निश्ड',
  Unfurnished: 'बिना फ़र्निचर',
  'No Parking': 'पार्किंग नहीं',
  Monthly: 'मासिक',
  Yearly: 'वार्षिक',
  Family: 'परिवार',
  Bachelors: 'कुंवारे',
  Anyone: 'कोई भी',
  Boys: 'लड़के',
  Girls: 'लड़कियाँ',
  'No Warranty': 'कोई वारंटी नहीं',
};
