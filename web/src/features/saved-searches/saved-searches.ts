/**
 * Saved searches on the client (decision 009): the products page's filters → the saved query (exactly
 * GET /api/listings' parameters) and back, and the filters summarised in words.
 */
import { api } from '../../lib/api';
import { msg } from '../../lib/i18n';
import type { ProductsSearch } from '../../lib/search-params';
import type { AlertFrequency, SavedSearch } from '../../../../worker/schemas/saved-searches';
import { productsApiQuery } from '../listings/filters';

export type { AlertFrequency, SavedSearch };
export const ALERT_CHOICES: { value: AlertFrequency; label: string; hint: string }[] = [
  { value: 'instant', label: msg('Instantly'), hint: msg('A notification as soon as a matching ad is posted') },
  { value: 'daily', label: msg('Once a day'), hint: msg('One e-mail a day with the new ads') },
  { value: 'off', label: msg('Off'), hint: msg('No alerts: just keep the search') },
];

/**
 * The alert choices that can be kept for this account: the daily digest is an e-mail, so an account
 * without an address (a phone sign-up) is not offered it (the server refuses it too, decision 024).
 * A search already on daily keeps showing its choice so the select never lies about it.
 */
export function alertChoicesFor(hasEmail: boolean, current?: AlertFrequency) {
  return hasEmail ? ALERT_CHOICES : ALERT_CHOICES.filter((choice) => choice.value !== 'daily' || current === 'daily');
}

/** The filters of the page as the saved query: the API's parameters, without paging nor "new since" (a moment, not a filter). */
export function savedQueryOf(search: ProductsSearch): Record<string, string> {
  const { page: _page, limit: _limit, since: _since, ...query } = productsApiQuery(search);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    out[key] = String(value);
  }
  return out;
}

/** Whether the page has anything worth saving (a word or a filter, not just an order). */
export function canSave(search: ProductsSearch): boolean {
  return Object.keys(savedQueryOf(search)).some((k) => !['sortBy', 'sortOrder', 'exact'].includes(k));
}

const rupees = (value: string) => `₹${Number(value).toLocaleString('en-IN')}`;

/**
 * "activa" · in Pune · under ₹40,000 · Used: each part a whole phrase with its value inside, so
 * Hindi can put the words in its own order ("पुणे में", "₹40,000 से कम"); values as typed.
 */
export function summaryParts(query: Record<string, string>, t: (text: string, params?: Record<string, string | number>) => string): string[] {
  const parts: string[] = [];
  if (query.q) parts.push(`"${query.q}"`);
  if (query.subcategory) parts.push(t(query.subcategory));
  else if (query.category) parts.push(t(query.category));
  if (query.brand) parts.push(query.brand);
  if (query.location) parts.push(t('in {place}', { place: t(query.location) }));
  if (query.lat) parts.push(t('within {km} km of you', { km: query.radiusKm ?? '25' }));
  if (query.minPrice && query.maxPrice) parts.push(`${rupees(query.minPrice)} – ${rupees(query.maxPrice)}`);
  else if (query.maxPrice) parts.push(t('under {price}', { price: rupees(query.maxPrice) }));
  else if (query.minPrice) parts.push(t('over {price}', { price: rupees(query.minPrice) }));
  if (query.condition) parts.push(query.condition.split(',').map((c) => t(c.charAt(0) + c.slice(1).toLowerCase())).join(` ${t('or')} `));
  for (const key of ['model', 'fuel', 'transmission', 'year', 'noOfOwners', 'storage', 'ram', 'bhk', 'propertyType', 'furnishing']) {
    if (query[key]) parts.push(query[key]!);
  }
  if (!parts.length) parts.push(t('All ads'));
  return parts;
}

export const savedSearchKeys = {
  all: ['saved-searches'] as const,
  list: () => [...savedSearchKeys.all, 'list'] as const,
};

export const savedSearchesApi = {
  list: (signal?: AbortSignal) => api.get<SavedSearch[]>('/saved-searches', undefined, { signal }),
  create: (body: { name?: string; query: Record<string, string>; alert: AlertFrequency }) => api.post<{ id: string }>('/saved-searches', body),
  update: (id: string, body: { name?: string; alert?: AlertFrequency }) => api.put<SavedSearch>(`/saved-searches/${encodeURIComponent(id)}`, body),
  remove: (id: string) => api.delete<{ deleted: boolean; id: string }>(`/saved-searches/${encodeURIComponent(id)}`),
  seen: (id: string) => api.post<SavedSearch>(`/saved-searches/${encodeURIComponent(id)}/seen`),
};

export const savedSearchesQuery = {
  queryKey: savedSearchKeys.list(),
  queryFn: ({ signal }: { signal: AbortSignal }) => savedSearchesApi.list(signal),
  staleTime: 0,
};
