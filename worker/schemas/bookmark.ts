/**
 * The D1 bookmark a user's answers carry and their client sends back (decision 022): shared by the
 * worker (worker/db/session.ts) and the web client's fetch layer (web/src/lib/d1-bookmark.ts).
 */
export const BOOKMARK_HEADER = 'x-d1-bookmark';

/**
 * What D1 bookmarks look like (hex groups joined by dashes, e.g. `0000000b-00000002-00004f85-<hash>`),
 * loosely: a value that does not fit is ignored (the read starts unconstrained) rather than passed
 * on to D1 to fail the request.
 */
const BOOKMARK_SHAPE = /^[0-9a-f]{8}(?:-[0-9a-f]{1,64}){1,8}$/i;
export const isBookmark = (value: string | null | undefined): value is string => !!value && value.length <= 300 && BOOKMARK_SHAPE.test(value);

/** The newer of two bookmarks: D1 bookmarks sort lexicographically, oldest first. */
export const newerBookmark = (a: string | null | undefined, b: string | null | undefined): string | null => {
  const x = isBookmark(a) ? a : null;
  const y = isBookmark(b) ? b : null;
  if (!x) return y;
  if (!y) return x;
  return x >= y ? x : y;
};
