/**
 * The signed-in user's favourite ids as the app holds them, and their query key: shared by the
 * hearts on every card (favorites.ts) and the saving code loaded on demand (favorite-saving.ts),
 * so neither imports the other.
 */
export const favoriteKeys = {
  all: ['favorites'] as const,
  ids: () => [...favoriteKeys.all, 'ids'] as const,
};

export interface FavoriteIds {
  ids: ReadonlySet<string>;
  total: number;
  /** False until the signed-in user's list has arrived (then a missing id really means "not favourite"). */
  loaded: boolean;
  /** Ids toggled in this session: their state in `ids` is known even before the list has arrived. */
  touched: ReadonlySet<string>;
}

export const EMPTY_FAVORITES: FavoriteIds = { ids: new Set(), total: 0, loaded: false, touched: new Set() };
