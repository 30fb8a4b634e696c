import type { AuditQuery } from '../utils/audit-filters.js';

/** Every query key of the audit feature. */
export const auditKeys = {
  all: ['audit'] as const,
  entries: () => [...auditKeys.all, 'entries'] as const,
  entriesPage: (query: AuditQuery, page: number) => [...auditKeys.entries(), query, page] as const,
};
