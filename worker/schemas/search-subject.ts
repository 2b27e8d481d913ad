import type { SearchInfo } from './search';

/**
 * What a page of text-search results is about once the search understood the words, for its
 * heading: the words left after a place or a category was read out of them, and the place the ads
 * come from ("buds chennai" → "buds" in Chennai; "cars in pune" → Cars in Pune; a place widened for
 * want of ads → the wider place; "sofa under 10k" → "sofa", the budget being a filter of its own). Undefined when the heading is just the words and the URL's place.
 * `typed.location` undefined = all of India. Shared by the app and the worker's markup (no zod here: the app's bundle imports it).
 */
export const understoodSubject = (
  typed: { q?: string; location?: string },
  info: SearchInfo | undefined,
): { q?: string; category?: string; location?: string } | undefined => {
  if (!info || !typed.q) return undefined;
  const { interpretedAs } = info;
  const placeFromWords = !typed.location && interpretedAs.location ? interpretedAs.location : undefined;
  // set only when the URL named no category: the words were a category ("cars")
  const categoryFromWords = interpretedAs.subcategory ?? interpretedAs.category;
  // a budget read out of the words is a filter (its chip says it), not part of what the page is about
  const budgetFromWords = interpretedAs.minPrice !== undefined || interpretedAs.maxPrice !== undefined;
  const widened = (info.relaxed === 'widerPlace' || info.relaxed === 'kind') && info.widenedTo !== undefined;
  if (!placeFromWords && !categoryFromWords && !budgetFromWords && !widened) return undefined;
  const location = widened ? (info.widenedTo === 'India' ? undefined : info.widenedTo) : (typed.location ?? placeFromWords);
  const words = placeFromWords || categoryFromWords || budgetFromWords ? interpretedAs.q.trim() : typed.q;
  return words ? { q: words, location } : { category: categoryFromWords, location };
};
