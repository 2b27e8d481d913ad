/**
 * What the edit screen does once an edit is saved. With listings over several databases an ad moved
 * into a state of another group comes back under a new id and slug (decision 033): the ad is cached
 * under its new address, and the edit screen of the old id is replaced in the history, so Back never
 * returns to an address the ad has left (it would still load — the server answers old ids — but as
 * another id than the page's).
 */
import { listingKeys } from '../listings/queries';

export interface SavedAd {
  id: string;
  slug: string;
}

export interface AfterEditSaved<T extends SavedAd> {
  /** the cache entries to fill with the saved ad */
  cache: { key: readonly unknown[]; data: T }[];
  /** the cache entries of the address the ad left */
  forget: (readonly unknown[])[];
  /** where the app goes next */
  navigate: { to: '/en-in/myads'; replace: boolean };
  moved: boolean;
}

export function afterEditSaved<T extends SavedAd>(before: SavedAd, saved: T): AfterEditSaved<T> {
  const moved = saved.id !== before.id;
  return {
    cache: [
      { key: listingKeys.detail(saved.id), data: saved },
      { key: listingKeys.slug(saved.slug), data: saved },
    ],
    forget: moved ? [listingKeys.detail(before.id), listingKeys.slug(before.slug), listingKeys.related(before.id)] : [],
    navigate: { to: '/en-in/myads', replace: moved },
    moved,
  };
}
