/**
 * Saved searches (decision 009). The saved `query` is exactly what GET /api/listings takes, checked by
 * the same schema, so a saved search always opens as the search it was. Shared with the client.
 */
import { z } from 'zod';
import { listingsQuery } from './listings';

export const MAX_SAVED_SEARCHES = 50;
export const ALERT_FREQUENCIES = ['instant', 'daily', 'off'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** Filters a saved search keeps: everything the listings search takes except paging and `since` (a moment, not a filter to keep). */
export const SAVED_QUERY_KEYS = Object.keys(listingsQuery.shape).filter((k) => k !== 'page' && k !== 'limit' && k !== 'since');
/** Keys that only order or present results: they never make a search "have a filter". */
const PRESENTATION_KEYS = new Set(['sortBy', 'sortOrder', 'featuredFirst', 'exact']);

const filterValue = z.union([z.string().max(200, 'a filter value is at most 200 characters'), z.number(), z.boolean()]);

/**
 * The filters as strings (as in a URL). Unknown filters are refused by name; the values go through
 * the listings search's own schema, so its messages ("minPrice cannot be greater than maxPrice") apply.
 */
export const savedQuery = z
  .record(z.string(), filterValue, { error: 'query must be an object of search filters' })
  .transform((raw, ctx) => {
    const unknown = Object.keys(raw).filter((k) => !SAVED_QUERY_KEYS.includes(k));
    if (unknown.length) {
      ctx.addIssue({ code: 'custom', path: [unknown[0]!], message: `Unknown search filter: ${unknown.join(', ')}. Allowed: ${SAVED_QUERY_KEYS.join(', ')}` });
      return z.NEVER;
    }
    const strings = Object.fromEntries(
      Object.entries(raw)
        .map(([k, v]) => [k, String(v).trim()] as const)
        .filter(([, v]) => v !== ''),
    );
    const checked = listingsQuery.safeParse(strings);
    if (!checked.success) {
      for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: issue.path as PropertyKey[], message: issue.message });
      return z.NEVER;
    }
    if (!Object.keys(strings).some((k) => !PRESENTATION_KEYS.has(k))) {
      ctx.addIssue({ code: 'custom', path: [], message: 'Add a search word or at least one filter before saving the search' });
      return z.NEVER;
    }
    return strings;
  });
export type SavedQuery = Record<string, string>;

const name = z.string().trim().min(1, 'name cannot be empty').max(80, 'name must be at most 80 characters');
const alert = z.enum(ALERT_FREQUENCIES, { error: 'alert must be instant, daily or off' });

export const createSavedSearchBody = z.strictObject(
  { name: name.optional(), query: savedQuery, alert: alert.default('instant') },
  { error: (i) => (i.code === 'unrecognized_keys' ? `Unknown field: ${i.keys.join(', ')}` : 'The body must be a JSON object') },
);
export type CreateSavedSearchInput = z.infer<typeof createSavedSearchBody>;

export const updateSavedSearchBody = z
  .strictObject(
    { name: name.optional(), alert: alert.optional() },
    { error: (i) => (i.code === 'unrecognized_keys' ? `Unknown field: ${i.keys.join(', ')} (only name and alert can change)` : 'The body must be a JSON object') },
  )
  .refine((b) => b.name !== undefined || b.alert !== undefined, { message: 'Send name or alert to change' });
export type UpdateSavedSearchInput = z.infer<typeof updateSavedSearchBody>;

export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: z.record(z.string(), z.string()),
  alert: z.enum(ALERT_FREQUENCIES),
  /** ads that matched since the search was last opened */
  newCount: z.number().int(),
  lastSeenAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export { productsParamsOf, savedSearchHref } from './saved-search-links';
