import { storedValue, useStoredValue } from '../../lib/local-store';

/** The chosen place (localStorage `selectedLocation`, default India, spec part 1 §3). */
export const DEFAULT_LOCATION = 'India';

const selectedLocationStore = storedValue<string>(
  'selectedLocation',
  (raw) => raw?.trim() || DEFAULT_LOCATION,
  (value) => value,
);

export function useSelectedLocation(): string {
  return useStoredValue(selectedLocationStore);
}

export function getSelectedLocation(): string {
  return selectedLocationStore.get();
}

/** Follows the place a page is showing (the products page's ?location=), without touching the recent list. */
export function syncSelectedLocation(name: string | undefined): void {
  const next = name?.trim() || DEFAULT_LOCATION;
  if (selectedLocationStore.get() !== next) selectedLocationStore.set(next);
}

/** Sets the chosen place; the location pickers use chooseLocation (./recent-locations), which also remembers it. */
export function setSelectedLocation(name: string): string {
  const trimmed = name.trim() || DEFAULT_LOCATION;
  selectedLocationStore.set(trimmed);
  return trimmed;
}
