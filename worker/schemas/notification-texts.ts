/**
 * Texts the server writes for a user while that user is not in the request (e-mails and
 * push notifications in the user's language, and reporters told the outcome in theirs; decision 010):
 * inbox notifications (and the Web Push made from them), SMS and e-mails. Reviewed data, one entry
 * per text with both languages; `{name}` placeholders are filled after choosing the language. No
 * imports, so it is plain data any part of the project can read (decision 010).
 * Tested in worker/schemas/notification-texts.test.ts: every entry has both languages, no empty or
 * Latin-only Hindi, and the same placeholders in both.
 */
export type TextLanguage = 'en' | 'hi';
export const TEXT_LANGUAGES = ['en', 'hi'] as const;

export const NOTIFICATION_TEXTS = {
  // chat (a notification when the recipient has no tab open, and its Web Push)
  chatTitle: { en: 'New message', hi: 'नया संदेश' },
  chatBody: { en: '{name}: {message}', hi: '{name}: {message}' },
  chatSomeone: { en: 'Someone', hi: 'कोई' },

  // the seller's ads
  favouriteTitle: { en: 'Someone liked your ad', hi: 'किसी को आपका विज्ञापन पसंद आया' },
  favouriteBody: { en: 'Your ad "{title}" was added to a wishlist.', hi: 'आपका विज्ञापन "{title}" किसी की पसंदीदा सूची में जोड़ा गया।' },
  adNotPublishedTitle: { en: 'Your ad was not published', hi: 'आपका विज्ञापन प्रकाशित नहीं हुआ' },
  adTakenDownTitle: { en: 'Your ad was taken down', hi: 'आपका विज्ञापन हटा दिया गया' },
  /** a moderator's decision: the reason is what the moderator typed and stays as written */
  adTakenDownBody: { en: '"{title}": {reason}', hi: '"{title}": {reason}' },
  adHeldTitle: { en: 'Your ad is waiting for a review', hi: 'आपका विज्ञापन जाँच की प्रतीक्षा में है' },
  adHeldDuplicatePhotos: {
    en: 'Its photos match another seller’s ad. It is hidden while a moderator reviews it.',
    hi: 'इसकी फ़ोटो किसी दूसरे विक्रेता के विज्ञापन से मिलती हैं। मॉडरेटर की जाँच तक यह छिपा है।',
  },
  adLiveAgainTitle: { en: 'Your ad is live again', hi: 'आपका विज्ञापन फिर से दिख रहा है' },
  adLiveAgainBody: {
    en: 'A moderator reviewed "{title}" and it is visible again.',
    hi: 'एक मॉडरेटर ने "{title}" की जाँच की और यह फिर से सबको दिख रहा है।',
  },
  /** the automatic check (worker/services/trust/moderation.ts); `{what}` is one of BANNED_ITEMS */
  adBannedItem: {
    en: 'Your ad seems to offer {what}, which SEL does not allow. Edit the ad if this is a mistake.',
    hi: 'आपका विज्ञापन {what} बेचता लगता है, जिसकी SEL पर अनुमति नहीं है। अगर यह गलती है तो विज्ञापन बदलें।',
  },
  /** decision 019: EXPIRY_REMINDER_DAYS before an ad expires, once per period */
  adExpiringTitle: { en: 'Your ad expires soon', hi: 'आपका विज्ञापन जल्द समाप्त होगा' },
  adExpiringBody: {
    en: '"{title}" stops showing to buyers on {date}. Renew it for free in My Ads.',
    hi: '"{title}" {date} को खरीदारों को दिखना बंद हो जाएगा। इसे मेरे विज्ञापन में मुफ़्त में नवीनीकृत करें।',
  },
  adNoPrice: {
    en: 'Please set a price: free ads are only allowed in Pets and Books & Media.',
    hi: 'कृपया कीमत डालें: मुफ़्त विज्ञापन केवल पालतू जानवर तथा किताबें और मीडिया श्रेणियों में ही हो सकते हैं।',
  },

  // reporters (decision 012): the outcome, never who decided
  reportKeptTitle: { en: 'We reviewed the ad you reported', hi: 'आपने जिस विज्ञापन की शिकायत की थी, हमने उसकी जाँच की' },
  reportKeptBody: {
    en: 'We checked "{title}" and kept it: it does not break SEL’s rules. Thank you for telling us.',
    hi: 'हमने "{title}" को जाँचा और इसे रहने दिया: यह SEL के नियम नहीं तोड़ता। हमें बताने के लिए धन्यवाद।',
  },
  reportRemovedTitle: { en: 'The ad you reported was removed', hi: 'आपने जिस विज्ञापन की शिकायत की थी, वह हटा दिया गया' },
  reportRemovedBody: {
    en: 'We removed "{title}" after reviewing your report. Thank you for helping keep SEL safe.',
    hi: 'आपकी शिकायत की जाँच के बाद हमने "{title}" को हटा दिया। SEL को सुरक्षित रखने में मदद के लिए धन्यवाद।',
  },

  // payments
  premiumWelcomeTitle: { en: 'Welcome to {plan}', hi: '{plan} में आपका स्वागत है' },
  premiumDefaultPlan: { en: 'SEL Buyer', hi: 'SEL बायर' },
  premiumWelcomeBody: { en: 'Your plan is active until {date}.', hi: 'आपका प्लान {date} तक चालू है।' },
  packagesPaidTitle: { en: 'Payment received', hi: 'भुगतान मिल गया' },
  packagesPaidBody: { en: 'Your packages are ready to use: {items}.', hi: 'आपके पैकेज इस्तेमाल के लिए तैयार हैं: {items}।' },

  // codes (SMS and e-mail)
  otpSms: {
    en: '{code} is your SEL verification code. It expires in 10 minutes. Never share it with anyone, not even SEL staff.',
    hi: '{code} आपका SEL सत्यापन कोड है। यह 10 मिनट में समाप्त हो जाएगा। इसे किसी को न बताएँ, SEL के कर्मचारियों को भी नहीं।',
  },
  emailCodeSubject: { en: 'Your SEL e-mail verification code', hi: 'आपका SEL ईमेल सत्यापन कोड' },
  emailCodeBody: {
    en: '{code} is your code to verify this e-mail address on SEL. It expires in 10 minutes. If you did not ask for it, ignore this e-mail.',
    hi: '{code} SEL पर इस ईमेल पते को सत्यापित करने का आपका कोड है। यह 10 मिनट में समाप्त हो जाएगा। अगर आपने यह नहीं माँगा था, तो इस ईमेल को अनदेखा करें।',
  },

  // saved searches (decision 009): instant alerts, price drops on favourites, the daily digest
  savedSearchAlertTitle: { en: 'New ad for "{name}"', hi: '"{name}" के लिए नया विज्ञापन' },
  savedSearchAlertBody: { en: '{title} · {price} · {location}', hi: '{title} · {price} · {location}' },
  priceDropTitle: { en: 'Price dropped to {price}', hi: 'कीमत घटकर {price} हुई' },
  priceDropBody: { en: '{title}: was {oldPrice}', hi: '{title}: पहले {oldPrice} थी' },
  digestSubjectOne: { en: '{n} new ad matches your saved searches', hi: 'आपकी सहेजी गई खोजों से {n} नया विज्ञापन मेल खाता है' },
  digestSubjectOther: { en: '{n} new ads match your saved searches', hi: 'आपकी सहेजी गई खोजों से {n} नए विज्ञापन मेल खाते हैं' },
  digestSectionHead: { en: '{name}: {n} new', hi: '{name}: {n} नए' },
  digestLine: { en: '  • {title} — {price} — {location}', hi: '  • {title} — {price} — {location}' },
  digestMore: { en: '  …and {n} more', hi: '  …और {n} विज्ञापन' },
  digestSeeAll: { en: '  See them all: {url}', hi: '  सभी देखें: {url}' },
  digestFooter: { en: 'Change how often we write in Saved searches: {url}', hi: 'हम कितनी बार लिखें, यह सहेजी गई खोजों में बदलें: {url}' },
  digestInboxItem: { en: '{name} ({n})', hi: '{name} ({n})' },
} as const satisfies Record<string, Record<TextLanguage, string>>;

export type TextKey = keyof typeof NOTIFICATION_TEXTS;

/** What the automatic check can find in an ad, named in each language. */
export const BANNED_ITEMS = {
  drugs: { en: 'drugs', hi: 'नशीले पदार्थ' },
  weapons: { en: 'weapons', hi: 'हथियार' },
  'identity documents': { en: 'identity documents', hi: 'पहचान पत्र' },
  'human organs': { en: 'human organs', hi: 'मानव अंग' },
  'counterfeit money': { en: 'counterfeit money', hi: 'नकली नोट' },
  'protected wildlife': { en: 'protected wildlife', hi: 'संरक्षित वन्यजीव' },
} as const satisfies Record<string, Record<TextLanguage, string>>;
export type BannedItem = keyof typeof BANNED_ITEMS;

/** 'hi' or 'en' from anything stored or sent; English for the unknown. */
export const textLanguage = (value: unknown): TextLanguage => (value === 'hi' ? 'hi' : 'en');

/** The text in the language with `{name}` filled; an unknown placeholder stays visible. */
export const render = (language: TextLanguage, key: TextKey, params: Record<string, string | number> = {}): string =>
  NOTIFICATION_TEXTS[key][language].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/**
 * The text in the language with every placeholder but `around` filled, split where `around` goes:
 * [before, after]. For texts the database completes itself (a fan-out writes `before || name || after`).
 */
export const renderAround = (language: TextLanguage, key: TextKey, around: string, params: Record<string, string | number> = {}): [string, string] => {
  const mark = '\u0000';
  const [before = '', after = ''] = render(language, key, { ...params, [around]: mark }).split(mark);
  return [before, after];
};

const LOCALES: Record<TextLanguage, string> = { en: 'en-IN', hi: 'hi-IN' };

/**
 * One formatter per language and kind, made on first use: building an Intl formatter costs ~70 µs,
 * formatting with a built one ~0.4 µs, and a saved-search fan-out formats one price per buyer.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>();
const formatter = <T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>(key: string, make: () => T): T => {
  let f = formatters.get(key) as T | undefined;
  if (!f) formatters.set(key, (f = make()));
  return f;
};

/**
 * Rupees from minor units. English keeps the server's "₹38,500"; Hindi is written as the web client
 * shows it (web/src/lib/format.ts formatPrice): "₹ 38,500", Indian grouping "₹ 1,25,000".
 */
export const formatRupees = (language: TextLanguage, minor: number): string => {
  const amount = formatter(`rupees:${language}`, () => new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 0 })).format(minor / 100);
  return language === 'hi' ? `₹ ${amount}` : `₹${amount}`;
};

/** A day in the language, in India's time zone: "25 Nov 2026" / "25 नव॰ 2026". */
export const formatTextDate = (language: TextLanguage, at: number | Date): string =>
  formatter(`date:${language}`, () => new Intl.DateTimeFormat(LOCALES[language], { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' })).format(at);

/** A count in the language ("1,250"). */
export const formatCount = (language: TextLanguage, n: number): string => formatter(`count:${language}`, () => new Intl.NumberFormat(LOCALES[language])).format(n);

/** One or other by the language's plural rule (Hindi counts 0 as one, English does not). */
export const pluralKey = (language: TextLanguage, n: number, one: TextKey, other: TextKey): TextKey =>
  formatter(`plural:${language}`, () => new Intl.PluralRules(LOCALES[language])).select(n) === 'one' ? one : other;

/**
 * An instant saved-search alert for a buyer: today's English title `New ad for "{name}"`,
 * body `{title} · ₹{price} · {location}`. `price` in minor units.
 */
export const savedSearchAlertText = (
  language: TextLanguage,
  ad: { searchName: string; title: string; price: number; location: string },
): { title: string; body: string } => ({
  title: render(language, 'savedSearchAlertTitle', { name: ad.searchName }),
  body: render(language, 'savedSearchAlertBody', { title: ad.title, price: formatRupees(language, ad.price), location: ad.location }),
});

/**
 * The same alert with the search's name left for the database to put in (a fan-out written by one
 * INSERT … SELECT): the title is `before || name || after`, the body is whole.
 */
export const savedSearchAlertParts = (language: TextLanguage, ad: { title: string; price: number; location: string }) => {
  const [before, after] = renderAround(language, 'savedSearchAlertTitle', 'name');
  return { before, after, body: savedSearchAlertText(language, { ...ad, searchName: '' }).body };
};

/**
 * A price drop on a favourite: "Price dropped to ₹38,500", body "{title}: was ₹40,000", or the title
 * alone when the old price is unknown. Prices in minor units.
 */
export const priceDropText = (language: TextLanguage, ad: { title: string; price: number; oldPrice?: number | null }): { title: string; body: string } => ({
  title: render(language, 'priceDropTitle', { price: formatRupees(language, ad.price) }),
  body: ad.oldPrice !== undefined && ad.oldPrice !== null ? render(language, 'priceDropBody', { title: ad.title, oldPrice: formatRupees(language, ad.oldPrice) }) : ad.title,
});
