import { searchObject, textOrNumber, type SearchOutput } from '../../lib/search-schema';

/**
 * /chat?chatId=... opens a conversation; /chat?listingId=... starts (or reopens) the one about a
 * listing ("Chat with seller"). Bad values fall back to nothing. Tiny on purpose: route options
 * land in the entry chunk.
 */
const id = (value: unknown) => {
  const input = textOrNumber(value);
  const text = input === undefined ? '' : String(input).trim();
  return text && text.length <= 64 ? text : undefined;
};

export const chatSearchSchema = searchObject({ chatId: id, listingId: id });
export type ChatSearch = SearchOutput<typeof chatSearchSchema>;
