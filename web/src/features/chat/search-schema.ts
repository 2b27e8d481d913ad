import * as z from 'zod/mini';

/**
 * /chat?chatId=... opens a conversation; /chat?listingId=... starts (or reopens) the one about a
 * listing ("Chat with seller"). Bad values fall back to nothing. Tiny on purpose: route options
 * land in the entry chunk.
 */
const id = z.optional(
  z.catch(
    z.pipe(
      z.optional(z.union([z.string(), z.number()])),
      z.transform((value) => {
        const text = value === undefined ? '' : String(value).trim();
        return text && text.length <= 64 ? text : undefined;
      }),
    ),
    undefined,
  ),
);

export const chatSearchSchema = z.object({ chatId: id, listingId: id });
export type ChatSearch = z.output<typeof chatSearchSchema>;
