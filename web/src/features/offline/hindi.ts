/**
 * Hindi for the offline notices, drafts kept on the phone and the update prompt (decision 010, decision 025).
 * Keys are the English text passed to t() / tn() / msg(), values its Hindi.
 * Loaded only with the Hindi chunk (web/src/lib/i18n-hi.ts); keep every {placeholder}.
 */
export const HINDI_TEXTS: Record<string, string> = {
  // OfflineStatus.tsx
  'You are offline.': 'आप ऑफ़लाइन हैं।',
  'Ads, searches and chats you opened recently still open. Messages you write are sent when you are back online.':
    'हाल में खोले गए विज्ञापन, खोजें और चैट अब भी खुलते हैं। आपके लिखे संदेश ऑनलाइन होते ही भेज दिए जाएँगे।',
  'A new version of SEL is ready.': 'SEL का नया संस्करण तैयार है।',
  Reload: 'फिर से लोड करें',
};
