// GET /api/admin/audit: a page of the audit log (Admin), newest first, paging in the Pagination header.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE, type AuditEntry } from '@dealerleads/shared';
import { api, type Paginated } from '../../../lib/api-client';

export interface AuditSearch {
  pageNumber: number;
  actor: string;
  action: string;
  from: string;
  to: string;
}

export function getAuditLog(search: AuditSearch): Promise<Paginated<AuditEntry>> {
  return api.getPage<AuditEntry>('/admin/audit', {
    query: { ...search, pageSize: AUDIT_PAGE_SIZE },
  });
}

export function auditLogQueryOptions(search: AuditSearch) {
  return queryOptions({
    queryKey: ['audit', 'list', search],
    queryFn: () => getAuditLog(search),
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(search: AuditSearch) {
  return useQuery(auditLogQueryOptions(search));
}
