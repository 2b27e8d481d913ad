/**
 * Hindi for the category bar and menus (decision 010).
 * Keys are the English text passed to t() / tn() / msg(), values its Hindi.
 * Strings only this feature shows live here; strings several parts show, in
 * web/src/lib/hindi/shared.ts.
 * Loaded only with the Hindi chunk (web/src/lib/i18n-hi.ts); keep every {placeholder}.
 * web/src/lib/i18n-hi.test.ts checks each key is here, in the right file, and nowhere else.
 */
export const HINDI_TEXTS: Record<string, string> = {
  // CategoryBar.tsx
  'ALL CATEGORIES': 'सभी श्रेणियाँ',
  // the home sheets' budgets and extra filters (worker/schemas/category-guides.ts), shown through t(label)
  'Under ₹3 Lakh': '₹3 लाख से कम',
  '₹3 - 5 Lakh': '₹3 - 5 लाख',
  '₹5 - 8 Lakh': '₹5 - 8 लाख',
  '₹8 - 15 Lakh': '₹8 - 15 लाख',
  'Over ₹15 Lakh': '₹15 लाख से ज़्यादा',
  'Under ₹50,000': '₹50,000 से कम',
  '₹50,000 - 1 Lakh': '₹50,000 - 1 लाख',
  '₹1 - 2 Lakh': '₹1 - 2 लाख',
  '₹2 - 5 Lakh': '₹2 - 5 लाख',
  'Over ₹5 Lakh': '₹5 लाख से ज़्यादा',
  'Under ₹10,000': '₹10,000 से कम',
  '₹40,000 - 1 Lakh': '₹40,000 - 1 लाख',
  'Over ₹1 Lakh': '₹1 लाख से ज़्यादा',
  'Under ₹50 Lakh': '₹50 लाख से कम',
  '₹50 Lakh - 1 Crore': '₹50 लाख - 1 करोड़',
  '₹1 - 2 Crore': '₹1 - 2 करोड़',
  '₹2 - 5 Crore': '₹2 - 5 करोड़',
  'Over ₹5 Crore': '₹5 करोड़ से ज़्यादा',
  'Under ₹5,000': '₹5,000 से कम',
  'Over ₹50,000': '₹50,000 से ज़्यादा',
  'Under ₹5 Lakh': '₹5 लाख से कम',
  '₹5 - 10 Lakh': '₹5 - 10 लाख',
  'Over ₹10 Lakh': '₹10 लाख से ज़्यादा',
  'Over ₹20,000': '₹20,000 से ज़्यादा',
  'Under ₹1,000': '₹1,000 से कम',
  'Over ₹5,000': '₹5,000 से ज़्यादा',
  'Under ₹15,000 a month': '₹15,000 प्रति माह से कम',
  '₹15,000 - 30,000 a month': '₹15,000 - 30,000 प्रति माह',
  'Over ₹30,000 a month': '₹30,000 प्रति माह से ज़्यादा',
  CNG: 'सीएनजी',
  'First owner': 'पहला मालिक',
  '8 GB RAM': '8 GB रैम',
  '16 GB RAM': '16 GB रैम',
  '1 BHK': '1 बीएचके',
  '2 BHK': '2 बीएचके',
  '3 BHK': '3 बीएचके',
};
