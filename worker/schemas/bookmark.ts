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
const isOneBookmark = (value: string | null | undefined): value is string => !!value && value.length <= 300 && BOOKMARK_SHAPE.test(value);

/**
 * With listings (decision 033) or accounts (decision 034) over several databases a request has one
 * session per database and its bookmark is compound: the core database's, then each listings
 * database's, then each accounts database's, joined by `~`
 * (an empty part: that database was not touched yet). With one database it stays a plain bookmark.
 */
const PART_SEPARATOR = '~';
/** the core database, at most ten listings databases and at most fifteen accounts databases (decision 034) */
const MAX_PARTS = 26;

export const isBookmark = (value: string | null | undefined): value is string => {
  if (!value) return false;
  if (!value.includes(PART_SEPARATOR)) return isOneBookmark(value);
  const parts = value.split(PART_SEPARATOR);
  return parts.length <= MAX_PARTS && parts.some(Boolean) && parts.every((p) => p === '' || isOneBookmark(p));
};

/** A bookmark's parts: [core, listings 0, listings 1, …]; a plain bookmark is the core's alone. */
export const bookmarkParts = (value: string | null | undefined): (string | null)[] =>
  isBookmark(value) ? value.split(PART_SEPARATOR).map((p) => p || null) : [null];

/** Parts back into one value: plain when there is one database, null when none was touched. */
export const joinBookmarks = (parts: readonly (string | null)[]): string | null => {
  if (parts.length <= 1) return parts[0] ?? null;
  return parts.some(Boolean) ? parts.map((p) => p ?? '').join(PART_SEPARATOR) : null;
};

const newerOne = (x: string | null | undefined, y: string | null | undefined): string | null => {
  const a = isOneBookmark(x) ? x : null;
  const b = isOneBookmark(y) ? y : null;
  if (!a) return b;
  if (!b) return a;
  return a >= b ? a : b;
};

/**
 * The newer of two bookmarks: D1 bookmarks sort lexicographically, oldest first. Compound ones are
 * compared database by database (a plain one counts as the core database's).
 */
export const newerBookmark = (a: string | null | undefined, b: string | null | undefined): string | null => {
  const x = isBookmark(a) ? a : null;
  const y = isBookmark(b) ? b : null;
  if (!x) return y;
  if (!y) return x;
  if (!x.includes(PART_SEPARATOR) && !y.includes(PART_SEPARATOR)) return newerOne(x, y);
  const px = bookmarkParts(x);
  const py = bookmarkParts(y);
  return joinBookmarks(Array.from({ length: Math.max(px.length, py.length, 2) }, (_, i) => newerOne(px[i], py[i])));
};
