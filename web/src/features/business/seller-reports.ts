import type { z } from 'zod';
import type { ListingStats, leadsResult } from '../../../../worker/schemas/seller-reports';
import { API_BASE, api } from '../../lib/api';
import { getStoredToken } from '../../lib/auth-token';
import { sendBookmark } from '../../lib/d1-bookmark';

export type { ListingStats };
export type Leads = z.infer<typeof leadsResult>;

export const sellerReportsApi = {
  stats: (listingId: string, signal?: AbortSignal) => api.get<ListingStats>(`/listings/${encodeURIComponent(listingId)}/stats`, undefined, { signal }),
  leads: (signal?: AbortSignal) => api.get<Leads>('/business/leads', undefined, { signal }),
};

export const sellerReportKeys = {
  stats: (listingId: string) => ['listings', 'stats', listingId] as const,
  leads: () => ['business', 'leads'] as const,
};

/**
 * A file the API only hands to its owner (invoice, leads CSV). The app signs in with a bearer
 * token, which a plain link cannot send: the file is fetched with it and shown or saved from a
 * blob URL of this origin.
 */
async function fetchOwnFile(path: string): Promise<Blob> {
  const token = getStoredToken();
  const headers = new Headers(token ? { Authorization: `Bearer ${token}` } : {});
  sendBookmark(headers);
  const res = await fetch(`${API_BASE}${path}`, { headers });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? 'Could not download the file. Please try again.');
  }
  return res.blob();
}

/** Opens the tax invoice in a new tab. The tab is opened at once, inside the click, so no popup blocker stops it. */
export async function openInvoice(orderId: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await fetchOwnFile(`/business/orders/${encodeURIComponent(orderId)}/invoice`);
    const url = URL.createObjectURL(new Blob([blob], { type: 'text/html' }));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** Saves the leads CSV (named by the server's date) through a temporary download link. */
export async function downloadLeadsCsv(): Promise<void> {
  const blob = await fetchOwnFile('/business/leads.csv');
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `sel-leads-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
