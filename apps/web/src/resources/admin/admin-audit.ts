import type { AuditEntry } from '@sapa/contracts';
import { usePagedQuery } from '../../lib/query-hooks';

/** What the audit log is narrowed by ('' for any); part of its query key. */
export interface AuditFilter {
  adminId: string;
  targetType: string;
  targetId: string;
}

export const EMPTY_AUDIT_FILTER: AuditFilter = { adminId: '', targetType: '', targetId: '' };

/** Entries per page of the audit log. */
export const AUDIT_PAGE_SIZE = 30;

/**
 * Query keys of the audit log, under ['admin', 'audit']: one list per filter. Every operator write
 * adds an entry, so the admin resources invalidate `all()` after theirs.
 */
export const adminAuditKeys = {
  all: () => ['admin', 'audit'] as const,
  list: (filter: AuditFilter) => ['admin', 'audit', 'list', filter] as const,
};

/** GET /admin/audit: the operators' writes, newest first, by operator and target; 'Lebih Banyak' pages. */
export function useAuditPages(filter: AuditFilter) {
  return usePagedQuery<AuditEntry>(adminAuditKeys.list(filter), '/admin/audit', {
    limit: AUDIT_PAGE_SIZE,
    adminId: filter.adminId || undefined,
    targetType: filter.targetType || undefined,
    targetId: filter.targetId || undefined,
  });
}
