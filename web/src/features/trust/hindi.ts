/**
 * Hindi for reporting an ad and blocking a user (decision 010).
 * Keys are the English text passed to t() / tn() / msg(), values its Hindi.
 * Strings only this feature shows live here; strings several parts show, in
 * web/src/lib/hindi/shared.ts.
 * Loaded only with the Hindi chunk (web/src/lib/i18n-hi.ts); keep every {placeholder}.
 * web/src/lib/i18n-hi.test.ts checks each key is here, in the right file, and nowhere else.
 */
export const HINDI_TEXTS: Record<string, string> = {
  // BlockUserButton.tsx
  Unblock: 'अनब्लॉक करें',
  'Block user': 'उपयोगकर्ता को ब्लॉक करें',
  Block: 'ब्लॉक करें',
  'They will not be able to message you or start a chat about your ads, and you will get no notifications from them. You can unblock them in Settings.':
    'वे आपको संदेश नहीं भेज पाएँगे और न ही आपके विज्ञापनों पर चैट शुरू कर पाएँगे, और आपको उनसे कोई सूचना नहीं मिलेगी। आप उन्हें सेटिंग्स में अनब्लॉक कर सकते हैं।',
  // BlockedUsersSection.tsx
  'Blocked users': 'ब्लॉक किए गए उपयोगकर्ता',
  'You have not blocked anyone.': 'आपने किसी को ब्लॉक नहीं किया है।',
  // ReportAdDialog.tsx
  'Please choose a reason': 'कृपया एक कारण चुनें',
  'Thank you. Our team will review this ad.': 'धन्यवाद। हमारी टीम इस विज्ञापन की जाँच करेगी।',
  'You have already reported this ad. Our team will review it.': 'आप इस विज्ञापन की शिकायत पहले ही कर चुके हैं। हमारी टीम इसकी जाँच करेगी।',
  'Could not send your report. Please try again.': 'आपकी शिकायत भेजी नहीं जा सकी। कृपया फिर से कोशिश करें।',
  'Send report': 'शिकायत भेजें',
  'What is wrong with this ad?': 'इस विज्ञापन में क्या गलत है?',
  'Details (optional)': 'विवरण (वैकल्पिक)',
  'For example: asked me to pay in advance': 'उदाहरण: मुझसे पहले भुगतान करने को कहा',
  // shown through t(value): texts from the server or from reference data, not written as t('…') here
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
  'The seller says it is no longer available': 'विक्रेता कहता है कि यह अब उपलब्ध नहीं है',
  'Something else': 'कुछ और',
  'Tell us what is wrong': 'बताइए क्या गलत है',
};
