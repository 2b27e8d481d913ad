import { BOOKMARK_HEADER, newerBookmark } from '../../../worker/schemas/bookmark';

/**
 * The newest D1 bookmark this browser was given (decision 022). Sent back with every API call so
 * that reads served by a database replica are never older than the user's own last write: a seller
 * sees the ad they just posted, a buyer the message they just sent. Kept in localStorage so a reload
 * or a second tab keeps the promise too.
 */
const KEY = 'sel:d1-bookmark';
let latest: string | null | undefined;

const stored = (): string | null => {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null; // storage blocked: the bookmark lives as long as the page
  }
};

export function currentBookmark(): string | null {
  if (latest === undefined) latest = newerBookmark(stored(), null);
  return latest;
}

/** Keeps `value` if it is newer than what we hold (from this tab or another). */
export function rememberBookmark(value: string | null): void {
  const next = newerBookmark(newerBookmark(currentBookmark(), stored()), value);
  if (!next || next === latest) return;
  latest = next;
  try {
    localStorage.setItem(KEY, next);
  } catch {
    // see stored()
  }
}

/** Adds the bookmark to a request's headers. */
export function sendBookmark(headers: Headers): void {
  const bookmark = currentBookmark();
  if (bookmark) headers.set(BOOKMARK_HEADER, bookmark);
}

/** Remembers the bookmark an answer carries. */
export function takeBookmark(response: Response): void {
  rememberBookmark(response.headers.get(BOOKMARK_HEADER));
}
