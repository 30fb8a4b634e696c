import { pageOf } from '../../../../shared/format/page-param.js';
import { dayOrUndefined, instantsOf } from '../../../../shared/format/day-range.js';
import { isMovementStatus, isMovementType, type MovementStatus, type MovementType } from './ledger-words.js';

export const LEDGER_PAGE_SIZE = 25;

/** The ledger's filters as its URL holds them (days as the date inputs give them), so a view can be bookmarked. */
export interface LedgerFilters {
  readonly type?: MovementType | undefined;
  readonly status?: MovementStatus | undefined;
  readonly fromDay?: string | undefined;
  readonly toDay?: string | undefined;
  readonly page: number;
}

/** The filters `GET /api/admin/ledger` and its CSV export take. */
export interface LedgerQuery {
  readonly type?: MovementType;
  readonly status?: MovementStatus;
  readonly from?: string;
  readonly to?: string;
}

/** The filters of a URL's query string; what is malformed there is left out rather than sent. */
export const ledgerFiltersOf = (params: URLSearchParams): LedgerFilters => {
  const type = params.get('type');
  const status = params.get('status');
  return {
    type: isMovementType(type) ? type : undefined,
    status: isMovementStatus(status) ? status : undefined,
    fromDay: dayOrUndefined(params.get('from')),
    toDay: dayOrUndefined(params.get('to')),
    page: pageOf(params),
  };
};

/** The query string that holds the filters (page 1 and absent filters leave no trace). */
export const ledgerSearchOf = (filters: LedgerFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (filters.status) params.set('status', filters.status);
  if (filters.fromDay) params.set('from', filters.fromDay);
  if (filters.toDay) params.set('to', filters.toDay);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
};

/** The API's filters: the days as instants (see `instantsOf`). */
export const ledgerQueryOf = (filters: LedgerFilters): LedgerQuery => ({
  ...(filters.type ? { type: filters.type } : {}),
  ...(filters.status ? { status: filters.status } : {}),
  ...instantsOf(filters),
});

export const hasLedgerFilters = (filters: LedgerFilters): boolean =>
  Boolean(filters.type || filters.status || filters.fromDay || filters.toDay);
