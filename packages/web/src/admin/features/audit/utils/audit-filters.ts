import { dayOrUndefined, instantsOf } from '../../../../shared/format/day-range.js';
import { pageOf } from '../../../../shared/format/page-param.js';
import { type AuditAction, isAuditAction } from './audit-actions.js';

export const AUDIT_PAGE_SIZE = 20;

const OBJECT_ID = /^[0-9a-f]{24}$/;

/** An id the API's `actor` and `target` filters take: anything else in a URL is left out, not sent. */
export const objectIdOrUndefined = (value: string | null): string | undefined =>
  value !== null && OBJECT_ID.test(value) ? value : undefined;

/** The audit trail's filters as its URL holds them, so a filtered trail can be bookmarked or shared. */
export interface AuditFilters {
  readonly action?: AuditAction | undefined;
  readonly fromDay?: string | undefined;
  readonly toDay?: string | undefined;
  /** An admin's user id. */
  readonly actor?: string | undefined;
  /** Any id an action concerns (order, customer, product, webhook). */
  readonly target?: string | undefined;
  readonly page: number;
}

/** The filters `GET /api/admin/audit` takes (paging aside). */
export interface AuditQuery {
  readonly action?: AuditAction;
  readonly from?: string;
  readonly to?: string;
  readonly actor?: string;
  readonly target?: string;
}

export const auditFiltersOf = (params: URLSearchParams): AuditFilters => {
  const action = params.get('action');
  return {
    action: isAuditAction(action) ? action : undefined,
    fromDay: dayOrUndefined(params.get('from')),
    toDay: dayOrUndefined(params.get('to')),
    actor: objectIdOrUndefined(params.get('actor')),
    target: objectIdOrUndefined(params.get('target')),
    page: pageOf(params),
  };
};

/** The query string that holds the filters (page 1 and absent filters leave no trace). */
export const auditSearchOf = (filters: AuditFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.action) params.set('action', filters.action);
  if (filters.fromDay) params.set('from', filters.fromDay);
  if (filters.toDay) params.set('to', filters.toDay);
  if (filters.actor) params.set('actor', filters.actor);
  if (filters.target) params.set('target', filters.target);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
};

export const auditQueryOf = (filters: AuditFilters): AuditQuery => ({
  ...(filters.action ? { action: filters.action } : {}),
  ...instantsOf(filters),
  ...(filters.actor ? { actor: filters.actor } : {}),
  ...(filters.target ? { target: filters.target } : {}),
});

export const hasAuditFilters = (filters: AuditFilters): boolean =>
  Boolean(filters.action || filters.fromDay || filters.toDay || filters.actor || filters.target);
