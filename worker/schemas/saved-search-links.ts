/** Links to a saved search (issue 21). No zod here: the web client imports it at no bundle cost. */

/**
 * The /products page's search params for a saved query: the page names two things its own way
 * (`sort` = sortBy-sortOrder, `radius` = radiusKm); everything else is the same.
 */
export const productsParamsOf = (query: Record<string, string>): Record<string, string> => {
  const { sortBy, sortOrder, radiusKm, page: _page, limit: _limit, ...rest } = query;
  return { ...rest, ...(sortBy ? { sort: `${sortBy}-${sortOrder ?? (sortBy === 'price' ? 'asc' : 'desc')}` } : {}), ...(radiusKm ? { radius: radiusKm } : {}) };
};

/** The listings page URL of a saved search; with its id, the page marks it opened (newCount → 0). */
export const savedSearchHref = (query: Record<string, string>, savedSearchId?: string) => {
  const params = new URLSearchParams(productsParamsOf(query));
  if (savedSearchId) params.set('savedSearch', savedSearchId);
  return `/products?${params.toString()}`;
};
