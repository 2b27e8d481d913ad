/** Search understanding in answers (`data.search`) and suggestions as you type. Shared with the client. */
import { z } from 'zod';
import { queryInt, queryText } from './common';

export const RELAXATIONS = ['none', 'corrected', 'anyWord', 'widerPlace', 'kind'] as const;

export const searchInfo = z.object({
  /** what the buyer typed */
  query: z.string(),
  /** the words with spelling corrections, when corrections were used ("Showing results for …") */
  correctedQuery: z.string().optional(),
  /** what the search ran: the words (places and qualifiers taken out) and the filters they became */
  interpretedAs: z.object({
    q: z.string(),
    category: z.string().optional(),
    subcategory: z.string().optional(),
    /** a place read from the words (a state, city or locality name), or a region's name ("Delhi NCR") */
    location: z.string().optional(),
    /** with a region or several cities in the words ("ncr", "tricity", "mumbai thane"): the cities searched, any of them */
    cities: z.array(z.string()).optional(),
    condition: z.enum(['NEW', 'USED', 'REFURBISHED']).optional(),
    /** attribute words beside a thing that has them ("automatic car", "single owner bike", "furnished flat"), applied as feature filters with the catalogue's value */
    fuel: z.string().optional(),
    transmission: z.string().optional(),
    noOfOwners: z.string().optional(),
    furnishing: z.string().optional(),
    /** a budget read from the words, in rupees, applied as the price filter (a bound the request names wins) */
    minPrice: z.number().optional(),
    maxPrice: z.number().optional(),
  }),
  /** with a budget from the words: what was typed without it, to search again without the budget */
  withoutBudget: z.string().optional(),
  /** how the search was loosened to find something: not, by spelling, any word, a wider place, or (kind) every ad of the kind of thing named when none is that thing */
  relaxed: z.enum(RELAXATIONS),
  /** with relaxed = widerPlace (or kind): the place searched instead ("India" = everywhere) */
  widenedTo: z.string().optional(),
});
export type SearchInfo = z.infer<typeof searchInfo>;

export const suggestQuery = z.object({
  q: queryText('q', 100),
  limit: queryInt('limit', { min: 1, max: 20, fallback: 8 }),
});

export const suggestion = z.object({
  text: z.string(),
  categoryId: z.string().optional(),
  categoryName: z.string().optional(),
  subcategoryId: z.string().optional(),
  subcategoryName: z.string().optional(),
  count: z.number().int().optional(),
});
export type Suggestion = z.infer<typeof suggestion>;

export const suggestions = z.object({ suggestions: z.array(suggestion) });
