import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { AdminUser, AuditEntry, ModerationItem } from '../../../../worker/schemas/trust';

export type { AdminUser, AuditEntry, ModerationItem };
type Page = { page: number; limit: number; total: number; pages: number };

export const adminKeys = {
  all: ['admin'] as const,
  queue: (status: 'open' | 'closed', page: number) => ['admin', 'queue', status, page] as const,
  audit: (page: number) => ['admin', 'audit', page] as const,
  users: (q: string) => ['admin', 'users', q] as const,
};

export const adminQueries = {
  queue: (status: 'open' | 'closed', page: number) =>
    queryOptions({
      queryKey: adminKeys.queue(status, page),
      queryFn: ({ signal }) => api.get<{ items: ModerationItem[]; pagination: Page }>('/admin/moderation', { status, page, limit: 20 }, { signal }),
      placeholderData: keepPreviousData,
    }),
  audit: (page: number) =>
    queryOptions({
      queryKey: adminKeys.audit(page),
      queryFn: ({ signal }) => api.get<{ entries: AuditEntry[]; pagination: Page }>('/admin/audit', { page, limit: 50 }, { signal }),
      placeholderData: keepPreviousData,
    }),
  users: (q: string) =>
    queryOptions({
      queryKey: adminKeys.users(q),
      queryFn: ({ signal }) => api.get<{ users: AdminUser[] }>('/admin/users', { q }, { signal }).then((d) => d.users),
      enabled: q.trim().length >= 3,
    }),
};

export const decideListing = (id: string, action: 'APPROVE' | 'REJECT', reason: string) =>
  api.post<{ listingId: string; status: string }>(`/admin/listings/${encodeURIComponent(id)}/decision`, { action, reason });
export const banUser = (id: string, reason: string) => api.post<{ status: string }>(`/admin/users/${encodeURIComponent(id)}/ban`, { reason });
export const unbanUser = (id: string, reason: string) => api.delete<{ status: string }>(`/admin/users/${encodeURIComponent(id)}/ban`, { reason });
