/** Links to a saved search (decision 009). No zod here: the web client imports it at no bundle cost. */

/**
 * The /products page's search params for a saved query: the page names two things its own way
 * (`sort` = sortBy-sortOrder, `radius` = radiusKm); everything else is the same.
 */
export const productsParamsOf = (query: Record<string, string>): Record<string, string> => {
  const { sortBy, sortOrder, radiusKm, page: _page, limit: _limit, ...rest } = query;
  return { ...rest, ...(sortBy ? { sort: `${sortBy}-${sortOrder ?? (sortBy === 'price' ? 'asc' : 'desc')}` } : {}), ...(radiusKm ? { radius: radiusKm } : {}) };
};

/** `since` as the URL carries it: an ISO moment in UTC, to the millisecond. */
export const sinceParam = (since: number | string) => new Date(since).toISOString();

/**
 * The listings page URL of a saved search; with its id, the page marks it opened (newCount → 0);
 * with `since` (epoch ms or ISO), it shows only the ads that went live after that moment.
 */
export const savedSearchHref = (query: Record<string, string>, savedSearchId?: string, since?: number | string) => {
  const params = new URLSearchParams(productsParamsOf(query));
  if (since !== undefined) params.set('since', sinceParam(since));
  if (savedSearchId) params.set('savedSearch', savedSearchId);
  return `/products?${params.toString()}`;
};
