import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { AUDIT_PAGE_SIZE, type AuditFilters, auditQueryOf } from '../utils/audit-filters.js';
import { auditKeys } from './audit-keys.js';

/** One page of the audit trail the filters select, newest first; the previous page stays shown while the next loads. */
export const useAuditEntries = (filters: AuditFilters) => {
  const query = auditQueryOf(filters);
  return useQuery({
    queryKey: auditKeys.entriesPage(query, filters.page),
    queryFn: () =>
      call(() =>
        shop.GET('/api/admin/audit', {
          params: { query: { ...query, page: filters.page, limit: AUDIT_PAGE_SIZE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
};
