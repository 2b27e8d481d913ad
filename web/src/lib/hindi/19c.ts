/** Hindi for the strings helper 19c added (issue #19: browse, ad page photos and share). */
export const HINDI_19C: Record<string, string> = {
  'No category has ads for this search': 'इस खोज के लिए किसी श्रेणी में विज्ञापन नहीं हैं',
};
