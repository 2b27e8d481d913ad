import type { Location } from '../../../../worker/schemas/catalog';

/**
 * The footer's POPULAR and TRENDING LOCATIONS: cities that have live ads, most first (a
 * fixed list would offer places with no ads at all). Popular: the four with most ads; trending: the next four.
 */
export function footerPlaces(cities: Pick<Location, 'name' | 'count'>[]): { popular: string[]; trending: string[] } {
  const names = [...new Set(cities.filter((c) => c.count > 0).map((c) => c.name))];
  return { popular: names.slice(0, 4), trending: names.slice(4, 8) };
}
