/** Hindi for the strings helper 19c added (issue #19: browse, ad page photos and share). */
export const HINDI_19C: Record<string, string> = {
  'No category has ads for this search': 'इस खोज के लिए किसी श्रेणी में विज्ञापन नहीं हैं',
  'Share on WhatsApp': 'WhatsApp पर शेयर करें',
  'Press Ctrl+C (or long-press) to copy the selected link.': 'चुना हुआ लिंक कॉपी करने के लिए Ctrl+C दबाएँ (या देर तक दबाएँ)।',
  'Photos of {title}': '{title} की फ़ोटो',
  '{title}, photo {n} of {count}': '{title}, फ़ोटो {n} / {count}',
  'Open photo {n} full screen': 'फ़ोटो {n} पूरी स्क्रीन पर खोलें',
};
