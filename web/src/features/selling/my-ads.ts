/**
 * My Ads rules (part 2 §2, §4): the status table, the filter pills ⇄ the API's status parameter,
 * and which actions each status allows (the server's transitions: APPROVED → SOLD | INACTIVE,
 * INACTIVE → APPROVED | SOLD, SOLD → APPROVED; a REJECTED ad goes back to review by editing it).
 */
import { msg } from '../../lib/i18n';
import type { MyAdsFilter } from './search';
import type { ListingStatusChange, MyListingsFilters, StatusCounts } from './queries';

export const MY_ADS_PAGE_SIZE = 10;
export const MY_ADS_SEARCH_DEBOUNCE_MS = 500;

export type StatusTone = 'active' | 'rejected' | 'sold' | 'inactive' | 'unknown';

export interface StatusDisplay {
  label: string;
  text: string;
  tone: StatusTone;
}

const STATUS_TABLE: Record<string, StatusDisplay> = {
  APPROVED: { label: msg('ACTIVE'), text: msg('Your ad is live and visible to buyers'), tone: 'active' },
  REJECTED: { label: msg('REJECTED'), text: msg('Your ad was rejected and is not visible'), tone: 'rejected' },
  SOLD: { label: msg('SOLD'), text: msg('This item has been sold successfully'), tone: 'sold' },
  INACTIVE: { label: msg('INACTIVE'), text: msg('Your ad is not visible to buyers'), tone: 'inactive' },
  // held for a moderator (reports, duplicate photos, a suspended account; decision 008)
  PENDING: { label: msg('UNDER REVIEW'), text: msg('Your ad is hidden while a moderator reviews it'), tone: 'inactive' },
  // its lifetime ran out (decision 019): renewing is free
  EXPIRED: { label: msg('EXPIRED'), text: msg('Your ad has expired and buyers no longer see it. Renew it for free.'), tone: 'inactive' },
};

export function statusDisplay(status: string | null | undefined): StatusDisplay {
  return STATUS_TABLE[(status ?? '').toUpperCase()] ?? { label: msg('UNKNOWN'), text: msg('Status unknown'), tone: 'unknown' };
}

const FILTER_STATUS: Record<Exclude<MyAdsFilter, 'all' | 'archived'>, NonNullable<MyListingsFilters['status']>> = {
  active: 'APPROVED',
  rejected: 'REJECTED',
  sold: 'SOLD',
  inactive: 'INACTIVE',
  expired: 'EXPIRED',
};

/** Pill → the API's `status` (undefined for All). */
export function filterToStatus(filter: MyAdsFilter | undefined): MyListingsFilters['status'] {
  return !filter || filter === 'all' || filter === 'archived' ? undefined : FILTER_STATUS[filter];
}

/** The API's status → the pill that shows it. */
export function statusToFilter(status: string | null | undefined): MyAdsFilter {
  const entry = Object.entries(FILTER_STATUS).find(([, s]) => s === (status ?? '').toUpperCase());
  return entry ? (entry[0] as MyAdsFilter) : 'all';
}

/** The URL's search (`?status=sold&q=swift`) → the API query of one page. */
export function myAdsQuery(search: { status?: MyAdsFilter; q?: string }): MyListingsFilters {
  const q = search.q?.trim();
  return { status: filterToStatus(search.status), ...(q ? { q } : {}) };
}

export interface FilterPill {
  filter: MyAdsFilter;
  label: string;
  /** none for Archived: the archive is listed page by page, never counted */
  count?: number;
}

export function filterPills(counts: StatusCounts | undefined): FilterPill[] {
  return [
    { filter: 'all', label: msg('All'), count: counts?.all ?? 0 },
    { filter: 'active', label: msg('Active'), count: counts?.approved ?? 0 },
    { filter: 'rejected', label: msg('Rejected'), count: counts?.rejected ?? 0 },
    { filter: 'sold', label: msg('Sold'), count: counts?.sold ?? 0 },
    { filter: 'inactive', label: msg('Inactive'), count: counts?.inactive ?? 0 },
    { filter: 'expired', label: msg('Expired'), count: counts?.expired ?? 0 },
    { filter: 'archived', label: msg('Archived') },
  ];
}

export type AdAction = 'edit' | 'sold' | 'deactivate' | 'reactivate' | 'delete' | 'view' | 'renew';

const DAY_MS = 86_400_000;

/** Renewing is free from `renewableFrom` (the server's rule: a live ad's last days) and any time once expired. */
export function canRenew(listing: { status: string; renewableFrom?: string | null }, now: number): boolean {
  if (listing.status === 'EXPIRED') return true;
  if (listing.status !== 'APPROVED' || !listing.renewableFrom) return false;
  return now >= Date.parse(listing.renewableFrom);
}

/**
 * The line under a live or expired ad: "Expires in 3 days" / "Expires today" / "Expired on {date}"
 * (`date` is left for the page to format in the reader's language). Nothing for other states.
 */
export function expiryNote(listing: { status: string; expiresAt?: string | null }, now: number):
  | { kind: 'expires-in'; days: number }
  | { kind: 'expires-today' }
  | { kind: 'expired-on'; date: string }
  | undefined {
  const at = listing.expiresAt ? Date.parse(listing.expiresAt) : NaN;
  if (Number.isNaN(at)) return undefined;
  if (listing.status === 'EXPIRED') return { kind: 'expired-on', date: listing.expiresAt! };
  if (listing.status !== 'APPROVED') return undefined;
  const days = Math.floor((at - now) / DAY_MS);
  return days < 1 ? { kind: 'expires-today' } : { kind: 'expires-in', days };
}

/** What each status offers, in the order the buttons show; `renewable` adds Renew first (see canRenew). */
export function actionsFor(status: string, renewable = false): AdAction[] {
  const renew: AdAction[] = renewable ? ['renew'] : [];
  switch (status) {
    case 'EXPIRED':
      return ['renew', 'view', 'edit', 'delete'];
    case 'APPROVED':
      return [...renew, 'view', 'edit', 'sold', 'deactivate', 'delete'];
    case 'INACTIVE':
      return ['edit', 'reactivate', 'sold', 'delete'];
    case 'SOLD':
      return ['view', 'reactivate', 'delete'];
    case 'REJECTED':
      return ['edit', 'delete'];
    case 'PENDING':
      return ['view', 'edit', 'delete'];
    default:
      return ['delete'];
  }
}

export const STATUS_CHANGE: Record<'sold' | 'deactivate' | 'reactivate', { status: ListingStatusChange; busy: string; done: string; failed: string }> = {
  sold: { status: 'SOLD', busy: msg('Marking...'), done: msg('Marked as sold'), failed: msg('Failed to mark as sold. Please try again.') },
  deactivate: { status: 'INACTIVE', busy: msg('Deactivating...'), done: msg('Ad deactivated: buyers no longer see it'), failed: msg('Failed to deactivate the ad. Please try again.') },
  reactivate: { status: 'APPROVED', busy: msg('Reactivating...'), done: msg('Ad reactivated: buyers can see it again'), failed: msg('Failed to reactivate the ad. Please try again.') },
};

export const RENEW_DONE = msg('Ad renewed: it stays live for another full period');
export const RENEW_FAILED = msg('Failed to renew the ad. Please try again.');

export const DELETE_CONFIRM = msg('Are you sure you want to delete this listing? This action cannot be undone.');
export const DELETE_DONE = msg('Listing deleted successfully');
export const DELETE_FAILED = msg('Failed to delete listing. Please try again.');
export const FETCH_FAILED = msg('Failed to fetch ads. Please try again.');
