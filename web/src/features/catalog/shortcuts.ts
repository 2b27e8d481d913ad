import { queryOptions } from '@tanstack/react-query';
import type { HomeShortcuts } from '../../../../worker/schemas/shortcuts';
import { api } from '../../lib/api';
import { isAllIndia } from '../locations/all-india';
import { listingKeys } from '../listings/queries';
import { shortcutId, shortcutsOf, type CategoryGuide, type Shortcut } from './category-guides';

export type { HomeShortcuts };

/** The server keeps its answer five minutes (and drops it when ads change); so does the app. */
const SHORTCUTS_STALE_MS = 5 * 60_000;

/**
 * Which home-sheet shortcuts lead to ads in the chosen place: one request for every sheet
 * (GET /api/listings/shortcuts), under the listings key so a change to ads refreshes it.
 */
export const shortcutQueries = {
  home: (location: string) => {
    const place = isAllIndia(location) ? '' : location;
    return queryOptions({
      queryKey: [...listingKeys.all, 'shortcuts', place] as const,
      queryFn: ({ signal }) => api.get<HomeShortcuts>('/listings/shortcuts', place ? { location: place } : undefined, { signal }),
      staleTime: SHORTCUTS_STALE_MS,
    });
  },
};

/**
 * A sheet's links: exactly those the server says lead to ads, in sheet order; undefined while it
 * has not answered; every link when it could not answer (each still opens its search).
 */
export function offeredShortcuts(guide: CategoryGuide, answer: HomeShortcuts | undefined, failed = false): Shortcut[] | undefined {
  const all = shortcutsOf(guide);
  if (failed) return all;
  if (!answer) return undefined;
  const leading = new Set(answer.guides.find((sheet) => sheet.name === guide.name)?.shortcuts.map(shortcutId));
  return all.filter((shortcut) => leading.has(shortcutId(shortcut)));
}
