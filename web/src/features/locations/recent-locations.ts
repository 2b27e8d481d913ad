/**
 * "Recently used" locations of the mobile location screen (spec part 1 §2, §5): newest first,
 * unique by name (case and spacing ignored), at most five, kept in localStorage.
 */
import { storedValue, useStoredValue } from '../../lib/local-store';
import { setSelectedLocation } from './selected-location';

export const RECENT_LOCATIONS_KEY = 'recentLocations';
export const RECENT_LOCATIONS_LIMIT = 5;

export interface RecentLocation {
  id: string;
  name: string;
  state: string | null;
  timestamp: number;
}

const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** Puts `entry` first, removing any older entry with the same name, and keeps the newest five. */
export function addRecentLocation(list: readonly RecentLocation[], entry: RecentLocation): RecentLocation[] {
  const name = entry.name.trim();
  if (!name) return [...list];
  const key = nameKey(name);
  return [{ ...entry, name }, ...list.filter((item) => nameKey(item.name) !== key)].slice(0, RECENT_LOCATIONS_LIMIT);
}

function isRecentLocation(value: unknown): value is RecentLocation {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.name === 'string' &&
    item.name.trim() !== '' &&
    (typeof item.id === 'string' || typeof item.id === 'number') &&
    (item.state === null || item.state === undefined || typeof item.state === 'string') &&
    typeof item.timestamp === 'number' &&
    Number.isFinite(item.timestamp)
  );
}

/** Reads the stored list defensively: bad JSON or bad entries are dropped, never thrown. */
export function parseRecentLocations(raw: string | null): RecentLocation[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const valid = parsed
    .filter(isRecentLocation)
    .map((item) => ({ id: String(item.id), name: item.name.trim(), state: item.state ?? null, timestamp: item.timestamp }))
    .sort((a, b) => b.timestamp - a.timestamp);
  // Re-adding oldest first leaves the newest copy of each name, in newest-first order.
  return valid.reverse().reduce<RecentLocation[]>((list, item) => addRecentLocation(list, item), []);
}

const recentLocationsStore = storedValue<RecentLocation[]>(RECENT_LOCATIONS_KEY, parseRecentLocations, (value) =>
  JSON.stringify(value),
);

export function useRecentLocations(): RecentLocation[] {
  return useStoredValue(recentLocationsStore);
}

/** Remembers the choice (and, unless it is all of India, as a recently used place). */
export function chooseLocation(name: string, details: { id?: string | number; state?: string | null } = {}): void {
  const trimmed = setSelectedLocation(name);
  const lower = trimmed.toLowerCase();
  if (lower === 'india' || lower === 'all in india') return;
  recentLocationsStore.set(
    addRecentLocation(recentLocationsStore.get(), {
      id: String(details.id ?? trimmed),
      name: trimmed,
      state: details.state ?? null,
      timestamp: Date.now(),
    }),
  );
}
