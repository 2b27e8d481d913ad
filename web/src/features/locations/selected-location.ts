import { storedValue, useStoredValue } from '../../lib/local-store';
import { addRecentLocation, parseRecentLocations, RECENT_LOCATIONS_KEY, type RecentLocation } from './recent-locations';

/** The chosen place (localStorage `selectedLocation`, default India, spec part 1 §3). */
export const DEFAULT_LOCATION = 'India';

const selectedLocationStore = storedValue<string>(
  'selectedLocation',
  (raw) => raw?.trim() || DEFAULT_LOCATION,
  (value) => value,
);

const recentLocationsStore = storedValue<RecentLocation[]>(RECENT_LOCATIONS_KEY, parseRecentLocations, (value) =>
  JSON.stringify(value),
);

export function useSelectedLocation(): string {
  return useStoredValue(selectedLocationStore);
}

export function getSelectedLocation(): string {
  return selectedLocationStore.get();
}

export function useRecentLocations(): RecentLocation[] {
  return useStoredValue(recentLocationsStore);
}

/** Follows the place a page is showing (the products page's ?location=), without touching the recent list. */
export function syncSelectedLocation(name: string | undefined): void {
  const next = name?.trim() || DEFAULT_LOCATION;
  if (selectedLocationStore.get() !== next) selectedLocationStore.set(next);
}

/** Remembers the choice (and, unless it is all of India, as a recently used place). */
export function chooseLocation(name: string, details: { id?: string | number; state?: string | null } = {}): void {
  const trimmed = name.trim() || DEFAULT_LOCATION;
  selectedLocationStore.set(trimmed);
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
