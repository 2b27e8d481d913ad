/**
 * The buyer's recent searches, shown in the search box before they type: newest first, unique
 * (case and spacing ignored), at most eight, kept in this browser only (localStorage).
 */
import { storedValue } from '../../lib/local-store';

export const RECENT_SEARCHES_KEY = 'recentSearches';
export const RECENT_SEARCHES_LIMIT = 8;
const MAX_LENGTH = 200;

const key = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** Puts `text` first, drops an older copy of it, keeps the newest eight. Empty text changes nothing. */
export function addRecentSearch(list: readonly string[], text: string): string[] {
  const clean = text.trim().replace(/\s+/g, ' ').slice(0, MAX_LENGTH);
  if (!clean) return [...list];
  return [clean, ...list.filter((item) => key(item) !== key(clean))].slice(0, RECENT_SEARCHES_LIMIT);
}

export function removeRecentSearch(list: readonly string[], text: string): string[] {
  return list.filter((item) => key(item) !== key(text));
}

/** Reads the stored list defensively: bad JSON or entries that are not text are dropped, never thrown. */
export function parseRecentSearches(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
      .reduceRight<string[]>((list, item) => addRecentSearch(list, item), []);
  } catch {
    return [];
  }
}

export const recentSearches = storedValue<string[]>(RECENT_SEARCHES_KEY, parseRecentSearches, (list) => (list.length ? JSON.stringify(list) : null));
